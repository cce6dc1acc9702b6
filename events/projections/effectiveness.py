"""Projection `experience_effectiveness`: how often each referenced experience preceded success or failure.

A session references an experience when an agent records a `ref`, when memoryd injects it into the session
(an `injection` event with a `session_id`: each of its `chunk_ids`), or when the session reads it with `get`
(recorded as a `ref`). Each experience counts **once per session**, however often it was referenced there:
`total_refs` is the number of sessions, and each such session is credited with its outcome, whichever
arrives first: a reference after the outcome is credited at once; an outcome credits the session's earlier
references; a changed outcome moves the credit. A session's outcome is the one with the highest event id, so
an older outcome arriving late from another machine changes nothing: the counts are sums over sets and the
credit follows the final outcome, whatever order the events arrive in (ORDER_FREE). Laplace
p = (s + 1) / (s + f + 2) is stored; the half-life decay toward the neutral 0.5 depends on "now" and is
applied at query time (`decay_value`), because a projection must not read the clock.
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
VERSION = 3  # 2 (once per session, injections) and 2 (order-free outcomes) merged
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


def decay_value(p: float, age_days: float, half_life_days: float = HALF_LIFE_DAYS) -> float:
    """p decayed toward the neutral 0.5 (DESIGN.md 3.4): old evidence fades to "unknown", never to "bad"."""
    return 0.5 + (p - 0.5) * decay_weight(age_days, half_life_days)


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
    relevant = [
        e for e in events if e.type in ("ref", "outcome") or (e.type == "injection" and e.data.get("session_id"))
    ]
    if not relevant:
        return
    sessions = sorted({e.data["session_id"] for e in relevant})
    outcomes_sql = "SELECT session_id, outcome, event_id FROM session_outcomes WHERE session_id IN ({marks})"
    outcome_of: dict[str, str] = {}
    outcome_id: dict[str, str] = {}
    for session, outcome, event_id in select_in(conn, outcomes_sql, sessions):
        outcome_of[session], outcome_id[session] = outcome, event_id
    refs_of: dict[str, dict[str, int]] = {session: {} for session in sessions}
    refs_sql = "SELECT session_id, experience_id, ref_count FROM experience_refs WHERE session_id IN ({marks})"
    for session, experience, count in select_in(conn, refs_sql, sessions):
        refs_of[session][experience] = int(count)
    new_refs: dict[tuple[str, str], int] = {}
    tallies: dict[str, _Tally] = {}
    changed: dict[str, tuple[str, str]] = {}
    for event in relevant:
        if event.type == "outcome":
            session, outcome = event.data["session_id"], event.data["outcome"]
            if event.id <= outcome_id.get(session, ""):
                continue  # an older outcome, arriving late: the newer one stands
            previous = outcome_of.get(session)
            outcome_id[session] = event.id
            changed[session] = (outcome, event.id)
            if previous == outcome:
                continue
            outcome_of[session] = outcome
            for experience in refs_of[session]:  # the outcome credits (or moves) the session's references
                tally = tallies.get(experience) or tallies.setdefault(experience, _Tally())
                if previous is not None:
                    tally.credit(previous, -1)
                tally.credit(outcome, 1)
            continue
        session = event.data["session_id"]
        known = refs_of[session]
        for experience in _referenced(event):
            key = (session, experience)
            new_refs[key] = new_refs.get(key, 0) + 1
            tally = tallies.get(experience) or tallies.setdefault(experience, _Tally())
            if tally.last_ref is None or event.ts > tally.last_ref:
                tally.last_ref = event.ts
            if experience in known:
                known[experience] += 1
                continue  # once per session: a second reference in the same session adds nothing
            known[experience] = 1
            tally.total += 1
            if (outcome := outcome_of.get(session)) is not None:  # a reference after its outcome: credited now
                tally.credit(outcome, 1)
    conn.executemany(_INSERT_REFS, [(s, x, n) for (s, x), n in new_refs.items()])
    conn.executemany(_SAVE_OUTCOME, [(session, outcome, event_id) for session, (outcome, event_id) in changed.items()])
    merged = sorted(tallies.items())
    conn.executemany(_MERGE_TALLY, [(x, t.total, t.success, t.fail, t.last_ref) for x, t in merged])


def _referenced(event: Event) -> list[str]:
    """The experiences an event says its session referenced: a `ref`'s one, an injection's chunks."""
    data = event.data
    if event.type == "ref":
        return [data["experience_id"]]
    if event.type == "injection" and isinstance(data.get("session_id"), str) and data["session_id"]:
        return list(dict.fromkeys(str(c) for c in data.get("chunk_ids") or () if c))
    return []
