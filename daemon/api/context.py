"""Socket methods that hand memory to an agent: context, session_context, prompt_context; and injections,
injection_stats and sessions, which show what was handed out, to which session, and what it cost. Each answers
fast (hooks that call them have a sub-second budget)."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from daemon.api.events import iso_param
from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from daemon.services.context import PROMPT, SESSION, TASK, ContextReply, ContextRequest
from daemon.services.injection_stats import cost_by_day, injection_stats
from events.queries import event_index


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def _reply(reply: ContextReply, started: float, *, memories: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"markdown": reply.markdown, "project": reply.project, "used": reply.used}
    out["budget"] = reply.budget
    if memories:
        out["memories"] = reply.memory_refs
        out["relevance"] = [None if m.relevance is None else round(m.relevance, 4) for m in reply.memories]
        out["skills"] = [{"name": s.name, "kind": s.kind, "score": s.score} for s in reply.skills]
        out["below_floor"] = reply.below_floor
    out["repeats"] = reply.repeats
    out["took_ms"] = _ms(started)
    return out


@api.method("context")
async def context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """The memory block for a task: MEMORY.md essentials, the project's rules, the relevant memories, skills.
    With a `session_id`, what that session was already given is left out."""
    started = time.perf_counter()
    p = Params(params, ("query", "budget", "project", "cwd", "k", "session_id", "agent_id", "min_relevance"))
    query = p.str("query", required=True) or ""
    settings = services.app.settings
    budget = p.int("budget", settings.context.budget, minimum=200, maximum=100_000)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    k = p.int("k", settings.context.max_memories, minimum=1, maximum=50)
    floor = p.float("min_relevance", settings.context.min_relevance)
    request = ContextRequest(TASK, budget, query, k, project, p.str("session_id"), p.str("agent_id"), floor)
    return _reply(await services.context.assemble(request), started, memories=True)


@api.method("session_context")
async def session_context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """SessionStart: MEMORY.md essentials, then the project's rules and summary, within the budget, without
    what this session already has (after a compaction, everything again)."""
    started = time.perf_counter()
    services.index.embedding.wake()  # an agent is starting: a model released when idle loads in the background
    p = Params(params, ("cwd", "session_id", "agent_id", "source", "budget", "project"))
    budget = p.int("budget", services.app.settings.hooks.session_budget, minimum=200, maximum=100_000)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    request = ContextRequest(
        SESSION, budget, project=project, session_id=p.str("session_id"), agent_id=p.str("agent_id")
    )
    return _reply(await services.context.assemble(request), started, memories=False)


@api.method("prompt_context")
async def prompt_context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """UserPromptSubmit: only the memories relevant to the prompt (the essentials came at SessionStart) that
    clear `[hooks] min_relevance` and that this session does not have yet; '' when none does."""
    started = time.perf_counter()
    p = Params(params, ("query", "cwd", "session_id", "agent_id", "budget", "k", "project", "min_relevance"))
    query = p.str("query", required=True) or ""
    hooks = services.app.settings.hooks
    budget = p.int("budget", hooks.prompt_budget, minimum=200, maximum=100_000)
    k = p.int("k", hooks.prompt_k, minimum=1, maximum=50)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    floor = p.float("min_relevance", hooks.min_relevance)
    request = ContextRequest(PROMPT, budget, query, k, project, p.str("session_id"), p.str("agent_id"), floor)
    return _reply(await services.context.assemble(request), started, memories=True)


@api.method("injections")
async def injections(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """The latest injection events, newest first (`all`: also the requests that gave nothing)."""
    p = Params(params, ("limit", "session_id", "since", "all"))
    limit = p.int("limit", 50, minimum=1, maximum=10_000)
    session = p.str("session_id") or None
    since = iso_param("since", p.str("since"))
    everything = p.bool("all")
    app = services.app
    await services.context.settled()
    await app.projections_current()

    def read(conn: Any) -> list[event_index.IndexedEvent]:
        found = event_index.latest(conn, type="injection", session_id=session, since=since, limit=limit * 20)
        return [e for e in found if everything or e.data.get("used", 1)][:limit]

    found = await app.db.read(read)
    return {"injections": [{"id": e.id, "ts": e.ts, **e.data} for e in found]}


@api.method("injection_stats")
async def injection_stats_method(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """What memory cost: prompts seen and given memory, characters and estimated tokens, repeats avoided,
    prompts held back by the floor, the most injected memories; per kind, per day and per session."""
    p = Params(params, ("since", "until", "session_id", "top"))
    since, until = iso_param("since", p.str("since")), iso_param("until", p.str("until"))
    session = p.str("session_id") or None
    top = p.int("top", 10, minimum=1, maximum=1000)
    app = services.app
    await services.context.settled()
    await app.projections_current()
    stats = await app.db.read(lambda conn: injection_stats(conn, since=since, until=until, session_id=session))
    return {"since": since, "until": until, "session_id": session, **stats.as_dict(top=top)}


@api.method("sessions")
async def sessions(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Sessions, most recently active first, one page at a time: span, events, the context requests made for
    it (injections) and the characters given, the outcome, the project."""
    p = Params(params, ("limit", "offset"))
    limit = p.int("limit", 50, minimum=1, maximum=1000)
    offset = p.int("offset", 0, minimum=0, maximum=10_000_000)
    app = services.app
    await services.context.settled()
    await app.projections_current()

    def read(conn: Any) -> tuple[int, list[event_index.SessionActivity]]:
        return event_index.session_total(conn), event_index.sessions_page(conn, limit=limit, offset=offset)

    total, page = await app.db.read(read)
    return {
        "total": total,
        "offset": offset,
        "sessions": [
            {
                "session_id": s.session_id,
                "first_ts": s.first_ts,
                "last_ts": s.last_ts,
                "events": s.events,
                "injections": s.injections,
                "injected_chars": s.injected_chars,
                "outcome": s.outcome,
                "project": s.project,
            }
            for s in page
        ],
    }


@api.method("injection_days")
async def injection_days_method(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """`injection_stats` over whole UTC days (`since`/`until` as YYYY-MM-DD, inclusive; default: the last 30
    days), per day and kind, from a projection: what `memoryd ui` charts, fast over a year."""
    p = Params(params, ("since", "until", "top"))
    today = dt.datetime.now(dt.UTC).date()
    first = _day("since", p.str("since")) or (today - dt.timedelta(days=29)).isoformat()
    last = _day("until", p.str("until")) or today.isoformat()
    top = p.int("top", 10, minimum=1, maximum=1000)
    app = services.app
    await services.context.settled()
    await app.projections_current()
    return await app.db.read(lambda conn: cost_by_day(conn, first, last, top))


def _day(name: str, value: str | None) -> str | None:
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError as exc:
        raise BadParams(f"param '{name}' must be a day like 2026-11-01") from exc
