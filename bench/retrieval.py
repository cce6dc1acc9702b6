"""Retrieval quality on the development sets (shared/bench-data), through the real daemon and socket.

    python bench/retrieval.py [--sets locomo cmrc scifact locomo-session] [--limit-queries N]
        [--index chunk_tokens=256,chunk_overlap=40 ...] [--sample-docs N]

Per set: each doc becomes one Markdown file (title as heading) in a fresh memory home (LoCoMo: one folder
per conversation, queries filtered to their conversation with `path`); the daemon indexes it with the
default model; every query goes through `search` (k = 10, as an agent asks) in bm25, vector and hybrid
modes; the first hit per file is kept and the file ranking scored (nDCG@10, recall@5/10, hit@1). Beside it: a plain BM25 reference
(rank_bm25; jieba for Chinese) over the same docs. Each `--configs` entry (pure RRF, the shipped defaults,
or explicit weights) runs on its own copy of one indexed home, so every configuration starts from the
same state (search appends access events, which feed importance and recency).

Chunking (`--index`): each entry is a chunk setting ('default' = the shipped [index] keys); each gets its own
indexed home (`NAME-c256o40`), whose embedding cache is first filled from the set's other homes, so only chunk
texts no earlier setting produced are embedded. `locomo-session` is LoCoMo with one file per session (its turns
one per line), the shape where chunk size decides what a vector holds; `--sample-docs N` keeps the relevant docs
of the kept queries plus other docs up to N (every k-th, deterministic), for exploring before a full run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import SHARED, BenchDaemon

sys.path.insert(0, str(SHARED / "bench-data"))
import bench_data

from pipeline.retrieval.query_time import read_query

Loader = Callable[[], tuple[list[Any], list[Any]]]
LOADERS: dict[str, Loader] = {
    "locomo": lambda: bench_data.load_locomo(),
    "locomo-session": lambda: bench_data.load_locomo(granularity="session"),
    "scifact": lambda: bench_data.load_scifact(),
    "cmrc": lambda: bench_data.load_cmrc(),
}


def file_of(doc_id: str) -> str:
    """Doc id -> relative Markdown path; LoCoMo ids 'conv-26/D1:3' keep their conversation folder."""
    parts = doc_id.split("/")
    safe = [re.sub(r"[^A-Za-z0-9_-]", "_", p) for p in parts]
    return "/".join(["docs", *safe[:-1], safe[-1] + ".md"])


def write_docs(home: Path, docs: list[Any]) -> dict[str, str]:
    path_to_doc = {}
    for doc_id, title, text in docs:
        rel = file_of(doc_id)
        target = home / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"# {title.strip() or doc_id}\n\n{text.strip()}\n", encoding="utf-8")
        path_to_doc[rel] = doc_id
    return path_to_doc


def metrics(ranked: list[str], qrels: dict[str, int]) -> dict[str, float]:
    dcg = sum((2 ** qrels.get(d, 0) - 1) / math.log2(i + 2) for i, d in enumerate(ranked[:10]))
    ideal = sorted(qrels.values(), reverse=True)[:10]
    idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
    relevant = {d for d, g in qrels.items() if g > 0}
    return {
        "ndcg10": dcg / idcg if idcg else 0.0,
        "recall5": len(relevant & set(ranked[:5])) / len(relevant),
        "recall10": len(relevant & set(ranked[:10])) / len(relevant),
        "hit1": 1.0 if ranked[:1] and ranked[0] in relevant else 0.0,
    }


def mean(rows: list[dict[str, float]]) -> dict[str, float]:
    return {k: sum(r[k] for r in rows) / len(rows) for k in rows[0]} if rows else {}


def run_mode(
    daemon: BenchDaemon, queries: list[Any], mode: str, path_to_doc: dict[str, str], locomo: bool, k: int
) -> list[dict[str, float]]:
    """Per-query metrics, in the order of `queries`."""
    rows = []
    for qid, text, qrels in queries:
        params: dict[str, Any] = {"query": text, "mode": mode, "k": k}
        if locomo:
            params["path"] = f"docs/{qid.split('/')[0]}/*"
        results = daemon.call("search", params)["results"] if text.strip() else []  # an empty question: a miss
        ranked: list[str] = []
        for hit in results:
            doc = path_to_doc.get(hit["path"])
            if doc and doc not in ranked:
                ranked.append(doc)
        rows.append(metrics(ranked, qrels))
    return rows


def subsets(name: str, queries: list[Any]) -> dict[str, list[int]]:
    """Query positions of the sets' time questions: LoCoMo's category 2 (temporal: "When did ...?"), and on
    every set the questions that name days ("on 9 November, 2022", "last week"; resolved against today) or
    ask "when" (pipeline/retrieval/query_time.py). Why: time-aware ranking is judged on them as well as on
    the whole set."""
    today = dt.date.today()
    out: dict[str, list[int]] = {}
    if name.startswith("locomo"):
        category = {}
        for conv in json.loads((SHARED / "bench-data" / "locomo" / "locomo_dev.json").read_text(encoding="utf-8")):
            for i, qa in enumerate(conv["qa"]):
                category[f"{conv['sample_id']}/q{i}"] = qa["category"]
        out["temporal (LoCoMo category 2)"] = [i for i, q in enumerate(queries) if category.get(q[0]) == 2]
    intents = [read_query(q[1], today) for q in queries]
    out["names days"] = [i for i, t in enumerate(intents) if t.window is not None]
    out["asks when"] = [i for i, t in enumerate(intents) if t.asks_when]
    return {label: positions for label, positions in out.items() if positions}


def bm25_reference(docs: list[Any], queries: list[Any], chinese: bool, locomo: bool) -> dict[str, float]:
    from rank_bm25 import BM25Okapi

    if chinese:
        import jieba

        jieba.setLogLevel(60)

        def tokenize(t: str) -> list[str]:
            return [w for w in jieba.lcut_for_search(t) if w.strip()]
    else:

        def tokenize(t: str) -> list[str]:
            return re.findall(r"\w+", t.lower())

    groups: dict[str, list[Any]] = {}
    for doc in docs:
        groups.setdefault(doc[0].split("/")[0] if locomo else "", []).append(doc)
    models = {g: (BM25Okapi([tokenize(f"{d[1]} {d[2]}") for d in ds]), [d[0] for d in ds]) for g, ds in groups.items()}
    rows = []
    for qid, text, qrels in queries:
        model, ids = models[qid.split("/")[0] if locomo else ""]
        scores = model.get_scores(tokenize(text))
        order = sorted(range(len(ids)), key=lambda i: -scores[i])[:10]
        rows.append(metrics([ids[i] for i in order], qrels))
    return mean(rows)


def config_toml(spec: str) -> str:
    """'neutral' | 'default' | 'importance=0.02,recency=0.02,effectiveness=0.05,bm25=1,vector=0.7'."""
    if spec == "default":
        return ""
    # 'default,time_when=0': the shipped defaults with some keys changed
    values = {} if spec.startswith("default,") else {"importance": 0.0, "recency": 0.0, "effectiveness": 0.0}
    if spec != "neutral":
        for part in spec.removeprefix("default,").split(","):
            key, _, value = part.partition("=")
            values[key.strip()] = float(value)
    names = {
        "importance": "weight_importance",
        "recency": "weight_recency",
        "effectiveness": "weight_effectiveness",
        "bm25": "bm25_weight",
        "vector": "vector_weight",
        "cjk_bm25": "cjk_bm25_weight",
        "cjk_vector": "cjk_vector_weight",
        "candidates": "candidates",
        "time_window": "time_window_weight",
        "time_when": "time_when_weight",
        "time_latest": "time_latest_weight",
        "time_slack": "time_slack_days",
        "chunks_per_file": "chunks_per_file",
    }
    integers = ("candidates", "time_slack", "chunks_per_file")
    return "[search]\n" + "".join(f"{names[k]} = {int(v) if k in integers else v}\n" for k, v in values.items())


def index_toml(spec: str) -> str:
    """'default' (the shipped [index] keys) | 'chunk_tokens=256,chunk_overlap=40' (one size for every file: the
    conversation sizes follow unless given) | '...,conversation_chunk_tokens=N,conversation_chunk_overlap=M'."""
    if spec == "default":
        return ""
    keys = ("chunk_tokens", "chunk_overlap", "conversation_chunk_tokens", "conversation_chunk_overlap")
    values: dict[str, int] = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        if key.strip() not in keys:
            raise SystemExit(f"--index: unknown key {key!r} (known: {', '.join(keys)})")
        values[key.strip()] = int(value)
    for key in ("chunk_tokens", "chunk_overlap"):
        if key in values:
            values.setdefault(f"conversation_{key}", values[key])
    return "[index]\n" + "".join(f"{key} = {value}\n" for key, value in values.items())


def index_tag(spec: str) -> str:
    """The home-name suffix of a chunk setting: '' for the shipped one, else e.g. '-c256o40' (one size for
    every file) or '-c400o80-v256p0' (conversations cut apart)."""
    if spec == "default":
        return ""
    values = dict(part.split("=") for part in spec.split(","))
    tag = f"-c{values.get('chunk_tokens', 'd')}o{values.get('chunk_overlap', 'd')}"
    if any(key.startswith("conversation_") for key in values):
        tag += f"-v{values.get('conversation_chunk_tokens', 'd')}p{values.get('conversation_chunk_overlap', 'd')}"
    return tag


def seed_embedding_cache(home: Path, siblings: list[Path]) -> int:
    """Copy the vectors the set's other indexed homes already computed into this fresh home's index (the cache
    is keyed by model and exact text, so it cannot be wrong here): a chunk text shared by two settings (every
    file that stays one chunk) is embedded once."""
    from pipeline.index_schema import SCHEMA

    sources = [s / "state" / "index.db" for s in siblings if (s / "state" / "index.db").exists()]
    if not sources:
        return 0
    target = home / "state" / "index.db"
    target.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(target)
    try:
        conn.executescript(SCHEMA)
        for source in sources:
            conn.execute("ATTACH DATABASE ? AS src", (f"file:{source}?mode=ro",))
            conn.execute("INSERT OR IGNORE INTO embedding_cache SELECT * FROM src.embedding_cache")
            conn.commit()
            conn.execute("DETACH DATABASE src")
        return int(conn.execute("SELECT count(*) FROM embedding_cache").fetchone()[0])
    finally:
        conn.close()


def indexed_home(
    name: str, docs: list[Any], homes: Path, index: str = "default", sample: str = ""
) -> tuple[Path, dict[str, str]]:
    """The set's memory home, fully indexed (kept under `homes` so later runs skip the embedding)."""
    home = homes / f"{name}{sample}{index_tag(index)}"
    fresh = not (home / "state" / "index.db").exists()
    home.mkdir(parents=True, exist_ok=True)
    if fresh:
        same_set = re.compile(rf"{re.escape(name)}(-s\d+q\w+)?(-[cv]\w+)*")
        siblings = [h for h in homes.glob(f"{name}*") if h != home and same_set.fullmatch(h.name)]
        seeded = seed_embedding_cache(home, siblings)
        if seeded:
            print(f"  embedding cache seeded with {seeded:,} vectors from {len(siblings)} other home(s)", flush=True)
    path_to_doc = write_docs(home, docs) if fresh else {file_of(d[0]): d[0] for d in docs}
    daemon = BenchDaemon(home, config=index_toml(index)).start()
    started = time.perf_counter()
    index_status = daemon.wait_indexed(vectors=True)
    took = time.perf_counter() - started
    print(
        f"  {'indexed' if fresh else 'reused'} {index_status['files']:,} files / {index_status['chunks']:,} chunks"
        f" in {took:.0f}s" + (f" ({index_status['chunks'] / took:.1f} chunks/s)" if fresh else ""),
        flush=True,
    )
    daemon.stop()
    return home, path_to_doc


def sample_docs(docs: list[Any], queries: list[Any], size: int) -> list[Any]:
    """The kept queries' relevant docs plus every k-th other doc, `size` in all (deterministic)."""
    relevant = {d for _, _, qrels in queries for d, g in qrels.items() if g > 0}
    others = [d for d in docs if d[0] not in relevant]
    room = max(0, size - len(relevant))
    step = max(1, len(others) // room) if room else len(others) + 1
    keep = relevant | {d[0] for d in others[::step][:room]}
    return [d for d in docs if d[0] in keep]


def bench_set(
    name: str,
    limit: int | None,
    homes: Path,
    configs: list[str],
    k: int,
    index: str = "default",
    sample_size: int | None = None,
) -> list[tuple[str, dict[str, float]]]:
    docs, queries = LOADERS[name]()
    if limit:
        queries = queries[:limit]
    sample = ""
    if sample_size:
        docs = sample_docs(docs, queries, sample_size)
        sample = f"-s{sample_size}q{limit or 'all'}"
    locomo, chinese = name.startswith("locomo"), name == "cmrc"
    print(f"\n== {name} [index: {index}]: {len(docs):,} docs, {len(queries):,} queries ==", flush=True)
    table = [("BM25 reference (rank_bm25)", bm25_reference(docs, queries, chinese, locomo))]
    parts = subsets(name, queries)
    per_query: list[tuple[str, list[dict[str, float]]]] = []
    base, path_to_doc = indexed_home(name, docs, homes, index, sample)
    for spec in configs:
        with tempfile.TemporaryDirectory(prefix=f"ret-{name}-") as tmp:
            home = Path(tmp) / "home"
            shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))  # identical start state
            (home / "config.toml").unlink(missing_ok=True)
            daemon = BenchDaemon(home, config=index_toml(index) + config_toml(spec)).start()
            # Why wait: a copied home loads its vectors and BM25 mirror again, and the first queries would
            # otherwise be answered by BM25 alone or by part of the vectors (figures moved by +-0.01 run to run)
            daemon.wait_indexed(vectors=True)
            modes = ("bm25", "vector", "hybrid") if spec == configs[0] else ("hybrid",)
            for mode in modes:
                started = time.perf_counter()
                label = f"memoryd {mode}" + ("" if mode != "hybrid" else f" [{spec}]")
                rows = run_mode(daemon, queries, mode, path_to_doc, locomo, k)
                table.append((label, mean(rows)))
                per_query.append((label, rows))
                print(f"  {label} done in {time.perf_counter() - started:.0f}s", flush=True)
            daemon.stop()
    print(f"  {'method':<70} nDCG@10  R@5    R@10   hit@1")
    for label, m in table:
        print(f"  {label:<70} {m['ndcg10']:.3f}   {m['recall5']:.3f}  {m['recall10']:.3f}  {m['hit1']:.3f}", flush=True)
    for part, positions in parts.items():
        print(f"  -- {part}: {len(positions)} queries")
        for label, rows in per_query:
            m = mean([rows[i] for i in positions])
            print(f"  {label:<70} {m['ndcg10']:.3f}   {m['recall5']:.3f}  {m['recall10']:.3f}  {m['hit1']:.3f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="+", default=["locomo", "cmrc", "scifact"], choices=list(LOADERS))
    parser.add_argument("--limit-queries", type=int, default=None)
    parser.add_argument(
        "--k",
        type=int,
        default=10,
        help="results asked per query (10, as `search` and `context` use it; the fused lists are max(k, 20) deep)",
    )
    parser.add_argument(
        "--homes",
        type=Path,
        default=Path(__file__).parent / "out" / "homes",
        help="indexed homes are kept here and reused by later runs",
    )
    parser.add_argument(
        "--configs",
        nargs="+",
        default=["neutral", "default"],
        help="'neutral' (pure RRF), 'default' (config defaults) or key=value,... specs",
    )
    parser.add_argument(
        "--index",
        nargs="+",
        default=["default"],
        help="chunk settings, each indexed in a home of its own: 'default' or 'chunk_tokens=256,chunk_overlap=40'",
    )
    parser.add_argument(
        "--sample-docs",
        type=int,
        default=None,
        help="explore on a sample: the kept queries' relevant docs plus other docs up to N in all",
    )
    args = parser.parse_args()
    for name in args.sets:
        for index in args.index:
            bench_set(name, args.limit_queries, args.homes, args.configs, args.k, index, args.sample_docs)


if __name__ == "__main__":
    main()
