"""Reads of the `event_keys` projection: which idempotency keys the log already holds."""

from __future__ import annotations

import sqlite3

from events.sqlite import select_in


def seen(conn: sqlite3.Connection, keys: list[str]) -> dict[str, str]:
    """{key: id of the first event that carried it} for the keys among `keys` already in the log."""
    sql = "SELECT key, event_id FROM event_keys WHERE key IN ({marks})"
    return {str(row[0]): str(row[1]) for row in select_in(conn, sql, keys)}
