"""How to fuse the BM25 and vector lists: fusion variants replayed offline on the lists the daemon returns.

    python bench/fusion.py [--sets locomo cmrc scifact]

Uses the indexed homes of `bench/retrieval.py` (run it first). For each query it asks the real daemon (memory
signals off) for the bm25 and the vector list (100 chunks each), then scores fusion variants over the same
lists: RRF with list weights, per query language, and candidate depth. Only fusion differs between rows, so
the table isolates it; the winner still has to be confirmed end to end with `bench/retrieval.py --configs`.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from harness import BenchDaemon
from retrieval import LOADERS, config_toml, file_of, mean, metrics

from pipeline.cjk import has_cjk

Lists = tuple[list[str], list[str]]  # chunk keys, best first: (bm25, vector)
Weights = Callable[[str], tuple[float, float]]


def fetch(daemon: BenchDaemon, text: str, qid: str, locomo: bool) -> Lists:
    lists = []
    for mode in ("bm25", "vector"):
        params: dict[str, Any] = {"query": text, "mode": mode, "k": 100}
        if locomo:
            params["path"] = f"docs/{qid.split('/')[0]}/*"
        results = daemon.call("search", params)["results"] if text.strip() else []
        lists.append([f"{r['path']}:{r['start_line']}" for r in results])
    return lists[0], lists[1]


def fuse(lists: Lists, weights: tuple[float, float], depth: int, k: int = 60) -> list[str]:
    scores: dict[str, float] = {}
    for ranked, weight in zip(lists, weights, strict=True):
        for rank, key in enumerate(ranked[:depth], start=1):
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    return sorted(scores, key=lambda key: -scores[key])


def files(keys: list[str], path_to_doc: dict[str, str]) -> list[str]:
    ranked: list[str] = []
    for key in keys:
        doc = path_to_doc.get(key.rsplit(":", 1)[0])
        if doc and doc not in ranked:
            ranked.append(doc)
    return ranked


def by_language(cjk: tuple[float, float], other: tuple[float, float]) -> Weights:
    return lambda q: cjk if has_cjk(q) else other


VARIANTS: dict[str, tuple[Weights, int]] = {
    "bm25 only": (lambda q: (1.0, 0.0), 100),
    "vector only": (lambda q: (0.0, 1.0), 100),
}
for _depth in (10, 20, 30, 100):
    for _cjk in ((1.0, 1.0), (0.5, 1.0), (0.3, 1.0), (0.2, 1.0)):
        for _other in ((1.0, 1.0), (1.0, 0.7), (1.0, 0.5)):
            _label = f"depth {_depth:>3}, cjk {_cjk[0]}:{_cjk[1]}, other {_other[0]}:{_other[1]}"
            VARIANTS[_label] = (by_language(_cjk, _other), _depth)


def bench_set(name: str, homes: Path) -> None:
    docs, queries = LOADERS[name]()
    locomo = name == "locomo"
    path_to_doc = {file_of(d[0]): d[0] for d in docs}
    base = homes / name
    if not (base / "state" / "index.db").exists():
        raise SystemExit(f"no indexed home at {base}: run bench/retrieval.py --sets {name} first")
    saved = homes.parent / f"fusion-lists-{name}.json"  # the lists, so new variants replay in seconds
    if saved.exists():
        fetched = [(text, qrels, (b, v)) for text, qrels, b, v in orjson.loads(saved.read_bytes())]
    else:
        with tempfile.TemporaryDirectory(prefix=f"fusion-{name}-") as tmp:
            home = Path(tmp) / "home"
            shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))
            daemon = BenchDaemon(home, config=config_toml("neutral")).start()
            daemon.wait_indexed(vectors=True)
            fetched = [(text, qrels, fetch(daemon, text, qid, locomo)) for qid, text, qrels in queries]
            daemon.stop()
        saved.write_bytes(orjson.dumps([(t, q, b, v) for t, q, (b, v) in fetched]))
    print(f"\n== {name}: {len(docs):,} docs, {len(queries):,} queries ==")
    print(f"  {'fusion':<40} nDCG@10  R@5    R@10   hit@1")
    for label, (weights, depth) in VARIANTS.items():
        rows = [metrics(files(fuse(lists, weights(text), depth), path_to_doc), qrels) for text, qrels, lists in fetched]
        m = mean(rows)
        print(f"  {label:<40} {m['ndcg10']:.3f}   {m['recall5']:.3f}  {m['recall10']:.3f}  {m['hit1']:.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="+", default=["locomo", "cmrc", "scifact"], choices=list(LOADERS))
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    args = parser.parse_args()
    for name in args.sets:
        bench_set(name, args.homes)


if __name__ == "__main__":
    main()
