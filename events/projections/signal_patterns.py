"""Projection `signal_patterns`: recurring problems over the last 8 sessions, and the current failure streak.

A pattern is one (signal kind, normalised key); its id is a stable hash of both (`pattern_id`). Sessions are
ordered by the id of their first `signal` or `outcome` event; the window is the last WINDOW_SESSIONS of
them. A pattern's `count` is the number of window sessions in which it was signalled (a chatty session that
repeats one error ten times still counts once); `occurrences` counts every signal in the window. Priority is
CRITICAL at count >= 5, HIGH at count >= 3, otherwise NORMAL. Status is the latest `pattern_status` event for
the pattern (default active); `recurred` counts signals logged after that status was set, so a problem that
comes back after being marked addressed is visible. "First", "latest" and "last" are by event id, never by
arrival, so a segment from another machine that arrives late ends in the same rows (ORDER_FREE).

The failure streak is the run of `failed` outcomes among the most recent sessions that have an outcome; it
is flagged at STREAK_FLAG or more.

Deterministic: the base tables are folded from events; the two derived tables (`signal_patterns`,
`failure_streak`) are recomputed from the base tables once per batch, so any batching gives the same rows.
"""

from __future__ import annotations

import functools
import hashlib
import sqlite3
from collections import defaultdict
from typing import Any

import orjson

from events.event import Event

NAME = "signal_patterns"
VERSION = 2
ORDER_FREE = True
TABLES = (
    "signal_sessions",
    "signal_occurrences",
    "signal_pattern_keys",
    "signal_pattern_status",
    "signal_patterns",
    "failure_streak",
)
SCHEMA = """
CREATE TABLE signal_sessions (
    session_id TEXT PRIMARY KEY,
    first_id TEXT NOT NULL UNIQUE,
    outcome TEXT,
    outcome_id TEXT NOT NULL DEFAULT '',
    first_ts TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE signal_occurrences (
    event_id TEXT PRIMARY KEY,
    pattern_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    ts TEXT NOT NULL,
    text TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX signal_occurrences_session ON signal_occurrences(session_id);
CREATE INDEX signal_occurrences_pattern ON signal_occurrences(pattern_id, event_id);
CREATE TABLE signal_pattern_keys (
    pattern_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    total INTEGER NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    last_text TEXT NOT NULL,
    last_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE signal_pattern_status (
    pattern_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    event_id TEXT NOT NULL,
    ts TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE signal_patterns (
    pattern_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    count INTEGER NOT NULL,
    occurrences INTEGER NOT NULL,
    priority TEXT NOT NULL,
    sessions TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    total INTEGER NOT NULL,
    status TEXT NOT NULL,
    recurred INTEGER NOT NULL,
    last_text TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX signal_patterns_count ON signal_patterns(count DESC);
CREATE TABLE failure_streak (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    length INTEGER NOT NULL,
    flagged INTEGER NOT NULL,
    sessions TEXT NOT NULL
);
"""

WINDOW_SESSIONS = 8
HIGH_AT = 3
CRITICAL_AT = 5
STREAK_FLAG = 3


@functools.lru_cache(maxsize=65536)
def pattern_id(kind: str, key: str) -> str:
    """Stable id of a pattern: the first 12 hex digits of sha256(kind NUL key)."""
    return hashlib.sha256(f"{kind}\x00{key}".encode()).hexdigest()[:12]


def priority_of(count: int) -> str:
    if count >= CRITICAL_AT:
        return "CRITICAL"
    if count >= HIGH_AT:
        return "HIGH"
    return "NORMAL"


# A session's place in the order is its smallest event id; its outcome the one with the largest.
_SESSION = (
    "INSERT INTO signal_sessions (session_id, first_id, outcome, outcome_id, first_ts) VALUES (?, ?, NULL, '', ?)"
    " ON CONFLICT (session_id) DO UPDATE SET first_id = excluded.first_id, first_ts = excluded.first_ts"
    " WHERE excluded.first_id < signal_sessions.first_id"
)
_SET_OUTCOME = "UPDATE signal_sessions SET outcome = ?, outcome_id = ? WHERE session_id = ? AND outcome_id < ?"
_OCCURRENCE = (
    "INSERT OR IGNORE INTO signal_occurrences (event_id, pattern_id, session_id, ts, text) VALUES (?, ?, ?, ?, ?)"
)
_KEY = (
    "INSERT INTO signal_pattern_keys (pattern_id, kind, key, total, first_seen, last_seen, last_text, last_id)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (pattern_id) DO UPDATE SET total = total + excluded.total,"
    " first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen),"
    " last_text = CASE WHEN excluded.last_id > last_id THEN excluded.last_text ELSE last_text END,"
    " last_id = max(last_id, excluded.last_id)"
)
_STATUS = (
    "INSERT INTO signal_pattern_status (pattern_id, status, event_id, ts) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (pattern_id) DO UPDATE SET status = excluded.status, event_id = excluded.event_id,"
    " ts = excluded.ts WHERE excluded.event_id > signal_pattern_status.event_id"
)


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """Fold the batch in memory in log order, merge it with one statement per table, then recompute.

    Equal to applying the events one by one, in any order: a session's place in the order is its smallest
    event id, its outcome the one with the largest; a key's total is a sum, its first/last seen a min/max, its
    text the one of its largest event id; a status the one of its largest event id.
    """
    relevant = [e for e in events if e.type in ("signal", "outcome", "pattern_status")]
    if not relevant:
        return
    first: dict[str, tuple[str, str]] = {}  # session -> (smallest event id, its ts); the batch is in id order
    outcomes: dict[str, tuple[str, str]] = {}
    occurrences: list[tuple[str, str, str, str, str]] = []
    keys: dict[str, list[Any]] = {}
    statuses: dict[str, tuple[str, str, str, str]] = {}
    for event in relevant:
        data = event.data
        if event.type == "pattern_status":
            statuses[data["pattern_id"]] = (data["pattern_id"], data["status"], event.id, event.ts)
            continue
        session = data["session_id"]
        first.setdefault(session, (event.id, event.ts))
        if event.type == "outcome":
            outcomes[session] = (data["outcome"], event.id)
            continue
        pid = pattern_id(data["kind"], data["key"])
        text = str(data.get("text") or "")
        occurrences.append((event.id, pid, session, event.ts, text))
        folded = keys.get(pid)
        if folded is None:
            keys[pid] = [pid, data["kind"], data["key"], 1, event.ts, event.ts, text, event.id]
        else:
            folded[3] += 1
            folded[4], folded[5], folded[6], folded[7] = (
                min(folded[4], event.ts),
                max(folded[5], event.ts),
                text,
                event.id,
            )
    conn.executemany(_SESSION, [(session, first_id, ts) for session, (first_id, ts) in first.items()])
    conn.executemany(_SET_OUTCOME, [(outcome, oid, session, oid) for session, (outcome, oid) in outcomes.items()])
    conn.executemany(_OCCURRENCE, occurrences)
    conn.executemany(_KEY, [tuple(row) for row in keys.values()])
    conn.executemany(_STATUS, statuses.values())
    recompute(conn)


def recompute(conn: sqlite3.Connection) -> None:
    """Rewrite `signal_patterns` and `failure_streak` from the base tables (a pure function of them)."""
    window = conn.execute(
        "SELECT session_id, first_id FROM signal_sessions ORDER BY first_id DESC LIMIT ?", (WINDOW_SESSIONS,)
    ).fetchall()
    seq_of = {session: first_id for session, first_id in window}
    sessions_of: dict[str, set[str]] = defaultdict(set)
    occurrences: dict[str, int] = defaultdict(int)
    if seq_of:
        marks = ",".join("?" * len(seq_of))
        rows = conn.execute(
            f"SELECT pattern_id, session_id FROM signal_occurrences WHERE session_id IN ({marks})", list(seq_of)
        ).fetchall()
        for pid, session in rows:
            sessions_of[pid].add(session)
            occurrences[pid] += 1
    recurred = dict(
        conn.execute(
            "SELECT s.pattern_id, count(o.event_id) FROM signal_pattern_status s"
            " JOIN signal_occurrences o ON o.pattern_id = s.pattern_id AND o.event_id > s.event_id"
            " GROUP BY s.pattern_id"
        ).fetchall()
    )
    status_of = dict(conn.execute("SELECT pattern_id, status FROM signal_pattern_status").fetchall())
    rows_out = []
    for pid, kind, key, total, first_seen, last_seen, last_text in conn.execute(
        "SELECT pattern_id, kind, key, total, first_seen, last_seen, last_text FROM signal_pattern_keys"
    ).fetchall():
        involved = sorted(sessions_of.get(pid, ()), key=lambda s: seq_of[s])
        count = len(involved)
        rows_out.append(
            (
                pid,
                kind,
                key,
                count,
                occurrences.get(pid, 0),
                priority_of(count),
                orjson.dumps(involved).decode(),
                first_seen,
                last_seen,
                total,
                status_of.get(pid, "active"),
                int(recurred.get(pid, 0)),
                last_text,
            )
        )
    conn.execute("DELETE FROM signal_patterns")
    conn.executemany(f"INSERT INTO signal_patterns VALUES ({','.join('?' * 13)})", rows_out)
    _recompute_streak(conn)


def _recompute_streak(conn: sqlite3.Connection) -> None:
    streak: list[str] = []
    for session, outcome in conn.execute(
        "SELECT session_id, outcome FROM signal_sessions WHERE outcome IS NOT NULL ORDER BY first_id DESC"
    ):
        if outcome != "failed":
            break
        streak.append(session)
    streak.reverse()
    conn.execute(
        "INSERT OR REPLACE INTO failure_streak (id, length, flagged, sessions) VALUES (1, ?, ?, ?)",
        (len(streak), int(len(streak) >= STREAK_FLAG), orjson.dumps(streak).decode()),
    )
