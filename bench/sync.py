"""Benchmark `memoryd sync`: the time of a round, the repository's growth per typical day, and the cost of
applying a month of another machine's events. Prints figures and an extrapolation to 10 machines and a year;
asserts nothing.

Usage: `python bench/sync.py [--days 3] [--rounds-per-day 48] [--events-per-day 300] [--part all|rounds|apply]`.

Rounds: two real daemons (`memoryd serve`, embedding off) with their own homes share one bare repository on local
disk. Each home starts mid-month: its segment already holds 15 days of events (a month's segment is the file
that grows, and each commit stores its new version). Then each simulated day, on each machine: `events-per-day`
shared events (agent sessions: refs, injections, signals, outcomes, importance) plus their local-only search hits,
100 edits into the daily note, 8 session summaries, 2 facts, a lesson and a note; a round on each machine after
each of `rounds-per-day` slices. Round times come from the daemon's own `sync` result (`took_ms`, and the time
its home write lock was held). Growth: the bare repository's disk use as git leaves it after pushes (small pushes
are unpacked into loose objects) and after `git gc`, per machine-day.

Apply: in-process, a home holding a month of this machine's events (applied) receives a month of another
machine's segment whose ids interleave with its own; `catch_up` applies it (every projection is order-free);
for comparison, the whole log is rebuilt from zero.

A "typical day" is an assumption, stated here and in README: a heavy user, ~10^5 events a year (DESIGN.md),
i.e. ~300 shared events a day, plus the local search hits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import importlib.util
import logging
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0]).resolve() == REPO / "bench":
    sys.path[0] = str(REPO)  # bench/events.py would shadow the `events` package

import orjson  # noqa: E402
import structlog  # noqa: E402

from bench.harness import BenchDaemon  # noqa: E402
from events.event import SCHEMA_VERSION, utc_timestamp  # noqa: E402
from events.log import EventLog  # noqa: E402
from events.projections.runner import Projector  # noqa: E402
from events.schema import validate  # noqa: E402
from events.sqlite import Database  # noqa: E402
from events.ulid import new_ulid  # noqa: E402

MACHINES = ("laptop", "desktop")
MONTH_DAYS = 30


def _bench_events_module() -> Any:
    """bench/events.py's realistic session generator (loaded by path: its name shadows the `events` package)."""
    spec = importlib.util.spec_from_file_location("bench_events", REPO / "bench" / "events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = _bench_events_module()


def session_drafts(rng: random.Random, count: int, prefix: str) -> tuple[list[Any], list[Any]]:
    """(shared drafts, local access drafts) of agent sessions until `count` shared events."""
    experiences = [f"exp-{i:04d}" for i in range(3000)]
    weights, total = [], 0.0
    for i in range(len(experiences)):
        total += 1.0 / (i + 1) ** 0.8
        weights.append(total)
    shared: list[Any] = []
    local: list[Any] = []
    n = 0
    while len(shared) < count:
        n += 1
        for draft in GEN._session_drafts(rng, f"{prefix}-{n:05d}", experiences, weights):
            (local if draft[0] == "access" else shared).append(draft)
    return shared[:count], local


def run(*args: str, cwd: Path | None = None) -> str:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=True).stdout


def disk_use(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def mib(n: float) -> str:
    return f"{n / 2**20:.2f} MiB"


# ---- part 1: rounds and growth through two daemons -----------------------------------------------------------


def prefill_segment(home: Path, machine: str, events: int, seed: int) -> None:
    """Half a month of this machine's events in its current segment, as if the month were half over."""
    rng = random.Random(seed)
    shared, local = session_drafts(rng, events, f"{machine}-pre")
    (home / "events").mkdir(parents=True, exist_ok=True)
    month = utc_timestamp()[:7]
    for name, drafts in ((f"{month}.{machine}.jsonl", shared), (f"{month}.{machine}.local.jsonl", local)):
        with (home / "events" / name).open("ab") as handle:
            for event_type, data in drafts:
                validate(event_type, data)
                line = {"v": SCHEMA_VERSION, "id": new_ulid(), "ts": utc_timestamp(), "type": event_type, "data": data}
                handle.write(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE))


def session_summary(rng: random.Random, name: str) -> str:
    words = ["deploy", "kafka", "consumer", "flaky", "test", "decimal", "orders", "api", "cache", "retry", "schema"]
    points = "\n".join(f"- {' '.join(rng.choices(words, k=12))}" for _ in range(25))
    return f"---\nsession: {name}\nproject: atlas\n---\n# Session {name}\n\n## Key points\n{points}\n"


def a_day(daemon: BenchDaemon, machine: str, day: int, events: int, slices: int, rng: random.Random) -> Iterator[None]:
    """One typical day on one machine, yielding after each slice (a round runs there)."""
    shared, local = session_drafts(rng, events, f"{machine}-d{day}")
    per_slice = max(1, len(shared) // slices)
    edits_per_slice = max(1, 100 // slices)
    home = daemon.home
    for s in range(slices):
        chunk = shared[s * per_slice : (s + 1) * per_slice] if s < slices - 1 else shared[s * per_slice :]
        if chunk:
            daemon.call("record", {"events": [{"type": t, "data": d} for t, d in chunk]})
        hits = local[s * len(local) // slices : (s + 1) * len(local) // slices]
        if hits:
            daemon.call("record", {"events": [{"type": t, "data": d} for t, d in hits]})
        for e in range(edits_per_slice):
            at = dt.datetime(2026, 11, 2 + day, 9, 0, tzinfo=dt.UTC) + dt.timedelta(minutes=5 * s + e)
            path = f"/src/atlas/{rng.choice(['api', 'web', 'db'])}/{rng.randrange(40)}.py"
            daemon.call("edit", {"files": [path], "tool": "Edit", "cwd": "/src/atlas", "at": at.isoformat()})
        if s % max(1, slices // 8) == 0:
            name = f"{machine}-d{day}-s{s}"
            (home / "sessions" / f"{name}.md").write_text(session_summary(rng, name), encoding="utf-8")
        if s in (slices // 3, 2 * slices // 3):
            text = f"{machine} fact {day}-{s}: the orders api {rng.choice(['caches', 'retries', 'logs'])} {rng.random():.4f}"
            daemon.call(
                "fact_add", {"project": "atlas", "text": text, "category": "general", "evidence": "", "create": True}
            )
        if s == slices // 2:
            memory = home / "MEMORY.md"
            memory.write_text(memory.read_text() + f"- {machine} lesson of day {day}: {rng.random():.6f}\n")
            note = home / "notes" / f"{machine}.md"
            note.parent.mkdir(exist_ok=True)
            note.write_text((note.read_text() if note.exists() else f"# {machine}\n") + f"\nDay {day}: notes.\n")
        yield


def bench_rounds(root: Path, days: int, rounds_per_day: int, events_per_day: int) -> dict[str, Any]:
    bare = root / "remote.git"
    run("git", "init", "-q", "--bare", str(bare))
    config = "[sync]\ninterval = 0\n[consolidation]\nenabled = false\n"
    daemons = {}
    for n, machine in enumerate(MACHINES):
        home = root / machine
        prefill_segment(home, machine, events_per_day * MONTH_DAYS // 2, seed=n)
        (home / ".gitignore").write_text("/bench-daemon.log\n", encoding="utf-8")  # the harness logs into the home
        daemon = BenchDaemon(home, embedding=False, config=config)
        daemon.env["MEMORYD_MACHINE"] = machine
        daemons[machine] = daemon.start()
    try:
        for daemon in daemons.values():
            result = daemon.call("sync_init", {"remote": str(bare)}, timeout=600)
            assert result["round"]["ok"], result
        for daemon in daemons.values():
            assert daemon.call("sync", timeout=600)["ok"]
        run("git", "gc", "-q", cwd=bare)
        start_packed = disk_use(bare / "objects")
        start_local = disk_use(daemons[MACHINES[0]].home / ".git")
        gc_ms: list[float] = []
        rounds: dict[str, list[float]] = {"idle": [], "send": [], "receive": [], "both": []}
        lock_ms: list[float] = []
        applied: list[int] = []
        raw_after_day: list[int] = []
        rng = random.Random(42)
        for day in range(days):
            walks = {m: a_day(d, m, day, events_per_day, rounds_per_day, rng) for m, d in daemons.items()}
            for _ in range(rounds_per_day):
                for machine, daemon in daemons.items():
                    next(walks[machine], None)
                    r = daemon.call("sync", timeout=600)
                    assert r["ok"], r
                    kind = (
                        ("both" if r["received"] else "send")
                        if r["committed"]
                        else "receive"
                        if r["received"]
                        else "idle"
                    )
                    rounds[kind].append(r["took_ms"])
                    lock_ms.append(r.get("home_lock_ms", 0.0))
                    if "gc_ms" in r:
                        gc_ms.append(r["gc_ms"])
                    if r["received"]:
                        applied.append(r["events_applied"])
            for daemon in daemons.values():
                rounds["idle"].append(daemon.call("sync", timeout=600)["took_ms"])
            raw_after_day.append(disk_use(bare / "objects"))
        raw = disk_use(bare / "objects")
        local_git = disk_use(daemons[MACHINES[0]].home / ".git")
        run("git", "gc", "-q", cwd=bare)
        packed = disk_use(bare / "objects")
        segments = sum(
            p.stat().st_size for p in (daemons[MACHINES[0]].home / "events").glob("*.jsonl") if ".local." not in p.name
        )
        tracked = run("git", "ls-files", cwd=daemons[MACHINES[0]].home).split()
        commits = int(run("git", "rev-list", "--count", "--all", cwd=bare).strip())
    finally:
        for daemon in daemons.values():
            daemon.stop()
    machine_days = days * len(MACHINES)
    return {
        "rounds": rounds,
        "lock_ms": lock_ms,
        "applied_per_receive": applied,
        "raw_growth_per_machine_day": (raw - start_packed) / machine_days,
        "packed_growth_per_machine_day": (packed - start_packed) / machine_days,
        "raw_peak": max(raw_after_day),
        "packed_total": packed,
        "local_git": local_git,
        "local_growth_per_day": (local_git - start_local) / days,
        "gc_ms": gc_ms,
        "segment_bytes": segments,
        "tracked_files": len(tracked),
        "commits": commits,
        "machine_days": machine_days,
    }


# ---- part 2: applying a month of another machine's events ----------------------------------------------------


def write_month(events_dir: Path, events_per_day: int, seed: int) -> dict[str, int]:
    """A month of two machines, ids interleaved in time: laptop's shared and local segments, and desktop's shared
    segment under a name the log does not read yet (`.incoming`: it arrives later)."""
    rng = random.Random(seed)
    start = int(dt.datetime(2026, 10, 1, tzinfo=dt.UTC).timestamp() * 1000)
    stream: list[tuple[int, str, Any]] = []
    for machine in ("laptop", "desktop"):
        shared, local = session_drafts(rng, events_per_day * MONTH_DAYS, machine)
        drafts = [(machine, d) for d in shared] + [(f"{machine}.local", d) for d in local if machine == "laptop"]
        stream += [(start + int(rng.random() * MONTH_DAYS * 86_400_000), segment, d) for segment, d in drafts]
    stream.sort(key=lambda item: item[0])  # ids are made in time order, so they interleave like the machines did
    lines: dict[str, list[bytes]] = {"laptop": [], "laptop.local": [], "desktop": []}
    for ms, segment, (event_type, data) in stream:
        ts = utc_timestamp(dt.datetime.fromtimestamp(ms / 1000, dt.UTC))
        line = {"v": SCHEMA_VERSION, "id": new_ulid(ms), "ts": ts, "type": event_type, "data": data}
        lines[segment].append(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE))
    events_dir.mkdir(parents=True, exist_ok=True)
    for segment, items in lines.items():
        machine, _, local = segment.partition(".")
        name = f"2026-10.{machine}{'.local' if local else ''}.jsonl" + ("" if machine == "laptop" else ".incoming")
        (events_dir / name).write_bytes(b"".join(items))
    return {segment: len(items) for segment, items in lines.items()}


async def bench_apply(root: Path, events_per_day: int) -> dict[str, float]:
    events_dir = root / "events"
    counts = write_month(events_dir, events_per_day, seed=11)
    db_path = root / "index.db"
    async with Database.open(db_path) as db, EventLog.open(events_dir, host="laptop") as log:
        projector = Projector(db, log)
        await projector.setup()
        started = time.perf_counter()
        own = await projector.catch_up()
        own_s = time.perf_counter() - started
        incoming = events_dir / "2026-10.desktop.jsonl.incoming"
        incoming.rename(events_dir / "2026-10.desktop.jsonl")  # the merge brings the other machine's month
        started = time.perf_counter()
        theirs = await projector.catch_up()
        apply_s = time.perf_counter() - started
        started = time.perf_counter()
        rebuilt = await projector.rebuild()
        rebuild_s = time.perf_counter() - started
        identical = await projector.verify() == []
    return {
        "own_events": own,
        "own_s": own_s,
        "their_events": counts["desktop"],
        "applied": theirs,
        "apply_s": apply_s,
        "rebuild_events": rebuilt,
        "rebuild_s": rebuild_s,
        "identical": float(identical),
    }


# ---- report --------------------------------------------------------------------------------------------------


def report_rounds(r: dict[str, Any], days: int, rounds_per_day: int, events_per_day: int) -> None:
    print(
        f"\n== sync rounds: {len(MACHINES)} daemons, {days} day(s) x {rounds_per_day} rounds, {events_per_day} events/day"
    )
    print(f"{'round':<10}{'n':>6}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind, values in r["rounds"].items():
        if values:
            print(f"{kind:<10}{len(values):>6}{pct(values, 0.5):>10.0f}{pct(values, 0.95):>10.0f}{max(values):>10.0f}")
    print(f"home write lock held per round: p50 {pct(r['lock_ms'], 0.5):.0f} ms, p95 {pct(r['lock_ms'], 0.95):.0f} ms")
    if r["gc_ms"]:
        print(f"git gc --auto after a round: p50 {pct(r['gc_ms'], 0.5):.0f} ms, max {max(r['gc_ms']):.0f} ms")
    if r["applied_per_receive"]:
        print(f"events applied per receiving round: median {statistics.median(r['applied_per_receive']):.0f}")
    print(
        f"repository growth per machine-day: {mib(r['packed_growth_per_machine_day'])} packed (after git gc), "
        f"{mib(r['raw_growth_per_machine_day'])} as pushed (loose objects); peak before gc {mib(r['raw_peak'])}"
    )
    print(f"a home's .git grows {mib(r['local_growth_per_day'])} a day (git gc --auto after rounds, gc.auto = 1000)")
    print(
        f"after the run: bare repository {mib(r['packed_total'])} packed; a home's .git {mib(r['local_git'])}; "
        f"shared segments {mib(r['segment_bytes'])}; {r['tracked_files']} tracked files; {r['commits']} commits"
    )


def report_apply(a: dict[str, float]) -> None:
    print("\n== applying another machine's month (in-process)")
    print(f"own month: {a['own_events']:.0f} events (shared + local hits) applied in {a['own_s']:.2f} s")
    print(
        f"another machine's month: {a['their_events']:.0f} events (ids interleaved with ours) applied in "
        f"{a['apply_s']:.2f} s ({a['their_events'] / a['apply_s']:.0f} events/s), no projection replayed"
        if a["applied"] == a["their_events"]
        else f"another machine's month: {a['applied']:.0f} applications in {a['apply_s']:.2f} s (some projection replayed)"
    )
    print(
        f"full rebuild of both months: {a['rebuild_events']:.0f} events in {a['rebuild_s']:.2f} s; verify identical: {bool(a['identical'])}"
    )


def extrapolate(r: dict[str, Any] | None, a: dict[str, float] | None, events_per_day: int) -> None:
    print("\n== 10 machines, one year (extrapolated from the figures above)")
    machine_days = 10 * 365
    if r:
        packed = r["packed_growth_per_machine_day"] * machine_days
        days_logged = (MONTH_DAYS // 2 + r["machine_days"] / len(MACHINES)) * len(MACHINES)  # machine-days in them
        raw_segments = r["segment_bytes"] / days_logged * machine_days
        print(
            f"repository (packed): {packed / 2**30:.2f} GiB; event segments in each working tree: {raw_segments / 2**30:.2f} GiB"
        )
        print(
            f"a round: as measured (git works on the changed files; history does not slow it): p50 {pct(r['rounds']['both'] or r['rounds']['send'], 0.5):.0f} ms"
        )
    if a:
        rate = a["rebuild_events"] / a["rebuild_s"]
        year = events_per_day * machine_days
        print(
            f"rebuild of a year of 10 machines ({year:,} shared events + this machine's hits): ~{year / rate:.0f} s at {rate:,.0f} events/s"
        )
        print(f"applying 9 other machines' month: ~{9 * a['apply_s']:.1f} s, spread over that month's rounds")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--rounds-per-day", type=int, default=48)
    parser.add_argument("--events-per-day", type=int, default=300)
    parser.add_argument("--part", choices=("all", "rounds", "apply"), default="all")
    args = parser.parse_args()
    if shutil.which("git") is None:
        print("git is not installed")
        return 1
    logging.basicConfig(level=logging.WARNING)
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    print(
        f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} ({os.cpu_count()} cores)"
    )
    rounds = applied = None
    with tempfile.TemporaryDirectory(prefix="memoryd-bench-sync-") as tmp:
        if args.part in ("all", "rounds"):
            rounds = bench_rounds(Path(tmp) / "rounds", args.days, args.rounds_per_day, args.events_per_day)
            report_rounds(rounds, args.days, args.rounds_per_day, args.events_per_day)
        if args.part in ("all", "apply"):
            applied = asyncio.run(bench_apply(Path(tmp) / "apply", args.events_per_day))
            report_apply(applied)
    extrapolate(rounds, applied, args.events_per_day)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
