"""Reads of the `forgotten` projection: content hashes a user asked memoryd to forget."""

from __future__ import annotations

import sqlite3

from events.sqlite import select_in


def among(conn: sqlite3.Connection, hashes: list[str]) -> set[str]:
    """The hashes among `hashes` that are forgotten."""
    sql = "SELECT content_hash FROM forgotten WHERE content_hash IN ({marks})"
    return {str(row[0]) for row in select_in(conn, sql, hashes)}
