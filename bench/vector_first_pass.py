"""First passes of the vector scan: candidate recall on real e5 vectors, and time at 10^5 rows.

    python bench/vector_first_pass.py [--homes bench/out/homes] [--sets locomo cmrc scifact] [--rows 100000]

Recall: the chunk vectors of the homes bench/retrieval.py indexed (read from their embedding cache; a home
indexed in part is read as far as it got), each set's queries embedded by the real model; for every query the
exact float32 top 10 and top 100, and the share of them among a first pass's candidates: the int8 pass the
daemon runs (`pipeline/retrieval/int8_scan.py`, 200 and 400 candidates) and, measured for issue 24 and not
adopted, a sign-bit pass (one bit per dimension, Hamming distance by XOR and popcount, candidates by a share of
the rows), on the raw vectors and centred on the rows' mean. `all` pools the sets. Then the same on `--rows`
random unit vectors (what bench/latency.py scans) against the real queries.
Time at `--rows`, per query, one alone and 8 together: the float32 scan, the int8 pass with its float32
rescoring, the sign bits' distances, and rescoring N gathered rows in float32 (what a sign-bit pass must add).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

import numpy as np
from harness import MODEL_DIR, REPO, SHARED

sys.path.insert(0, str(SHARED / "bench-data"))
import bench_data

from pipeline.embedding.e5_build import DEFAULT_MAX_LENGTH, DEFAULT_QUANTIZATION
from pipeline.embedding.models import load_embedder
from pipeline.embedding.spec import E5_NAME, e5_spec
from pipeline.retrieval.int8_scan import Int8Scan, quantise_rows

LOADERS = {"locomo": bench_data.load_locomo, "scifact": bench_data.load_scifact, "cmrc": bench_data.load_cmrc}
SHARES = (0.01, 0.05, 0.1, 0.2, 0.3, 0.4)


def home_vectors(home: Path, model: str) -> np.ndarray:
    conn = sqlite3.connect(f"file:{home / 'state' / 'index.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT e.vector FROM chunks c JOIN embedding_cache e ON e.model = ? AND e.text_hash = c.embed_hash",
            (model,),
        ).fetchall()
    finally:
        conn.close()
    return np.stack([np.frombuffer(r[0], dtype=np.float32) for r in rows])


def signs(rows: np.ndarray) -> np.ndarray:
    """(words x rows) uint64: bit i set where dimension i is positive; word w of every row contiguous."""
    packed = np.packbits(rows > 0, axis=1, bitorder="little").view(np.uint64)
    return np.ascontiguousarray(packed.T)


def hamming(words: np.ndarray, query: np.ndarray) -> np.ndarray:
    total = np.zeros(words.shape[1], dtype=np.uint16)
    for row, word in zip(words, query, strict=True):
        total += np.bitwise_count(row ^ word)
    return total


def shares_found(truth: list[set[int]], candidates: list[np.ndarray]) -> str:
    shares = [len(t & set(c.tolist())) / len(t) for t, c in zip(truth, candidates, strict=True)]
    missing = sum(s < 1 for s in shares) / len(shares)
    return f"{np.mean(shares):.4f} (queries missing one: {missing:.3f})"


def recall(matrix: np.ndarray, queries: np.ndarray, label: str, int8: Int8Scan | None) -> None:
    n = len(matrix)
    scores = queries @ matrix.T
    truths = {k: [set(np.argpartition(-s, k - 1)[:k].tolist()) for s in scores] for k in (10, 100) if k < n}
    print(f"  {label}: {n:,} rows, {len(queries):,} queries", flush=True)
    centre = matrix.mean(axis=0)
    for name, rows, asked in (
        ("sign bits", matrix, queries),
        ("sign bits, centred", matrix - centre, queries - centre),
    ):
        words, query_words = signs(rows), signs(asked)
        distances = [hamming(words, query_words[:, i]) for i in range(len(queries))]
        for share in SHARES:
            count = int(share * n)
            if count < 100 or count >= n:
                continue
            candidates = [np.argpartition(d, count - 1)[:count] for d in distances]
            cells = "  ".join(f"top{k} {shares_found(t, candidates)}" for k, t in truths.items())
            print(f"    {name:<19} {share:4.0%} ({count:>6})  {cells}", flush=True)
    if int8 is None:
        return
    rows8, scale = quantise_rows(matrix)
    transposed, bias = np.ascontiguousarray(rows8.T), np.zeros(n, dtype=np.float32)
    for count in (200, 400):
        candidates = list(int8.top(queries, transposed, scale, bias, min(count, n)))
        cells = "  ".join(f"top{k} {shares_found(t, candidates)}" for k, t in truths.items())
        print(f"    {'int8 (shipped)':<19} {count / n:4.0%} ({count:>6})  {cells}", flush=True)


def timing(matrix: np.ndarray, queries: np.ndarray, int8: Int8Scan | None, reps: int) -> None:
    """ms per query (median over `reps`), one alone and 8 together."""
    n, dim = matrix.shape
    words = signs(matrix)
    rows8, scale = quantise_rows(matrix)
    q8 = np.zeros((dim, n + 64), dtype=np.int8)
    q8[:, :n] = rows8.T
    scale8, bias = np.zeros(n + 64, dtype=np.float32), np.full(n + 64, -np.inf, dtype=np.float32)
    scale8[:n], bias[:n] = scale, 0.0
    rng = np.random.default_rng(1)

    def rescore(query: np.ndarray, positions: np.ndarray) -> None:
        exact = matrix[positions] @ query
        np.argsort(-exact, kind="stable")[:100]

    def f32(batch: np.ndarray) -> None:
        for row in batch @ matrix.T:
            np.argpartition(-row, 99)[:100]

    def first_int8(batch: np.ndarray) -> None:
        assert int8 is not None
        for query, positions in zip(batch, int8.top(batch, q8, scale8, bias, 400), strict=True):
            rescore(query, positions)

    def sign_distances(batch: np.ndarray) -> None:
        for query in signs(batch).T:
            hamming(words, query)

    passes = {"float32 scan": f32, "sign bits: distances": sign_distances}
    for share in (0.02, 0.1, 0.3):
        positions = np.sort(rng.choice(n, int(share * n), replace=False))
        passes[f"rescoring {share:.0%} of the rows"] = lambda b, p=positions: [rescore(q, p) for q in b]
    if int8 is not None:
        passes["int8 400 + rescoring"] = first_int8
    for size in (1, 8):
        for name, run in passes.items():
            took = []
            for r in range(reps):
                batch = queries[(r * size) % (len(queries) - size) :][:size]
                started = time.perf_counter()
                run(batch)
                took.append((time.perf_counter() - started) * 1000 / size)
            load = os.getloadavg()[0]
            print(f"  {name:<28} {size} at a time: {np.median(took):6.2f} ms/query  (load {load:.1f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--homes", type=Path, default=REPO / "bench" / "out" / "homes")
    parser.add_argument("--sets", nargs="+", default=["locomo", "cmrc", "scifact"], choices=list(LOADERS))
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=60)
    args = parser.parse_args()
    model = e5_spec(Path("unused"), DEFAULT_MAX_LENGTH, DEFAULT_QUANTIZATION).cache_name
    embedder = load_embedder(E5_NAME, MODEL_DIR)
    int8 = Int8Scan.create(384)
    pooled_rows, pooled_queries = [], []
    for name in args.sets:
        home = args.homes / name
        if not (home / "state" / "index.db").exists():
            print(f"  {name}: no indexed home at {home} (run bench/retrieval.py --sets {name} first)")
            continue
        matrix = home_vectors(home, model)
        _, queries = LOADERS[name]()
        vectors = embedder.embed_queries([q[1] for q in queries if q[1].strip()])
        recall(matrix, vectors, name, int8)
        pooled_rows.append(matrix)
        pooled_queries.append(vectors)
    if len(pooled_rows) > 1:
        recall(np.concatenate(pooled_rows), np.concatenate(pooled_queries), "all", int8)
    rng = np.random.default_rng(0)
    synthetic = rng.standard_normal((args.rows, 384)).astype(np.float32)
    synthetic /= np.linalg.norm(synthetic, axis=1, keepdims=True)
    queries = np.concatenate(pooled_queries) if pooled_queries else synthetic[:200]
    recall(synthetic, queries[rng.permutation(len(queries))[:300]], f"random unit vectors, {args.rows:,}", int8)
    print(f"\n== time at {args.rows:,} rows ==")
    timing(synthetic, queries, int8, args.reps)


if __name__ == "__main__":
    main()
