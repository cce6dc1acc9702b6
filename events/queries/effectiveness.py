"""Reads of the `effectiveness` projection: per-experience reference counts and Laplace scores."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from events.sqlite import named_rows, select_in_named


@dataclass(frozen=True, slots=True)
class ExperienceStats:
    experience_id: str
    total_refs: int
    success_refs: int
    fail_refs: int
    p: float
    last_ref: str | None


_COLUMNS = "experience_id, total_refs, success_refs, fail_refs, p, last_ref"


def _stats(row: sqlite3.Row) -> ExperienceStats:
    return ExperienceStats(
        row["experience_id"],
        int(row["total_refs"]),
        int(row["success_refs"]),
        int(row["fail_refs"]),
        float(row["p"]),
        row["last_ref"],
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
