"""Projection `experience_effectiveness`: how often each referenced experience preceded success or failure.

Each `ref` is credited with its session's outcome, whichever arrives first: a ref after the outcome is
credited at once; an outcome credits the session's earlier refs; a changed outcome moves the credit.
Laplace p = (s + 1) / (s + f + 2) is stored; the half-life decay depends on "now" and is applied at query
time (`decay_value`), because a projection must not read the clock.
"""

from __future__ import annotations

import math
import sqlite3

from events.event import Event

NAME = "experience_effectiveness"
VERSION = 1
TABLES = ("experience_refs", "session_outcomes", "experience_effectiveness")
SCHEMA = """
CREATE TABLE experience_refs (
    session_id TEXT NOT NULL,
    experience_id TEXT NOT NULL,
    ref_count INTEGER NOT NULL,
    PRIMARY KEY (session_id, experience_id)
) WITHOUT ROWID;
CREATE TABLE session_outcomes (
    session_id TEXT PRIMARY KEY,
    outcome TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE experience_effectiveness (
    experience_id TEXT PRIMARY KEY,
    total_refs INTEGER NOT NULL DEFAULT 0,
    success_refs INTEGER NOT NULL DEFAULT 0,
    fail_refs INTEGER NOT NULL DEFAULT 0,
    p REAL NOT NULL DEFAULT 0.5,
    last_ref TEXT
) WITHOUT ROWID;
"""

HALF_LIFE_DAYS = 90.0
LOW_VALUE = 0.3
HIGH_VALUE = 0.7
_COLUMN = {"success": "success_refs", "failed": "fail_refs"}  # closed set, never user text


def laplace(success: int, fail: int) -> float:
    return (success + 1) / (success + fail + 2)


def decay_weight(age_days: float, half_life_days: float = HALF_LIFE_DAYS) -> float:
    return math.pow(0.5, max(age_days, 0.0) / half_life_days)


def flag(decay_value: float) -> str | None:
    if decay_value < LOW_VALUE:
        return "low"
    if decay_value > HIGH_VALUE:
        return "high"
    return None


def _credit(conn: sqlite3.Connection, experience_id: str, outcome: str, amount: int) -> None:
    column = _COLUMN[outcome]
    conn.execute(
        f"UPDATE experience_effectiveness SET {column} = {column} + ? WHERE experience_id = ?",
        (amount, experience_id),
    )


def _refresh_p(conn: sqlite3.Connection, experience_ids: list[str]) -> None:
    conn.executemany(
        "UPDATE experience_effectiveness SET p = (success_refs + 1.0) / (success_refs + fail_refs + 2.0)"
        " WHERE experience_id = ?",
        [(e,) for e in experience_ids],
    )


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if event.type == "ref":
        _apply_ref(conn, event)
    elif event.type == "outcome":
        _apply_outcome(conn, event)


def _apply_ref(conn: sqlite3.Connection, event: Event) -> None:
    session, experience = event.data["session_id"], event.data["experience_id"]
    conn.execute(
        "INSERT INTO experience_refs (session_id, experience_id, ref_count) VALUES (?, ?, 1)"
        " ON CONFLICT (session_id, experience_id) DO UPDATE SET ref_count = ref_count + 1",
        (session, experience),
    )
    conn.execute(
        "INSERT INTO experience_effectiveness (experience_id, total_refs, last_ref) VALUES (?, 1, ?)"
        " ON CONFLICT (experience_id) DO UPDATE SET total_refs = total_refs + 1,"
        " last_ref = max(coalesce(last_ref, ''), excluded.last_ref)",
        (experience, event.ts),
    )
    row = conn.execute("SELECT outcome FROM session_outcomes WHERE session_id = ?", (session,)).fetchone()
    if row is not None:
        _credit(conn, experience, row[0], 1)
        _refresh_p(conn, [experience])


def _apply_outcome(conn: sqlite3.Connection, event: Event) -> None:
    session, outcome = event.data["session_id"], event.data["outcome"]
    row = conn.execute("SELECT outcome FROM session_outcomes WHERE session_id = ?", (session,)).fetchone()
    previous = row[0] if row else None
    if previous == outcome:
        return
    conn.execute("INSERT OR REPLACE INTO session_outcomes (session_id, outcome) VALUES (?, ?)", (session, outcome))
    refs = conn.execute(
        "SELECT experience_id, ref_count FROM experience_refs WHERE session_id = ? ORDER BY experience_id",
        (session,),
    ).fetchall()
    for experience, count in refs:
        if previous is not None:
            _credit(conn, experience, previous, -count)
        _credit(conn, experience, outcome, count)
    _refresh_p(conn, [r[0] for r in refs])
