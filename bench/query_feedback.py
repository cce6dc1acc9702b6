"""Query-side variants of hybrid search, in process over an indexed home.

    python bench/query_feedback.py --sets locomo locomo-session cmrc scifact [--sample-docs 1200] [--profile]
        [--k 10] [--variants base perfile=1 perfile=2 candidates=40 ...]

The feedback variants measured for issue 27 (Rocchio on the vector side, RM3 over the candidates, RRF and
BM25 bonuses; README "Query-side feedback and one chunk per file") live in commit 4654381 of this script.

Why in process: every variant reranks the same candidates, and a daemon per variant would embed every
question again; here the real `Searcher` runs over the home `bench/retrieval.py` indexed (bench/out/homes),
each question embedded once by the real model. Memory signals read the home's (untouched) state, so the
figures sit near `bench/retrieval.py`'s; compare variants with each other. Each variant prints nDCG@10 and
R@10 on all questions and on each half (even / odd positions: choose on one, check on the other), and the
paired difference to the baseline with a bootstrap 95 % interval. `--profile` prints where the gold files
of the baseline's misses are: ranked 11-40 among the fused candidates, or not fused at all.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from harness import MODEL_DIR
from retrieval import LOADERS, file_of, metrics, sample_docs

from events.sqlite import open_index
from pipeline.embedding.service import EmbeddingService
from pipeline.ingest.index_writer import all_vectors
from pipeline.retrieval.lexical_index import LexicalIndex
from pipeline.retrieval.search import Filters, Searcher
from pipeline.retrieval.vector_index import VectorIndex

MODEL = "multilingual-e5-small"


def parse(spec: str) -> dict[str, int]:
    """'base' | 'perfile=1,candidates=20' (the Searcher's chunks_per_file and candidates)."""
    values = {"perfile": 0, "candidates": 20}
    if spec != "base":
        for part in spec.split(","):
            key, _, value = part.partition("=")
            if key not in values:
                raise SystemExit(f"unknown variant key {key!r} (known: {', '.join(values)})")
            values[key] = int(value)
    return values


def bootstrap(diff: list[float], rounds: int = 2000) -> tuple[float, float]:
    rng = random.Random(7)
    means = sorted(sum(rng.choices(diff, k=len(diff))) / len(diff) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds)]


async def run_set(
    name: str, homes: Path, variants: list[str], sample_size: int | None, profile: bool, k: int = 10
) -> None:
    docs, queries = LOADERS[name]()
    sample = ""
    if sample_size:
        docs = sample_docs(docs, queries, sample_size)
        sample = f"-s{sample_size}qall"
    home = homes / f"{name}{sample}"
    db_path = home / "state" / "index.db"
    path_to_doc = {file_of(d[0]): d[0] for d in docs}
    locomo = name.startswith("locomo")
    embedding = EmbeddingService(MODEL, MODEL_DIR)
    await embedding.load()
    texts = [q[1] for q in queries]
    cache = homes.parent / f"qvec-{name}.npy"
    if cache.exists():
        qvecs = np.load(cache)
    else:
        qvecs = np.concatenate([await embedding.embed_queries(texts[i : i + 64]) for i in range(0, len(texts), 64)])
        np.save(cache, qvecs)
    by_text = {t: v for t, v in zip(texts, qvecs, strict=True)}

    async def cached(text: str) -> np.ndarray:
        return by_text[text]

    embedding.embed_query = cached  # type: ignore[method-assign]  # every question embedded once, above
    conn = sqlite3.connect(db_path)
    ids, matrix = all_vectors(conn, "multilingual-e5-small/fp32/512", int(embedding.dim or 0))
    conn.close()
    vectors = VectorIndex(int(embedding.dim or 0))
    vectors.upsert(ids, matrix)
    lexical = LexicalIndex()
    lexical.load(db_path)
    print(f"\n== {name}{sample}: {len(docs):,} docs, {len(queries):,} queries, {len(ids):,} vectors ==", flush=True)
    async with open_index(db_path, read_only=True) as db:
        searcher = Searcher(db, embedding)
        searcher.vectors, searcher.lexical = vectors, lexical
        await searcher.load_null_vectors()
        base: list[dict[str, float]] | None = None
        spent: list[float] = []
        spread = searcher.spread_files

        async def timed(ranked: Any) -> Any:
            started = time.perf_counter()
            out = await spread(ranked)
            spent.append(time.perf_counter() - started)
            return out

        searcher.spread_files = timed  # type: ignore[method-assign]  # the step's own time, printed per variant
        for spec in variants:
            values = parse(spec)
            searcher.chunks_per_file, searcher.candidates = values["perfile"], values["candidates"]
            rows: list[dict[str, float]] = []
            ranks: list[list[str]] = []
            took: list[float] = []
            for qid, text, qrels in queries:
                filters = Filters(path_glob=f"docs/{qid.split('/')[0]}/*") if locomo else Filters()
                started = time.perf_counter()
                found = await searcher.search(text, 40 if profile else k, "hybrid", filters) if text.strip() else None
                took.append(time.perf_counter() - started)
                ranked: list[str] = []
                for hit in found.hits if found else []:
                    doc = path_to_doc.get(hit.path)
                    if doc and doc not in ranked:
                        ranked.append(doc)
                ranks.append(ranked)
                rows.append(metrics(ranked, qrels))
            report(spec, rows, base, sorted(took)[len(took) // 2] * 1000)
            if spent:
                ms = sorted(spent)
                print(
                    f"    one chunk per file first: p50 {ms[len(ms) // 2] * 1000:.2f} ms, p90 {ms[len(ms) * 9 // 10] * 1000:.2f} ms"
                )
                spent.clear()
            if base is None:
                base = rows
                if profile:
                    misses(queries, ranks)


def report(spec: str, rows: list[dict[str, float]], base: list[dict[str, float]] | None, p50_ms: float) -> None:
    def avg(key: str, part: slice = slice(None)) -> float:
        chosen = rows[part]
        return sum(r[key] for r in chosen) / len(chosen)

    line = f"  {spec:<38} nDCG {avg('ndcg10'):.3f} R@10 {avg('recall10'):.3f}"
    line += f" | even {avg('ndcg10', slice(0, None, 2)):.3f}/{avg('recall10', slice(0, None, 2)):.3f}"
    line += f" odd {avg('ndcg10', slice(1, None, 2)):.3f}/{avg('recall10', slice(1, None, 2)):.3f}"
    line += f" | p50 {p50_ms:.1f} ms"
    if base is not None:
        for key in ("ndcg10", "recall10"):
            diff = [r[key] - b[key] for r, b in zip(rows, base, strict=True)]
            low, high = bootstrap(diff)
            line += f" | d{key[:4]} {sum(diff) / len(diff):+.4f} ({low:+.4f}..{high:+.4f})"
    print(line, flush=True)


def misses(queries: list[Any], ranks: list[list[str]]) -> None:
    """Where the gold files the top 10 missed are: at 11-20, 21-40 of the fused list, or not in it."""
    where = {"11-20": 0, "21-40": 0, "not fused": 0}
    for (_, _, qrels), ranked in zip(queries, ranks, strict=True):
        for doc, grade in qrels.items():
            if grade <= 0 or doc in ranked[:10]:
                continue
            pos = ranked.index(doc) + 1 if doc in ranked else None
            where["not fused" if pos is None else "11-20" if pos <= 20 else "21-40"] += 1
    print(f"  gold missed by the top 10: {where}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="+", default=["locomo", "cmrc", "scifact"], choices=list(LOADERS))
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    parser.add_argument("--sample-docs", type=int, default=None, help="SciFact only: the home of that sample")
    parser.add_argument("--variants", nargs="+", default=["base", "weight=0.5,docs=3"])
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--k", type=int, default=10, help="hits asked; the first 10 distinct files are scored")
    args = parser.parse_args()
    for name in args.sets:
        size = args.sample_docs if name == "scifact" else None
        asyncio.run(run_set(name, args.homes, args.variants, size, args.profile, args.k))


if __name__ == "__main__":
    sys.exit(main())
