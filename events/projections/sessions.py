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


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if event.type != "outcome":
        return
    data = event.data
    conn.execute(
        "INSERT OR REPLACE INTO sessions (session_id, outcome, corrections, ts) VALUES (?, ?, ?, ?)",
        (data["session_id"], data["outcome"], int(data.get("corrections") or 0), event.ts),
    )
