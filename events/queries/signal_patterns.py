"""Reads of the `signal_patterns` projection: recurring problems, their evidence, outcomes and the streak."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import orjson

from events.sqlite import named_rows


@dataclass(frozen=True, slots=True)
class Pattern:
    pattern_id: str
    kind: str
    key: str
    count: int  # window sessions in which it was signalled
    occurrences: int  # signals in the window
    priority: str
    sessions: tuple[str, ...]
    first_seen: str
    last_seen: str
    total: int  # signals ever
    status: str
    recurred: int
    last_text: str


@dataclass(frozen=True, slots=True)
class Streak:
    length: int
    flagged: bool
    sessions: tuple[str, ...]


_COLUMNS = (
    "pattern_id, kind, key, count, occurrences, priority, sessions, first_seen, last_seen, total, status,"
    " recurred, last_text"
)


def _pattern(row: sqlite3.Row) -> Pattern:
    return Pattern(
        row["pattern_id"],
        row["kind"],
        row["key"],
        int(row["count"]),
        int(row["occurrences"]),
        row["priority"],
        tuple(orjson.loads(row["sessions"])),
        row["first_seen"],
        row["last_seen"],
        int(row["total"]),
        row["status"],
        int(row["recurred"]),
        row["last_text"],
    )


def listed(conn: sqlite3.Connection, *, include_all: bool = False, limit: int = 1000) -> list[Pattern]:
    """Patterns seen in the window (every pattern with `include_all`), most frequent first."""
    where = "" if include_all else "WHERE count > 0"
    sql = f"SELECT {_COLUMNS} FROM signal_patterns {where} ORDER BY count DESC, last_seen DESC, pattern_id LIMIT ?"
    return [_pattern(row) for row in named_rows(conn, sql, (limit,))]


def for_report(conn: sqlite3.Connection, limit: int) -> list[Pattern]:
    """Patterns seen in the window, most frequent first, ties by id (the weekly report's order)."""
    sql = f"SELECT {_COLUMNS} FROM signal_patterns WHERE count > 0 ORDER BY count DESC, pattern_id LIMIT ?"
    return [_pattern(row) for row in named_rows(conn, sql, (limit,))]


def active(conn: sqlite3.Connection, min_count: int) -> list[Pattern]:
    """Active patterns signalled in at least `min_count` window sessions, most frequent first."""
    sql = (
        f"SELECT {_COLUMNS} FROM signal_patterns WHERE status = 'active' AND count >= ? ORDER BY count DESC, pattern_id"
    )
    return [_pattern(row) for row in named_rows(conn, sql, (min_count,))]


def evidence(conn: sqlite3.Connection, pattern_id: str, limit: int = 20) -> list[str]:
    """The latest signal texts of a pattern, newest first (duplicates kept)."""
    rows = conn.execute(
        "SELECT text FROM signal_occurrences WHERE pattern_id = ? ORDER BY event_id DESC LIMIT ?", (pattern_id, limit)
    )
    return [str(row[0]) for row in rows]


def recent_outcomes(conn: sqlite3.Connection, window: int) -> tuple[str, ...]:
    """Outcomes of the latest `window` sessions that have one, newest first."""
    rows = conn.execute(
        "SELECT outcome FROM signal_sessions WHERE outcome IS NOT NULL ORDER BY first_id DESC LIMIT ?", (window,)
    )
    return tuple(str(row[0]) for row in rows)


def streak(conn: sqlite3.Connection) -> Streak:
    row = conn.execute("SELECT length, flagged, sessions FROM failure_streak WHERE id = 1").fetchone()
    if row is None:
        return Streak(0, False, ())
    return Streak(int(row[0]), bool(row[1]), tuple(orjson.loads(row[2])))


def ids_with_prefix(conn: sqlite3.Connection, prefix: str, limit: int = 2) -> list[str]:
    """Pattern ids starting with `prefix` (LIKE wildcards in it are dropped), in id order."""
    clean = prefix.replace("%", "").replace("_", "")
    rows = conn.execute(
        "SELECT pattern_id FROM signal_pattern_keys WHERE pattern_id LIKE ? ORDER BY pattern_id LIMIT ?",
        (clean + "%", limit),
    )
    return [str(row[0]) for row in rows]
