"""Projection `session_slate`: what each agent context was already given since its last compaction.

An agent context is a session id plus, inside a subagent, the subagent's `agent_id` ('' for the main
conversation). `injection` events name what they handed out: memories by content hash (`content_hashes`),
MEMORY.md / rules / summary items by the hash of their text (`items`), recommended skills by name (`skills`)
and the source files shown (`files`, "PATH@HASH"). A `compaction` event of the context clears its slate:
the compacted conversation lost what it was given, so it may be given again.

Why a projection: "already given in this session" must survive a daemon restart, and the log is the only
truth. Keys are kept prefixed by kind (m: i: s: f:) so a skill name can never collide with a hash.

Order-free (ORDER_FREE): "before the compaction" is by event id, never by arrival. A context keeps its latest
compaction's id; an injection older than it adds nothing, and a compaction removes the keys last given before
it. So the slate is the keys of the injections after the context's latest compaction, whatever order the
events arrive in.
"""

from __future__ import annotations

import sqlite3

from events.event import Event
from events.sqlite import select_in

NAME = "session_slate"
VERSION = 2
ORDER_FREE = True
TYPES = ("injection", "compaction")  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("session_slate", "session_compactions")
SCHEMA = """
CREATE TABLE session_slate (
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    key TEXT NOT NULL,
    event_id TEXT NOT NULL,
    PRIMARY KEY (session_id, agent_id, key)
) WITHOUT ROWID;
CREATE TABLE session_compactions (
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    PRIMARY KEY (session_id, agent_id)
) WITHOUT ROWID;
"""
KEY_FIELDS = {"content_hashes": "m", "items": "i", "skills": "s", "files": "f"}

_INSERT = (
    "INSERT INTO session_slate (session_id, agent_id, key, event_id) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (session_id, agent_id, key) DO UPDATE SET event_id = max(event_id, excluded.event_id)"
)
_COMPACTED = (
    "INSERT INTO session_compactions (session_id, agent_id, event_id) VALUES (?, ?, ?) "
    "ON CONFLICT (session_id, agent_id) DO UPDATE SET event_id = max(event_id, excluded.event_id)"
)
_CLEAR = "DELETE FROM session_slate WHERE session_id = ? AND agent_id = ? AND event_id < ?"


def _context(event: Event) -> tuple[str, str] | None:
    session = event.data.get("session_id")
    if not isinstance(session, str) or not session:
        return None
    agent = event.data.get("agent_id")
    return session, agent if isinstance(agent, str) else ""


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


# (session, agent, event id, the keys an injection gave, or None for a compaction), in id order
Prepared = list[tuple[str, str, str, list[str] | None]]


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> Prepared:
    """The batch's injections (with the keys they gave) and compactions, by context, in id order."""
    found: Prepared = []
    for event in events:
        if event.type not in ("injection", "compaction") or (context := _context(event)) is None:
            continue
        if event.type == "compaction":
            found.append((*context, event.id, None))
            continue
        keys = []
        for field, prefix in KEY_FIELDS.items():
            values = event.data.get(field)
            if isinstance(values, list):
                keys += [f"{prefix}:{value}" for value in values if isinstance(value, str)]
        found.append((*context, event.id, keys))
    return found


def apply_prepared(conn: sqlite3.Connection, relevant: Prepared) -> None:
    """Fold the batch in memory in id order, then write it with three statements.

    Equal to applying the events one by one: an injection older than its context's latest compaction (stored,
    or earlier in the batch) adds nothing; a compaction drops the batch's keys given before it and, by its
    DELETE, the stored ones; the clears run before the batch's keys are written, and every write keeps the
    largest id.
    """
    if not relevant:
        return
    sessions = sorted({session for session, _, _, _ in relevant})
    latest: dict[tuple[str, str], str] = {
        (session, agent): event_id
        for session, agent, event_id in select_in(
            conn,
            "SELECT session_id, agent_id, event_id FROM session_compactions WHERE session_id IN ({marks})",
            sessions,
        )
    }
    given: dict[tuple[str, str], dict[str, str]] = {}  # context -> key -> the largest id that gave it
    compactions: list[tuple[str, str, str]] = []
    for session, agent, event_id, keys_given in relevant:
        context = (session, agent)
        if keys_given is None:
            compactions.append((session, agent, event_id))
            latest[context] = max(latest.get(context, ""), event_id)
            if keys := given.get(context):
                given[context] = {key: given_id for key, given_id in keys.items() if given_id >= event_id}
            continue
        if event_id < latest.get(context, ""):
            continue  # given before a compaction the context has had since: lost with the conversation
        keys = given.setdefault(context, {})
        for key in keys_given:
            keys[key] = max(keys.get(key, ""), event_id)
    conn.executemany(_COMPACTED, compactions)
    conn.executemany(_CLEAR, compactions)
    conn.executemany(
        _INSERT, [(*context, key, given_id) for context, keys in given.items() for key, given_id in keys.items()]
    )
