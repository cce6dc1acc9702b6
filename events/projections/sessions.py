"""Projection `sessions`: one row per session with its latest recorded outcome.

The outcome with the highest event id wins, whatever order events arrive in (another machine's segment may
bring an older or a newer one later), so every machine and every replay agree (ORDER_FREE).
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "sessions"
VERSION = 2
ORDER_FREE = True
TYPES = ("outcome",)  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("sessions",)
# Why deferred: these serve queries only; `apply` writes by session;
# a replay from zero builds them once at its end (events/projections/bulk.py).
DEFERRED_INDEXES = ("sessions_ts",)
SCHEMA = """
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    outcome TEXT NOT NULL,
    corrections INTEGER NOT NULL,
    ts TEXT NOT NULL,
    event_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_ts ON sessions(ts);
"""


_UPSERT = (
    "INSERT INTO sessions (session_id, outcome, corrections, ts, event_id) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (session_id) DO UPDATE SET outcome = excluded.outcome, corrections = excluded.corrections,"
    " ts = excluded.ts, event_id = excluded.event_id WHERE excluded.event_id > sessions.event_id"
)


def _row(event: Event) -> tuple[str, str, int, str, str]:
    data = event.data
    return (data["session_id"], data["outcome"], int(data.get("corrections") or 0), event.ts, event.id)


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if event.type == "outcome":
        conn.execute(_UPSERT, _row(event))


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> list[tuple[str, str, int, str, str]]:
    return [_row(e) for e in events if e.type == "outcome"]


def apply_prepared(conn: sqlite3.Connection, rows: list[tuple[str, str, int, str, str]]) -> None:
    """The batch's outcomes in one statement: the highest event id per session wins, as one by one."""
    conn.executemany(_UPSERT, rows)
