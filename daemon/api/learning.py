"""Socket methods of the learning loop: signals, patterns, pattern_status, capabilities, consolidate."""

from __future__ import annotations

import sqlite3
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from daemon.services.learning.capabilities import gate_status, generate_capabilities
from daemon.services.learning.signals import find_signals
from events.projections import problem_rows
from events.projections import signal_patterns as sp
from events.queries import signal_patterns
from events.queries.signal_patterns import Pattern
from events.schema import PATTERN_STATUSES
from pipeline.learning.capability_gates import all_pass

MAX_SIGNAL_TEXT = 2_000_000


@api.method("signals")
async def signals(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Extract signals from a summary or transcript and (unless record=false) append them as `signal` events."""
    p = Params(params, ("session_id", "text", "record"))
    session = p.str("session_id", required=True) or ""
    text = p.str("text", required=True) or ""
    if len(text) > MAX_SIGNAL_TEXT:
        raise BadParams(f"param 'text' is longer than {MAX_SIGNAL_TEXT} characters")
    found, tokens = await find_signals(text, services.learning.llm, emails=services.app.redact_emails)
    drafts: list[tuple[str, dict[str, Any]]] = [
        (
            "signal",
            {"session_id": session, "kind": s.kind, "key": s.key, "text": s.text, "source": "cli"}
            | ({"anchors": list(s.anchors)} if s.anchors else {}),
        )
        for s in found
    ]
    ids = await services.app.record(drafts) if drafts and p.bool("record", True) else []
    listed = [{"kind": s.kind, "key": s.key, "text": s.text, "pattern_id": sp.pattern_id(s.kind, s.key)} for s in found]
    return {"signals": listed, "ids": ids, "tokens": tokens}


@api.method("patterns")
async def patterns(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Recurring problems; with `explain`, each with the sessions and evidence lines that joined it and why;
    `pattern_id` (or a unique prefix) picks one pattern."""
    p = Params(params, ("all", "limit", "explain", "pattern_id"))
    include_all = p.bool("all")
    limit = p.int("limit", 1000, minimum=1, maximum=100_000)
    explain, wanted = p.bool("explain"), p.str("pattern_id") or ""
    app = services.app
    await app.projections_current()

    def read(conn: sqlite3.Connection) -> dict[str, Any]:
        streak = signal_patterns.streak(conn)
        listed = signal_patterns.listed(conn, include_all=include_all or bool(wanted), limit=limit)
        if wanted:
            listed = [p for p in listed if p.pattern_id.startswith(wanted)]
            if len(listed) != 1:
                raise BadParams(
                    f"no pattern with id {wanted!r}" if not listed else f"{wanted!r} names several patterns"
                )
        rows = [_pattern(p) for p in listed]
        if explain:
            for row in rows:
                row["explain"] = _explained(conn, row["id"])
        return {
            "patterns": rows,
            "streak": {"length": streak.length, "flagged": streak.flagged, "sessions": list(streak.sessions)},
            "window_sessions": problem_rows.WINDOW_SESSIONS,
            "thresholds": {
                "HIGH": problem_rows.HIGH_AT,
                "CRITICAL": problem_rows.CRITICAL_AT,
                "streak": problem_rows.STREAK_FLAG,
            },
        }

    return await app.db.read(read)


def _pattern(p: Pattern) -> dict[str, Any]:
    return {
        "id": p.pattern_id,
        "kind": p.kind,
        "key": p.key,
        "count": p.count,
        "occurrences": p.occurrences,
        "priority": p.priority,
        "sessions": list(p.sessions),
        "first_seen": p.first_seen,
        "last_seen": p.last_seen,
        "total": p.total,
        "status": p.status,
        "recurred": p.recurred,
        "evidence": p.last_text,
        "session_total": p.session_total,
        "members": list(p.members),
        "anchors": list(p.anchors),
    }


def _explained(conn: sqlite3.Connection, pattern_id: str) -> list[dict[str, Any]]:
    return [
        {
            "session_id": e.session_id,
            "event_id": e.event_id,
            "ts": e.ts,
            "node": e.node,
            "kind": e.kind,
            "text": e.text,
            "source": e.source,
            "shared_anchors": list(e.shared),
            **({"match": e.joined} if e.joined else {}),
            **({"cause": e.cause} if e.cause else {}),
        }
        for e in signal_patterns.explain(conn, pattern_id)
    ]


@api.method("pattern_status")
async def pattern_status(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("pattern_id", "status"))
    pattern = (p.str("pattern_id", required=True) or "").strip().lower()
    status = p.str("status", required=True) or ""
    if status not in PATTERN_STATUSES:
        raise BadParams(f"param 'status' must be one of {', '.join(PATTERN_STATUSES)}")
    app = services.app
    await app.projections_current()
    matches = await app.db.read(lambda conn: signal_patterns.ids_with_prefix(conn, pattern, 2))
    if len(matches) != 1 or len(pattern) < 4:
        problem = "matches several patterns" if len(matches) > 1 else "matches no pattern"
        raise BadParams(f"pattern id {pattern!r} {problem}; see `memoryd patterns` (4+ leading characters)")
    full = matches[0]
    ids = await app.record([("pattern_status", {"pattern_id": full, "status": status})])
    return {"pattern_id": full, "status": status, "id": ids[0]}


@api.method("capabilities")
async def capabilities(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Gate status, or (generate=true) a generation run now when every gate passes."""
    p = Params(params, ("generate",))
    if p.bool("generate"):
        return await generate_capabilities(services.app, services.learning.llm)
    gates = await gate_status(services.app)
    return {"gates": [g.to_json_obj() for g in gates], "passed": all_pass(gates)}


@api.method("consolidate")
async def consolidate(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Run the weekly consolidation now (waits for a run in progress) and return its summary."""
    Params(params, ())
    return await services.learning.consolidator.run("manual")
