"""Socket methods over the event log and its projections: status, record, events, effectiveness, rebuild."""

from __future__ import annotations

import datetime as dt
import sqlite3
import time
from typing import Any

import orjson

from daemon import __version__
from daemon.app import App
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from events.event import parse_timestamp
from events.projections import effectiveness as eff
from events.schema import InvalidEvent

MAX_EVENTS_PER_RECORD = 10_000


@method("status")
async def status(app: App, params: dict[str, Any]) -> dict[str, Any]:
    Params(params, ())
    await app.projections_current()
    quarantined = app.log.quarantined()

    def read(conn: sqlite3.Connection) -> tuple[int, dict[str, Any]]:
        count = conn.execute("SELECT count(*) FROM event_index").fetchone()[0]
        return count, app.projector.status(conn)

    count, projections = await app.db.read(read)
    result: dict[str, Any] = {
        "pid": app.pid,
        "home": str(app.settings.home),
        "socket": str(app.settings.socket_path),
        "version": __version__,
        "uptime_s": round(time.time() - app.started_at, 1),
        "config_warnings": list(app.settings.warnings),
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


@method("record")
async def record(app: App, params: dict[str, Any]) -> dict[str, Any]:
    if "events" in params:
        Params(params, ("events",))
        raw = params["events"]
        if not isinstance(raw, list) or not raw:
            raise BadParams("param 'events' must be a non-empty list of {type, data} objects")
        if len(raw) > MAX_EVENTS_PER_RECORD:
            raise BadParams(f"at most {MAX_EVENTS_PER_RECORD} events per record call")
        drafts = []
        for index, item in enumerate(raw):
            if not isinstance(item, dict) or set(item) - {"type", "data"}:
                raise BadParams(f"events[{index}] must be an object with only 'type' and 'data'")
            drafts.append((item.get("type"), item.get("data")))
    else:
        Params(params, ("type", "data"))
        drafts = [(params.get("type"), params.get("data"))]
    try:
        ids = await app.record(drafts)  # type: ignore[arg-type]
    except InvalidEvent as exc:
        prefix = f"events[{_failing_index(drafts)}]: " if len(drafts) > 1 else ""
        raise BadParams(f"invalid event: {prefix}{exc}") from exc
    return {"ids": ids}


def _failing_index(drafts: list[tuple[Any, Any]]) -> int:
    from events.schema import validate

    for index, (event_type, data) in enumerate(drafts):
        try:
            validate(event_type, data)
        except InvalidEvent:
            return index
    return -1


@method("events")
async def events(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("type", "session_id", "since", "until", "limit"))
    clauses, args = [], []
    if event_type := p.str("type"):
        clauses.append("type = ?")
        args.append(event_type)
    if session := p.str("session_id"):
        clauses.append("session_id = ?")
        args.append(session)
    for name, op in (("since", ">="), ("until", "<=")):
        if value := p.str(name):
            clauses.append(f"ts {op} ?")
            args.append(_iso(name, value))
    limit = p.int("limit", 100, minimum=1, maximum=100_000)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    await app.projections_current()
    rows = await app.db.fetchall(
        f"SELECT id, ts, type, data FROM event_index {where} ORDER BY id DESC LIMIT ?", (*args, limit)
    )
    return {"events": [{"id": r[0], "ts": r[1], "type": r[2], "data": orjson.loads(r[3])} for r in rows]}


def _iso(name: str, value: str) -> str:
    try:
        moment = parse_timestamp(value)
    except ValueError as exc:
        raise BadParams(f"param '{name}' must be an ISO date or time, like 2026-11-01") from exc
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


@method("effectiveness")
async def effectiveness(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("experience_id", "limit"))
    limit = p.int("limit", 1000, minimum=1, maximum=1_000_000)
    await app.projections_current()
    sql = "SELECT experience_id, total_refs, success_refs, fail_refs, p, last_ref FROM experience_effectiveness"
    args: tuple[Any, ...] = ()
    if experience := p.str("experience_id"):
        sql += " WHERE experience_id = ?"
        args = (experience,)
    rows = await app.db.fetchall(sql, args)
    now = dt.datetime.now(dt.UTC)
    items = [effectiveness_row(row, now) for row in rows]
    items.sort(key=lambda item: (-item["decay_value"], item["experience_id"]))
    return {"experiences": items[:limit], "half_life_days": eff.HALF_LIFE_DAYS, "now": now.isoformat()}


def effectiveness_row(row: Any, now: dt.datetime) -> dict[str, Any]:
    experience, total, success, fail, p, last_ref = row
    age_days = (now - parse_timestamp(last_ref)).total_seconds() / 86400 if last_ref else 0.0
    weight = eff.decay_weight(age_days)
    value = p * weight
    return {
        "experience_id": experience,
        "total_refs": total,
        "success_refs": success,
        "fail_refs": fail,
        "p": round(p, 6),
        "last_ref": last_ref,
        "age_days": round(age_days, 3),
        "decay_weight": round(weight, 6),
        "decay_value": round(value, 6),
        "flag": eff.flag(value),
    }


@method("rebuild")
async def rebuild(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("verify",))
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
    for hook in app.components.get("rebuild_hooks", []):
        await hook()
    return {"rebuilt": True, "events": applied, "took_ms": round((time.perf_counter() - started) * 1000, 1)}
