"""Projection `access_stats`: how often each memory (by content hash) was retrieved, and its importance.

Importance starts at 0.5, rises by 0.01 per retrieval hit (capped at 1.0), and an `importance` event sets
it outright (later hits add to the set value). Keyed by content hash, so it survives renames and reindexes.
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "access_stats"
VERSION = 1
TABLES = ("access_stats",)
SCHEMA = """
CREATE TABLE access_stats (
    content_hash TEXT PRIMARY KEY,
    access_count INTEGER NOT NULL DEFAULT 0,
    last_accessed_at TEXT,
    importance REAL NOT NULL DEFAULT 0.5
) WITHOUT ROWID;
"""

DEFAULT_IMPORTANCE = 0.5
HIT_INCREMENT = 0.01


_HIT = (
    "INSERT INTO access_stats (content_hash, access_count, last_accessed_at, importance)"
    " VALUES (?, 1, ?, min(1.0, ? + ?))"
    " ON CONFLICT (content_hash) DO UPDATE SET access_count = access_count + 1,"
    " last_accessed_at = max(coalesce(last_accessed_at, ''), excluded.last_accessed_at),"
    " importance = min(1.0, round(importance + ?, 6))"
)
_SET_IMPORTANCE = (
    "INSERT INTO access_stats (content_hash, importance) VALUES (?, ?)"
    " ON CONFLICT (content_hash) DO UPDATE SET importance = excluded.importance"
)


def _statement(event: Event) -> tuple[str, tuple[object, ...]] | None:
    if event.type == "access":
        key = event.data.get("content_hash")
        if not isinstance(key, str) or not key:
            return None  # an access without a content hash cannot be attributed
        return _HIT, (key, event.ts, DEFAULT_IMPORTANCE, HIT_INCREMENT, HIT_INCREMENT)
    if event.type == "importance":
        return _SET_IMPORTANCE, (event.data["content_hash"], float(event.data["value"]))
    return None


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if (statement := _statement(event)) is not None:
        conn.execute(*statement)


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """Each run of same-kind events goes in one executemany, runs in log order: the same statements, in the
    same order, as one by one (the rounded importance sum depends on order, so runs are never merged)."""
    sql = ""
    rows: list[tuple[object, ...]] = []
    for event in events:
        if (statement := _statement(event)) is None:
            continue
        if statement[0] != sql:
            if rows:
                conn.executemany(sql, rows)
            sql, rows = statement[0], []
        rows.append(statement[1])
    if rows:
        conn.executemany(sql, rows)
