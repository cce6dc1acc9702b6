"""Projection `forgotten`: content hashes the user asked memoryd to forget.

Matched by content hash, so a forgotten memory stays out of search and context after a reindex, a rename
or a rebuild, for as long as that exact text exists anywhere. A hash forgotten twice (on two machines, say)
keeps the earliest time (ties: the smaller path), whatever order the events arrive in (ORDER_FREE).
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "forgotten"
VERSION = 1
ORDER_FREE = True
TYPES = ("forget",)  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("forgotten",)
SCHEMA = """
CREATE TABLE forgotten (
    content_hash TEXT PRIMARY KEY,
    forgotten_at TEXT NOT NULL,
    path TEXT
) WITHOUT ROWID;
"""


_INSERT = (
    "INSERT INTO forgotten (content_hash, forgotten_at, path) VALUES (?, ?, ?)"
    " ON CONFLICT (content_hash) DO UPDATE SET forgotten_at = excluded.forgotten_at, path = excluded.path"
    " WHERE (excluded.forgotten_at, coalesce(excluded.path, '')) < (forgotten_at, coalesce(path, ''))"
)


def _rows(event: Event) -> list[tuple[str, str, str | None]]:
    if event.type != "forget":
        return []
    path = event.data.get("path")
    return [(h, event.ts, path if isinstance(path, str) else None) for h in event.data["content_hashes"]]


def apply(conn: sqlite3.Connection, event: Event) -> None:
    conn.executemany(_INSERT, _rows(event))


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> list[tuple[str, str, str | None]]:
    return [row for e in events if e.type == "forget" for row in _rows(e)]


def apply_prepared(conn: sqlite3.Connection, rows: list[tuple[str, str, str | None]]) -> None:
    """The batch's hashes in one statement (the earliest forget of a hash keeps its time and path)."""
    conn.executemany(_INSERT, rows)
