"""What the daemon costs while it runs beside an editor: resident memory, log growth, idle CPU.

    python bench/footprint.py [--parts idle index log scale] [--notes 1000] [--scale 100000]

Every figure is read off a real daemon (its /proc entries and the files it writes), default model
multilingual-e5-small. Set MEMORYD_BENCH_DAEMON_REPO to run another checkout's daemon (before/after).
- idle: a home of 2 notes, model ready; resident memory (VmRSS, and of it anonymous) after 20 s, then the
  daemon's own CPU (user + system) over 60 s of nothing happening.
- index: N notes of 80-150 words dropped at once; resident memory sampled every 0.25 s while they are indexed
  and embedded (peak = the larger of the samples' max and VmHWM), and after.
- log: bytes appended to events/ per `search` at k = 10, and for a typical agent day: 5 sessions, each a
  SessionStart context, 40 prompts through `prompt_context`, 20 edits, an outcome and 3 signals; plus 30
  MCP-style `search` calls.
- scale: 10^5 chunks (BM25-only indexing, then random cached vectors as bench/latency.py does); resident memory
  and its parts: the BM25 mirror, the vector matrix, and the rest.
Targets: idle <= 250 MB; peak while indexing 1,000 notes <= 450 MB; <= 600 bytes of log per search at
k = 10; idle CPU < 0.5 % of one core.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from harness import BenchDaemon
from indexing import note

PARTS = ("idle", "index", "log", "scale")


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS, VmHWM, RssAnon, RssFile in kB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def mb(kb: int) -> str:
    return f"{kb / 1024:.0f} MB"


def events_bytes(home: Path) -> int:
    return sum(p.stat().st_size for p in (home / "events").glob("*.jsonl"))


def wait_ready(daemon: BenchDaemon, timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        index = daemon.call("status")["index"]
        if index["mode"] == "hybrid" and index["pending"] == 0 and index["embedded"] >= index["chunks"]:
            return
        time.sleep(0.25)
    raise TimeoutError("the model did not become ready")


def write_small_home(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "MEMORY.md").write_text(
        "# Memory\n\n## Lessons\n- Run the migrations before the tests.\n", encoding="utf-8"
    )
    (home / "notes").mkdir(exist_ok=True)
    (home / "notes" / "deploy.md").write_text("# Deploy\n\nThe orders service deploys with make deploy.\n")


def part_idle(work: Path) -> None:
    home = work / "idle"
    write_small_home(home)
    daemon = BenchDaemon(home).start()
    try:
        wait_ready(daemon)
        daemon.call("search", {"query": "how do we deploy", "k": 5})  # one query: the model has run once
        time.sleep(20)
        assert daemon.proc is not None
        pid = daemon.proc.pid
        status = proc_status(pid)
        print(f"idle (2 notes, model ready, one query): RSS {mb(status['VmRSS'])} (anonymous {mb(status['RssAnon'])})")
        before, started = cpu_seconds(pid), time.monotonic()
        time.sleep(60)
        used = cpu_seconds(pid) - before
        print(f"idle CPU: {100 * used / (time.monotonic() - started):.2f} % of one core over 60 s")
    finally:
        daemon.stop()


def part_index(work: Path, notes: int) -> None:
    home = work / "index"
    write_small_home(home)
    daemon = BenchDaemon(home).start()
    try:
        wait_ready(daemon)
        assert daemon.proc is not None
        pid = daemon.proc.pid
        before = proc_status(pid)["VmRSS"]
        samples: list[int] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                samples.append(proc_status(pid)["VmRSS"])
                stop.wait(0.25)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        rng = random.Random(17)
        folder = home / "drop"
        folder.mkdir()
        started = time.monotonic()
        for i in range(notes):
            (folder / f"n{i:05d}.md").write_text(note(rng, i), encoding="utf-8")
        daemon.wait_indexed(vectors=True, min_files=notes + 2)
        took = time.monotonic() - started
        stop.set()
        sampler.join()
        peak = max(max(samples), proc_status(pid)["VmHWM"])
        time.sleep(10)
        after = proc_status(pid)["VmRSS"]
        print(
            f"indexing {notes} notes ({took:.0f} s): RSS before {mb(before)}, peak {mb(peak)}, 10 s after {mb(after)}"
        )
    finally:
        daemon.stop()


def part_log(work: Path) -> None:
    home = work / "log"
    write_small_home(home)
    rng = random.Random(5)
    for i in range(60):
        (home / "notes" / f"n{i}.md").write_text(note(rng, i), encoding="utf-8")
    daemon = BenchDaemon(home).start()
    try:
        wait_ready(daemon)
        daemon.wait_indexed(vectors=True, min_files=62)
        time.sleep(1)
        start = events_bytes(home)
        for i in range(50):
            daemon.call("search", {"query": f"kafka consumer retry {i}", "k": 10})
        time.sleep(2)  # access events are appended off the request path
        per_search = (events_bytes(home) - start) / 50
        print(f"log per search (k = 10): {per_search:.0f} bytes")
        start = events_bytes(home)
        for s in range(5):
            session = f"bench-session-{s}"
            daemon.call("session_context", {"session_id": session, "cwd": str(home)})
            for p in range(40):
                daemon.call(
                    "prompt_context", {"query": f"why does the kafka consumer retry {p}", "session_id": session}
                )
            for e in range(20):
                daemon.call(
                    "edit", {"files": [f"/src/app/m{e}.py"], "tool": "Edit", "session_id": session, "cwd": "/src/app"}
                )
            drafts = [{"type": "outcome", "data": {"session_id": session, "outcome": "success"}}]
            drafts += [
                {"type": "signal", "data": {"session_id": session, "kind": "error", "key": f"e{k}", "text": "x"}}
                for k in range(3)
            ]
            daemon.call("record", {"events": drafts})
        for q in range(30):
            daemon.call("search", {"query": f"deploy rollback {q}", "k": 8})
        time.sleep(2)
        day = events_bytes(home) - start
        print(f"log per typical day (200 prompts, 30 searches, 5 sessions, 100 edits): {day / 1024:.1f} kB")
    finally:
        daemon.stop()


def part_scale(work: Path, chunks: int) -> None:
    import numpy as np
    from latency import inject_vectors, make_home

    from pipeline.embedding.e5_build import DEFAULT_MAX_LENGTH, DEFAULT_QUANTIZATION
    from pipeline.embedding.spec import e5_spec

    home = work / "scale"
    make_home(home, chunks, random.Random(1))
    indexer = BenchDaemon(home, embedding=False).start()
    try:
        indexer.wait_indexed(vectors=False, min_files=chunks // 10)
    finally:
        indexer.stop()
    model = e5_spec(Path("."), DEFAULT_MAX_LENGTH, DEFAULT_QUANTIZATION).cache_name
    inject_vectors(home, model, 384, np.random.default_rng(1))
    daemon = BenchDaemon(home).start()
    try:
        index = daemon.wait_indexed(vectors=True, min_files=chunks // 10)
        daemon.call("search", {"query": "kafka consumer retry", "k": 10})
        time.sleep(10)
        assert daemon.proc is not None
        status = proc_status(daemon.proc.pid)
        lexical: dict[str, Any] = index.get("lexical") or {}
        postings = int(lexical.get("postings", 0))
        vectors = int(index["embedded"]) * 384 * 4
        print(f"{index['chunks']:,} chunks: RSS {mb(status['VmRSS'])} (anonymous {mb(status['RssAnon'])})")
        print(f"  BM25 mirror: {postings:,} postings, ~{postings * 12 / 2**20:.0f} MB at 12 bytes each")
        print(f"  vector matrix: {index['embedded']:,} x 384 float32 = {vectors / 2**20:.0f} MB (+ spare capacity)")
    finally:
        daemon.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--parts", nargs="+", default=list(PARTS), choices=PARTS)
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--scale", type=int, default=100_000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
    with tempfile.TemporaryDirectory(prefix="memoryd-footprint-") as tmp:
        work = Path(tmp)
        if "idle" in args.parts:
            part_idle(work)
        if "index" in args.parts:
            part_index(work, args.notes)
        if "log" in args.parts:
            part_log(work)
        if "scale" in args.parts:
            part_scale(work, args.scale)


if __name__ == "__main__":
    main()
