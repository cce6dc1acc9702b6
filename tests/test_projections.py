"""Projections against a real SQLite file: incremental equals rebuilt, Laplace credit, version bumps."""

from __future__ import annotations

import datetime as dt
import sqlite3
import types
from pathlib import Path
from typing import Any

import pytest

from events.log import EventLog
from events.projections import effectiveness, sessions
from events.projections.runner import DEFAULT_PROJECTIONS, Projector
from events.sqlite import Database
from pipeline.index_queries import ChunkKeys
from pipeline.retrieval.ranking import Signals, load_signals, recency


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        return {
            table: conn.execute(f'SELECT * FROM "{table}" ORDER BY 1, 2').fetchall()
            for projection in DEFAULT_PROJECTIONS
            for table in projection.TABLES
        }
    finally:
        conn.close()


MIXED = [
    ("ref", {"session_id": "s1", "experience_id": "use-uv"}),
    ("ref", {"session_id": "s1", "experience_id": "pin-deps"}),
    ("outcome", {"session_id": "s1", "outcome": "success", "corrections": 1}),
    ("ref", {"session_id": "s1", "experience_id": "use-uv"}),  # after the outcome: credited at once
    ("ref", {"session_id": "s2", "experience_id": "use-uv"}),
    ("outcome", {"session_id": "s2", "outcome": "failed"}),
    ("ref", {"session_id": "s3", "experience_id": "pin-deps"}),  # no outcome yet: not credited
    ("outcome", {"session_id": "s2", "outcome": "success"}),  # a corrected outcome moves the credit
    ("injection", {"query_hash": "q", "chunk_ids": ["use-uv", "c-9"], "session_id": "s3"}),  # injected: referenced
    ("injection", {"query_hash": "q", "chunk_ids": ["c-9"], "session_id": "s3"}),  # again in s3: counted once
    ("injection", {"query_hash": "q", "chunk_ids": ["c-nobody"]}),  # no session: nobody referenced it
    ("custom.unknown", {"x": 1}),
]


async def test_incremental_equals_rebuild(tmp_path: Path) -> None:
    """1. apply the mixed history in two batches; 2. dump; 3. rebuild from zero; 4. dumps are equal."""
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        await log.append(MIXED[:4])
        assert await projector.catch_up() == 4
        await log.append(MIXED[4:])
        assert await projector.catch_up() == 8
        assert await projector.catch_up() == 0  # idempotent: nothing new, nothing applied
        incremental = dump(tmp_path / "index.db")
        assert await projector.rebuild() == 12
        assert dump(tmp_path / "index.db") == incremental
        assert await projector.verify() == []
    rows = {r[0]: r[1:] for r in incremental["experience_effectiveness"]}
    # use-uv: once per session: s1 success (2 refs), s2 corrected to success, s3 injected (no outcome yet)
    assert rows["use-uv"][:3] == (3, 2, 0)
    assert rows["use-uv"][5] == pytest.approx((2 + 1) / (2 + 0 + 2))
    assert rows["c-9"][:3] == (1, 0, 0) and "c-nobody" not in rows
    # pin-deps: 2 refs, s1 success (1), s3 unknown
    assert rows["pin-deps"][:3] == (2, 1, 0)
    assert rows["pin-deps"][5] == pytest.approx(2 / 3)
    assert {r[0]: r[1:3] for r in incremental["sessions"]} == {"s1": ("success", 1), "s2": ("success", 0)}


EVIDENCE = [
    # s1: a memory, a rule (item) and a skill given at SessionStart / a prompt; judged success at 0.75
    ("injection", {"query_hash": "q", "chunk_ids": ["c-1"], "items": ["r-1"], "skills": [], "session_id": "s1"}),
    ("injection", {"query_hash": "q", "chunk_ids": [], "items": [], "skills": ["flaky-fix"], "session_id": "s1"}),
    ("outcome", {"session_id": "s1", "outcome": "success", "confidence": 0.75}),
    # s2: only the skill, and nothing tells whether the session went well
    ("injection", {"query_hash": "q", "chunk_ids": [], "items": [], "skills": ["flaky-fix"], "session_id": "s2"}),
    ("outcome", {"session_id": "s2", "outcome": "unknown", "confidence": 0.5}),
    # s3: the skill, then a failure judged with near certainty, later corrected to a weak success
    ("injection", {"query_hash": "q", "chunk_ids": [], "items": [], "skills": ["flaky-fix"], "session_id": "s3"}),
    ("outcome", {"session_id": "s3", "outcome": "failed", "confidence": 0.99}),
    ("outcome", {"session_id": "s3", "outcome": "success", "confidence": 0.6}),
]


async def test_every_kind_injected_is_credited_by_its_evidence(tmp_path: Path) -> None:
    """Memories, items and skills are all references; an unknown outcome credits nothing; credit follows the
    outcome's confidence and moves when the outcome is corrected; any batching gives the same rows."""
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        for index in range(0, len(EVIDENCE), 3):
            await log.append(EVIDENCE[index : index + 3])
            await projector.catch_up()
        incremental = dump(tmp_path / "index.db")
        await projector.rebuild()
        assert dump(tmp_path / "index.db") == incremental
    rows = {r[0]: r[1:] for r in incremental["experience_effectiveness"]}
    # (total, success, fail, success credit, fail credit, p, last_ref)
    assert rows["c-1"][:5] == (1, 1, 0, 500, 0) and rows["item:r-1"][:5] == (1, 1, 0, 500, 0)
    assert rows["skill:flaky-fix"][:5] == (3, 2, 0, 700, 0)  # s1 0.5 + s3 0.2; s2 unknown: nothing
    assert rows["skill:flaky-fix"][5] == pytest.approx((0.7 + 1) / (0.7 + 2))


def test_a_skill_whose_recent_sessions_fail_is_falling() -> None:
    helped = [("success", 1000)] * 4
    assert effectiveness.falling(helped + [("failed", 900)] * 3)
    assert not effectiveness.falling([*helped, ("failed", 900), ("success", 1000), ("success", 800)])
    assert not effectiveness.falling([("failed", 1000)] * 2)  # too few sessions to speak of a trend


async def test_verify_names_a_table_that_drifted(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        await log.append(MIXED)
        await projector.catch_up()
        await db.write(lambda conn: conn.execute("UPDATE sessions SET corrections = 99"))
        assert await projector.verify() == ["sessions"]


async def test_a_version_bump_rebuilds_only_that_projection(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        await log.append(MIXED)
        await projector.catch_up()
        bumped = types.ModuleType("sessions_v2")
        bumped.__dict__.update({k: getattr(sessions, k) for k in ("NAME", "TABLES", "SCHEMA", "apply")})
        bumped.VERSION = sessions.VERSION + 1
        projector2 = Projector(db, log, (DEFAULT_PROJECTIONS[0], bumped, effectiveness))
        assert await projector2.setup() == ["sessions"]
        assert await projector2.catch_up() == len(MIXED)  # only the bumped projection replays
        rows = await db.fetchall("SELECT count(*) FROM sessions")
        assert rows[0][0] == 2


async def test_an_event_arriving_late_from_another_machine_rebuilds(tmp_path: Path) -> None:
    """Another machine's segment synced in later holds an event whose id sorts before applied ones."""
    events_dir = tmp_path / "events"
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="beta") as beta:
        await beta.append([("outcome", {"session_id": "remote", "outcome": "failed"})])
    beta_segment = next(events_dir.glob("*.beta.jsonl"))
    hidden = tmp_path / "hidden.jsonl"
    beta_segment.rename(hidden)
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(events_dir, host="alpha") as alpha:
        projector = Projector(db, alpha)
        await projector.setup()
        await alpha.append(MIXED)
        await projector.catch_up()
        hidden.rename(beta_segment)  # the sync arrives
        await projector.catch_up()
        incremental = dump(tmp_path / "index.db")
        assert ("remote", "failed", 0) in [r[:3] for r in incremental["sessions"]]
        await projector.rebuild()
        assert dump(tmp_path / "index.db") == incremental


def test_laplace_decay_and_flags() -> None:
    assert effectiveness.laplace(0, 0) == 0.5
    assert effectiveness.laplace(8, 0) == pytest.approx(0.9)
    assert effectiveness.laplace(0, 8) == pytest.approx(0.1)
    assert effectiveness.decay_weight(0) == 1.0
    assert effectiveness.decay_weight(90) == pytest.approx(0.5)
    assert effectiveness.decay_weight(180) == pytest.approx(0.25)
    assert effectiveness.flag(0.29) == "low"
    assert effectiveness.flag(0.3) is None
    assert effectiveness.flag(0.7) is None
    assert effectiveness.flag(0.71) == "high"


ACCESS_HISTORY = [
    ("access", {"chunk_id": "c1", "content_hash": "h1", "query_hash": "q", "rank": 1, "score": 0.9}),
    ("access", {"chunk_id": "c2", "content_hash": "h2", "query_hash": "q", "rank": 2, "score": 0.5}),
    ("importance", {"content_hash": "h1", "value": 0.9}),
    ("access", {"chunk_id": "c1", "content_hash": "h1", "query_hash": "r", "rank": 1, "score": 0.8}),
    ("importance", {"content_hash": "h3", "value": 0.2}),
    ("forget", {"content_hashes": ["h2", "h4"], "path": "memory:notes.md"}),
    ("access", {"chunk_id": "c9", "query_hash": "q", "rank": 3, "score": 0.1}),  # no hash: not attributable
]


async def test_access_stats_and_forgotten_incremental_equals_rebuild(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        for item in ACCESS_HISTORY:  # one event per catch-up: the most incremental path
            await log.append([item])
            await projector.catch_up()
        columns = "content_hash, access_count, last_accessed_at, importance"
        stats = {r[0]: tuple(r[1:]) for r in await db.fetchall(f"SELECT {columns} FROM access_stats")}
        forgotten = sorted(r[0] for r in await db.fetchall("SELECT content_hash FROM forgotten"))
        await projector.rebuild()
        assert {r[0]: tuple(r[1:]) for r in await db.fetchall(f"SELECT {columns} FROM access_stats")} == stats
        assert await projector.verify() == []
    assert stats["h1"][0] == 2 and stats["h1"][2] == pytest.approx(0.91)  # set to 0.9, then one more hit
    assert stats["h2"][0] == 1 and stats["h2"][2] == pytest.approx(0.51)
    assert stats["h3"] == (0, None, 0.2)
    assert forgotten == ["h2", "h4"]


async def test_one_access_event_per_search_replays_like_one_per_hit(tmp_path: Path) -> None:
    """The same retrievals logged both ways (older logs hold one event per hit) give the same rows."""
    per_hit = [
        ("access", {"chunk_id": "c1", "content_hash": "a" * 64, "query_hash": "q", "rank": 1, "score": 0.9}),
        ("access", {"chunk_id": "c2", "content_hash": "b" * 64, "query_hash": "q", "rank": 2, "score": 0.5}),
        ("importance", {"content_hash": "a" * 64, "value": 0.7}),
        ("access", {"chunk_id": "c1", "content_hash": "a" * 64, "query_hash": "r", "rank": 1, "score": 0.8}),
    ]
    per_search = [
        ("access", {"query_hash": "q", "hashes": ["a" * 16, "b" * 16], "scores": [0.9, 0.5]}),
        ("importance", {"content_hash": "a" * 64, "value": 0.7}),
        ("access", {"query_hash": "r", "hashes": ["a" * 16], "scores": [0.8]}),
    ]
    tables = []
    for name, history in (("hit", per_hit), ("search", per_search)):
        async with Database.open(tmp_path / f"{name}.db") as db, EventLog.open(tmp_path / name) as log:
            projector = Projector(db, log)
            await projector.setup()
            await log.append(history)
            await projector.catch_up()
            tables.append([(r[0], r[1], r[3]) for r in await db.fetchall("SELECT * FROM access_stats ORDER BY 1")])
            assert await projector.verify() == []
    assert tables[0] == tables[1] == [("a" * 16, 2, 0.71), ("b" * 16, 1, 0.51)]


async def test_importance_is_capped_at_one(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        hit = {"chunk_id": "c", "content_hash": "h", "query_hash": "q", "rank": 1, "score": 1.0}
        await log.append([("importance", {"content_hash": "h", "value": 0.98})] + [("access", hit)] * 5)
        await projector.catch_up()
        rows = await db.fetchall("SELECT importance, access_count FROM access_stats")
    assert tuple(rows[0]) == (1.0, 5)


async def test_ranking_signals_come_from_the_projections(tmp_path: Path) -> None:
    """Each signal read for ranking reflects its events: importance, access recency, effectiveness (the most
    referenced of a chunk's id, hash or path), and forget; a chunk with no events gets the neutral values."""
    now = dt.datetime.now(dt.UTC)
    history = [
        ("importance", {"content_hash": "h-important", "value": 0.9}),
        (
            "access",
            {"content_hash": "h-accessed", "chunk_id": "c-accessed", "query_hash": "q", "rank": 1, "score": 1.0},
        ),
        ("forget", {"content_hashes": ["h-forgotten"], "path": "old.md"}),
        ("ref", {"session_id": "s1", "experience_id": "lessons.md"}),
        ("ref", {"session_id": "s1", "experience_id": "lessons.md"}),
        ("outcome", {"session_id": "s1", "outcome": "success"}),
        ("ref", {"session_id": "s2", "experience_id": "c-proven"}),  # fewer sessions than the path: not chosen
        ("outcome", {"session_id": "s2", "outcome": "failed"}),
        ("injection", {"query_hash": "q", "chunk_ids": ["lessons.md"], "session_id": "s3"}),
        ("outcome", {"session_id": "s3", "outcome": "success"}),
    ]
    week_old = now.timestamp() - 7 * 24 * 3600
    rows = [
        ChunkKeys(1, "c-plain", "h-plain", "plain.md", week_old),
        ChunkKeys(2, "c-important", "h-important", "important.md", week_old),
        ChunkKeys(3, "c-accessed", "h-accessed", "accessed.md", week_old),
        ChunkKeys(4, "c-forgotten", "h-forgotten", "old.md", week_old),
        ChunkKeys(5, "c-proven", "h-proven", "lessons.md", week_old),
    ]
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        await log.append(history)
        await projector.catch_up()
        signals = await db.read(lambda conn: load_signals(conn, rows, now))
    assert signals[1] == Signals(0.5, recency(7 * 24), 0.5, False)
    assert signals[2].importance == 0.9 and signals[2].effectiveness == 0.5
    assert signals[3].importance == pytest.approx(0.51) and signals[3].recency > 0.99
    assert signals[4].forgotten and not any(signals[i].forgotten for i in (1, 2, 3, 5))
    assert signals[5].effectiveness == pytest.approx(3 / 4, abs=0.01)  # lessons.md: 2 successful sessions


async def test_a_memory_keeps_the_ids_of_its_last_hundred_hits_however_the_hits_arrive(tmp_path: Path) -> None:
    """1. 130 hits, caught up in slices (the cap is looked at only for a memory at it); 2. 100 hit ids kept, the
    newest; importance 1.0 (0.5 + 100 x 0.01); 3. an importance set between hits counts only the hits after it;
    4. a rebuild in one batch gives the same rows."""
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        hits = [{"chunk_id": "c", "content_hash": h, "query_hash": "q", "rank": 1, "score": 1.0} for h in "hg"]
        ids = []
        for size in (40, 50, 1, 39):
            appended = await log.append([("access", hit) for _ in range(size) for hit in hits])
            ids += [event.id for event in appended if event.data["content_hash"] == "h"]
            await projector.catch_up()
        sql = "SELECT event_id FROM access_hits WHERE content_hash = 'h' ORDER BY event_id"
        assert [row[0] for row in await db.fetchall(sql)] == sorted(ids)[-100:]
        sql = "SELECT content_hash, hits_since_set, importance, access_count FROM access_stats ORDER BY 1"
        assert [tuple(row) for row in await db.fetchall(sql)] == [("g", 100, 1.0, 130), ("h", 100, 1.0, 130)]
        await log.append([("importance", {"content_hash": "h", "value": 0.2})] + [("access", hits[0])] * 3)
        await projector.catch_up()
        assert tuple((await db.fetchall(sql))[1]) == ("h", 3, 0.23, 133)
        assert len(await db.fetchall("SELECT event_id FROM access_hits WHERE content_hash = 'h'")) == 3
        incremental = dump(tmp_path / "index.db")
        await projector.rebuild()
        assert dump(tmp_path / "index.db") == incremental
