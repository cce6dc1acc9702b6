"""Projection `experience_effectiveness`: how often each referenced experience preceded success or failure.

An **experience** is anything that reached an agent in a session: a memory chunk (its id), a file item
(a MEMORY.md lesson, a rule, a fact: `item:HASH`), a skill (`skill:NAME`), or whatever a `ref` names (a file
read with `get`, a skill opened). A session references it when memoryd injects it (an `injection` event with
a `session_id`: its `chunk_ids`, `items` and `skills`) or when a `ref` is recorded. Each experience counts
**once per session**, however often it was referenced there: `total_refs` is the number of sessions.

Credit comes from evidence only. A session's outcome carries a confidence; its **weight** is 2 × (confidence −
0.5), in thousandths (0 for a coin toss, 1000 for certainty; an outcome recorded without a confidence is
certain), and an `unknown` outcome (no evidence either way) credits nothing. Each referenced experience gets
the weight as success or failure credit, whichever arrives first: a reference after the outcome is credited at
once; an outcome credits the session's earlier references; a changed outcome moves the credit. A session's
outcome is the one with the highest event id, so an older outcome arriving late from another machine changes
nothing: the counts are sums over sets and the credit follows the final outcome, whatever order the events
arrive in (ORDER_FREE). Laplace p = (s + 1) / (s + f + 2) over the credits is stored; the half-life decay
toward the neutral 0.5 depends on "now" and is applied at query time (`decay_value`), because a projection
must not read the clock. Integer thousandths keep every sum exact, so any batching gives the same bits.
Replay speed: `apply_batch` folds a whole batch in memory and merges it with a handful of statements; the
result equals applying the events one at a time (`apply` is the batch of one).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from events.event import Event
from events.sqlite import select_in

NAME = "experience_effectiveness"
VERSION = 4  # items, skills and evidence-weighted credit
ORDER_FREE = True
TYPES = ("ref", "outcome", "injection")  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("experience_refs", "session_outcomes", "experience_effectiveness")
# Why deferred: these serve queries only; `apply_batch` reads refs by session;
# a replay from zero builds them once at its end (events/projections/bulk.py).
DEFERRED_INDEXES = ("experience_refs_experience",)
SCHEMA = """
CREATE TABLE experience_refs (
    session_id TEXT NOT NULL,
    experience_id TEXT NOT NULL,
    ref_count INTEGER NOT NULL,
    PRIMARY KEY (session_id, experience_id)
) WITHOUT ROWID;
CREATE INDEX experience_refs_experience ON experience_refs(experience_id);
CREATE TABLE session_outcomes (
    session_id TEXT PRIMARY KEY,
    outcome TEXT NOT NULL,
    event_id TEXT NOT NULL,
    weight INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE experience_effectiveness (
    experience_id TEXT PRIMARY KEY,
    total_refs INTEGER NOT NULL DEFAULT 0,
    success_refs INTEGER NOT NULL DEFAULT 0,
    fail_refs INTEGER NOT NULL DEFAULT 0,
    success_credit INTEGER NOT NULL DEFAULT 0,
    fail_credit INTEGER NOT NULL DEFAULT 0,
    p REAL NOT NULL DEFAULT 0.5,
    last_ref TEXT
) WITHOUT ROWID;
"""

HALF_LIFE_DAYS = 90.0
LOW_VALUE = 0.3
HIGH_VALUE = 0.7
FULL_WEIGHT = 1000  # credit in thousandths of a session
CREDITED = ("success", "failed")  # `unknown` (no evidence either way) credits nothing
ITEM_PREFIX = "item:"
SKILL_PREFIX = "skill:"


def laplace(success: float, fail: float) -> float:
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


def outcome_weight(data: Mapping[str, object]) -> int:
    """The credit an outcome gives each of its session's references, in thousandths: none for `unknown`,
    2 × (confidence − 0.5) for an outcome judged from evidence, all of it for one recorded without a
    confidence (an agent or a person said so)."""
    if data.get("outcome") not in CREDITED:
        return 0
    confidence = data.get("confidence")
    if not isinstance(confidence, int | float) or isinstance(confidence, bool):
        return FULL_WEIGHT
    return max(0, min(FULL_WEIGHT, round(FULL_WEIGHT * 2 * (float(confidence) - 0.5))))


# Why the rows are written in (session, experience) order: that is the table's key, and a replay's sessions are
# mostly new, so the rows go in at the end of the B-tree; the experience index, which they would reach at
# scattered places, is built once after a replay from zero (DEFERRED_INDEXES).
_INSERT_REFS = (
    "INSERT INTO experience_refs (session_id, experience_id, ref_count) VALUES (?, ?, ?)"
    " ON CONFLICT (session_id, experience_id) DO UPDATE SET ref_count = ref_count + excluded.ref_count"
)
_SAVE_OUTCOME = "INSERT OR REPLACE INTO session_outcomes (session_id, outcome, event_id, weight) VALUES (?, ?, ?, ?)"
# Why p is recomputed in SQL from the merged integer credits: the same expression over the same integers gives
# the same double however events are batched. Why coalesce: a batch that takes back more credit than it adds
# (outcomes flipped within it) can pass through a zero denominator, and SQLite's x/0 is NULL, which the NOT NULL
# column refuses: the row is then a coin toss until the rest of the credits arrive.
_MERGE_TALLY = (
    "INSERT INTO experience_effectiveness"
    " (experience_id, total_refs, success_refs, fail_refs, success_credit, fail_credit, p, last_ref)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, coalesce((?5 / 1000.0 + 1.0) / ((?5 + ?6) / 1000.0 + 2.0), 0.5), ?7)"
    " ON CONFLICT (experience_id) DO UPDATE SET total_refs = total_refs + excluded.total_refs,"
    " success_refs = success_refs + excluded.success_refs, fail_refs = fail_refs + excluded.fail_refs,"
    " success_credit = success_credit + excluded.success_credit, fail_credit = fail_credit + excluded.fail_credit,"
    " p = coalesce(((success_credit + excluded.success_credit) / 1000.0 + 1.0)"
    " / ((success_credit + excluded.success_credit + fail_credit + excluded.fail_credit) / 1000.0 + 2.0), 0.5),"
    " last_ref = coalesce(max(last_ref, excluded.last_ref), last_ref, excluded.last_ref)"
)


@dataclass(slots=True)
class _Tally:
    """What one batch adds to one experience's row (counts may go negative when an outcome flips)."""

    total: int = 0
    success: int = 0
    fail: int = 0
    success_credit: int = 0
    fail_credit: int = 0
    last_ref: str | None = None

    def credit(self, outcome: str, weight: int, sign: int) -> None:
        if outcome == "success":
            self.success += sign
            self.success_credit += sign * weight
        elif outcome == "failed":
            self.fail += sign
            self.fail_credit += sign * weight


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


# What a batch says of each session it names, in the order they first appear: the experiences it referenced
# there (each with how often: the batch's `experience_refs` counts) and its newest outcome in the batch (event id,
# outcome, weight) or None; and the latest reference of each experience (its ts).
Prepared = tuple[dict[str, tuple[dict[str, int], tuple[str, str, int] | None]], dict[str, str]]


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> Prepared:
    """The batch folded per session and per experience, without the database (see `Prepared`).

    Why per session, not per event: what a batch adds to a session's tallies depends only on what the session
    held before it (its references, its outcome), what the batch referenced there and the outcome in force at
    the batch's end (`apply_prepared`); folding each event against the stored state cost the applier a loop
    step per reference.
    """
    sessions: dict[str, tuple[dict[str, int], tuple[str, str, int] | None]] = {}
    last_ref: dict[str, str] = {}
    for e in events:
        kind = e.type
        if kind == "ref":
            experiences: tuple[str, ...] | list[str] = (str(e.data["experience_id"]),)
        elif kind == "outcome":
            data = e.data
            session = data["session_id"]
            counts, newest = sessions.get(session) or ({}, None)
            if newest is None or e.id > newest[0]:
                newest = (e.id, str(data["outcome"]), outcome_weight(data))
            sessions[session] = (counts, newest)
            continue
        elif kind == "injection" and e.data.get("session_id"):
            experiences = referenced(e)
        else:
            continue
        session = e.data["session_id"]
        if (held := sessions.get(session)) is None:
            held = sessions[session] = ({}, None)
        counts = held[0]
        ts = e.ts
        for experience in experiences:
            counts[experience] = counts.get(experience, 0) + 1
            if ts > last_ref.get(experience, ""):
                last_ref[experience] = ts
    return sessions, last_ref


def apply_prepared(conn: sqlite3.Connection, prepared: Prepared) -> None:
    """Merge a folded batch with three statements, after reading what its sessions held before it.

    Equal to applying the events one by one: every column is a sum of integers or a max of timestamps, so only
    the net change counts. A session's credit follows its outcome in force, the stored one or the batch's
    newest if that is newer by id (an older outcome arriving late changes nothing): an experience it referenced
    before the batch moves from the stored outcome's credit to that one's (when they differ); one it first
    references in the batch counts once toward `total_refs` and gets that outcome's credit, if any (referenced
    before or after the outcome within the batch, the credit ends the same). Every experience referenced in the
    batch gets its latest reference's time.
    """
    batch_sessions, last_ref = prepared
    if not batch_sessions:
        return
    sessions = sorted(batch_sessions)
    outcomes_sql = "SELECT session_id, outcome, event_id, weight FROM session_outcomes WHERE session_id IN ({marks})"
    stored: dict[str, tuple[str, str, int]] = {}
    for session, outcome, event_id, weight in select_in(conn, outcomes_sql, sessions):
        stored[session] = (event_id, outcome, int(weight))
    refs_of: dict[str, set[str]] = {}
    refs_sql = "SELECT session_id, experience_id FROM experience_refs WHERE session_id IN ({marks})"
    for session, experience in select_in(conn, refs_sql, sessions):
        refs_of.setdefault(session, set()).add(experience)
    tallies = {experience: _Tally(last_ref=ts) for experience, ts in last_ref.items()}
    ref_rows: list[tuple[str, str, int]] = []
    changed: list[tuple[str, str, str, int]] = []
    for session in sessions:
        counts, newest = batch_sessions[session]
        before = stored.get(session)
        in_force = before
        if newest is not None and newest[0] > (before[0] if before is not None else ""):
            in_force = newest
            changed.append((session, newest[1], newest[0], newest[2]))
        known = refs_of.get(session) or set()
        if in_force is not None and (before is None or before[1:] != in_force[1:]):
            for experience in known:  # the outcome credits (or moves) the session's earlier references
                tally = tallies.get(experience)
                if tally is None:
                    tally = tallies[experience] = _Tally()
                if before is not None:
                    tally.credit(before[1], before[2], -1)
                tally.credit(in_force[1], in_force[2], 1)
        for experience, count in counts.items():
            ref_rows.append((session, experience, count))
            if experience in known:
                continue  # once per session: a reference the session already had adds nothing
            tally = tallies[experience]
            tally.total += 1
            if in_force is not None:
                tally.credit(in_force[1], in_force[2], 1)
    conn.executemany(_INSERT_REFS, sorted(ref_rows))
    conn.executemany(_SAVE_OUTCOME, changed)
    merged = sorted(tallies.items())
    conn.executemany(
        _MERGE_TALLY,
        [(x, t.total, t.success, t.fail, t.success_credit, t.fail_credit, t.last_ref) for x, t in merged],
    )


def referenced(event: Event) -> list[str]:
    """The experiences an event says its session referenced: a `ref`'s one; an injection's chunks, file items
    (`item:HASH`) and skills (`skill:NAME`)."""
    data = event.data
    if event.type == "ref":
        return [str(data["experience_id"])]
    if event.type == "injection" and isinstance(data.get("session_id"), str) and data["session_id"]:
        found = [str(c) for c in data.get("chunk_ids") or () if c]
        found += [ITEM_PREFIX + str(key) for key in _strings(data.get("items"))]
        found += [SKILL_PREFIX + str(name) for name in _strings(data.get("skills"))]
        return list(dict.fromkeys(found))
    return []


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


RECENT_SESSIONS = 3
FALLING_BY = 0.2


def falling(credits: list[tuple[str, int]]) -> bool:
    """Whether an experience's record is getting worse: over its credited sessions (outcome, weight), oldest
    first, the Laplace p of the last RECENT_SESSIONS (half of them when there are fewer than twice as many) is
    below 0.5 and at least FALLING_BY under the p of the sessions before."""
    if len(credits) < 3:
        return False
    recent_n = min(RECENT_SESSIONS, len(credits) // 2 or 1)
    earlier, recent = credits[:-recent_n], credits[-recent_n:]

    def p_of(items: list[tuple[str, int]]) -> float:
        s = sum(w for outcome, w in items if outcome == "success") / FULL_WEIGHT
        f = sum(w for outcome, w in items if outcome == "failed") / FULL_WEIGHT
        return laplace(s, f)

    return p_of(recent) < 0.5 and p_of(earlier) - p_of(recent) >= FALLING_BY
