"""The projections behind "once per session" and "one event, not two": `session_slate` (what an agent context
was given, cleared by its compaction) and `event_keys` (idempotency keys), against a real SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from events.log import EventLog
from events.projections.runner import Projector
from events.queries import event_keys, session_slate
from events.sqlite import Database
from tests.test_projections import dump

HISTORY: list[tuple[str, dict[str, Any]]] = [
    (
        "injection",
        {"query_hash": "q1", "chunk_ids": ["c1"], "content_hashes": ["h1"], "items": ["i1"], "session_id": "s1"},
    ),
    (
        "injection",
        {"query_hash": "q2", "chunk_ids": [], "skills": ["pdf"], "files": ["MEMORY.md@ab"], "session_id": "s1"},
    ),
    (
        "injection",
        {"query_hash": "q3", "chunk_ids": ["c2"], "content_hashes": ["h2"], "session_id": "s1", "agent_id": "a1"},
    ),
    ("injection", {"query_hash": "q4", "chunk_ids": ["c1"], "content_hashes": ["h1"], "session_id": "s2"}),
    ("compaction", {"session_id": "s1", "trigger": "auto", "idempotency_key": "PreCompact:s1:x"}),
    ("injection", {"query_hash": "q5", "chunk_ids": ["c3"], "content_hashes": ["h3"], "session_id": "s1"}),
    ("edit", {"files": ["/a.py"], "idempotency_key": "PostToolUse:s1:t1"}),
    ("edit", {"files": ["/a.py"], "idempotency_key": "PostToolUse:s1:t1"}),  # a duplicate that got in anyway
    ("injection", {"query_hash": "q6", "chunk_ids": []}),  # no session: nothing to remember
]


async def test_a_compaction_clears_only_its_context_and_incremental_equals_rebuild(tmp_path: Path) -> None:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log)
        await projector.setup()
        first = await log.append(HISTORY[:5])
        await projector.catch_up()
        await log.append(HISTORY[5:])
        await projector.catch_up()
        incremental = dump(tmp_path / "index.db")
        await projector.rebuild()
        assert dump(tmp_path / "index.db") == incremental
        assert await projector.verify() == []

        def read(conn: sqlite3.Connection) -> tuple[frozenset[str], ...]:
            contexts = (("s1", ""), ("s1", "a1"), ("s2", ""), ("nobody", ""))
            return tuple(session_slate.given(conn, s, a) for s, a in contexts)

        main, subagent, other, nobody = await db.read(read)
        assert main == {"m:h3"}  # given before the compaction: forgotten; after it: remembered
        assert subagent == {"m:h2"}  # a subagent's context is its own
        assert other == {"m:h1"} and nobody == frozenset()
        keys = await db.read(lambda conn: event_keys.seen(conn, ["PostToolUse:s1:t1", "PreCompact:s1:x", "nope"]))
        assert keys["PreCompact:s1:x"] == first[4].id and set(keys) == {"PostToolUse:s1:t1", "PreCompact:s1:x"}
