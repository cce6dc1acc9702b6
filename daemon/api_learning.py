"""Socket methods of the learning loop: signals, patterns, pattern_status, capabilities, consolidate."""

from __future__ import annotations

import sqlite3
from typing import Any

import orjson

from daemon.app import App
from daemon.capability_service import gate_status, generate_capabilities
from daemon.consolidation import Consolidator
from daemon.protocol import UNAVAILABLE, BadParams, Params, RpcError
from daemon.rpc import method
from daemon.signal_service import find_signals
from events.projections import signal_patterns as sp
from events.schema import PATTERN_STATUSES
from pipeline.capability_gates import all_pass

MAX_SIGNAL_TEXT = 2_000_000


@method("signals")
async def signals(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """Extract signals from a summary or transcript and (unless record=false) append them as `signal` events."""
    p = Params(params, ("session_id", "text", "record"))
    session = p.str("session_id", required=True) or ""
    text = p.str("text", required=True) or ""
    if len(text) > MAX_SIGNAL_TEXT:
        raise BadParams(f"param 'text' is longer than {MAX_SIGNAL_TEXT} characters")
    found, tokens = await find_signals(text, app.components.get("llm"))
    drafts = [("signal", {"session_id": session, "kind": s.kind, "key": s.key, "text": s.text}) for s in found]
    ids = await app.record(drafts) if drafts and p.bool("record", True) else []
    listed = [{"kind": s.kind, "key": s.key, "text": s.text, "pattern_id": sp.pattern_id(s.kind, s.key)} for s in found]
    return {"signals": listed, "ids": ids, "tokens": tokens}


@method("patterns")
async def patterns(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("all", "limit"))
    include_all = p.bool("all")
    limit = p.int("limit", 1000, minimum=1, maximum=100_000)
    await app.projections_current()

    def read(conn: sqlite3.Connection) -> dict[str, Any]:
        where = "" if include_all else "WHERE count > 0"
        rows = conn.execute(
            "SELECT pattern_id, kind, key, count, occurrences, priority, sessions, first_seen, last_seen, total,"
            f" status, recurred, last_text FROM signal_patterns {where}"
            " ORDER BY count DESC, last_seen DESC, pattern_id LIMIT ?",
            (limit,),
        ).fetchall()
        streak = conn.execute("SELECT length, flagged, sessions FROM failure_streak WHERE id = 1").fetchone()
        return {
            "patterns": [_pattern(row) for row in rows],
            "streak": {
                "length": streak[0] if streak else 0,
                "flagged": bool(streak[1]) if streak else False,
                "sessions": orjson.loads(streak[2]) if streak else [],
            },
            "window_sessions": sp.WINDOW_SESSIONS,
            "thresholds": {"HIGH": sp.HIGH_AT, "CRITICAL": sp.CRITICAL_AT, "streak": sp.STREAK_FLAG},
        }

    return await app.db.read(read)


def _pattern(row: Any) -> dict[str, Any]:
    keys = ("id", "kind", "key", "count", "occurrences", "priority", "sessions", "first_seen", "last_seen")
    out = dict(zip(keys, row[:9], strict=True))
    out["sessions"] = orjson.loads(out["sessions"])
    out.update(total=row[9], status=row[10], recurred=row[11], evidence=row[12])
    return out


@method("pattern_status")
async def pattern_status(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("pattern_id", "status"))
    pattern = (p.str("pattern_id", required=True) or "").strip().lower()
    status = p.str("status", required=True) or ""
    if status not in PATTERN_STATUSES:
        raise BadParams(f"param 'status' must be one of {', '.join(PATTERN_STATUSES)}")
    await app.projections_current()
    rows = await app.db.fetchall(
        "SELECT pattern_id FROM signal_pattern_keys WHERE pattern_id LIKE ? ORDER BY pattern_id LIMIT 2",
        (pattern.replace("%", "").replace("_", "") + "%",),
    )
    if len(rows) != 1 or len(pattern) < 4:
        problem = "matches several patterns" if len(rows) > 1 else "matches no pattern"
        raise BadParams(f"pattern id {pattern!r} {problem}; see `memoryd patterns` (4+ leading characters)")
    full = rows[0][0]
    ids = await app.record([("pattern_status", {"pattern_id": full, "status": status})])
    return {"pattern_id": full, "status": status, "id": ids[0]}


@method("capabilities")
async def capabilities(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """Gate status, or (generate=true) a generation run now when every gate passes."""
    p = Params(params, ("generate",))
    if p.bool("generate"):
        return await generate_capabilities(app, app.components.get("llm"))
    gates = await gate_status(app)
    return {"gates": [g.to_json_obj() for g in gates], "passed": all_pass(gates)}


@method("consolidate")
async def consolidate(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """Run the weekly consolidation now (waits for a run in progress) and return its summary."""
    Params(params, ())
    consolidator: Consolidator | None = app.components.get("consolidator")
    if consolidator is None:
        raise RpcError(UNAVAILABLE, "consolidation is not running in this daemon")
    return await consolidator.run("manual")
