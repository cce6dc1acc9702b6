"""Page times of `memoryd ui` on a big home: 10^5 chunks and a year of events (~10^5), through the real view.

    python bench/ui_pages.py [--chunks 100000] [--sessions 3000] [--runs 20]

Method: the synthetic Markdown of bench/latency.py (10 sections per file) indexed by the real daemon, BM25 only
(search cost at 10^5 is bench/latency.py's subject; here it is one of the pages); a year of agent sessions
written as the event log's own monthly segments before the daemon starts (the daemon replays them): per session
a SessionStart injection, ~20 prompt injections with up to 4 memories each, edits, an outcome, some signals,
now and then a rule change. Then the real `memoryd ui` process, and each page fetched over HTTP with the token,
`--runs` times after two warm-up fetches. Target: no page over 300 ms (p95).
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import orjson
from harness import DAEMON_REPO, BenchDaemon, percentile
from latency import make_home

from events.ulid import new_ulid

TARGET_MS = 300
MACHINE = "benchhost"
KEYS = [
    f"test_{name} fails" for name in ("checkout_total", "invoice_due", "coupon_midnight", "login_rate", "cart_merge")
]


def write_year_of_events(home: Path, sessions: int, files: int, rng: random.Random) -> int:
    """Monthly segments of a year of sessions ending now, ids in time order (as the daemon would have written)."""
    end = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)
    start = end - dt.timedelta(days=365)
    drafts: list[tuple[dt.datetime, str, dict[str, Any]]] = []
    for n in range(sessions):
        session = f"sess-{n:05d}"
        began = start + dt.timedelta(seconds=rng.uniform(0, 365 * 86400 - 7200))
        project = f"p{rng.randrange(200)}"
        at = began

        def add(kind: str, data: dict[str, Any], session: str = session) -> None:
            nonlocal at
            at += dt.timedelta(seconds=rng.uniform(5, 120))
            drafts.append((at, kind, {"session_id": session, **data}))

        add(
            "injection",
            {
                "query_hash": "0" * 16,
                "kind": "session",
                "chunk_ids": [],
                "items": ["a" * 16] * 6,
                "skills": [],
                "files": [f"areas/projects/{project}/rules.md@{'b' * 16}"],
                "budget": 3000,
                "used": rng.randint(800, 2900),
                "tokens": 500,
                "repeats": 0,
                "project": project,
            },
        )
        for _ in range(rng.randint(10, 30)):
            given = rng.choice((0, 0, 1, 2, 3, 4))
            refs = [
                f"areas/projects/p{rng.randrange(200)}/n{rng.randrange(files)}.md:{3 * s + 3}-{3 * s + 5}"
                for s in rng.sample(range(10), given)
            ]
            add(
                "injection",
                {
                    "query_hash": f"{rng.getrandbits(64):016x}",
                    "kind": "prompt",
                    "chunk_ids": [f"{rng.getrandbits(80):020x}" for _ in refs],
                    "paths": refs,
                    "scores": [round(rng.uniform(0.3, 1.2), 4) for _ in refs],
                    "relevance": [round(rng.uniform(0.4, 1.0), 4) for _ in refs],
                    "items": [],
                    "skills": [],
                    "files": [],
                    "budget": 2000,
                    "used": 350 * given,
                    "tokens": 90 * given,
                    "repeats": rng.choice((0, 0, 1)),
                    "below_floor": rng.choice((0, 1, 2)),
                },
            )
        for _ in range(rng.randint(3, 12)):
            add("edit", {"files": [f"src/{project}/m{rng.randrange(50)}.py"], "tool": "Edit", "project": project})
        for _ in range(rng.choice((0, 0, 1, 2))):
            key = rng.choice(KEYS)
            add("signal", {"kind": "error", "key": key, "text": f"FAILED {key.split()[0]} in {session}"})
        if rng.random() < 0.05:
            add(
                "knowledge",
                {
                    "kind": "rule",
                    "action": "added",
                    "path": f"areas/projects/{project}/rules.md",
                    "text": f"Rule {n}: keep the {project} migrations reversible.",
                },
            )
        add("outcome", {"outcome": rng.choice(("success", "success", "success", "failed")), "confidence": 0.8})
    drafts.sort(key=lambda d: d[0])
    segments: dict[str, list[bytes]] = defaultdict(list)
    for at, kind, data in drafts:
        ms = int(at.timestamp() * 1000)
        ts = at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"
        line = {"v": 1, "id": new_ulid(ms), "ts": ts, "type": kind, "data": data}
        segments[f"{ts[:7]}.{MACHINE}.jsonl"].append(orjson.dumps(line))
    (home / "events").mkdir(parents=True, exist_ok=True)
    for name, lines in segments.items():
        (home / "events" / name).write_bytes(b"\n".join(lines) + b"\n")
    return len(drafts)


def fetch(port: int, token: str, path: str) -> tuple[int, float, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    conn.request("GET", path, headers={"Authorization": f"token {token}"})
    response = conn.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    conn.close()
    return response.status, elapsed, len(body)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--home", help="keep the home here (made once, reused by later runs)")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="uibench-") as tmp:
        home = Path(args.home) if args.home else Path(tmp) / "home"
        if not (home / "events").is_dir():
            started = time.perf_counter()
            make_home(home, args.chunks, rng)
            events = write_year_of_events(home, args.sessions, args.chunks // 10, rng)
            print(f"home: {args.chunks // 10:,} files, {events:,} events in {time.perf_counter() - started:.1f}s")
        daemon = BenchDaemon(home, embedding=False).start()
        started = time.perf_counter()
        index = daemon.wait_indexed(vectors=False, min_files=args.chunks // 10)
        print(
            f"indexed {index['chunks']:,} chunks in {time.perf_counter() - started:.0f}s; "
            f"{daemon.call('status')['events']['count']:,} events",
            flush=True,
        )
        ui = subprocess.Popen(
            [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "ui", "--no-open"],
            env=daemon.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=DAEMON_REPO,
            text=True,
        )
        try:
            assert ui.stdout is not None
            url = ui.stdout.readline().strip()
            base, _, query = url.partition("/?")
            port, token = int(base.rsplit(":", 1)[1]), query.removeprefix("token=")
            newest = daemon.call("sessions", {"limit": 1})["sessions"][0]["session_id"]
            deep = daemon.call("sessions", {"limit": 1})["total"] // 25
            pages = [
                ("search (hybrid asked, BM25 here)", "/?q=deploy+staging+kafka+consumer"),
                ("search bm25, --source areas", "/?q=retry+backoff+timeout&mode=bm25&source=areas"),
                ("file with a hit", "/file?path=areas/projects/p7/n7.md&start=12&end=14"),
                ("sessions, page 1", "/sessions"),
                (f"sessions, page {deep}", f"/sessions?page={deep}"),
                ("one session", f"/session/{newest}"),
                ("cost, 30 days", "/cost"),
                ("cost, 365 days", "/cost?days=365"),
                ("what it learned", "/learned"),
                ("health", "/health"),
                ("poll stamp", "/api/stamp?page=sessions"),
            ]
            print(f"\npage times over {args.runs} fetches (ms), target p95 <= {TARGET_MS}:", flush=True)
            worst = 0.0
            for label, path in pages:
                for _ in range(2):
                    status, _, _ = fetch(port, token, path)
                    assert status == 200, (label, status)
                times = [fetch(port, token, path)[1] for _ in range(args.runs)]
                size = fetch(port, token, path)[2]
                p95 = percentile(times, 95)
                worst = max(worst, p95)
                mark = "" if p95 <= TARGET_MS else "  OVER"
                print(
                    f"  {label:<34} p50 {percentile(times, 50):7.1f}  p95 {p95:7.1f}  max {max(times):7.1f}"
                    f"  ({size / 1024:.0f} KiB){mark}",
                    flush=True,
                )
            print(f"  target no page over {TARGET_MS} ms (p95): {'PASS' if worst <= TARGET_MS else 'FAIL'}")
        finally:
            ui.terminate()
            ui.wait(timeout=30)
            daemon.stop()


if __name__ == "__main__":
    main()
