"""What the weekly report says about a week, read from the log and the memory home.

- Sessions by their own time: a session belongs to the week it started in (the `session_summary` receipt
  carries the transcript's start), not the week its transcript reached the inbox; sessions recorded by hand
  (an `outcome` with no receipt) count by the outcome's time. Their latest outcome counts.
- Files edited: the `## Files` lists of the week's session summaries (the daily notes when none has one).
- Recurring problems: patterns seen in 2 or more of the last sessions only (a count-1 row is noise).
- Added and superseded: the week's `knowledge` events (rules and lessons added, superseded, restated) and
  skills written; conflicts: those supersessions, and rules in force that still contradict each other.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

from events.event import parse_timestamp, utc_timestamp
from events.projections.signal_patterns import node_of
from events.queries import event_index, signal_patterns
from events.schema import SIGNAL_KINDS
from pipeline.learning.lessons import current_bullets
from pipeline.learning.rules.rule_lifecycle import conflicts
from pipeline.learning.weekly_report import Change, Conflict, PatternLine
from pipeline.memory_layout import read_text

REPORT_PATTERNS = 20


def week_sessions(conn: sqlite3.Connection, since: dt.datetime) -> dict[str, Any]:
    """Outcomes, corrections and signal kinds of the sessions that started since `since`."""
    started: dict[str, str] = {}
    for event in event_index.of_type(conn, "session_summary"):
        data = event.data
        if not data.get("agent_id"):
            started[str(data["session_id"])] = str(data.get("started") or event.ts)
    latest: dict[str, tuple[str, int, str]] = {}
    for event in event_index.of_type(conn, "outcome"):
        data = event.data
        latest[str(data["session_id"])] = (str(data["outcome"]), int(data.get("corrections") or 0), event.ts)
    in_week = set()
    for session, (_outcome, _corrections, ts) in latest.items():
        when = started.get(session) or ts
        try:
            moment = parse_timestamp(when)
        except ValueError:
            moment = parse_timestamp(ts)
        if since <= moment:  # Why no upper bound: "now" is the run's clock, and a session cannot start later
            in_week.add(session)
    outcomes = {"success": 0, "failed": 0, "unknown": 0}
    for session in in_week:
        outcomes[latest[session][0]] = outcomes.get(latest[session][0], 0) + 1
    kinds = dict.fromkeys(SIGNAL_KINDS, 0)
    for event in event_index.of_type(conn, "signal"):
        if event.data.get("session_id") in in_week and event.data.get("kind") in kinds:
            kinds[event.data["kind"]] += 1
    return {
        "outcomes": outcomes,
        "corrections": sum(latest[s][1] for s in in_week),
        "signals_by_kind": {k: n for k, n in kinds.items() if n},
        "session_ids": in_week,
    }


def week_changes(conn: sqlite3.Connection, since: dt.datetime) -> dict[str, Any]:
    """The week's knowledge changes and skills written, and the problems recurring in the window."""
    since_ts = utc_timestamp(since)
    changes = [
        Change(
            str(e.data.get("kind", "")),
            str(e.data.get("action", "")),
            str(e.data.get("text", "")),
            str(e.data.get("replaces") or e.data.get("restates") or ""),
            str(e.data.get("path", "")),
        )
        for e in event_index.of_type(conn, "knowledge", since=since_ts)
    ]
    skills = [str(e.data.get("capability_name")) for e in event_index.of_type(conn, "generation", since=since_ts)]
    resolved = {
        node_of({**k, "project": e.data.get("project")})
        for e in event_index.of_type(conn, "resolution")
        for k in e.data.get("keys") or ()
    }
    recurring = [p for p in signal_patterns.for_report(conn, REPORT_PATTERNS) if p.count >= 2]
    unresolved = [p.key for p in recurring if not resolved & set(p.members)]
    patterns = [
        PatternLine(p.pattern_id, p.kind, p.key, p.count, p.priority, p.status, p.recurred, p.session_total)
        for p in recurring
    ]
    streak = signal_patterns.streak(conn)
    return {
        "changes": changes,
        "skills": [s for s in dict.fromkeys(skills) if s],
        "patterns": patterns,
        "unresolved": unresolved,
        "streak_length": streak.length,
        "streak_flagged": streak.flagged,
        "streak_sessions": list(streak.sessions),
    }


def rule_conflicts(home: Path) -> list[Conflict]:
    """Pairs of rules (or lessons) in force in the same file that contradict each other. Blocking."""
    found = []
    files = [home / "MEMORY.md", *sorted((home / "areas" / "projects").glob("*/rules.md"))]
    for path in files:
        for a, b, terms in conflicts(current_bullets(read_text(path))):
            found.append(Conflict(path.relative_to(home).as_posix(), a, b, ", ".join(terms)))
    return found
