"""Socket methods that hand memory to an agent: context, session_context, prompt_context; and injections,
which shows what was handed out. Each answers fast (hooks that call them have a sub-second budget)."""

from __future__ import annotations

import time
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services
from daemon.services.context import PROMPT, SESSION, TASK, ContextRequest
from events.queries import event_index


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


@api.method("context")
async def context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """The memory block for a task: MEMORY.md essentials, the project's rules, the top memories, skills."""
    started = time.perf_counter()
    p = Params(params, ("query", "budget", "project", "cwd", "k", "session_id"))
    query = p.str("query", required=True) or ""
    settings = services.app.settings
    budget = p.int("budget", settings.context.budget, minimum=200, maximum=100_000)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    k = p.int("k", settings.context.max_memories, minimum=1, maximum=50)
    request = ContextRequest(TASK, budget, query, k, project, p.str("session_id"))
    reply = await services.context.assemble(request)
    return {
        "markdown": reply.markdown,
        "project": project,
        "used": reply.used,
        "budget": budget,
        "memories": reply.memory_refs,
        "skills": [{"name": s.name, "kind": s.kind, "score": s.score} for s in reply.skills],
        "took_ms": _ms(started),
    }


@api.method("session_context")
async def session_context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """SessionStart: MEMORY.md essentials, then the project's rules and summary, within the budget."""
    started = time.perf_counter()
    p = Params(params, ("cwd", "session_id", "source", "budget", "project"))
    budget = p.int("budget", services.app.settings.hooks.session_budget, minimum=200, maximum=100_000)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    reply = await services.context.assemble(
        ContextRequest(SESSION, budget, project=project, session_id=p.str("session_id"))
    )
    return {
        "markdown": reply.markdown,
        "project": project,
        "used": reply.used,
        "budget": budget,
        "took_ms": _ms(started),
    }


@api.method("prompt_context")
async def prompt_context(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """UserPromptSubmit: only the memories relevant to the prompt (the essentials came at SessionStart)."""
    started = time.perf_counter()
    p = Params(params, ("query", "cwd", "session_id", "budget", "k", "project"))
    query = p.str("query", required=True) or ""
    hooks = services.app.settings.hooks
    budget = p.int("budget", hooks.prompt_budget, minimum=200, maximum=100_000)
    k = p.int("k", hooks.prompt_k, minimum=1, maximum=50)
    project = services.projects.project_for(p.str("cwd"), p.str("project"))
    reply = await services.context.assemble(ContextRequest(PROMPT, budget, query, k, project, p.str("session_id")))
    return {
        "markdown": reply.markdown,
        "project": project,
        "used": reply.used,
        "budget": budget,
        "memories": reply.memory_refs,
        "took_ms": _ms(started),
    }


@api.method("injections")
async def injections(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("limit", "session_id"))
    limit = p.int("limit", 50, minimum=1, maximum=10_000)
    session = p.str("session_id") or None
    app = services.app
    await app.projections_current()
    found = await app.db.read(lambda conn: event_index.latest(conn, type="injection", session_id=session, limit=limit))
    return {"injections": [{"id": e.id, "ts": e.ts, **e.data} for e in found]}
