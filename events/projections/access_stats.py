"""Projection `access_stats`: how often each memory (by content hash) was retrieved, and its importance.

Importance starts at 0.5, rises by 0.01 per retrieval hit (capped at 1.0), and an `importance` event sets
it outright (later hits add to the set value). Keyed by content hash, so it survives renames and reindexes;
by its first 16 hex digits (`key_of`), which is what a search's `access` event carries for each hit to keep
the log small (64 bits: a collision is not expected in any memory's lifetime). A search's event counts as
one hit per listed hash, in its order, exactly as the older one-event-per-hit form did.
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "access_stats"
VERSION = 2  # 2: keyed by the content hash's first 16 hex digits; one `access` event may list many hits
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


KEY_DIGITS = 16


def key_of(content_hash: str) -> str:
    """The projection's key for a content hash (a search's access event carries only this much of it)."""
    return content_hash[:KEY_DIGITS]


def _statements(event: Event) -> list[tuple[str, tuple[object, ...]]]:
    if event.type == "access":
        hashes = event.data.get("hashes")
        if not isinstance(hashes, list):  # the older form: one hit per event
            hashes = [event.data.get("content_hash")]
        hit = (DEFAULT_IMPORTANCE, HIT_INCREMENT, HIT_INCREMENT)
        # a hit without a content hash cannot be attributed
        return [(_HIT, (key_of(h), event.ts, *hit)) for h in hashes if isinstance(h, str) and h]
    if event.type == "importance":
        return [(_SET_IMPORTANCE, (key_of(event.data["content_hash"]), float(event.data["value"])))]
    return []


def apply(conn: sqlite3.Connection, event: Event) -> None:
    for statement in _statements(event):
        conn.execute(*statement)


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """Each run of same-kind statements goes in one executemany, runs in log order: the same statements, in
    the same order, as one by one (the rounded importance sum depends on order, so runs are never merged)."""
    sql = ""
    rows: list[tuple[object, ...]] = []
    for event in events:
        for statement in _statements(event):
            if statement[0] != sql:
                if rows:
                    conn.executemany(sql, rows)
                sql, rows = statement[0], []
            rows.append(statement[1])
    if rows:
        conn.executemany(sql, rows)
