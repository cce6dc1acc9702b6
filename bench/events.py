"""Benchmark the event log: acknowledged appends through the real daemon, and replay into the projections.

Usage: `python bench/events.py [--quick] [--part all|append|replay] [--sizes 100000,1000000]`. Prints tables and
the replay target from the issue (10^6 events replayed in at most 20 s) as PASS/FAIL; it asserts nothing.

Appends: `memoryd serve` runs as a subprocess in a temp MEMORYD_HOME (embedding off, socket under /tmp), with
`[events] fsync` = always and never. Each client owns one connection and sends `record` requests one after
another; only acknowledged replies count. Replay: a realistic log (mostly ref/outcome/access, spread over a
year and two machines) is written straight into segment files, then `Projector.setup(); catch_up()` runs from
zero, in-process (`cpu s`; the CPU of the reader process a replay starts is `child s`); for 10^5 events `memoryd
rebuild` is also timed through the daemon.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import logging
import os
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Why: run as `python bench/events.py`, sys.path[0] is bench/, where this file would shadow the `events` package.
if sys.path and Path(sys.path[0]).resolve() == REPO / "bench":
    sys.path[0] = str(REPO)

import orjson  # noqa: E402
import structlog  # noqa: E402

from daemon.client.socket_client import DaemonError, DaemonUnavailable, call  # noqa: E402
from events.event import SCHEMA_VERSION, utc_timestamp  # noqa: E402
from events.log import EventLog  # noqa: E402
from events.projections.runner import BATCH_SIZE, DEFAULT_PROJECTIONS, Projector  # noqa: E402
from events.schema import SIGNAL_KINDS, validate  # noqa: E402
from events.sqlite import Database  # noqa: E402
from events.ulid import new_ulid  # noqa: E402

REPLAY_TARGET_EVENTS = 1_000_000
REPLAY_TARGET_S = 20.0  # issue 24: twice as fast as the 42 s measured before it
YEAR_MS = 365 * 86_400_000
START_MS = int(dt.datetime(2025, 1, 1, tzinfo=dt.UTC).timestamp() * 1000)


# ---- a realistic log -----------------------------------------------------------------------------


def _session_drafts(rng: random.Random, sid: str, experiences: list[str], weights: list[float]) -> list[Any]:
    """One agent session: refs, retrievals (access), maybe an injection and a signal, then usually an outcome."""
    picked = rng.choices(experiences, cum_weights=weights, k=rng.randint(1, 8))
    drafts: list[Any] = [("ref", {"experience_id": x, "session_id": sid, "context": "task"}) for x in picked]
    query = f"q{rng.getrandbits(48):012x}"
    for rank in range(1, rng.randint(0, 6) + 1):
        c = rng.randrange(20_000)
        hit = {"chunk_id": f"c{c}", "content_hash": f"h{c:08x}", "query_hash": query, "rank": rank}
        drafts.append(("access", {**hit, "score": round(rng.random(), 4)}))
    if rng.random() < 0.5:
        chunks = [f"c{rng.randrange(20_000)}" for _ in range(rng.randint(3, 8))]
        injection = {"query_hash": query, "chunk_ids": chunks, "budget": 4000, "session_id": sid}
        drafts.append(("injection", {**injection, "used": rng.randint(500, 4000)}))
    if rng.random() < 0.2:
        kind, key = rng.choice(SIGNAL_KINDS), f"k{rng.randrange(300)}"
        drafts.append(("signal", {"session_id": sid, "kind": kind, "key": key, "text": "x" * 40}))
    rng.shuffle(drafts)
    if rng.random() < 0.92:
        outcome = "success" if rng.random() < 0.7 else "failed"
        drafts.append(("outcome", {"session_id": sid, "outcome": outcome, "corrections": rng.randint(0, 3)}))
        if rng.random() < 0.1:  # a ref logged after the outcome is known
            drafts.append(("ref", {"experience_id": rng.choice(experiences), "session_id": sid}))
        if rng.random() < 0.05:  # a corrected outcome moves the credit
            drafts.append(("outcome", {"session_id": sid, "outcome": "failed" if outcome == "success" else "success"}))
    if rng.random() < 0.01:
        drafts.append(("importance", {"content_hash": f"h{rng.randrange(20_000):08x}", "value": 0.9}))
    if rng.random() < 0.002:
        drafts.append(("forget", {"content_hashes": [f"h{rng.randrange(20_000):08x}"], "reason": "stale"}))
    return drafts


def _drafts(count: int, seed: int) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(host, type, data) in log order: a few sessions interleave, each session stays on one machine."""
    rng = random.Random(seed)
    experiences = [f"exp-{i:04d}" for i in range(3000)]
    weights, total = [], 0.0
    for i in range(len(experiences)):
        total += 1.0 / (i + 1) ** 0.8  # a few experiences are referenced far more than the rest
        weights.append(total)
    active: list[tuple[str, list[Any]]] = []
    emitted = sessions = 0
    while emitted < count:
        while len(active) < 3:
            sessions += 1
            host = "laptop" if rng.random() < 0.7 else "desktop"
            active.append((host, _session_drafts(rng, f"s{sessions:07d}", experiences, weights)))
        slot = rng.randrange(len(active))
        host, queue = active[slot]
        event_type, data = queue.pop(0)
        if not queue:
            active.pop(slot)
        emitted += 1
        yield host, event_type, data


def generate_log(events_dir: Path, count: int, seed: int = 7) -> tuple[int, Counter[str]]:
    """Write `count` valid events over one year into month-by-host segments. Returns (bytes, type counts)."""
    events_dir.mkdir(parents=True, exist_ok=True)
    handles: dict[str, Any] = {}
    types: Counter[str] = Counter()
    size = 0
    step = YEAR_MS / count
    try:
        for index, (host, event_type, data) in enumerate(_drafts(count, seed)):
            validate(event_type, data)
            ms = START_MS + int(index * step)
            moment = dt.datetime.fromtimestamp(ms / 1000, dt.UTC)
            ts = utc_timestamp(moment)
            line = orjson.dumps(
                {"v": SCHEMA_VERSION, "id": new_ulid(ms), "ts": ts, "type": event_type, "data": data},
                option=orjson.OPT_APPEND_NEWLINE,
            )
            name = f"{ts[:7]}.{host}.jsonl"
            handle = handles.get(name)
            if handle is None:
                handle = handles[name] = (events_dir / name).open("ab", buffering=1 << 20)
            handle.write(line)
            size += len(line)
            types[event_type] += 1
    finally:
        for handle in handles.values():
            handle.close()
    return size, types


# ---- replay --------------------------------------------------------------------------------------


def _remove_db(db_path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)


async def replay(home: Path) -> tuple[float, float, int, float, float]:
    """Projector.setup() + catch_up() from an empty database.

    Returns (wall s, CPU s of this process, events applied, wall s of a parse-only pass over the log, CPU s of
    the reader process a replay starts, `events/projections/read_ahead.py`).
    """
    events_dir, db_path = home / "events", home / "state" / "index.db"
    _remove_db(db_path)
    async with EventLog.open(events_dir, host="bench-replayer") as log:
        started = time.perf_counter()
        read = sum(1 for _ in log.read_all())
        read_s = time.perf_counter() - started
        async with Database.open(db_path) as db:
            started, cpu_started, children = time.perf_counter(), time.process_time(), _children_cpu()
            projector = Projector(db, log)
            await projector.setup()
            applied = await projector.catch_up()
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    assert read == applied, (read, applied)
    return seconds, cpu, applied, read_s, _children_cpu() - children


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class _CountingLog(EventLog):
    """Bench-only: counts the group writes (each one write + one fsync) behind the acknowledged appends."""

    writes = 0

    def _write_durably(self, data: bytes) -> None:
        self.writes += 1
        super()._write_durably(data)


async def group_commit_check(root: Path, appenders: int, seconds: float) -> tuple[float, float]:
    """In-process appends with fsync on: (acknowledged appends/s, appends per write+fsync)."""
    async with _CountingLog.open(root / f"group-commit-{appenders}", fsync=True) as log:
        assert isinstance(log, _CountingLog)
        deadline = time.perf_counter() + seconds
        done = 0

        async def appender(n: int) -> None:
            nonlocal done
            while time.perf_counter() < deadline:
                await log.append([("ref", {"session_id": f"g{n}", "experience_id": f"exp-{done % 50}"})])
                done += 1

        started = time.perf_counter()
        await asyncio.gather(*(appender(n) for n in range(appenders)))
        return done / (time.perf_counter() - started), done / max(log.writes, 1)


# ---- the daemon ----------------------------------------------------------------------------------


@contextlib.contextmanager
def running_daemon(home: Path, sock_dir: Path) -> Iterator[tuple[Path, float]]:
    """`memoryd serve` as a subprocess; yields (socket, seconds until it answered). SIGTERM, exit 0 on the way out."""
    socket_path = sock_dir / f"{home.name}.sock"
    env = dict(os.environ, MEMORYD_HOME=str(home), MEMORYD_EMBEDDING="off", MEMORYD_LOG_FORMAT="json")
    started = time.perf_counter()
    with (home.parent / f"{home.name}-daemon.log").open("ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "daemon", "--socket", str(socket_path), "serve"],
            env=env,
            stdout=log,
            stderr=log,
            cwd=REPO,
        )
    try:
        deadline = time.monotonic() + 600
        while True:
            if proc.poll() is not None:
                tail = Path(log.name).read_text(encoding="utf-8", errors="replace")[-3000:]
                raise RuntimeError(f"daemon exited with {proc.returncode}:\n{tail}")
            try:
                call(socket_path, "status", timeout=600)
                break
            except (DaemonUnavailable, DaemonError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield socket_path, time.perf_counter() - started
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
        if code != 0:
            print(f"WARNING: daemon exited {code}; see {log.name}", file=sys.stderr)


async def _client(socket_path: Path, client: int, batch: int, deadline: float, latencies: list[float]) -> int:
    """Send `record` requests one after another until the deadline; return the events acknowledged."""
    reader, writer = await asyncio.open_unix_connection(str(socket_path), limit=1 << 22)
    acked = i = 0
    try:
        while time.perf_counter() < deadline:
            i += 1
            drafts = [
                {"type": "ref", "data": {"session_id": f"b{client}-{i // 10}", "experience_id": f"exp-{(i + j) % 50}"}}
                for j in range(batch)
            ]
            params: dict[str, Any] = {"events": drafts} if batch > 1 else drafts[0]
            request = {"jsonrpc": "2.0", "id": i, "method": "record", "params": params}
            sent = time.perf_counter()
            writer.write(orjson.dumps(request, option=orjson.OPT_APPEND_NEWLINE))
            reply = orjson.loads(await reader.readuntil(b"\n"))
            latencies.append(time.perf_counter() - sent)
            if "result" in reply and len(reply["result"]["ids"]) == batch:
                acked += batch
    finally:
        writer.close()
        await writer.wait_closed()
    return acked


async def append_run(socket_path: Path, clients: int, batch: int, seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    started = time.perf_counter()
    deadline = started + seconds
    counts = await asyncio.gather(*(_client(socket_path, c, batch, deadline, latencies) for c in range(clients)))
    elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "events": sum(counts),
        "events_s": sum(counts) / elapsed,
        "requests_s": len(latencies) / elapsed,
        "p50_ms": latencies[len(latencies) // 2] * 1000,
        "p99_ms": latencies[int(len(latencies) * 0.99)] * 1000,
    }


def bench_appends(root: Path, sock_dir: Path, seconds: float) -> None:
    print(f"\n## Acknowledged appends through the daemon socket ({seconds:g} s per row)\n")
    header = f"{'fsync':<7} {'clients':>7} {'events/req':>10} {'events/s':>10} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
    print(header)
    print("-" * len(header))
    for fsync in ("always", "never"):
        home = root / f"append-{fsync}"
        home.mkdir()
        (home / "config.toml").write_text(f'[events]\nfsync = "{fsync}"\n', encoding="utf-8")
        with running_daemon(home, sock_dir) as (socket_path, _):
            acked = 0
            for clients, batch in ((1, 1), (8, 1), (1, 100)):
                row = asyncio.run(append_run(socket_path, clients, batch, seconds))
                acked += int(row["events"])
                print(
                    f"{fsync:<7} {clients:>7} {batch:>10} {row['events_s']:>10,.0f} {row['requests_s']:>9,.0f}"
                    f" {row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f}",
                    flush=True,
                )
            logged = call(socket_path, "status", timeout=300)["events"]["count"]
            if logged < acked:
                print(f"ERROR: {acked} events acknowledged but only {logged} in the log", flush=True)
    print("\nGroup commit, in-process EventLog.append with fsync on (no socket, no daemon):")
    for appenders in (1, 8):
        rate, per_fsync = asyncio.run(group_commit_check(root, appenders, seconds / 2))
        print(f"  {appenders} concurrent appender(s): {rate:>7,.0f} appends/s, {per_fsync:.2f} appends per fsync")


def bench_replay(root: Path, sock_dir: Path, sizes: list[int]) -> bool | None:
    print("\n## Replay into the projections from zero (Projector.setup + catch_up, in-process)\n")
    print(f"projections: {', '.join(p.NAME for p in DEFAULT_PROJECTIONS)}; batch {BATCH_SIZE:,} events\n")
    header = (
        f"{'events':>9} {'log MB':>7} {'gen s':>6} {'parse s':>8} {'replay s':>9} {'cpu s':>7} {'child s':>8}"
        f" {'events/s':>10} {'load':>5}"
    )
    print(header)
    print("-" * len(header))
    verdict: bool | None = None
    for count in sizes:
        home = root / f"replay-{count}"
        started = time.perf_counter()
        size, types = generate_log(home / "events", count)
        gen_s = time.perf_counter() - started
        seconds, cpu, applied, read_s, child_cpu = asyncio.run(replay(home))
        print(
            f"{applied:>9,} {size / 1e6:>7.1f} {gen_s:>6.1f} {read_s:>8.2f} {seconds:>9.2f} {cpu:>7.2f} {child_cpu:>8.2f}"
            f" {applied / seconds:>10,.0f} {os.getloadavg()[0]:>5.1f}",
            flush=True,
        )
        if count == sizes[0]:
            mix = ", ".join(f"{t} {n / count:.1%}" for t, n in types.most_common())
            print(f"          mix: {mix}")
        if count == REPLAY_TARGET_EVENTS:
            verdict = seconds <= REPLAY_TARGET_S
        if count != sizes[0]:
            shutil.rmtree(home)
    bench_daemon_rebuild(root / f"replay-{sizes[0]}", sock_dir)
    return verdict


def bench_daemon_rebuild(home: Path, sock_dir: Path) -> None:
    """Start the daemon on a log with no database (it replays before binding), then `memoryd rebuild`."""
    _remove_db(home / "state" / "index.db")
    with running_daemon(home, sock_dir) as (socket_path, start_s):
        count = call(socket_path, "status", timeout=600)["events"]["count"]
        started = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "daemon", "--socket", str(socket_path), "rebuild", "--json"],
            env=dict(os.environ, MEMORYD_HOME=str(home)),
            capture_output=True,
            check=True,
            cwd=REPO,
        )
        wall = time.perf_counter() - started
        result = orjson.loads(proc.stdout)
    took = result["took_ms"] / 1000
    print(f"\n## Through the daemon ({count:,} events)\n")
    print(f"`memoryd serve` start to first answer, replaying from an empty database: {start_s:.2f} s")
    print(
        f"`memoryd rebuild`: {result['events']:,} events; daemon {took:.2f} s ({result['events'] / took:,.0f} events/s);"
        f" CLI wall {wall:.2f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 s append rows; replay 10^5 events only")
    parser.add_argument("--part", choices=("all", "append", "replay"), default="all")
    parser.add_argument("--sizes", help="replay sizes, comma-separated (default 100000,1000000)")
    args = parser.parse_args()
    seconds = 2.0 if args.quick else 5.0
    sizes = [100_000] if args.quick else [100_000, REPLAY_TARGET_EVENTS]
    if args.sizes:
        sizes = [int(n) for n in args.sizes.split(",")]
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"memoryd event benchmarks: python {sys.version.split()[0]}, sqlite {sqlite3.sqlite_version},"
        f" {os.cpu_count()} CPUs, load average {load} (other work on the machine inflates wall times)"
    )
    verdict: bool | None = None
    with (
        tempfile.TemporaryDirectory(prefix="memoryd-bench-") as tmp,
        tempfile.TemporaryDirectory(dir="/tmp", prefix="mdb-") as sock_dir,
    ):
        root = Path(tmp)
        if args.part in ("all", "append"):
            bench_appends(root, Path(sock_dir), seconds)
        if args.part in ("all", "replay"):
            verdict = bench_replay(root, Path(sock_dir), sizes)
    target = f"replay {REPLAY_TARGET_EVENTS:,} events in at most {REPLAY_TARGET_S:g} s"
    if verdict is not None:
        print(f"\ntarget: {target} -> {'PASS' if verdict else 'FAIL'}")
    elif args.part != "append":
        print(f"\ntarget: {target} -> not measured (run without --quick)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
