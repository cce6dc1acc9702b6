"""The node-anchor graph of the `signal_patterns` projection: which signal nodes form one problem.

Nodes of one project that share an anchor, and nodes a `node:ID` anchor names (in any project), are one
problem: the connected components of this graph. `closure` reads the whole problems around some nodes from the
base tables (what a batch touched), `components` joins them (union-find; the result does not depend on the
order the edges arrive, which keeps the projection order-free); `representative` and `status` say which node
names a problem and what state it is in. Not a projection of its own.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from events.sqlite import select_in

FAILURE_KINDS = ("error", "dependency_issue", "environment_issue", "performance_issue", "security_issue")


def closure(conn: sqlite3.Connection, start: set[str]) -> tuple[dict[str, tuple[Any, ...]], list[tuple[str, str]]]:
    """The nodes of every problem that holds one of `start`: their key rows (node -> row) and anchor rows.

    Walks the node-anchor graph out from `start` with the edges `components` joins by (the same anchor in the
    same project; a `node:ID` anchor with the nodes that carry it and with ID), so the result is whole problems.
    """
    keys: dict[str, tuple[Any, ...]] = {}
    anchor_rows: list[tuple[str, str]] = []
    key_sql = (
        "SELECT pattern_id, kind, key, total, first_seen, last_seen, last_text, project FROM signal_pattern_keys"
        " WHERE pattern_id IN ({marks})"
    )
    mine_sql = "SELECT pattern_id, anchor FROM signal_anchors WHERE pattern_id IN ({marks})"
    others_sql = (
        "SELECT a.pattern_id, a.anchor, k.project FROM signal_anchors a JOIN signal_pattern_keys k"
        " ON k.pattern_id = a.pattern_id WHERE a.anchor IN ({marks})"
    )
    seen = set(start)
    frontier = sorted(start)
    while frontier:
        found = {row[0]: tuple(row) for row in select_in(conn, key_sql, frontier)}
        keys.update(found)
        mine = select_in(conn, mine_sql, sorted(found))
        anchor_rows += [(str(node), str(anchor)) for node, anchor in mine]
        wanted = sorted({str(anchor) for _, anchor in mine} | {"node:" + node for node in found})
        near: set[str] = set()
        carriers: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for node, anchor, project in select_in(conn, others_sql, wanted):
            carriers[anchor].append((node, project))
        for node, anchor in mine:
            if anchor.startswith("node:"):
                near.update(other for other, _ in carriers[anchor])
                near.add(anchor[5:])
            else:
                near.update(other for other, project in carriers[anchor] if project == found[node][7])
        for node in found:
            near.update(other for other, _ in carriers["node:" + node])
        frontier = sorted(near - seen)
        seen |= near
    return keys, anchor_rows


def components(keys: Mapping[str, tuple[Any, ...]], anchor_rows: list[tuple[str, str]]) -> dict[str, str]:
    """Union-find over nodes of one project sharing an anchor (and nodes a `node:ID` anchor names, in any
    project); returns node -> the smallest node id of its component."""
    parent = {node: node for node in keys}

    def find(node: str) -> str:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    by_anchor: dict[tuple[str, str], list[str]] = defaultdict(list)
    for node, anchor in sorted(anchor_rows, key=lambda row: (row[1], row[0])):
        if node not in parent:
            continue
        if anchor.startswith("node:"):
            # `node:X` names a known problem by one of its nodes: the daemon recognised it, or the person named it
            by_anchor[("", anchor)].append(node)
            if anchor[5:] in parent:
                by_anchor[("", anchor)].append(anchor[5:])
        else:
            # Why per project: two projects' `test_roundtrip` or `src/parser` are different things
            by_anchor[(keys[node][7] or "", anchor)].append(node)
    for group in by_anchor.values():
        for other in group[1:]:
            a, b = find(group[0]), find(other)
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {node: find(node) for node in keys}


def status(conn: sqlite3.Connection, group: list[str], status_row: Any) -> tuple[str, int]:
    """The latest status among the group's nodes, and how many signals came after it from sessions that had
    not hit the problem before it (an addressed problem that recurs is active again)."""
    if status_row is None:
        return "active", 0
    marks = ",".join("?" * len(group))
    mine = conn.execute(
        f"SELECT event_id, session_id FROM signal_occurrences WHERE pattern_id IN ({marks})", group
    ).fetchall()
    before = {session for event_id, session in mine if event_id < status_row[2]}
    recurred = sum(1 for event_id, session in mine if event_id > status_row[2] and session not in before)
    status = str(status_row[1])
    return ("active" if status == "addressed" and recurred else status), recurred


def representative(group: list[str], nodes: dict[str, Any], first_event: dict[str, str], from_tools: set[str]) -> str:
    """The node that names the problem: its earliest failure a tool reported, else its earliest failure of any
    source, else its earliest node."""
    if len(group) == 1:
        return group[0]
    tools = [n for n in group if n in from_tools and nodes[n][1] in FAILURE_KINDS]
    failures = [n for n in group if nodes[n][1] in FAILURE_KINDS]
    return min(tools or failures or group, key=lambda n: (first_event.get(n, ""), n))
