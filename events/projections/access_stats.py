"""Projection `access_stats`: how often each memory (by content hash) was retrieved, and its importance.

Importance starts at 0.5 and rises by 0.01 per retrieval hit (capped at 1.0); an `importance` event sets it
outright, and the hits after it (by event id) add to the set value: importance = min(1, set value + 0.01 x hits
since). Keyed by content hash, so it survives renames and reindexes; by its first 16 hex digits (`key_of`),
which is what a search's `access` event carries for each hit to keep the log small (64 bits: a collision is
not expected in any memory's lifetime). A search's event counts as one hit per listed hash, each with its
own id (`EVENT_ID:RANK`), exactly as the older one-event-per-hit form did.

Order: every column is a count, a maximum, or "the latest by event id", so late events from another machine
are applied as they come (ORDER_FREE). The one thing arrival order could hide: an `importance` event arriving
after hits that are newer than it must count only those hits. So the ids of the hits since the importance in
force are kept (`access_hits`; older ones are dropped when a newer importance wins, as they can never count
again), and a late importance counts them instead of starting from zero. At most the newest HITS_KEPT of them
per hash: importance reaches 1.0 after 100 hits from any set value, so counting more could change nothing,
and `hits_since_set` is capped alike, so the table stays bounded however often a memory is retrieved.
"""

from __future__ import annotations

import sqlite3

from events.event import Event
from events.sqlite import select_in

NAME = "access_stats"
VERSION = 3  # 3: keyed by the first 16 hex digits of the content hash; hits since a setting capped at 100
ORDER_FREE = True
TYPES = ("access", "importance")  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("access_stats", "access_hits")
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
CREATE TABLE access_hits (
    content_hash TEXT NOT NULL,
    event_id TEXT NOT NULL,
    PRIMARY KEY (content_hash, event_id)
) WITHOUT ROWID;
"""

DEFAULT_IMPORTANCE = 0.5
HIT_INCREMENT = 0.01
HITS_KEPT = 100  # = (1.0 - 0.0) / HIT_INCREMENT: more hits since a setting cannot raise importance further
KEY_DIGITS = 16


def key_of(content_hash: str) -> str:
    """The projection's key for a content hash (a search's access event carries only this much of it)."""
    return content_hash[:KEY_DIGITS]


# Why one closed form, evaluated in SQL after every change: the stored double then depends only on the final
# (set value, hits since) pair, never on the order or batching of the events that produced it.
_IMPORTANCE = "CASE WHEN hits_since_set = 0 THEN set_value ELSE min(1.0, round(set_value + ? * hits_since_set, 6)) END"


def _importance_of(set_value: str, hits: str) -> str:
    """`_IMPORTANCE` over other operands (the increment is parameter ?5)."""
    return f"CASE WHEN {hits} = 0 THEN {set_value} ELSE min(1.0, round({set_value} + ?5 * {hits}, 6)) END"


_HITS_AFTER = f"min({HITS_KEPT}, hits_since_set + (excluded.last_access_id > set_id))"
# Why the importance is set here too (the same closed form over the new hit count): hits are most of a replay's
# writes to this table, and recomputing each touched row once more afterwards cost a statement per memory.
_HIT = (
    "INSERT INTO access_stats (content_hash, access_count, last_accessed_at, importance, set_value,"
    f" hits_since_set, last_access_id) VALUES (?1, 1, ?2, {_importance_of('?3', '1')}, ?3, 1, ?4)"
    " ON CONFLICT (content_hash) DO UPDATE SET access_count = access_count + 1,"
    " last_accessed_at = max(coalesce(last_accessed_at, ''), excluded.last_accessed_at),"
    f" hits_since_set = {_HITS_AFTER}, importance = {_importance_of('set_value', _HITS_AFTER)},"
    " last_access_id = max(last_access_id, excluded.last_access_id)"
)
# Kept: exactly the hits newer than the importance in force (an older one can never count again).
_HIT_ID = (
    "INSERT OR IGNORE INTO access_hits (content_hash, event_id) SELECT ?1, ?2"
    " WHERE ?2 > coalesce((SELECT set_id FROM access_stats WHERE content_hash = ?1), '')"
)
# Why the subquery: a late importance counts the hits already applied that came after it (by id); in id order
# there are none, so it is the same value a replay computes.
_SET_IMPORTANCE = (
    "INSERT INTO access_stats (content_hash, set_id, set_value, hits_since_set) VALUES (?1, ?2, ?3,"
    f" min({HITS_KEPT}, (SELECT count(*) FROM access_hits WHERE content_hash = ?1 AND event_id > ?2)))"
    " ON CONFLICT (content_hash) DO UPDATE SET set_id = excluded.set_id, set_value = excluded.set_value,"
    " hits_since_set = excluded.hits_since_set WHERE excluded.set_id > set_id"
)
_PRUNE = (
    "DELETE FROM access_hits WHERE content_hash = ?1"
    " AND event_id <= (SELECT set_id FROM access_stats WHERE content_hash = ?1)"
)
_CAP = (
    "DELETE FROM access_hits WHERE content_hash = ?1 AND event_id < (SELECT event_id FROM access_hits"
    f" WHERE content_hash = ?1 ORDER BY event_id DESC LIMIT 1 OFFSET {HITS_KEPT - 1})"
)
# Why only these are capped: a memory keeps at most `hits_since_set` hit ids while that is under HITS_KEPT (both
# count the hits since the importance in force), so only one at the cap can hold more.
_AT_CAP = f"SELECT content_hash FROM access_stats WHERE content_hash IN ({{marks}}) AND hits_since_set >= {HITS_KEPT}"
_RECOMPUTE = f"UPDATE access_stats SET importance = {_IMPORTANCE} WHERE content_hash = ?"


def _hits(event: Event) -> list[tuple[str, str]]:
    """(key, hit id) of each attributable hit of an `access` event (a hit without a content hash cannot be)."""
    data = event.data
    hashes = data.get("hashes")
    if isinstance(hashes, list):  # one event per search: each hit gets the id EVENT_ID:RANK
        return [(key_of(h), f"{event.id}:{rank:03d}") for rank, h in enumerate(hashes, 1) if isinstance(h, str) and h]
    content_hash = data.get("content_hash")  # the older form: one hit per event
    return [(key_of(content_hash), event.id)] if isinstance(content_hash, str) and content_hash else []


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


# (kind of run, its rows, the hit ids it keeps): one run of hits or of importance settings, in log order.
Run = tuple[str, list[tuple[object, ...]], list[tuple[str, str]]]
Prepared = tuple[list[Run], list[str], list[str]]  # the runs, the hashes touched, the hashes given an importance
_RUN_SQL = {"hit": _HIT, "set": _SET_IMPORTANCE}


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> Prepared:
    """The batch as runs of hits (or of importance settings), keeping their order. Why the rows are built in
    this one loop (no statement tuples per hit): it sees every event of a replay."""
    runs: list[Run] = []
    kind = ""
    rows: list[tuple[object, ...]] = []
    hit_ids: list[tuple[str, str]] = []
    touched: set[str] = set()
    sets: set[str] = set()
    for event in events:
        event_type = event.type
        if event_type == "access":
            hits = _hits(event)
            if not hits:
                continue
            if kind != "hit":
                kind, rows, hit_ids = "hit", [], []
                runs.append((kind, rows, hit_ids))
            ts = event.ts
            for key, hit_id in hits:
                rows.append((key, ts, DEFAULT_IMPORTANCE, hit_id, HIT_INCREMENT))
                touched.add(key)
            hit_ids += hits
        elif event_type == "importance":
            if kind != "set":
                kind, rows, hit_ids = "set", [], []
                runs.append((kind, rows, hit_ids))
            key = key_of(event.data["content_hash"])
            rows.append((key, event.id, float(event.data["value"])))
            touched.add(key)
            sets.add(key)
    return runs, sorted(touched - sets), sorted(sets)


def apply_prepared(conn: sqlite3.Connection, prepared: Prepared) -> None:
    """Each run in one executemany (runs keep their order), then the hashes given an importance drop the hit
    ids it made useless, and every touched hash's importance is recomputed once."""
    runs, hit_only, sets = prepared
    for kind, rows, hit_ids in runs:
        conn.executemany(_RUN_SQL[kind], rows)
        if hit_ids:
            conn.executemany(_HIT_ID, hit_ids)
    conn.executemany(_PRUNE, [(key,) for key in sets])
    at_cap = sorted(str(row[0]) for row in select_in(conn, _AT_CAP, hit_only))
    conn.executemany(_CAP, [(key,) for key in at_cap])
    conn.executemany(_RECOMPUTE, [(HIT_INCREMENT, key) for key in sets])  # hits set theirs as they go
