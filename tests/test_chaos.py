"""The chaos test: a daemon under concurrent `record`, `search` and inbox drops while files change,
killed with SIGKILL at random points, several times. A kill comes either after a random delay, or (every other
round, picked at random) the moment a large inbox import is being written to the log, the window in which the
old log left half a batch behind. After each restart:

- nothing acknowledged is missing (every acknowledged id is read back from the log, once);
- nothing is duplicated (no event id twice, no recorded or imported event twice, no note copied twice);
- `rebuild --verify` says the projections are identical to a fresh replay.

The seed is printed (and can be fixed with MEMORYD_CHAOS_SEED) so a failing run can be replayed.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from events.log import EventLog
from tests.conftest import Daemon, write_config

KILLS = 4
BIG_IMPORT_LINES = 10_000  # ~2 MB in the log: far over BIG_WRITE_BYTES, so a kill still lands inside one write
BIG_WRITE_BYTES = 512 * 1024  # growth between two polls that only the big import's one write can explain


@dataclass
class Ledger:
    """What the clients were told was durable, and what they dropped into the inbox."""

    acked: set[str] = field(default_factory=set)
    events_files: dict[str, int] = field(default_factory=dict)  # file stem -> events in it
    notes: set[str] = field(default_factory=set)
    searches: int = 0


async def _rpc(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, params: Any) -> Any:
    writer.write(orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) + b"\n")
    await writer.drain()
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed")
    return orjson.loads(line)


async def recorder(daemon: Daemon, tag: str, rng: random.Random, ledger: Ledger, stop: asyncio.Event) -> None:
    with contextlib.suppress(OSError, ConnectionError, asyncio.IncompleteReadError):
        reader, writer = await asyncio.open_unix_connection(str(daemon.socket))
        n = 0
        try:
            while not stop.is_set():
                n += 1
                size = rng.choice((1, 1, 2, 5, 50, 200))
                events = [
                    {"type": "outcome", "data": {"session_id": f"{tag}-{n}-{i}", "outcome": "success"}}
                    for i in range(size)
                ]
                reply = await _rpc(reader, writer, "record", {"events": events})
                ledger.acked.update(reply["result"]["ids"])
        finally:
            writer.close()


async def searcher(daemon: Daemon, ledger: Ledger, stop: asyncio.Event) -> None:
    with contextlib.suppress(OSError, ConnectionError, asyncio.IncompleteReadError):
        reader, writer = await asyncio.open_unix_connection(str(daemon.socket))
        try:
            while not stop.is_set():
                reply = await _rpc(reader, writer, "search", {"query": "chaos note okapi", "k": 5})
                assert "results" in reply["result"], reply
                ledger.searches += 1
        finally:
            writer.close()


async def dropper(home: Path, tag: str, rng: random.Random, ledger: Ledger, stop: asyncio.Event) -> None:
    inbox = home / "inbox"
    k = 0
    while not stop.is_set():
        k += 1
        stem = f"{tag}-{k}"
        if k % 3:
            n = rng.choice((1, 20, 300))
            lines = b"".join(
                orjson.dumps({"type": "outcome", "data": {"session_id": f"{stem}-{i}", "outcome": "failed"}}) + b"\n"
                for i in range(n)
            )
            staging = inbox / f".{stem}.events.jsonl"
            staging.write_bytes(lines)
            os.rename(staging, inbox / f"{stem}.events.jsonl")
            ledger.events_files[stem] = n
        else:
            staging = inbox / f".{stem}.md"
            staging.write_text(f"# {stem}\n\nchaos note okapi {stem}\n")
            os.rename(staging, inbox / f"{stem}.md")
            ledger.notes.add(stem)
        await asyncio.sleep(rng.uniform(0.02, 0.15))


async def editor(home: Path, rng: random.Random, stop: asyncio.Event) -> None:
    folder = home / "areas" / "chaos"
    folder.mkdir(parents=True, exist_ok=True)
    while not stop.is_set():
        path = folder / f"edit-{rng.randrange(8)}.md"
        if path.exists() and rng.random() < 0.2:
            path.unlink()
        else:
            with path.open("a") as handle:
                handle.write(f"okapi line {rng.random()}\n\n")
        await asyncio.sleep(rng.uniform(0.005, 0.05))


def drop_big_import(home: Path, stem: str, ledger: Ledger) -> None:
    lines = b"".join(
        orjson.dumps({"type": "outcome", "data": {"session_id": f"{stem}-{i}", "outcome": "success"}}) + b"\n"
        for i in range(BIG_IMPORT_LINES)
    )
    staging = home / "inbox" / f".{stem}.events.jsonl"
    staging.write_bytes(lines)
    os.rename(staging, home / "inbox" / f"{stem}.events.jsonl")
    ledger.events_files[stem] = BIG_IMPORT_LINES


def wait_for_big_write(events_dir: Path, timeout: float) -> bool:
    """Poll the log's size until it grows by a big write's worth between two polls (True), or time runs out."""
    deadline = time.monotonic() + timeout
    last = sum(p.stat().st_size for p in events_dir.glob("*.jsonl"))
    while time.monotonic() < deadline:
        size = sum(p.stat().st_size for p in events_dir.glob("*.jsonl"))
        if size - last >= BIG_WRITE_BYTES:
            return True
        last = size
        time.sleep(0.0005)
    return False


async def storm(daemon: Daemon, round_no: int, rng: random.Random, ledger: Ledger) -> str:
    """Run every client, then SIGKILL the daemon at a random moment or mid-import. Says when it was killed."""
    stop = asyncio.Event()
    mid_import = rng.random() < 0.5
    if mid_import:
        drop_big_import(daemon.home, f"big{round_no}", ledger)
    tasks = [asyncio.create_task(recorder(daemon, f"r{round_no}c{c}", rng, ledger, stop)) for c in range(4)]
    tasks += [asyncio.create_task(searcher(daemon, ledger, stop)) for _ in range(2)]
    tasks.append(asyncio.create_task(dropper(daemon.home, f"d{round_no}", rng, ledger, stop)))
    tasks.append(asyncio.create_task(editor(daemon.home, rng, stop)))
    started = time.monotonic()
    if mid_import:
        caught = await asyncio.to_thread(wait_for_big_write, daemon.home / "events", 30.0)
        when = f"{'during' if caught else 'without catching'} the big import's write"
    else:
        await asyncio.sleep(rng.uniform(0.3, 1.6))
        when = "at a random moment"
    assert daemon.proc is not None
    os.kill(daemon.proc.pid, signal.SIGKILL)
    daemon.proc.wait()
    daemon.proc = None
    stop.set()
    await asyncio.gather(*tasks)
    return f"{when}, {time.monotonic() - started:.2f}s in"


def read_back(home: Path) -> list[Any]:
    """Every event as the daemon's readers see it (torn lines and incomplete batches are not events)."""
    log = EventLog(home / "events", host="chaos-reader")
    return [item.event for item in log.read_all()]


def check(daemon: Daemon, ledger: Ledger) -> int:
    home = daemon.home
    inbox = home / "inbox"
    daemon.wait_for(lambda: not [p for p in inbox.iterdir() if p.is_file()], timeout=120)
    assert not [p for p in (inbox / "rejected").iterdir()], "a drop was rejected"
    daemon.wait_for(lambda: daemon.call("status")["inbox"]["deferred"] == [], timeout=60)
    events = read_back(home)
    ids = [e.id for e in events]
    assert len(ids) == len(set(ids)), "an event id is read twice"
    missing = ledger.acked - set(ids)
    assert not missing, f"{len(missing)} acknowledged events are missing"
    per_session = collections.Counter(e.data.get("session_id") for e in events if e.type == "outcome")
    twice = [s for s, c in per_session.items() if c > 1]
    assert not twice, f"{len(twice)} events duplicated, e.g. {twice[:3]}"
    for stem, n in ledger.events_files.items():
        got = sum(1 for i in range(n) if per_session.get(f"{stem}-{i}"))
        assert got == n, f"{stem}.events.jsonl: {got} of {n} events imported"
    placed = {p.stem for p in (home / "notes").glob("*.md")}
    assert placed == ledger.notes, f"notes: {sorted(placed ^ ledger.notes)[:5]}"
    assert daemon.call("status")["events"]["count"] == len(events)
    assert daemon.call("rebuild", {"verify": True}, timeout=120)["identical"] is True
    return len(events)


async def test_sigkill_at_random_points_loses_and_duplicates_nothing(daemon_factory: Any, memory_home: Path) -> None:
    seed = int(os.environ.get("MEMORYD_CHAOS_SEED") or time.time_ns() % 1_000_000)
    print(f"chaos seed {seed}")
    rng = random.Random(seed)
    write_config(memory_home, "[inbox]\npoll_ms = 30\nstable_ms = 60\n[index]\ndebounce_ms = 50\n")
    daemon = daemon_factory().start()
    ledger = Ledger()
    for round_no in range(KILLS):
        when = await storm(daemon, round_no, rng, ledger)
        daemon.start()
        count = await asyncio.to_thread(check, daemon, ledger)
        print(f"kill {round_no + 1} {when}: {count} events, {len(ledger.acked)} acknowledged, all there once")
    assert daemon.stop() == 0
    assert ledger.searches > 0
