"""Projection `session_slate`: what each agent context was already given since its last compaction.

An agent context is a session id plus, inside a subagent, the subagent's `agent_id` ('' for the main
conversation). `injection` events name what they handed out: memories by content hash (`content_hashes`),
MEMORY.md / rules / summary items by the hash of their text (`items`), recommended skills by name (`skills`)
and the source files shown (`files`, "PATH@HASH"). A `compaction` event of the context clears its slate:
the compacted conversation lost what it was given, so it may be given again.

Why a projection: "already given in this session" must survive a daemon restart, and the log is the only
truth. Keys are kept prefixed by kind (m: i: s: f:) so a skill name can never collide with a hash.
"""

from __future__ import annotations

import sqlite3

from events.event import Event

NAME = "session_slate"
VERSION = 1
TABLES = ("session_slate",)
SCHEMA = """
CREATE TABLE session_slate (
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    event_id TEXT NOT NULL,
    PRIMARY KEY (session_id, agent_id, key)
) WITHOUT ROWID;
"""
KEY_FIELDS = {"content_hashes": "m", "items": "i", "skills": "s", "files": "f"}

_INSERT = "INSERT OR IGNORE INTO session_slate (session_id, agent_id, key, event_id) VALUES (?, ?, ?, ?)"
_CLEAR = "DELETE FROM session_slate WHERE session_id = ? AND agent_id = ?"


def _context(event: Event) -> tuple[str, str] | None:
    session = event.data.get("session_id")
    if not isinstance(session, str) or not session:
        return None
    agent = event.data.get("agent_id")
    return session, agent if isinstance(agent, str) else ""


def apply(conn: sqlite3.Connection, event: Event) -> None:
    if event.type not in ("injection", "compaction"):
        return
    context = _context(event)
    if context is None:
        return
    if event.type == "compaction":
        conn.execute(_CLEAR, context)
        return
    rows = []
    for field, prefix in KEY_FIELDS.items():
        values = event.data.get(field)
        if isinstance(values, list):
            rows += [(*context, f"{prefix}:{value}", event.id) for value in values if isinstance(value, str)]
    conn.executemany(_INSERT, rows)


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    """In log order, event by event (a compaction between two injections must clear only the first)."""
    for event in events:
        if event.type in ("injection", "compaction"):
            apply(conn, event)
