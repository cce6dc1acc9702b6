"""Projection `experience_effectiveness`: how often each referenced experience preceded success or failure.

Each `ref` is credited with its session's outcome, whichever arrives first: a ref after the outcome is
credited at once; an outcome credits the session's earlier refs; a changed outcome moves the credit. A
session's outcome is the one with the highest event id, so an older outcome arriving late from another
machine changes nothing: every count is a sum and the credit follows the final outcome (ORDER_FREE).
Laplace p = (s + 1) / (s + f + 2) is stored; the half-life decay depends on "now" and is applied at query
time (`decay_value`), because a projection must not read the clock.
Replay speed: `apply_batch` folds a whole batch in memory and merges it with a handful of statements; the
result equals applying the events one at a time (`apply` is the batch of one).
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass

from events.event import Event
from events.sqlite import select_in

NAME = "experience_effectiveness"
VERSION = 2
ORDER_FREE = True
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
    outcome TEXT NOT NULL,
    event_id TEXT NOT NULL
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


_INSERT_REFS = (
    "INSERT INTO experience_refs (session_id, experience_id, ref_count) VALUES (?, ?, ?)"
    " ON CONFLICT (session_id, experience_id) DO UPDATE SET ref_count = ref_count + excluded.ref_count"
)
_SAVE_OUTCOME = "INSERT OR REPLACE INTO session_outcomes (session_id, outcome, event_id) VALUES (?, ?, ?)"
# Why p is recomputed in SQL from the merged integer counts: that is exactly the expression the per-event
# code evaluated after every credit, so the stored double is bit-for-bit the same however events are batched.
_MERGE_TALLY = (
    "INSERT INTO experience_effectiveness (experience_id, total_refs, success_refs, fail_refs, p, last_ref)"
    " VALUES (?1, ?2, ?3, ?4, (?3 + 1.0) / (?3 + ?4 + 2.0), ?5)"
    " ON CONFLICT (experience_id) DO UPDATE SET total_refs = total_refs + excluded.total_refs,"
    " success_refs = success_refs + excluded.success_refs, fail_refs = fail_refs + excluded.fail_refs,"
    " p = (success_refs + excluded.success_refs + 1.0)"
    " / (success_refs + excluded.success_refs + fail_refs + excluded.fail_refs + 2.0),"
    " last_ref = coalesce(max(last_ref, excluded.last_ref), last_ref, excluded.last_ref)"
)
_CREDIT = (
    "UPDATE experience_effectiveness SET success_refs = success_refs + ?1, fail_refs = fail_refs + ?2,"
    " p = (success_refs + ?1 + 1.0) / (success_refs + ?1 + fail_refs + ?2 + 2.0) WHERE experience_id = ?3"
)


@dataclass(slots=True)
class _Tally:
    """What one batch adds to one experience's row (counts may go negative when an outcome flips)."""

    total: int = 0
    success: int = 0
    fail: int = 0
    last_ref: str | None = None

    def credit(self, outcome: str, amount: int) -> None:
        if outcome == "success":
            self.success += amount
        else:
            self.fail += amount


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """Apply events in order: the batch is folded in memory, then merged with a few statements.

    Equal to applying the events one by one: only this projection's tables are read, all of them before
    anything is written, and every merge is a sum of integers or a max of timestamps.
    """
    relevant = [e for e in events if e.type == "ref" or e.type == "outcome"]
    if not relevant:
        return
    sessions = sorted({e.data["session_id"] for e in relevant})
    decided = sorted({e.data["session_id"] for e in relevant if e.type == "outcome"})
    outcomes_sql = "SELECT session_id, outcome, event_id FROM session_outcomes WHERE session_id IN ({marks})"
    outcome_of: dict[str, str] = {}
    outcome_id: dict[str, str] = {}
    for session, outcome, event_id in select_in(conn, outcomes_sql, sessions):
        outcome_of[session], outcome_id[session] = outcome, event_id
    refs_of: dict[str, dict[str, int]] = {session: {} for session in decided}
    refs_sql = "SELECT session_id, experience_id, ref_count FROM experience_refs WHERE session_id IN ({marks})"
    for session, experience, count in select_in(conn, refs_sql, decided):
        refs_of[session][experience] = int(count)
    new_refs: dict[tuple[str, str], int] = {}
    tallies: dict[str, _Tally] = {}
    changed: dict[str, tuple[str, str]] = {}
    for event in relevant:
        data = event.data
        session = data["session_id"]
        if event.type == "ref":
            experience = data["experience_id"]
            key = (session, experience)
            new_refs[key] = new_refs.get(key, 0) + 1
            if (refs := refs_of.get(session)) is not None:
                refs[experience] = refs.get(experience, 0) + 1
            tally = tallies.get(experience) or tallies.setdefault(experience, _Tally())
            tally.total += 1
            if tally.last_ref is None or event.ts > tally.last_ref:
                tally.last_ref = event.ts
            if (outcome := outcome_of.get(session)) is not None:  # a ref after its outcome is credited at once
                tally.credit(outcome, 1)
            continue
        if event.id <= outcome_id.get(session, ""):
            continue  # an older outcome, arriving late: the newer one stands
        outcome, previous = data["outcome"], outcome_of.get(session)
        outcome_id[session] = event.id
        changed[session] = (outcome, event.id)
        if previous == outcome:
            continue
        outcome_of[session] = outcome
        for experience, count in refs_of[session].items():  # the outcome credits (or moves) earlier refs
            tally = tallies.get(experience) or tallies.setdefault(experience, _Tally())
            if previous is not None:
                tally.credit(previous, -count)
            tally.credit(outcome, count)
    conn.executemany(_INSERT_REFS, [(s, x, n) for (s, x), n in new_refs.items()])
    conn.executemany(_SAVE_OUTCOME, [(session, outcome, event_id) for session, (outcome, event_id) in changed.items()])
    merged = sorted(tallies.items())
    conn.executemany(_MERGE_TALLY, [(x, t.total, t.success, t.fail, t.last_ref) for x, t in merged if t.total])
    # Why: credit alone never creates a row (the per-event UPDATE matched nothing without an earlier ref).
    conn.executemany(_CREDIT, [(t.success, t.fail, x) for x, t in merged if not t.total])
