"""Projection `event_index`: every event by id, type, session and time, for the `events` query.

Why a projection: answering "the last outcomes of session X" by scanning JSONL would be O(log size).
"""

from __future__ import annotations

import sqlite3

import orjson

from events.event import Event

NAME = "event_index"
VERSION = 1
TABLES = ("event_index",)
SCHEMA = """
CREATE TABLE event_index (
    id TEXT PRIMARY KEY,
    ts TEXT NOT NULL,
    type TEXT NOT NULL,
    session_id TEXT,
    data BLOB NOT NULL
) WITHOUT ROWID;
CREATE INDEX event_index_type ON event_index(type, id);
CREATE INDEX event_index_session ON event_index(session_id, id) WHERE session_id IS NOT NULL;
"""


def apply(conn: sqlite3.Connection, event: Event) -> None:
    session = event.data.get("session_id")
    conn.execute(
        "INSERT OR IGNORE INTO event_index (id, ts, type, session_id, data) VALUES (?, ?, ?, ?, ?)",
        (
            event.id,
            event.ts,
            event.type,
            session if isinstance(session, str) else None,
            orjson.dumps(event.data, option=orjson.OPT_SORT_KEYS),
        ),
    )
