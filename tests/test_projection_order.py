"""Projections end in the same rows whatever order other machines' segments arrive in.

A history of three machines is written as their segments; it then "arrives" in different orders (whole
segments, halves, a new segment after the others, the local-only one) with a catch-up after each step, the way
sync rounds bring it. Every order must give the rows of an id-order replay, and `verify` must say identical.
"""

from __future__ import annotations

import random
import sqlite3
import types
from pathlib import Path
from typing import Any

import orjson
import pytest

from events.event import Event
from events.log import EventLog
from events.projections import runner
from events.projections.bulk import drop_deferred_indexes
from events.projections.runner import DEFAULT_PROJECTIONS, Projector
from events.projections.signal_patterns import pattern_id
from events.sqlite import Database

MACHINES = ("alpha", "beta", "gamma")


def event_id(n: int) -> str:
    """The n-th id of the story (ULID-shaped, sorting by n; the process's own ULIDs would sort by call order)."""
    return f"01K{n:023d}"


def ts_of(n: int) -> str:
    return f"2026-10-{1 + n // 2000:02d}T{(n // 60) % 24:02d}:{n % 60:02d}:00.000Z"


def history(seed: int, count: int) -> dict[str, list[bytes]]:
    """`count` events spread over three machines (ids interleaved in time), as each segment's lines."""
    rng = random.Random(seed)
    sessions = [f"s{i}" for i in range(12)]
    hashes = [f"h{i}" for i in range(6)]
    keys = [("error", "pytest timeout"), ("correction", "use decimal"), ("error", "kafka flaky")]
    lines: dict[str, list[bytes]] = {m: [] for m in MACHINES}
    lines["alpha.local"] = []
    for n in range(count):
        machine = rng.choice(MACHINES)
        session = rng.choice(sessions)
        roll = rng.random()
        data: dict[str, Any]
        if roll < 0.2:
            kind, data = "ref", {"session_id": session, "experience_id": rng.choice(["uv", "pin", "ci"])}
        elif roll < 0.35:
            kind, data = "outcome", {"session_id": session, "outcome": rng.choice(["success", "failed"])}
            data["corrections"] = rng.randint(0, 3)
        elif roll < 0.55:
            k, key = rng.choice(keys)
            kind, data = "signal", {"session_id": session, "kind": k, "key": key, "text": f"{key} #{n}"}
        elif roll < 0.62:
            k, key = rng.choice(keys)
            status = rng.choice(["addressed", "suppressed", "active"])
            kind, data = "pattern_status", {"pattern_id": pattern_id(k, key), "status": status}
        elif roll < 0.82:
            h = rng.choice(hashes)
            kind, data = "access", {"chunk_id": f"c-{h}", "content_hash": h, "query_hash": "q", "rank": 1, "score": 1.0}
        elif roll < 0.9:
            kind, data = "importance", {"content_hash": rng.choice(hashes), "value": round(rng.random(), 3)}
        elif roll < 0.93:
            kind, data = "forget", {"content_hashes": [rng.choice(hashes)], "path": rng.choice(["a.md", "b.md"])}
        elif roll < 0.97:
            kind, data = "injection", {"session_id": session, "agent_id": "", "kind": "prompt"}
            data |= {"content_hashes": rng.sample(hashes, 2), "items": [f"i{rng.randint(0, 4)}"], "skills": []}
            data["idempotency_key"] = f"k{rng.randint(0, count // 4)}"  # a copy may come from another machine
        else:
            kind, data = "compaction", {"session_id": session, "trigger": "auto", "cwd": "/p", "at": ts_of(n)}
        line = orjson.dumps(Event(event_id(n), ts_of(n), kind, data).to_json_obj(), option=orjson.OPT_APPEND_NEWLINE)
        segment = "alpha.local" if kind == "access" and machine == "alpha" else machine
        lines[segment].append(line)
    return lines


def segment_name(key: str) -> str:
    machine, _, local = key.partition(".")
    return f"2026-10.{machine}{'.local' if local else ''}.jsonl"


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        return {
            table: sorted(conn.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
            for projection in DEFAULT_PROJECTIONS
            for table in projection.TABLES
        }
    finally:
        conn.close()


# Each step: (segment, fraction of its lines present after the step).
ARRIVALS = {
    "id order at once": [("alpha", 1.0), ("alpha.local", 1.0), ("beta", 1.0), ("gamma", 1.0)],
    "one machine after another": [("alpha", 1.0), ("alpha.local", 1.0), ("beta", 1.0), ("gamma", 1.0)],
    "halves, newest machine first": [
        ("gamma", 0.5),
        ("alpha.local", 0.3),
        ("beta", 0.5),
        ("gamma", 1.0),
        ("alpha", 0.7),
        ("alpha.local", 1.0),
        ("beta", 1.0),
        ("alpha", 1.0),
    ],
    "this machine's search hits last": [("beta", 1.0), ("gamma", 1.0), ("alpha", 1.0), ("alpha.local", 1.0)],
    "a machine joins last": [("beta", 0.4), ("alpha.local", 1.0), ("beta", 1.0), ("alpha", 1.0), ("gamma", 1.0)],
}


async def arrive(tmp_path: Path, lines: dict[str, list[bytes]], steps: list[tuple[str, float]], once: bool) -> Path:
    """Write the segments step by step, catching up after each step (or only at the end when `once`)."""
    events_dir = tmp_path / "events"
    events_dir.mkdir(parents=True)
    db_path = tmp_path / "index.db"
    async with Database.open(db_path) as db, EventLog.open(events_dir, host="alpha") as log:
        projector = Projector(db, log)
        await projector.setup()
        for segment, fraction in steps:
            count = round(len(lines[segment]) * fraction)
            (events_dir / segment_name(segment)).write_bytes(b"".join(lines[segment][:count]))
            if not once:
                await projector.catch_up()
        await projector.catch_up()
        assert await projector.verify() == []
    return db_path


@pytest.mark.parametrize("seed", [1, 2])
async def test_every_arrival_order_gives_the_rows_of_an_id_order_replay(tmp_path: Path, seed: int) -> None:
    lines = history(seed, 900)
    dumps = {}
    for n, (name, steps) in enumerate(ARRIVALS.items()):
        dumps[name] = dump(await arrive(tmp_path / str(n), lines, steps, once=name == "id order at once"))
    reference = dumps.pop("id order at once")
    assert reference["signal_patterns"] and reference["access_stats"] and reference["sessions"]
    assert reference["session_slate"] and reference["session_compactions"] and reference["event_keys"]
    for name, rows in dumps.items():
        differing = [table for table in rows if rows[table] != reference[table]]
        assert differing == [], f"{name}: {differing}"


async def test_a_replay_in_many_batches_gives_the_rows_and_checkpoint_of_one_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long replay reads each batch while SQLite commits the one before (`runner.read_batch_after`) and
    checkpoints each batch at every segment's last position in it: where the batches are cut must not show in
    the rows, and the checkpoint must end at the end of every segment."""
    lines = history(3, 900)
    whole = dump(await arrive(tmp_path / "one", lines, ARRIVALS["id order at once"], once=True))
    monkeypatch.setattr(runner, "BATCH_SIZE", 37)  # ~25 batches over four interleaved segments
    db_path = await arrive(tmp_path / "many", lines, ARRIVALS["id order at once"], once=True)
    assert dump(db_path) == whole
    sizes = {path.name: path.stat().st_size for path in (tmp_path / "many" / "events").glob("*.jsonl")}
    conn = sqlite3.connect(db_path)
    try:
        for projection in DEFAULT_PROJECTIONS:
            offsets = conn.execute(
                "SELECT segment, next_offset FROM projection_offsets WHERE name = ?", (projection.NAME,)
            ).fetchall()
            assert dict(offsets) == sizes, projection.NAME
    finally:
        conn.close()


def schema_of(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY 1"
        ).fetchall()
    finally:
        conn.close()


async def test_a_replay_from_zero_ends_with_every_index_and_a_cut_short_one_gets_them_back_at_setup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay from zero leaves the query-only indexes out while it writes and builds them at its end
    (`bulk.drop_deferred_indexes`): the database must end with exactly the indexes the schema declares, and a
    database left without them (a replay cut short) must get them back from `setup`."""
    declared = [projection for projection in DEFAULT_PROJECTIONS if getattr(projection, "DEFERRED_INDEXES", ())]
    assert declared, "no projection defers an index: this test checks nothing"
    empty = tmp_path / "empty"
    empty.mkdir()
    async with Database.open(empty / "index.db") as db, EventLog.open(empty / "events", host="alpha") as log:
        await Projector(db, log).setup()
    expected = schema_of(empty / "index.db")
    monkeypatch.setattr(runner, "BATCH_SIZE", 37)  # many batches: a replay, from zero
    db_path = await arrive(tmp_path / "many", history(3, 900), ARRIVALS["id order at once"], once=True)
    assert schema_of(db_path) == expected
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        drop_deferred_indexes(conn, DEFAULT_PROJECTIONS)  # as the first batch of a replay leaves them
    finally:
        conn.close()
    assert len(schema_of(db_path)) < len(expected)
    async with Database.open(db_path) as db, EventLog.open(tmp_path / "many" / "events", host="alpha") as log:
        await Projector(db, log).setup()
    assert schema_of(db_path) == expected


async def test_a_late_importance_event_counts_only_the_hits_after_it_without_a_replay(tmp_path: Path) -> None:
    """An importance set on another machine between two hits already applied here: it must count one hit, not
    zero and not two, and nothing replays (every projection applies the late event in place)."""
    events_dir = tmp_path / "events"
    events_dir.mkdir()

    def line(n: int, kind: str, data: dict[str, Any]) -> bytes:
        event = Event(event_id(n), "2026-10-01T00:00:00.000Z", kind, data)
        return orjson.dumps(event.to_json_obj(), option=orjson.OPT_APPEND_NEWLINE)

    hit = {"chunk_id": "c", "content_hash": "h", "query_hash": "q", "rank": 1, "score": 1.0}
    local = [
        line(1, "access", hit),
        line(3, "access", hit),
        line(4, "outcome", {"session_id": "s", "outcome": "success"}),
    ]
    remote = [line(2, "importance", {"content_hash": "h", "value": 0.8})]
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="alpha") as log:
        projector = Projector(db, log)
        await projector.setup()
        (events_dir / "2026-10.alpha.jsonl").write_bytes(b"".join(local))
        await projector.catch_up()
        (events_dir / "2026-10.beta.jsonl").write_bytes(b"".join(remote))
        assert await projector.catch_up() == 1  # applied in place, no replay
        row = await db.fetchall("SELECT importance, access_count, hits_since_set FROM access_stats")
        kept = await db.fetchall("SELECT event_id FROM access_hits")
        assert await projector.verify() == []
    assert tuple(row[0]) == (0.81, 2, 1)  # set to 0.8 between the two hits: one hit after it
    assert [r[0] for r in kept] == [event_id(3)]  # the hit before the importance can never count again


async def test_a_segment_that_shrank_is_replayed_not_read_from_a_stale_offset(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="alpha") as log:
        projector = Projector(db, log)
        await projector.setup()
        for i in range(5):  # one append each: a batch cut short would (rightly) not be replayed at all
            await log.append([("outcome", {"session_id": f"s{i}", "outcome": "success"})])
        await projector.catch_up()
        segment = next(events_dir.glob("*.alpha.jsonl"))
        segment.write_bytes(b"".join(segment.read_bytes().splitlines(keepends=True)[:2]))  # restored from a backup
        await projector.catch_up()
        rows = await db.fetchall("SELECT session_id FROM sessions ORDER BY 1")
        assert await projector.verify() == []
    assert [r[0] for r in rows] == ["s0", "s1"]


async def test_a_projection_not_declared_order_free_is_replayed_when_a_late_event_reaches_it(tmp_path: Path) -> None:
    """A projection that keeps arrival order (here: a sequence of ids) has no ORDER_FREE: a late event replays it,
    so it still equals a rebuild; the order-free projections beside it apply the late event in place."""
    arrivals = types.ModuleType("arrivals")
    arrivals.NAME, arrivals.VERSION, arrivals.TABLES = "arrivals", 1, ("arrivals",)
    arrivals.SCHEMA = "CREATE TABLE arrivals (seq INTEGER PRIMARY KEY, event_id TEXT NOT NULL);"
    arrivals.apply = lambda conn, event: conn.execute("INSERT INTO arrivals (event_id) VALUES (?)", (event.id,))
    events_dir = tmp_path / "events"
    events_dir.mkdir()
    outcome = [
        Event(event_id(n), "2026-10-01T00:00:00.000Z", "outcome", {"session_id": f"s{n}", "outcome": "success"})
        for n in range(4)
    ]
    lines = [orjson.dumps(e.to_json_obj(), option=orjson.OPT_APPEND_NEWLINE) for e in outcome]
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="alpha") as log:
        projector = Projector(db, log, (arrivals, DEFAULT_PROJECTIONS[1]))
        await projector.setup()
        (events_dir / "2026-10.alpha.jsonl").write_bytes(lines[0] + lines[2] + lines[3])
        await projector.catch_up()
        (events_dir / "2026-10.beta.jsonl").write_bytes(lines[1])  # sorts between applied events
        assert await projector.catch_up() == 1 + 4  # sessions applies it in place; arrivals replays all four
        rows = await db.fetchall("SELECT event_id FROM arrivals ORDER BY seq")
        assert await projector.verify() == []
    assert [r[0] for r in rows] == [event_id(n) for n in range(4)]
