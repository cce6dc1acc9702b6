"""Reads of the `event_index` projection: events by type, session and time."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from events.sqlite import named_rows, select_in


@dataclass(frozen=True, slots=True)
class IndexedEvent:
    id: str
    ts: str
    type: str
    data: dict[str, Any]


def _event(row: sqlite3.Row) -> IndexedEvent:
    return IndexedEvent(row["id"], row["ts"], row["type"], orjson.loads(row["data"]))


def count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM event_index").fetchone()[0])


def first_ts(conn: sqlite3.Connection) -> str | None:
    """The timestamp of the oldest event in the log, or None for an empty log."""
    row = conn.execute("SELECT ts FROM event_index ORDER BY id LIMIT 1").fetchone()
    return str(row[0]) if row else None


def latest(
    conn: sqlite3.Connection,
    *,
    type: str | None = None,
    session_id: str | None = None,
    since: str | None = None,
    until: str | None = None,
    limit: int = 100,
) -> list[IndexedEvent]:
    """Newest first. `since`/`until` are inclusive UTC timestamps in the log's own format."""
    clauses: list[str] = []
    args: list[Any] = []
    for column, op, value in (
        ("type", "=", type),
        ("session_id", "=", session_id),
        ("ts", ">=", since),
        ("ts", "<=", until),
    ):
        if value is not None:
            clauses.append(f"{column} {op} ?")  # column and operator are constants of this function
            args.append(value)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    sql = f"SELECT id, ts, type, data FROM event_index {where} ORDER BY id DESC LIMIT ?"
    return [_event(row) for row in named_rows(conn, sql, (*args, limit))]


def of_type(conn: sqlite3.Connection, type: str, *, since: str | None = None) -> Iterator[IndexedEvent]:
    """Every event of `type` (since a UTC timestamp, inclusive) in log order."""
    sql = "SELECT id, ts, type, data FROM event_index WHERE type = ?"
    args: list[Any] = [type]
    if since is not None:
        sql += " AND ts >= ?"
        args.append(since)
    for row in named_rows(conn, sql + " ORDER BY id", args):
        yield _event(row)


def of_session(conn: sqlite3.Connection, session_id: str, types: tuple[str, ...]) -> list[IndexedEvent]:
    """The session's events of the given types, in log order."""
    marks = ",".join("?" * len(types))
    sql = f"SELECT id, ts, type, data FROM event_index WHERE session_id = ? AND type IN ({marks}) ORDER BY id"
    return [_event(row) for row in named_rows(conn, sql, (session_id, *types))]


def inbox_import_seen(conn: sqlite3.Connection, sha256: str, path: str | None = None) -> bool:
    """Whether an `inbox_import` receipt with this file hash (and, when given, this placed path) is in the log."""
    row = conn.execute(
        "SELECT 1 FROM event_index WHERE type = 'inbox_import' "
        "AND json_extract(CAST(data AS TEXT), '$.sha256') = ? "
        "AND (? IS NULL OR json_extract(CAST(data AS TEXT), '$.path') = ?) LIMIT 1",
        (sha256, path, path),
    ).fetchone()
    return row is not None


@dataclass(frozen=True, slots=True)
class SessionActivity:
    """One session as the log saw it: its span, its events, what was injected into it, its outcome."""

    session_id: str
    first_ts: str
    last_ts: str
    events: int
    injections: int  # injection events (requests for context, also those that gave nothing)
    injected_chars: int
    outcome: str | None
    project: str | None


def session_total(conn: sqlite3.Connection) -> int:
    """How many sessions have an event (answered from the session index alone)."""
    row = conn.execute("SELECT count(DISTINCT session_id) FROM event_index WHERE session_id IS NOT NULL").fetchone()
    return int(row[0])


def sessions_page(conn: sqlite3.Connection, *, limit: int, offset: int = 0) -> list[SessionActivity]:
    """Sessions, most recently active first (by their newest event id), one page of them.

    Why two steps: ordering needs every session's newest id, which the covering index `event_index_session`
    answers without touching the rows; the rest (times, injections, outcome, project) is read for the page's
    sessions only, so a year of events costs one index scan, not a scan of every event's JSON.
    """
    page = conn.execute(
        "SELECT session_id, min(id), max(id), count(*) FROM event_index WHERE session_id IS NOT NULL"
        " GROUP BY session_id ORDER BY max(id) DESC LIMIT ? OFFSET ?",
        (limit, offset),
    ).fetchall()
    if not page:
        return []
    ids = [session for session, *_ in page]
    ends = [r[1] for r in page] + [r[2] for r in page]
    ts_of = dict(select_in(conn, "SELECT id, ts FROM event_index WHERE id IN ({marks})", ends))
    outcome_of = dict(select_in(conn, "SELECT session_id, outcome FROM sessions WHERE session_id IN ({marks})", ids))
    injected: dict[str, tuple[int, int]] = {}
    project_of: dict[str, str] = {}
    detail_sql = (
        "SELECT session_id, type, count(*), sum(coalesce(json_extract(CAST(data AS TEXT), '$.used'), 0)),"
        " max(json_extract(CAST(data AS TEXT), '$.project')) FROM event_index"
        " WHERE session_id IN ({marks}) AND type IN ('injection', 'session_summary') GROUP BY session_id, type"
    )
    for session, kind, n, used, project in select_in(conn, detail_sql, ids):
        if kind == "injection":
            injected[session] = (int(n), int(used or 0))
        if isinstance(project, str) and project and (kind == "session_summary" or session not in project_of):
            project_of[session] = project
    return [
        SessionActivity(
            session,
            ts_of.get(first, ""),
            ts_of.get(last, ""),
            int(count),
            injected.get(session, (0, 0))[0],
            injected.get(session, (0, 0))[1],
            outcome_of.get(session),
            project_of.get(session),
        )
        for session, first, last, count in page
    ]
