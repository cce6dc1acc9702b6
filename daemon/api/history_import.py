"""Socket methods of `memoryd import claude-code`: `import_plan`, `import_take`, `import_instructions`,
`import_finish` (the client drives them in this order; see daemon/services/transcripts/history_import.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from daemon.services.transcripts.history_import import SESSION_DIRS
from events.event import parse_timestamp

MAX_IDLE_S = 30 * 24 * 3600


def _source(p: Params) -> str:
    source = p.str("source", "claude-code") or "claude-code"
    if source not in SESSION_DIRS:
        raise BadParams(f"param 'source' must be one of {', '.join(SESSION_DIRS)}")
    return source


def _agent_dir(p: Params) -> Path:
    raw = p.str("from", required=True) or ""
    path = Path(raw)
    if not path.is_absolute():
        raise BadParams("param 'from' must be an absolute path (the client expands ~)")
    return path


def _since(p: Params) -> dt.datetime | None:
    raw = p.str("since")
    if not raw:
        return None
    try:
        return parse_timestamp(raw)
    except ValueError as exc:
        raise BadParams(f"param 'since' must be a date like 2026-01-31 or an ISO timestamp, got {raw!r}") from exc


@api.method("import_plan")
async def import_plan(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{source?, from, since?, project?, idle_s?} -> every transcript with what an import would do with it."""
    p = Params(params, ("source", "from", "since", "project", "idle_s"))
    project = p.str("project")
    if project and not project.startswith("/"):
        raise BadParams("param 'project' must be an absolute path (the client resolves it)")
    plan = await services.history.plan(
        _source(p), _agent_dir(p), since=_since(p), project=project, idle_s=p.int("idle_s", 600, maximum=MAX_IDLE_S)
    )
    return plan.to_json_obj()


@api.method("import_take")
async def import_take(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{source?, from, path, idle_s?, llm?} -> what one transcript taught (or why it was skipped). `llm: false`:
    the extractive summary even when an LLM is configured."""
    p = Params(params, ("source", "from", "path", "idle_s", "llm"))
    path = Path(p.str("path", required=True) or "")
    idle_s = p.int("idle_s", 600, maximum=MAX_IDLE_S)
    use_llm = p.bool("llm", True)
    return await services.history.take(_source(p), _agent_dir(p), path, idle_s=idle_s, use_llm=use_llm)


@api.method("import_instructions")
async def import_instructions(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{source?, from, cwds: [str], dry_run?} -> per instruction file: items read, added, already there."""
    p = Params(params, ("source", "from", "cwds", "dry_run"))
    cwds = params.get("cwds") or []
    if not isinstance(cwds, list) or not all(isinstance(c, str) and c.startswith("/") for c in cwds):
        raise BadParams("param 'cwds' must be a list of absolute paths")
    return await services.history.instructions(_source(p), _agent_dir(p), cwds, dry_run=p.bool("dry_run"))


@api.method("import_finish")
async def import_finish(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{since?} -> consolidation and capability generation once over the imported span, and the patterns."""
    p = Params(params, ("since",))
    return await services.history.finish(_since(p))
