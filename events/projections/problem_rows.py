"""The derived rows of the `signal_patterns` projection: each problem's row (its count in the window, priority,
status, sessions, anchors), its members, and the failure streak, recomputed from the base tables.

`signal_patterns` folds events into the base tables and calls `recompute_touched` once per batch for the problems
the batch touched; the thresholds and the window below are what the projection's docstring describes. Not a
projection of its own.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from typing import Any

import orjson

from events.projections import problem_graph
from events.sqlite import select_in

WINDOW_SESSIONS = 8
HIGH_AT = 3
CRITICAL_AT = 5
STREAK_FLAG = 3
MAX_LISTED_ANCHORS = 40


def priority_of(count: int) -> str:
    if count >= CRITICAL_AT:
        return "CRITICAL"
    if count >= HIGH_AT:
        return "HIGH"
    return "NORMAL"


def recompute_touched(conn: sqlite3.Connection, nodes: set[str], sessions: set[str]) -> None:
    """Rewrite the derived rows of the problems that hold `nodes` or were signalled in `sessions`.

    Why only those: this runs after every batch, live appends included; rewriting every problem each time made
    replay cost grow with the square of the log. A problem's row depends only on its nodes' base rows and on
    the windows its sessions are in, so the rows of the others cannot have changed. Problems only grow (nodes and
    anchors are never removed), so the old rows of the nodes recomputed here are replaced by rows of problems
    made only of nodes recomputed here.
    """
    in_sessions = "SELECT DISTINCT pattern_id FROM signal_occurrences WHERE session_id IN ({marks})"
    nodes = nodes | {row[0] for row in select_in(conn, in_sessions, sorted(sessions))}
    keys, anchor_rows = problem_graph.closure(conn, nodes)
    if not keys:
        _recompute_streak(conn)
        return
    nodes_of = sorted(keys)
    windows: dict[str, dict[str, str]] = {}

    def window(project: str) -> dict[str, str]:
        if project not in windows:
            windows[project] = project_window(conn, project)
        return windows[project]

    first_event: dict[str, str] = {}
    from_tools: set[str] = set()
    firsts = "SELECT pattern_id, min(event_id), max(source = 'tool') FROM signal_occurrences"
    for node, first, tool in select_in(conn, firsts + " WHERE pattern_id IN ({marks}) GROUP BY pattern_id", nodes_of):
        first_event[node] = first
        if tool:
            from_tools.add(node)
    sessions_of: dict[str, set[str]] = defaultdict(set)
    in_window: dict[str, int] = defaultdict(int)
    per_session = (
        "SELECT pattern_id, session_id, count(*) FROM signal_occurrences WHERE pattern_id IN ({marks})"
        " GROUP BY pattern_id, session_id"
    )
    for node, session, signals in select_in(conn, per_session, nodes_of):
        sessions_of[node].add(session)
        if session in window(keys[node][7]):
            in_window[node] += signals
    component = problem_graph.components(keys, anchor_rows)
    members: dict[str, list[str]] = defaultdict(list)
    for node in nodes_of:
        members[component[node]].append(node)
    statuses = select_in(
        conn, "SELECT pattern_id, status, event_id FROM signal_pattern_status WHERE pattern_id IN ({marks})", nodes_of
    )
    status_of = {row[0]: row for row in statuses}
    anchors_of: dict[str, set[str]] = defaultdict(set)
    for node, anchor in anchor_rows:
        anchors_of[component[node]].add(anchor)
    rows_out = []
    member_rows = []
    for root, group in members.items():
        pid = problem_graph.representative(group, keys, first_event, from_tools)
        seq_of = window(keys[pid][7])
        member_rows += [(node, pid) for node in group]
        status_row = max((status_of[n] for n in group if n in status_of), key=lambda r: r[2], default=None)
        status, recurred = problem_graph.status(conn, group, status_row)
        sessions = sessions_of[group[0]] if len(group) == 1 else set().union(*(sessions_of[n] for n in group))
        occurrences = sum(in_window.get(n, 0) for n in group)
        rows_out.append(
            _pattern_row(pid, group, keys, sessions, seq_of, occurrences, (status, recurred), anchors_of[root])
        )
    old = "SELECT DISTINCT pattern_id FROM signal_pattern_members WHERE member_id IN ({marks})"
    conn.executemany(
        "DELETE FROM signal_patterns WHERE pattern_id = ?", [(r[0],) for r in select_in(conn, old, nodes_of)]
    )
    conn.executemany("DELETE FROM signal_pattern_members WHERE member_id = ?", [(node,) for node in nodes_of])
    conn.executemany(f"INSERT INTO signal_patterns VALUES ({','.join('?' * 16)})", rows_out)
    conn.executemany("INSERT INTO signal_pattern_members (member_id, pattern_id) VALUES (?, ?)", member_rows)
    _recompute_streak(conn)


def project_window(conn: sqlite3.Connection, project: str) -> dict[str, str]:
    """The window of a project: its last WINDOW_SESSIONS sessions (session -> first event id). A person who
    works on two projects has two histories; counting one's sessions in the other's window would halve both.
    Under "" (and for a project no session names) the last sessions of all projects, for nodes logged before
    signals named their project."""
    if project:
        rows = conn.execute(
            "SELECT session_id, first_id FROM signal_sessions WHERE project = ? ORDER BY first_id DESC LIMIT ?",
            (project, WINDOW_SESSIONS),
        ).fetchall()
        if rows:
            return dict(rows)
    latest = conn.execute(
        "SELECT session_id, first_id FROM signal_sessions ORDER BY first_id DESC LIMIT ?", (WINDOW_SESSIONS,)
    ).fetchall()
    return dict(latest)


def _pattern_row(
    pid: str,
    group: list[str],
    nodes: dict[str, Any],
    sessions: set[str],
    seq_of: dict[str, str],
    occurrences: int,
    status: tuple[str, int],
    anchors: set[str],
) -> tuple[Any, ...]:
    involved = sorted((s for s in sessions if s in seq_of), key=lambda s: seq_of[s])
    rows = [nodes[n] for n in group]
    _pid, kind, key = nodes[pid][:3]
    last = max(rows, key=lambda r: (r[5], r[0]))
    count = len(involved)
    return (
        pid,
        kind,
        key,
        count,
        occurrences,
        priority_of(count),
        orjson.dumps(involved).decode(),
        min(r[4] for r in rows),
        max(r[5] for r in rows),
        sum(int(r[3]) for r in rows),
        status[0],
        status[1],
        last[6],
        len(sessions),
        orjson.dumps(sorted(group)).decode(),
        orjson.dumps(sorted(anchors)[:MAX_LISTED_ANCHORS]).decode(),
    )


def _recompute_streak(conn: sqlite3.Connection) -> None:
    streak: list[str] = []
    for session, outcome in conn.execute(
        "SELECT session_id, outcome FROM signal_sessions WHERE outcome IS NOT NULL AND outcome != 'unknown'"
        " ORDER BY first_id DESC"
    ):
        if outcome != "failed":
            break
        streak.append(session)
    streak.reverse()
    conn.execute(
        "INSERT OR REPLACE INTO failure_streak (id, length, flagged, sessions) VALUES (1, ?, ?, ?)",
        (len(streak), int(len(streak) >= STREAK_FLAG), orjson.dumps(streak).decode()),
    )
