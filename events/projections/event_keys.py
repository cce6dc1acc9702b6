"""Projection `event_keys`: the idempotency keys events carry (`data.idempotency_key`), with the first event.

Why: a hook that times out spools its event into the inbox, yet the daemon may have applied the request
all the same; both copies carry the hook's key, and whoever comes second (the request or the inbox import)
finds it here and appends nothing (daemon/app.py `record_once`).

Order-free (ORDER_FREE): a key keeps the smallest event id that carries it, whichever copy arrived first (a
sync round may bring another machine's older copy after ours).
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "event_keys"
VERSION = 2
ORDER_FREE = True
TABLES = ("event_keys",)
SCHEMA = """
CREATE TABLE event_keys (
    key TEXT PRIMARY KEY,
    event_id TEXT NOT NULL
) WITHOUT ROWID;
"""

_INSERT = (
    "INSERT INTO event_keys (key, event_id) VALUES (?, ?) "
    "ON CONFLICT (key) DO UPDATE SET event_id = min(event_id, excluded.event_id)"
)


def key_of(data: dict[str, object]) -> str | None:
    key = data.get("idempotency_key")
    return key if isinstance(key, str) and key else None


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if (key := key_of(event.data)) is not None:
        conn.execute(_INSERT, (key, event.id))


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> list[tuple[str, str]]:
    # Why the `in` test first: nearly no event carries a key, and this runs for every event of a replay
    keyed = [e for e in events if "idempotency_key" in e.data]
    return [(key, e.id) for e in keyed if (key := key_of(e.data)) is not None]


def apply_prepared(conn: sqlite3.Connection, rows: list[tuple[str, str]]) -> None:
    """One statement for the batch; the smallest id with a key keeps it, as one by one."""
    conn.executemany(_INSERT, rows)
