"""Projection `event_index`: every event by id, type, session and time, for the `events` query.

Why a projection: answering "the last outcomes of session X" by scanning JSONL would be O(log size).
An id seen twice (a segment copied by hand under another name) keeps its smallest (ts, type, data), so the row
does not depend on which copy arrived first (ORDER_FREE).
"""

from __future__ import annotations

import sqlite3

import orjson

from events.event import Event

NAME = "event_index"
VERSION = 1
ORDER_FREE = True
TABLES = ("event_index",)
# Why deferred: these serve queries only (`events/queries/event_index.py`); `apply` writes by id;
# a replay from zero builds them once at its end (events/projections/bulk.py).
DEFERRED_INDEXES = ("event_index_type", "event_index_session")
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


_ON_CONFLICT = (
    " ON CONFLICT (id) DO UPDATE SET ts = excluded.ts, type = excluded.type, session_id = excluded.session_id,"
    " data = excluded.data WHERE (excluded.ts, excluded.type, excluded.data) < (ts, type, data)"
)
_INSERT = "INSERT INTO event_index (id, ts, type, session_id, data) VALUES (?, ?, ?, ?, ?)" + _ON_CONFLICT
# The columns of `prepare`'s rows, for a replay's reader process to stage them (`read_ahead.py`, `apply_staged`).
STAGED_COLUMNS = ("id", "ts", "type", "session_id", "data")


Rows = list[tuple[str, str, str, str | None, bytes]]


def prepare(events: list[Event]) -> Rows:
    """The rows of `events`. Why one loop with the names bound locally: it runs for every event of a replay."""
    dumps, sort_keys = orjson.dumps, orjson.OPT_SORT_KEYS
    rows = []
    for event in events:
        data = event.data
        session = data.get("session_id")
        rows.append(
            (
                event.id,
                event.ts,
                event.type,
                session if isinstance(session, str) else None,
                dumps(data, option=sort_keys),
            )
        )
    return rows


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def apply_prepared(conn: sqlite3.Connection, rows: Rows) -> None:
    """One statement for the whole batch (a repeated id keeps its smallest copy, as one by one)."""
    conn.executemany(_INSERT, rows)


def apply_staged(conn: sqlite3.Connection, table: str) -> None:
    """`apply_prepared` of the rows a replay's reader process staged in `table` (a qualified name it made), in
    the order they were staged. Why `WHERE true`: without it SQLite would read ON CONFLICT as a join's ON."""
    conn.execute(
        f"INSERT INTO event_index (id, ts, type, session_id, data) SELECT {', '.join(STAGED_COLUMNS)}"
        f" FROM {table} WHERE true ORDER BY rowid" + _ON_CONFLICT
    )
