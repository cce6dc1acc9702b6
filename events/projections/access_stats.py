"""Projection `access_stats`: how often each memory (by content hash) was retrieved, and its importance.

Importance starts at 0.5 and rises by 0.01 per retrieval hit (capped at 1.0); an `importance` event sets it
outright, and the hits after it (by event id) add to the set value: importance = min(1, set value + 0.01 x hits
since). Keyed by content hash, so it survives renames and reindexes.

Order: every column is a count, a maximum, or "the latest by event id", so late events from another machine
are applied as they come, with one exception: an `importance` event older than hits already applied to its
hash cannot know how many of them came after it, so `needs_replay` asks the runner to replay this projection.
That happens only when a set importance crosses machines, which is rare.
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "access_stats"
VERSION = 2
TABLES = ("access_stats",)
SCHEMA = """
CREATE TABLE access_stats (
    content_hash TEXT PRIMARY KEY,
    access_count INTEGER NOT NULL DEFAULT 0,
    last_accessed_at TEXT,
    importance REAL NOT NULL DEFAULT 0.5,
    set_id TEXT NOT NULL DEFAULT '',
    set_value REAL NOT NULL DEFAULT 0.5,
    hits_since_set INTEGER NOT NULL DEFAULT 0,
    last_access_id TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
"""

DEFAULT_IMPORTANCE = 0.5
HIT_INCREMENT = 0.01

# Why one closed form, evaluated in SQL after every change: the stored double then depends only on the final
# (set value, hits since) pair, never on the order or batching of the events that produced it.
_IMPORTANCE = "CASE WHEN hits_since_set = 0 THEN set_value ELSE min(1.0, round(set_value + ? * hits_since_set, 6)) END"
_HIT = (
    "INSERT INTO access_stats (content_hash, access_count, last_accessed_at, set_value, hits_since_set,"
    " last_access_id) VALUES (?, 1, ?, ?, 1, ?)"
    " ON CONFLICT (content_hash) DO UPDATE SET access_count = access_count + 1,"
    " last_accessed_at = max(coalesce(last_accessed_at, ''), excluded.last_accessed_at),"
    " hits_since_set = hits_since_set + (excluded.last_access_id > set_id),"
    " last_access_id = max(last_access_id, excluded.last_access_id)"
)
_SET_IMPORTANCE = (
    "INSERT INTO access_stats (content_hash, set_id, set_value) VALUES (?, ?, ?)"
    " ON CONFLICT (content_hash) DO UPDATE SET set_id = excluded.set_id, set_value = excluded.set_value,"
    " hits_since_set = 0 WHERE excluded.set_id > set_id"
)
_RECOMPUTE = f"UPDATE access_stats SET importance = {_IMPORTANCE} WHERE content_hash = ?"


def _statement(event: Event) -> tuple[str, tuple[object, ...]] | None:
    if event.type == "access":
        key = event.data.get("content_hash")
        if not isinstance(key, str) or not key:
            return None  # an access without a content hash cannot be attributed
        return _HIT, (key, event.ts, DEFAULT_IMPORTANCE, event.id)
    if event.type == "importance":
        return _SET_IMPORTANCE, (event.data["content_hash"], event.id, float(event.data["value"]))
    return None


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """Each run of same-kind events goes in one executemany (hits and sets do not commute within a hash, so
    runs keep their order), then the importance of every touched hash is recomputed once."""
    sql = ""
    rows: list[tuple[object, ...]] = []
    touched: set[str] = set()
    for event in events:
        if (statement := _statement(event)) is None:
            continue
        if statement[0] != sql:
            if rows:
                conn.executemany(sql, rows)
            sql, rows = statement[0], []
        rows.append(statement[1])
        touched.add(str(statement[1][0]))
    if rows:
        conn.executemany(sql, rows)
    conn.executemany(_RECOMPUTE, [(HIT_INCREMENT, key) for key in sorted(touched)])


def needs_replay(conn: sqlite3.Connection, late: list[Event]) -> bool:
    """True when a late `importance` event is older than a hit already applied to its hash."""
    for event in late:
        if event.type != "importance":
            continue
        row = conn.execute(
            "SELECT last_access_id FROM access_stats WHERE content_hash = ?", (event.data["content_hash"],)
        ).fetchone()
        if row is not None and row[0] > event.id:
            return True
    return False
