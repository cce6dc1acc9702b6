"""Projection `sessions`: one row per session with its latest recorded outcome.

A later `outcome` for the same session replaces the earlier one (log order decides), so replays agree.
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "sessions"
VERSION = 1
TABLES = ("sessions",)
SCHEMA = """
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    outcome TEXT NOT NULL,
    corrections INTEGER NOT NULL,
    ts TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_ts ON sessions(ts);
"""


_UPSERT = "INSERT OR REPLACE INTO sessions (session_id, outcome, corrections, ts) VALUES (?, ?, ?, ?)"


def _row(event: Event) -> tuple[str, str, int, str]:
    data = event.data
    return (data["session_id"], data["outcome"], int(data.get("corrections") or 0), event.ts)


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if event.type == "outcome":
        conn.execute(_UPSERT, _row(event))


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """The batch's outcomes in log order, in one statement: the last one per session wins, as one by one."""
    conn.executemany(_UPSERT, [_row(e) for e in events if e.type == "outcome"])
