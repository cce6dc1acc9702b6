"""Vector-only retrieval quality and speed of the multilingual-e5-small variants (fp32 vs int8) on the dev sets.

Usage (from the repository root; minutes to an hour, run it in the background):
    .venv/bin/python bench/model_quality.py [--sets scifact,locomo,cmrc] [--variants fp32,int8]
        [--scifact-subset] [--work /tmp/memoryd-model-bench] [--out results.json]

Each variant is built with `pipeline.embedding.e5_build` and used through `FastEmbedEmbedder`, the daemon's real path:
docs are embedded as passages ("title\\ntext"), queries as queries, and every query ranks all docs of its set
by cosine. Scored with nDCG@10 (linear gain, as BEIR/trec_eval). Doc vectors are cached in --work, so a rerun
only scores. `--scifact-subset` keeps the first 200 SciFact queries and a fixed doc subset (all their relevant
docs + 1,500 others drawn with seed 0) for machines where 5,183 long abstracts take too long.
It also prints how many e5 tokens memoryd's ~400-token chunks become, which sets the model's max_length.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.embedding.e5_build import TOKENIZER_DIST, TOKENIZER_FILE, build_e5_model, dist_file  # noqa: E402
from pipeline.embedding.embedder import FastEmbedEmbedder  # noqa: E402
from pipeline.ingest.chunker import estimate_tokens  # noqa: E402

Docs = list[tuple[str, str, str]]
Queries = list[tuple[str, str, dict[str, int]]]


def load_sets(data_dir: Path, names: list[str], scifact_subset: bool) -> dict[str, tuple[Docs, Queries]]:
    sys.path.insert(0, str(data_dir))
    import bench_data  # type: ignore[import-not-found]

    loaders: dict[str, Callable[[], tuple[Docs, Queries]]] = {
        "scifact": bench_data.load_scifact,
        "locomo": bench_data.load_locomo,
        "cmrc": bench_data.load_cmrc,
    }
    sets = {}
    for name in names:
        docs, queries = loaders[name]()
        if name == "scifact" and scifact_subset:
            docs, queries = _scifact_subset(docs, queries)
        sets[name] = (docs, queries)
    return sets


def _scifact_subset(docs: Docs, queries: Queries) -> tuple[Docs, Queries]:
    """The first 200 queries; every doc relevant to them plus 1,500 others drawn with random.Random(0)."""
    queries = queries[:200]
    relevant = {doc_id for _, _, rel in queries for doc_id in rel}
    others = sorted(d[0] for d in docs if d[0] not in relevant)
    keep = relevant | set(random.Random(0).sample(others, 1500))
    return [d for d in docs if d[0] in keep], queries


def ndcg_at_10(ranked: list[str], relevance: dict[str, int]) -> float:
    dcg = sum(relevance.get(doc, 0) / math.log2(i + 2) for i, doc in enumerate(ranked[:10]))
    ideal = sorted(relevance.values(), reverse=True)[:10]
    idcg = sum(grade / math.log2(i + 2) for i, grade in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def embed_docs(embedder: FastEmbedEmbedder, docs: Docs, cache: Path) -> tuple[np.ndarray, float | None]:
    """Doc vectors (cached on disk) and docs/s when they were computed now (None when read from the cache)."""
    if cache.exists():
        return np.load(cache), None
    texts = [f"{title}\n{text}" if title else text for _, title, text in docs]
    started = time.perf_counter()
    parts = []
    for i in range(0, len(texts), 512):
        parts.append(embedder.embed_passages(texts[i : i + 512]))
        done = min(i + 512, len(texts))
        rate = done / (time.perf_counter() - started)
        print(f"  {cache.stem}: {done}/{len(texts)} docs, {rate:.1f} docs/s", file=sys.stderr, flush=True)
    vectors = np.concatenate(parts)
    seconds = time.perf_counter() - started
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.save(cache, vectors)
    return vectors, len(texts) / seconds


def evaluate(embedder: FastEmbedEmbedder, docs: Docs, queries: Queries, cache: Path) -> dict[str, Any]:
    doc_vectors, docs_per_s = embed_docs(embedder, docs, cache)
    doc_ids = [d[0] for d in docs]
    started = time.perf_counter()
    query_vectors = np.stack([embedder.embed_query(text) for _, text, _ in queries])
    queries_per_s = len(queries) / (time.perf_counter() - started)
    scores = query_vectors @ doc_vectors.T
    top = np.argsort(-scores, axis=1)[:, :10]
    ndcg = [ndcg_at_10([doc_ids[j] for j in row], rel) for row, (_, _, rel) in zip(top, queries, strict=True)]
    return {
        "docs": len(docs),
        "queries": len(queries),
        "ndcg@10": round(float(np.mean(ndcg)), 4),
        "docs_per_s": round(docs_per_s, 1) if docs_per_s else None,
        "queries_per_s": round(queries_per_s, 1),
    }


def token_stats(sets: dict[str, tuple[Docs, Queries]]) -> dict[str, Any]:
    """e5 tokens (with "passage: " and <s></s>) of chunks cut at 400 tokens by the chunker's estimate."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(dist_file(TOKENIZER_DIST, TOKENIZER_FILE)))
    stats = {}
    for name, (docs, _) in sets.items():
        # Concatenate the set's texts and cut greedily at 400 estimated tokens, as the chunker packs paragraphs.
        chunks, current = [], ""
        for _, _, text in docs:
            for piece in text.split():
                candidate = f"{current} {piece}" if current else piece
                if estimate_tokens(candidate) > 400:
                    chunks.append(current)
                    candidate = piece
                current = candidate
            if len(chunks) >= 200:
                break
        counts = np.array([len(tokenizer.encode("passage: " + c).ids) for c in chunks])
        stats[name] = {
            "chunks": len(chunks),
            "e5_tokens_median": int(np.median(counts)),
            "e5_tokens_p90": int(np.percentile(counts, 90)),
            "e5_tokens_max": int(counts.max()),
            "over_512": round(float(np.mean(counts > 512)), 3),
        }
    return stats


def speed(embedders: dict[str, FastEmbedEmbedder], data_dir: Path, rounds: int) -> dict[str, dict[str, float]]:
    """Best-of-`rounds` docs/s per variant on short texts (256 LoCoMo turns, ~40 tokens with their title) and
    long ones (48 SciFact abstracts, ~300 tokens), variants interleaved so that other load hits all alike."""
    sets = load_sets(data_dir, ["locomo", "scifact"], scifact_subset=False)
    samples = {
        "short": [f"{t}\n{x}" for _, t, x in sets["locomo"][0][:256]],
        "long": [f"{t}\n{x}" for _, t, x in sets["scifact"][0][:48]],
    }
    best: dict[str, dict[str, float]] = {v: {"short": 0.0, "long": 0.0} for v in embedders}
    for _ in range(rounds):
        for variant, embedder in embedders.items():
            for kind, texts in samples.items():
                started = time.perf_counter()
                embedder.embed_passages(texts)
                rate = len(texts) / (time.perf_counter() - started)
                best[variant][kind] = max(best[variant][kind], round(rate, 1))
        print("speed (best so far, docs/s):", json.dumps(best), file=sys.stderr, flush=True)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="scifact,locomo,cmrc")
    parser.add_argument("--variants", default="fp32,int8")
    parser.add_argument("--scifact-subset", action="store_true")
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("BENCH_DATA", "/work/shared/bench-data")))
    parser.add_argument("--work", type=Path, default=Path("/tmp/memoryd-model-bench"))
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--speed-rounds", type=int, default=3, help="0 skips the speed test")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()

    sets = load_sets(args.data, args.sets.split(","), args.scifact_subset)
    results: dict[str, Any] = {"tokens": token_stats(sets), "load_average": os.getloadavg(), "runs": {}}
    print(json.dumps(results["tokens"], indent=1), flush=True)
    embedders = {}
    for variant in args.variants.split(","):
        started = time.perf_counter()
        spec = build_e5_model(args.work / "models" / f"e5-{variant}", quantization=variant)
        results[f"build_seconds/{variant}"] = round(time.perf_counter() - started, 1)
        embedders[variant] = FastEmbedEmbedder(spec, batch_size=args.batch_size)
        embedders[variant].load()
    if args.speed_rounds:
        results["speed_docs_per_s"] = speed(embedders, args.data, args.speed_rounds)
        print("speed", json.dumps(results["speed_docs_per_s"]), flush=True)
    for variant, embedder in embedders.items():
        for name, (docs, queries) in sets.items():
            key = hashlib.sha256("\n".join(d[0] for d in docs).encode()).hexdigest()[:8]
            cache = args.work / "vectors" / f"{variant}-{name}-{len(docs)}-{key}.npy"
            result = evaluate(embedder, docs, queries, cache)
            results["runs"][f"{variant}/{name}"] = result
            print(variant, name, json.dumps(result), flush=True)

    print(
        "\n| set | docs / queries | " + " | ".join(f"{v} nDCG@10 | {v} docs/s" for v in args.variants.split(",")) + " |"
    )
    for name, (docs, queries) in sets.items():
        cells = []
        for variant in args.variants.split(","):
            run = results["runs"][f"{variant}/{name}"]
            cells += [f"{run['ndcg@10']:.4f}", str(run["docs_per_s"] or "cached")]
        print(f"| {name} | {len(docs)} / {len(queries)} | " + " | ".join(cells) + " |")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
