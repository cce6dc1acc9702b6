"""Reads of the `event_index` projection: events by type, session and time."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from events.sqlite import named_rows


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
