"""Socket methods over the event log and its projections: status, record, events, effectiveness, rebuild."""

from __future__ import annotations

import datetime as dt
import sqlite3
import time
from typing import Any

from daemon import __version__
from daemon.api.registry import api
from daemon.home import exposure
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from daemon.services.learning.effectiveness import KINDS, experience_rows
from events.event import parse_timestamp
from events.projections import effectiveness as eff
from events.queries import event_index
from events.schema import InvalidEvent, validate

MAX_EVENTS_PER_RECORD = 10_000


@api.method("status")
async def status(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    Params(params, ())
    app = services.app
    warnings = exposure(app.settings.home)
    try:
        await app.projections_current()
    except Exception as exc:  # e.g. a full disk: status still answers, from the projections as they are
        warnings.append(f"the projections could not catch up with the log: {type(exc).__name__}: {exc}")
    quarantined = app.log.quarantined()

    def read(conn: sqlite3.Connection) -> tuple[int, dict[str, Any]]:
        return event_index.count(conn), app.projector.status(conn)

    count, projections = await app.db.read(read)
    result: dict[str, Any] = {
        "pid": app.pid,
        "home": str(app.settings.home),
        "socket": str(app.settings.socket_path),
        "version": __version__,
        "uptime_s": round(time.time() - app.started_at, 1),
        "config_warnings": list(app.settings.warnings),
        "warnings": warnings,
        "events": {
            "count": count,
            "segments": app.log.segment_names(),
            "quarantined": len(quarantined),
            "quarantine": [
                {"segment": q.segment, "offset": q.offset, "length": q.length, "error": q.error}
                for q in quarantined[-20:]
            ],
            "fsync": app.log.fsync,
        },
        "projections": projections,
    }
    for name, section in app.status_sections.items():
        result[name] = await section()
    return result


@api.method("record")
async def record(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    drafts: list[tuple[Any, Any]] = []
    if "events" in params:
        Params(params, ("events",))
        raw = params["events"]
        if not isinstance(raw, list) or not raw:
            raise BadParams("param 'events' must be a non-empty list of {type, data} objects")
        if len(raw) > MAX_EVENTS_PER_RECORD:
            raise BadParams(f"at most {MAX_EVENTS_PER_RECORD} events per record call")
        for index, item in enumerate(raw):
            if not isinstance(item, dict) or set(item) - {"type", "data"}:
                raise BadParams(f"events[{index}] must be an object with only 'type' and 'data'")
            drafts.append((item.get("type"), item.get("data")))
    else:
        Params(params, ("type", "data"))
        drafts = [(params.get("type"), params.get("data"))]
    for event_type, data in drafts:
        if event_type == "compaction" and isinstance(data, dict) and isinstance(data.get("session_id"), str):
            # A compaction clears the session's slate: it must land after the injections already handed out.
            await services.slate.settled(data["session_id"])
    try:
        ids = await services.app.record(drafts)
    except InvalidEvent as exc:
        prefix = f"events[{_failing_index(drafts)}]: " if len(drafts) > 1 else ""
        raise BadParams(f"invalid event: {prefix}{exc}") from exc
    return {"ids": ids}


def _failing_index(drafts: list[tuple[Any, Any]]) -> int:
    for index, (event_type, data) in enumerate(drafts):
        try:
            validate(event_type, data)
        except InvalidEvent:
            return index
    return -1


@api.method("events")
async def events(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("type", "session_id", "since", "until", "limit"))
    since, until = p.str("since"), p.str("until")
    event_type, session = p.str("type") or None, p.str("session_id") or None
    since_ts, until_ts = iso_param("since", since), iso_param("until", until)
    limit = p.int("limit", 100, minimum=1, maximum=100_000)
    app = services.app
    await app.projections_current()
    found = await app.db.read(
        lambda conn: event_index.latest(
            conn, type=event_type, session_id=session, since=since_ts, until=until_ts, limit=limit
        )
    )
    return {"events": [{"id": e.id, "ts": e.ts, "type": e.type, "data": e.data} for e in found]}


def iso_param(name: str, value: str | None) -> str | None:
    """A date or time parameter in the log's own timestamp format (UTC), for range queries; None stays None."""
    if not value:
        return None
    try:
        moment = parse_timestamp(value)
    except ValueError as exc:
        raise BadParams(f"param '{name}' must be an ISO date or time, like 2026-11-01") from exc
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


@api.method("effectiveness")
async def effectiveness(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("experience_id", "limit", "kind"))
    limit = p.int("limit", 1000, minimum=1, maximum=1_000_000)
    kind = p.str("kind") or None
    if kind is not None and kind not in KINDS:
        raise BadParams(f"param 'kind' must be one of {', '.join(KINDS)}")
    rows = await experience_rows(services.app, p.str("experience_id") or None, kind)
    return {
        "experiences": [row.to_json_obj() for row in rows[:limit]],
        "half_life_days": eff.HALF_LIFE_DAYS,
        "now": services.app.clock().isoformat(),
    }


@api.method("rebuild")
async def rebuild(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("verify",))
    app = services.app
    started = time.perf_counter()
    if p.bool("verify"):
        differing = await app.projector.verify()
        return {
            "verified": True,
            "identical": not differing,
            "differing_tables": differing,
            "took_ms": round((time.perf_counter() - started) * 1000, 1),
        }
    applied = await app.projector.rebuild()
    await services.index.rebuild()
    return {"rebuilt": True, "events": applied, "took_ms": round((time.perf_counter() - started) * 1000, 1)}
