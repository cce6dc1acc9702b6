"""Reads of the `effectiveness` projection: per-experience reference counts, credits and Laplace scores, and the
credited sessions of an experience in the order their outcomes were settled (for a trend)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from events.sqlite import named_rows, select_in, select_in_named


@dataclass(frozen=True, slots=True)
class ExperienceStats:
    experience_id: str
    total_refs: int
    success_refs: int
    fail_refs: int
    p: float
    last_ref: str | None
    success_credit: int = 0  # thousandths of a session
    fail_credit: int = 0


@dataclass(frozen=True, slots=True)
class Credit:
    """One credited session of an experience: its outcome and weight (thousandths), by outcome event id."""

    session_id: str
    outcome: str
    weight: int
    event_id: str


_COLUMNS = "experience_id, total_refs, success_refs, fail_refs, p, last_ref, success_credit, fail_credit"


def _stats(row: sqlite3.Row) -> ExperienceStats:
    return ExperienceStats(
        row["experience_id"],
        int(row["total_refs"]),
        int(row["success_refs"]),
        int(row["fail_refs"]),
        float(row["p"]),
        row["last_ref"],
        int(row["success_credit"]),
        int(row["fail_credit"]),
    )


def experiences(conn: sqlite3.Connection, experience_id: str | None = None) -> list[ExperienceStats]:
    """Every referenced experience (or the one asked for)."""
    sql = f"SELECT {_COLUMNS} FROM experience_effectiveness"
    if experience_id is None:
        return [_stats(row) for row in named_rows(conn, sql)]
    return [_stats(row) for row in named_rows(conn, sql + " WHERE experience_id = ?", (experience_id,))]


def for_ids(conn: sqlite3.Connection, keys: list[str]) -> dict[str, ExperienceStats]:
    """The experiences among `keys` that were ever referenced."""
    sql = f"SELECT {_COLUMNS} FROM experience_effectiveness WHERE experience_id IN ({{marks}})"
    return {row["experience_id"]: _stats(row) for row in select_in_named(conn, sql, keys)}


def credits(conn: sqlite3.Connection, keys: list[str]) -> dict[str, list[Credit]]:
    """The sessions that credited each of `keys` (an outcome with some weight), oldest outcome first."""
    sql = (
        "SELECT r.experience_id, o.session_id, o.outcome, o.weight, o.event_id FROM experience_refs r"
        " JOIN session_outcomes o ON o.session_id = r.session_id"
        " WHERE o.weight > 0 AND r.experience_id IN ({marks})"
    )
    out: dict[str, list[Credit]] = {}
    for experience, session, outcome, weight, event_id in select_in(conn, sql, keys):
        out.setdefault(str(experience), []).append(Credit(str(session), str(outcome), int(weight), str(event_id)))
    for items in out.values():
        items.sort(key=lambda c: c.event_id)
    return out
