"""The daemon's memory with an agent at work and after it sheds its embedding model, and how fast it comes back.

Usage: `python bench/idle_model.py [--notes N] [--rounds R]`. A real `memoryd serve` with the default local
model on a temp home of `--notes` notes (as bench/hooks.py), `[embedding] idle_release_minutes` cut to 3 s.
Each round: a session starts (`session_context`) and makes hybrid searches (RSS "active", the peak of the
round); then nobody asks, the model is released (RSS "idle", after 2 s more); then one hybrid search, which
must answer at once in BM25 and say so, and the time until the model is back and searches are hybrid again.
Targets from issue 24, PASS/FAIL: idle RSS <= 150 MB, active <= 300 MB, the first search after the release
answers in BM25 within 0.5 s, the model is back within 3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from harness import BenchDaemon

from bench.hooks import SESSION, seed

IDLE_TARGET_MB, ACTIVE_TARGET_MB, BACK_TARGET_S, FIRST_ANSWER_TARGET_S = 150, 300, 3.0, 0.5
QUERIES = [
    "how do we deploy the orders service after a migration?",
    "why did the payment refund retry time out?",
    "what does the cache do when the queue is full?",
    "which schema index speeds up invoices?",
]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def embedding(daemon: BenchDaemon) -> dict[str, Any]:
    return dict(daemon.call("status")["index"]["embedding"])


def wait_state(daemon: BenchDaemon, state: str, timeout: float = 120.0) -> float:
    started = time.monotonic()
    while embedding(daemon)["state"] != state:
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"embedding never {state}: {embedding(daemon)}")
        time.sleep(0.02)
    return time.monotonic() - started


def one_round(daemon: BenchDaemon, pid: int, n: int) -> dict[str, float]:
    daemon.call("session_context", {"cwd": "/home/dev/src/acme-api", "session_id": f"{SESSION}-{n}"})
    wait_state(daemon, "ready")
    active = 0.0
    for i, query in enumerate(QUERIES * 3):
        found = daemon.call("search", {"query": f"{query} {n}-{i}", "mode": "hybrid"})
        assert found["mode"] == "hybrid", found.get("fallback")
        active = max(active, rss_mb(pid))
    wait_state(daemon, "released")
    time.sleep(2.0)
    idle = rss_mb(pid)
    started = time.monotonic()
    first = daemon.call("search", {"query": f"{QUERIES[0]} after {n}", "mode": "hybrid"})
    answered = time.monotonic() - started
    assert first["mode"] == "bm25" and first.get("fallback"), first
    wait_state(daemon, "ready")
    back = time.monotonic() - started
    again = daemon.call("search", {"query": f"{QUERIES[1]} after {n}", "mode": "hybrid"})
    assert again["mode"] == "hybrid", again.get("fallback")
    load_s = float(embedding(daemon)["load_s"])
    return {"active": active, "idle": idle, "answered": answered, "back": back, "load": load_s}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="md-bench-idle-", dir="/tmp") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        seed(home, args.notes)
        daemon = BenchDaemon(home, embedding=True, config="[embedding]\nidle_release_minutes = 0.05\n").start()
        try:
            assert daemon.proc is not None
            pid = daemon.proc.pid
            daemon.wait_indexed(vectors=True)
            first_load = embedding(daemon)["load_s"]
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; {args.notes} notes")
            print(f"model load at start (prepare + load): {first_load} s")
            print(f"{'round':>5} {'active MB':>10} {'idle MB':>8} {'1st answer':>11} {'back in':>8} {'load':>6}")
            rounds = []
            for n in range(args.rounds):
                r = one_round(daemon, pid, n)
                rounds.append(r)
                print(
                    f"{n:>5} {r['active']:10.1f} {r['idle']:8.1f} {r['answered'] * 1000:9.1f}ms"
                    f" {r['back']:7.2f}s {r['load']:5.2f}s"
                )
            print(f"load average at the end {os.getloadavg()[0]:.1f}")
        finally:
            daemon.stop()
    med = {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}
    checks = (
        (f"idle RSS <= {IDLE_TARGET_MB} MB", med["idle"] <= IDLE_TARGET_MB),
        (f"active RSS <= {ACTIVE_TARGET_MB} MB", med["active"] <= ACTIVE_TARGET_MB),
        (f"first search after release answers in BM25 within {FIRST_ANSWER_TARGET_S} s", med["answered"] <= 0.5),
        (f"model back within {BACK_TARGET_S} s", med["back"] <= BACK_TARGET_S),
    )
    for name, ok in checks:
        print(f"target {name} (median of {len(rounds)}): {'PASS' if ok else 'FAIL'}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
