"""Indexing throughput and save-to-searchable latency through the real daemon.

    python bench/indexing.py [--files 1000 10000] [--edits 30]

- cold: N fresh files (one note of ~80-150 words each) indexed with the default model; files/s and chunks/s,
  beside the raw model's embedding throughput on the same texts measured in this run (pipeline/raw ratio);
- warm: `reindex` of everything with every vector cached (files/s);
- save-to-searchable: write a new unique word into one file, poll `search` (bm25) until it is found.
Targets: pipeline >= 0.8x the raw model; warm >= 500 files/s; save-to-searchable p50 <= 1 s.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from harness import MODEL_DIR, BenchDaemon, percentile, summary

VOCAB = [
    "retry",
    "backoff",
    "kafka",
    "consumer",
    "offset",
    "commit",
    "deploy",
    "staging",
    "production",
    "rollback",
    "migration",
    "schema",
    "index",
    "cache",
    "latency",
    "timeout",
    "socket",
    "heartbeat",
    "websocket",
    "token",
    "session",
    "memory",
    "vector",
    "ranking",
    "replay",
    "daemon",
    "pipeline",
    "watcher",
    "chunk",
    "embedding",
    "model",
    "quantization",
    "benchmark",
    "release",
    "tag",
    "branch",
    "merge",
    "conflict",
]


def note(rng: random.Random, i: int) -> str:
    words = " ".join(rng.choice(VOCAB) for _ in range(rng.randint(80, 150)))
    return f"# Note {i}\n\nTopic marker t{i}. {words}.\n"


def raw_model_rate(texts: list[str]) -> float:
    from pipeline.embedding.models import load_embedder

    embedder = load_embedder("multilingual-e5-small", MODEL_DIR)
    embedder.embed_passages(texts[:8])  # warm-up
    started = time.perf_counter()
    embedder.embed_passages(texts)
    return len(texts) / (time.perf_counter() - started)


def bench_cold_and_warm(n: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory(prefix=f"idx{n}-") as tmp:
        home = Path(tmp) / "home"
        daemon = BenchDaemon(home).start()
        status = daemon.call("status")["index"]
        while status["embedding"]["state"] != "ready":
            time.sleep(0.2)
            status = daemon.call("status")["index"]
        before = status["files"]  # the starter MEMORY.md
        texts = [note(rng, i) for i in range(n)]
        folder = home / "notes"
        folder.mkdir()
        started = time.perf_counter()
        for i, text in enumerate(texts):
            (folder / f"n{i}.md").write_text(text, encoding="utf-8")
        # Why min_files: right after the writes the queue can still be empty (the watcher has not reported yet)
        index = daemon.wait_indexed(vectors=True, min_files=before + n)
        cold = time.perf_counter() - started
        chunks = index["chunks"] - status["chunks"]
        print(
            f"  cold {n:>6} files: {cold:7.1f}s  {n / cold:7.1f} files/s  {chunks / cold:7.1f} chunks/s "
            f"({chunks} chunks)",
            flush=True,
        )
        started = time.perf_counter()
        daemon.call("reindex", {})
        index = daemon.wait_indexed(vectors=True)
        warm = time.perf_counter() - started
        print(
            f"  warm {n:>6} files: {warm:7.1f}s  {n / warm:7.1f} files/s (all vectors cached; "
            f"embedded since start {index['embedded_since_start']})",
            flush=True,
        )
        daemon.stop()
    sample = [f"Note {i}\n{t.split(chr(10), 2)[2]}" for i, t in enumerate(texts[: min(n, 400)])]
    raw = raw_model_rate(sample)
    print(
        f"  raw model on the same texts: {raw:.1f} texts/s -> pipeline/raw = {chunks / cold / raw:.2f}x",
        flush=True,
    )


def bench_save_to_searchable(edits: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory(prefix="save-") as tmp:
        home = Path(tmp) / "home"
        daemon = BenchDaemon(home).start()
        for i in range(200):
            (home / f"n{i}.md").write_text(note(rng, i), encoding="utf-8")
        daemon.wait_indexed(vectors=True)
        latencies = []
        for e in range(edits):
            target = home / f"n{rng.randrange(200)}.md"
            word = f"zq{e}x{rng.randrange(10**6)}"
            started = time.perf_counter()
            target.write_text(target.read_text(encoding="utf-8") + f"\nEdited: {word}\n", encoding="utf-8")
            while not daemon.call("search", {"query": word, "mode": "bm25", "k": 1})["results"]:
                time.sleep(0.01)
            latencies.append((time.perf_counter() - started) * 1000)
        print(f"  save-to-searchable ({edits} edits): {summary(latencies)} ms", flush=True)
        print(f"  target p50 <= 1000 ms: {'PASS' if percentile(latencies, 50) <= 1000 else 'FAIL'}")
        daemon.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--edits", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(7)
    bench_save_to_searchable(args.edits, rng)
    for n in args.files:
        bench_cold_and_warm(n, rng)


if __name__ == "__main__":
    main()
