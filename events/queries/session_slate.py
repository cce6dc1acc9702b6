"""Reads of the `session_slate` projection: what an agent context was already given."""

from __future__ import annotations

import sqlite3


def given(conn: sqlite3.Connection, session_id: str, agent_id: str = "") -> frozenset[str]:
    """The prefixed keys (m:HASH, i:HASH, s:NAME, f:PATH@HASH) given to this context since its last compaction."""
    rows = conn.execute(
        "SELECT key FROM session_slate WHERE session_id = ? AND agent_id = ?", (session_id, agent_id)
    ).fetchall()
    return frozenset(str(row[0]) for row in rows)
