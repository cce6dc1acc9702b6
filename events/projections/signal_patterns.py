"""Projection `signal_patterns`: recurring problems over the last 8 sessions, and the current failure streak.

A signal is one (kind, key, project) **node**, id `pattern_id(kind, key, project)` (events from before
signals named their project have none). Nodes of one project that share an **anchor** (specific evidence a
signal event carries: the same failing test, the same exception from the same module, see
`pipeline/learning/problems/failure_evidence.py`; or `node:ID`, recorded when the daemon recognised the signal as a
known problem by its meaning or the person named it, see `pipeline/learning/problems/problem_identity.py`) are one
**problem**: the connected components of the node-anchor graph. A pattern is a problem; its id is the id of its
earliest node (by event id) that a tool reported as a failure, else its earliest failure, else its earliest node,
so a pattern keeps its id unless an older problem joins it (then the older id wins, and statuses set under either
id still apply).

Sessions are ordered by the id of their first `signal` or `outcome` event; a pattern's window is the last
WINDOW_SESSIONS sessions of its project (a session's project is the one its signals or outcome name; nodes
without a project use the last sessions of all). A pattern's `count` is the number of window sessions in which
any of its nodes was signalled; `occurrences` counts every signal in the window; `session_total` the sessions
ever. Priority is CRITICAL at count >= 5, HIGH at count >= 3, otherwise NORMAL. Status is the latest
`pattern_status` event among the pattern's nodes (default active); `recurred` counts signals logged after that
status from sessions that had not hit the problem before it, and a pattern marked `addressed` that recurs is
`active` again.

The failure streak is the run of `failed` outcomes among the most recent sessions that have an outcome; it
is flagged at STREAK_FLAG or more.

Order-free (ORDER_FREE): "first", "latest" and "last" are by event id, never by arrival, so a segment from
another machine that arrives late ends in the same rows, as does any batching. The base tables are folded
from events; the derived tables (`signal_patterns`, `signal_pattern_members`, `failure_streak`) are recomputed
from the base tables once per batch, for the problems the batch touched (`problem_rows.recompute_touched`: the
rows a recompute of every problem gives, which the tests check), and connected components do not depend on the
order their edges arrive.
"""

from __future__ import annotations

import functools
import hashlib
import sqlite3
from collections.abc import Mapping
from typing import Any

import orjson

from events.event import Event
from events.projections.problem_rows import project_window, recompute_touched
from events.sqlite import select_in

NAME = "signal_patterns"
VERSION = 7  # 7: a node keeps what the agent said caused it (`cause`)
ORDER_FREE = True
TYPES = ("signal", "outcome", "pattern_status")  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = (
    "signal_sessions",
    "signal_occurrences",
    "signal_anchors",
    "signal_facts",
    "signal_pattern_keys",
    "signal_pattern_status",
    "signal_patterns",
    "signal_pattern_members",
    "failure_streak",
)
SCHEMA = """
CREATE TABLE signal_sessions (
    session_id TEXT PRIMARY KEY,
    first_id TEXT NOT NULL UNIQUE,
    outcome TEXT,
    outcome_id TEXT NOT NULL DEFAULT '',
    first_ts TEXT NOT NULL,
    project TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
CREATE INDEX signal_sessions_project ON signal_sessions(project, first_id);
CREATE TABLE signal_occurrences (
    event_id TEXT PRIMARY KEY,
    pattern_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    ts TEXT NOT NULL,
    text TEXT NOT NULL,
    source TEXT NOT NULL,
    joined TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX signal_occurrences_session ON signal_occurrences(session_id);
CREATE INDEX signal_occurrences_pattern ON signal_occurrences(pattern_id, event_id);
CREATE TABLE signal_anchors (
    pattern_id TEXT NOT NULL,
    anchor TEXT NOT NULL,
    PRIMARY KEY (pattern_id, anchor)
) WITHOUT ROWID;
CREATE INDEX signal_anchors_anchor ON signal_anchors(anchor);
CREATE TABLE signal_facts (
    pattern_id TEXT NOT NULL,
    fact TEXT NOT NULL,
    PRIMARY KEY (pattern_id, fact)
) WITHOUT ROWID;
CREATE TABLE signal_pattern_keys (
    pattern_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    total INTEGER NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    last_text TEXT NOT NULL,
    last_id TEXT NOT NULL,
    project TEXT NOT NULL,
    command TEXT NOT NULL,
    cause TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE signal_pattern_status (
    pattern_id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    event_id TEXT NOT NULL,
    ts TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE signal_patterns (
    pattern_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    count INTEGER NOT NULL,
    occurrences INTEGER NOT NULL,
    priority TEXT NOT NULL,
    sessions TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    total INTEGER NOT NULL,
    status TEXT NOT NULL,
    recurred INTEGER NOT NULL,
    last_text TEXT NOT NULL,
    session_total INTEGER NOT NULL,
    members TEXT NOT NULL,
    anchors TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX signal_patterns_count ON signal_patterns(count DESC);
CREATE TABLE signal_pattern_members (
    member_id TEXT PRIMARY KEY,
    pattern_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX signal_pattern_members_pattern ON signal_pattern_members(pattern_id);
CREATE TABLE failure_streak (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    length INTEGER NOT NULL,
    flagged INTEGER NOT NULL,
    sessions TEXT NOT NULL
);
"""


@functools.lru_cache(maxsize=65536)
def pattern_id(kind: str, key: str, project: str = "") -> str:
    """Stable id of a node: the first 12 hex digits of sha256(kind NUL key [NUL project])."""
    scoped = f"{kind}\x00{key}\x00{project}" if project else f"{kind}\x00{key}"
    return hashlib.sha256(scoped.encode()).hexdigest()[:12]


def node_of(data: Mapping[str, Any]) -> str:
    """The node id of a signal (or a resolution key) as its event data names it."""
    return pattern_id(str(data.get("kind")), str(data.get("key")), str(data.get("project") or ""))


# A session's place in the order is its smallest event id; its outcome the one with the largest. Why the outcome
# in the same statement: nearly every session a batch names is named by its outcome, and a second statement per
# session (an UPDATE by key) cost as much as the insert. A row without an outcome passes NULL and '', which no
# outcome id is below.
_SESSION = (
    "INSERT INTO signal_sessions (session_id, first_id, outcome, outcome_id, first_ts, project)"
    " VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (session_id) DO UPDATE SET first_id = min(first_id, excluded.first_id),"
    " first_ts = CASE WHEN excluded.first_id < first_id THEN excluded.first_ts ELSE first_ts END,"
    " project = max(project, excluded.project),"
    " outcome = CASE WHEN excluded.outcome_id > outcome_id THEN excluded.outcome ELSE outcome END,"
    " outcome_id = max(outcome_id, excluded.outcome_id)"
)
_OCCURRENCE = (
    "INSERT OR IGNORE INTO signal_occurrences (event_id, pattern_id, session_id, ts, text, source, joined)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_ANCHOR = "INSERT OR IGNORE INTO signal_anchors (pattern_id, anchor) VALUES (?, ?)"
_FACT = "INSERT OR IGNORE INTO signal_facts (pattern_id, fact) VALUES (?, ?)"
_KEY = (
    "INSERT INTO signal_pattern_keys"
    " (pattern_id, kind, key, total, first_seen, last_seen, last_text, last_id, project, command, cause)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (pattern_id) DO UPDATE SET total = total + excluded.total,"
    " first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen),"
    " last_text = CASE WHEN excluded.last_id > last_id THEN excluded.last_text ELSE last_text END,"
    " command = CASE WHEN excluded.last_id > last_id AND excluded.command != '' THEN excluded.command"
    " ELSE command END,"
    " cause = CASE WHEN excluded.last_id > last_id AND excluded.cause != '' THEN excluded.cause ELSE cause END,"
    " last_id = max(last_id, excluded.last_id)"
)
_STATUS = (
    "INSERT INTO signal_pattern_status (pattern_id, status, event_id, ts) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (pattern_id) DO UPDATE SET status = excluded.status, event_id = excluded.event_id,"
    " ts = excluded.ts WHERE excluded.event_id > signal_pattern_status.event_id"
)


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


# What a batch adds, folded: sessions' first (id, ts) and project, outcomes, occurrence rows, anchors, facts,
# key rows and statuses (`prepare`).
Prepared = tuple[
    dict[str, tuple[str, str]],
    dict[str, str],
    dict[str, tuple[str, str]],
    list[tuple[str, str, str, str, str, str, str]],
    set[tuple[str, str]],
    set[tuple[str, str]],
    dict[str, list[Any]],
    dict[str, tuple[str, str, str, str]],
]


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    if (prepared := prepare(events)) is not None:
        apply_prepared(conn, prepared)


def prepare(events: list[Event]) -> Prepared | None:
    """Fold the batch in memory in log order (None: nothing in it for this projection).

    Equal to applying the events one by one, in any order: a session's place in the order is its smallest
    event id, its outcome the one with the largest; a key's total is a sum, its first/last seen a min/max, its
    text the one of its largest event id; a status the one of its largest event id.
    """
    relevant = [e for e in events if e.type in ("signal", "outcome", "pattern_status")]
    if not relevant:
        return None
    first: dict[str, tuple[str, str]] = {}  # session -> (smallest event id, its ts); the batch is in id order
    project_of: dict[str, str] = {}  # session -> its project (the largest named, so any order gives the same)
    outcomes: dict[str, tuple[str, str]] = {}
    occurrences: list[tuple[str, str, str, str, str, str, str]] = []
    anchors: set[tuple[str, str]] = set()
    facts: set[tuple[str, str]] = set()
    keys: dict[str, list[Any]] = {}
    statuses: dict[str, tuple[str, str, str, str]] = {}
    for event in relevant:
        data = event.data
        if event.type == "pattern_status":
            statuses[data["pattern_id"]] = (data["pattern_id"], data["status"], event.id, event.ts)
            continue
        session = data["session_id"]
        first.setdefault(session, (event.id, event.ts))
        project_of[session] = max(project_of.get(session, ""), str(data.get("project") or ""))
        if event.type == "outcome":
            outcomes[session] = (data["outcome"], event.id)
            continue
        pid = node_of(data)
        project = str(data.get("project") or "")
        text = str(data.get("text") or "")
        joined = orjson.dumps(data["match"]).decode() if isinstance(data.get("match"), dict) else ""
        occurrences.append((event.id, pid, session, event.ts, text, str(data.get("source") or ""), joined))
        anchors.update((pid, str(a)) for a in data.get("anchors") or () if isinstance(a, str) and a)
        facts.update((pid, str(f)) for f in data.get("facts") or () if isinstance(f, str) and f)
        command = str(data.get("command") or "")
        cause = str(data.get("cause") or "")
        folded = keys.get(pid)
        if folded is None:
            keys[pid] = [pid, data["kind"], data["key"], 1, event.ts, event.ts, text, event.id, project, command, cause]
        else:
            folded[3] += 1
            folded[4], folded[5] = min(folded[4], event.ts), max(folded[5], event.ts)
            folded[6], folded[7] = text, event.id
            folded[9], folded[10] = command or folded[9], cause or folded[10]
    return first, project_of, outcomes, occurrences, anchors, facts, keys, statuses


def apply_prepared(conn: sqlite3.Connection, prepared: Prepared | None) -> None:
    """Merge a folded batch with one statement per table, then recompute."""
    if prepared is None:
        return
    first, project_of, outcomes, occurrences, anchors, facts, keys, statuses = prepared
    touched = sorted(first)
    before_sql = "SELECT project FROM signal_sessions WHERE session_id IN ({marks})"
    projects = {""} | set(project_of.values()) | {row[0] for row in select_in(conn, before_sql, touched)}
    windows_before = [project_window(conn, project) for project in sorted(projects)]
    no_outcome: tuple[str | None, str] = (None, "")
    conn.executemany(
        _SESSION,
        [
            (session, first_id, *outcomes.get(session, no_outcome), ts, project_of[session])
            for session, (first_id, ts) in first.items()
        ],
    )
    conn.executemany(_OCCURRENCE, occurrences)
    conn.executemany(_ANCHOR, sorted(anchors))
    conn.executemany(_FACT, sorted(facts))
    conn.executemany(_KEY, [tuple(row) for row in keys.values()])
    conn.executemany(_STATUS, statuses.values())
    # Which derived rows can have changed: those of the nodes the batch names, and of every node signalled in a
    # session the batch touched or that entered or left a window (a session's project may have changed too).
    shifted = {session for window in windows_before for session in window}
    shifted.update(session for project in sorted(projects) for session in project_window(conn, project))
    nodes = set(keys) | {pid for pid, _ in anchors} | set(statuses)
    recompute_touched(conn, nodes, shifted.union(touched))


def recompute(conn: sqlite3.Connection) -> None:
    """Rewrite the derived tables from the base tables (a pure function of them): every problem's row."""
    recompute_touched(conn, {row[0] for row in conn.execute("SELECT pattern_id FROM signal_pattern_keys")}, set())
