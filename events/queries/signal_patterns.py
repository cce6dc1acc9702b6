"""Reads of the `signal_patterns` projection: recurring problems, their evidence, outcomes and the streak."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import orjson

from events.sqlite import named_rows, select_in


@dataclass(frozen=True, slots=True)
class Pattern:
    pattern_id: str
    kind: str
    key: str
    count: int  # window sessions in which it was signalled
    occurrences: int  # signals in the window
    priority: str
    sessions: tuple[str, ...]
    first_seen: str
    last_seen: str
    total: int  # signals ever
    status: str
    recurred: int
    last_text: str
    session_total: int  # sessions ever
    members: tuple[str, ...]  # the (kind, key) node ids joined into this problem
    anchors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Streak:
    length: int
    flagged: bool
    sessions: tuple[str, ...]


_COLUMNS = (
    "pattern_id, kind, key, count, occurrences, priority, sessions, first_seen, last_seen, total, status,"
    " recurred, last_text, session_total, members, anchors"
)


def _pattern(row: sqlite3.Row) -> Pattern:
    return Pattern(
        row["pattern_id"],
        row["kind"],
        row["key"],
        int(row["count"]),
        int(row["occurrences"]),
        row["priority"],
        tuple(orjson.loads(row["sessions"])),
        row["first_seen"],
        row["last_seen"],
        int(row["total"]),
        row["status"],
        int(row["recurred"]),
        row["last_text"],
        int(row["session_total"]),
        tuple(orjson.loads(row["members"])),
        tuple(orjson.loads(row["anchors"])),
    )


def listed(conn: sqlite3.Connection, *, include_all: bool = False, limit: int = 1000) -> list[Pattern]:
    """Patterns seen in the window (every pattern with `include_all`), most frequent first."""
    where = "" if include_all else "WHERE count > 0"
    sql = f"SELECT {_COLUMNS} FROM signal_patterns {where} ORDER BY count DESC, last_seen DESC, pattern_id LIMIT ?"
    return [_pattern(row) for row in named_rows(conn, sql, (limit,))]


def for_report(conn: sqlite3.Connection, limit: int) -> list[Pattern]:
    """Patterns seen in the window, most frequent first, ties by id (the weekly report's order)."""
    sql = f"SELECT {_COLUMNS} FROM signal_patterns WHERE count > 0 ORDER BY count DESC, pattern_id LIMIT ?"
    return [_pattern(row) for row in named_rows(conn, sql, (limit,))]


def active(conn: sqlite3.Connection, min_count: int) -> list[Pattern]:
    """Active patterns signalled in at least `min_count` window sessions, most frequent first."""
    sql = (
        f"SELECT {_COLUMNS} FROM signal_patterns WHERE status = 'active' AND count >= ? ORDER BY count DESC, pattern_id"
    )
    return [_pattern(row) for row in named_rows(conn, sql, (min_count,))]


def evidence(conn: sqlite3.Connection, pattern_id: str, limit: int = 20) -> list[str]:
    """The latest signal texts of a pattern (of any of its nodes), newest first (duplicates kept)."""
    rows = conn.execute(
        "SELECT o.text FROM signal_occurrences o JOIN signal_pattern_members m ON m.member_id = o.pattern_id"
        " WHERE m.pattern_id = ? ORDER BY o.event_id DESC LIMIT ?",
        (pattern_id, limit),
    )
    return [str(row[0]) for row in rows]


@dataclass(frozen=True, slots=True)
class ProblemVocabulary:
    """What a known problem can be recognised by: its anchors and the keys of its failure signals."""

    pattern_id: str
    anchors: tuple[str, ...]
    keys: tuple[str, ...]
    projects: tuple[str, ...] = ()  # where it was seen ("" for signals from before projects were named)


def known_problems(conn: sqlite3.Connection, limit: int = 500) -> list[ProblemVocabulary]:
    """The most recently seen problems (not the person's corrections alone), with every anchor of their nodes,
    the keys of their tool failures and the projects they were seen in."""
    patterns = conn.execute(
        "SELECT pattern_id, members FROM signal_patterns WHERE kind NOT IN ('correction', 'capability_gap')"
        " ORDER BY last_seen DESC, pattern_id LIMIT ?",
        (limit,),
    ).fetchall()
    out = []
    for pid, members_json in patterns:
        members = orjson.loads(members_json)
        marks = ",".join("?" * len(members))
        projects = [
            r[0]
            for r in conn.execute(
                f"SELECT DISTINCT project FROM signal_pattern_keys WHERE pattern_id IN ({marks})", members
            )
        ]
        anchors = [
            r[0]
            for r in conn.execute(f"SELECT DISTINCT anchor FROM signal_anchors WHERE pattern_id IN ({marks})", members)
        ]
        # Why only tool failures' keys: a person's sentence is full of everyday words that would make any later
        # sentence look like it names this problem, and so is what they paste (a CI page, a chat, a log around the
        # failure): with pasted keys, "the kafka consumer tests again" named the alembic problem and joined the two.
        keys = [
            r[0]
            for r in conn.execute(
                "SELECT DISTINCT k.key FROM signal_pattern_keys k"
                " JOIN signal_occurrences o ON o.pattern_id = k.pattern_id"
                f" WHERE k.pattern_id IN ({marks}) AND o.source = 'tool'",
                members,
            )
        ]
        out.append(ProblemVocabulary(str(pid), tuple(sorted(anchors)), tuple(sorted(keys)), tuple(sorted(projects))))
    return out


@dataclass(frozen=True, slots=True)
class KnownNode:
    """A node of a known problem, with what identity compares a new signal against."""

    node: str
    pattern_id: str
    kind: str
    key: str
    text: str  # its latest evidence line
    project: str
    command: str
    anchors: tuple[str, ...]
    facts: tuple[str, ...]
    sessions: tuple[str, ...]
    cause: str = ""  # what the agent said caused it, the latest said (`failure_cause.py`)


_FAILURE_KINDS = ("error", "dependency_issue", "environment_issue", "performance_issue", "security_issue", "retry")


def known_nodes(conn: sqlite3.Connection, project: str, limit: int = 400) -> list[KnownNode]:
    """The failure nodes of the project (or of no project, for logs from before signals named one) that a tool
    reported or the person pasted (a CI log, a crash report: evidence like a tool's own output), most recently
    seen first: what a new failure may be the same problem as."""
    marks = ",".join("?" * len(_FAILURE_KINDS))
    rows = conn.execute(
        "SELECT k.pattern_id, coalesce(m.pattern_id, k.pattern_id), k.kind, k.key, k.last_text, k.project, k.command,"
        " k.cause"
        " FROM signal_pattern_keys k LEFT JOIN signal_pattern_members m ON m.member_id = k.pattern_id"
        f" WHERE k.kind IN ({marks}) AND k.project IN (?, '')"
        " AND EXISTS (SELECT 1 FROM signal_occurrences o WHERE o.pattern_id = k.pattern_id AND o.source IN"
        " ('tool', 'retry', 'pasted', 'flaky')) ORDER BY k.last_seen DESC, k.pattern_id LIMIT ?",
        (*_FAILURE_KINDS, project, limit),
    ).fetchall()
    nodes = [str(r[0]) for r in rows]
    anchors = _by_node(conn, "SELECT pattern_id, anchor FROM signal_anchors WHERE pattern_id IN ({marks})", nodes)
    facts = _by_node(conn, "SELECT pattern_id, fact FROM signal_facts WHERE pattern_id IN ({marks})", nodes)
    sessions = _by_node(
        conn, "SELECT DISTINCT pattern_id, session_id FROM signal_occurrences WHERE pattern_id IN ({marks})", nodes
    )
    return [
        KnownNode(
            node,
            str(pid),
            str(kind),
            str(key),
            str(text),
            str(proj),
            str(command),
            tuple(sorted(anchors.get(node, ()))),
            tuple(sorted(facts.get(node, ()))),
            tuple(sorted(sessions.get(node, ()))),
            str(cause),
        )
        for (node, pid, kind, key, text, proj, command, cause) in rows
    ]


def _by_node(conn: sqlite3.Connection, sql: str, nodes: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for node, value in select_in(conn, sql, nodes):
        out.setdefault(str(node), []).append(str(value))
    return out


@dataclass(frozen=True, slots=True)
class Explained:
    """One signal of a pattern: where it came from and why it belongs to the pattern."""

    session_id: str
    event_id: str
    ts: str
    node: str
    kind: str
    text: str
    source: str
    shared: tuple[str, ...]  # anchors it shares with other signals of the pattern
    joined: dict[str, object] | None  # the recorded match, when it was recognised by meaning or by the person
    cause: str = ""  # what the agent said caused its node's failure (`failure_cause.py`)


def explain(conn: sqlite3.Connection, pattern_id: str, limit: int = 200) -> list[Explained]:
    """The signals of a pattern in log order, with the anchors that tie each to the others."""
    members = [
        str(r[0])
        for r in conn.execute("SELECT member_id FROM signal_pattern_members WHERE pattern_id = ?", (pattern_id,))
    ] or [pattern_id]
    anchors = _by_node(conn, "SELECT pattern_id, anchor FROM signal_anchors WHERE pattern_id IN ({marks})", members)
    count: dict[str, int] = {}
    for node in members:
        for anchor in set(anchors.get(node, ())):
            count[anchor] = count.get(anchor, 0) + 1
    keyed = select_in(
        conn, "SELECT pattern_id, kind, cause FROM signal_pattern_keys WHERE pattern_id IN ({marks})", members
    )
    kinds = {str(node): str(kind) for node, kind, _ in keyed}
    causes = {str(node): str(cause) for node, _, cause in keyed}
    rows = select_in(
        conn,
        "SELECT session_id, event_id, ts, pattern_id, text, source, joined FROM signal_occurrences"
        " WHERE pattern_id IN ({marks})",
        members,
    )
    out = []
    for session, event_id, ts, node, text, source, joined in sorted(rows, key=lambda r: r[1])[:limit]:
        shared = tuple(
            sorted(a for a in set(anchors.get(node, ())) if count.get(a, 0) > 1 and not a.startswith("node:"))
        )
        out.append(
            Explained(
                str(session),
                str(event_id),
                str(ts),
                str(node),
                str(kinds.get(node, "")),
                str(text),
                str(source),
                shared,
                orjson.loads(joined) if joined else None,
                causes.get(str(node), ""),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class SaidBefore:
    kind: str
    key: str
    text: str


def said_before(conn: sqlite3.Connection, limit: int = 2000) -> list[SaidBefore]:
    """The person's earlier signalled sentences (source `user`), newest first, one per (kind, key)."""
    rows = conn.execute(
        "SELECT k.kind, k.key, o.text FROM signal_occurrences o JOIN signal_pattern_keys k"
        " ON k.pattern_id = o.pattern_id WHERE o.source = 'user' ORDER BY o.event_id DESC LIMIT ?",
        (limit * 4,),
    )
    seen: dict[tuple[str, str], SaidBefore] = {}
    for kind, key, text in rows:
        seen.setdefault((kind, key), SaidBefore(str(kind), str(key), str(text)))
    return list(seen.values())[:limit]


def pattern_of(conn: sqlite3.Connection, member_id: str) -> str | None:
    """The pattern (problem) a (kind, key) node belongs to now."""
    row = conn.execute("SELECT pattern_id FROM signal_pattern_members WHERE member_id = ?", (member_id,)).fetchone()
    return str(row[0]) if row else None


def sessions_of(conn: sqlite3.Connection, pattern_id: str) -> list[tuple[str, str]]:
    """Every session that hit the pattern, in session order, with the time of its first signal or outcome."""
    rows = conn.execute(
        "SELECT DISTINCT s.session_id, s.first_ts, s.first_id FROM signal_occurrences o"
        " JOIN signal_pattern_members m ON m.member_id = o.pattern_id"
        " JOIN signal_sessions s ON s.session_id = o.session_id WHERE m.pattern_id = ? ORDER BY s.first_id",
        (pattern_id,),
    )
    return [(str(session), str(ts)) for session, ts, _first in rows]


def said_texts(conn: sqlite3.Connection, pattern_id: str, limit: int = 10) -> list[str]:
    """What the person said about a pattern, as they said it (redacted), oldest first."""
    rows = conn.execute(
        "SELECT DISTINCT o.text, o.event_id FROM signal_occurrences o"
        " JOIN signal_pattern_members m ON m.member_id = o.pattern_id"
        " WHERE m.pattern_id = ? AND o.source IN ('user', 'talk') ORDER BY o.event_id LIMIT ?",
        (pattern_id, limit),
    )
    return list(dict.fromkeys(str(row[0]) for row in rows))


def recent_outcomes(conn: sqlite3.Connection, window: int) -> tuple[str, ...]:
    """Outcomes of the latest `window` sessions whose outcome is known (success or failed), newest first."""
    rows = conn.execute(
        "SELECT outcome FROM signal_sessions WHERE outcome IN ('success', 'failed') ORDER BY first_id DESC LIMIT ?",
        (window,),
    )
    return tuple(str(row[0]) for row in rows)


def streak(conn: sqlite3.Connection) -> Streak:
    row = conn.execute("SELECT length, flagged, sessions FROM failure_streak WHERE id = 1").fetchone()
    if row is None:
        return Streak(0, False, ())
    return Streak(int(row[0]), bool(row[1]), tuple(orjson.loads(row[2])))


def ids_with_prefix(conn: sqlite3.Connection, prefix: str, limit: int = 2) -> list[str]:
    """Pattern ids starting with `prefix` (LIKE wildcards in it are dropped), in id order. A node id that was
    joined into another problem answers with that problem's id."""
    clean = prefix.replace("%", "").replace("_", "")
    rows = conn.execute(
        "SELECT DISTINCT pattern_id FROM signal_pattern_members WHERE member_id LIKE ? ORDER BY pattern_id LIMIT ?",
        (clean + "%", limit),
    )
    return [str(row[0]) for row in rows]


def said_about(conn: sqlite3.Connection, pattern_id: str, limit: int = 50) -> list[str]:
    """The keys of what the person said about a pattern (its `user` and `talk` signals): their words for it."""
    rows = conn.execute(
        "SELECT DISTINCT k.key FROM signal_occurrences o JOIN signal_pattern_members m ON m.member_id = o.pattern_id"
        " JOIN signal_pattern_keys k ON k.pattern_id = o.pattern_id"
        " WHERE m.pattern_id = ? AND o.source IN ('user', 'talk') ORDER BY k.key LIMIT ?",
        (pattern_id, limit),
    )
    return [str(row[0]) for row in rows]
