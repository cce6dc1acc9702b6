"""Socket methods of project rules: `project_rules` (a file or a subagent's cwd was touched), and `rules_files`
(the rules and lessons with their history, for `memoryd ui`)."""

from __future__ import annotations

import asyncio
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services
from daemon.services.learning.rules_files import rules_files as read_rules_files


@api.method("project_rules")
async def project_rules(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{session_id, path|cwd, event: read|edit|subagent, agent_id?} -> the project's rules not yet given."""
    p = Params(params, ("session_id", "path", "cwd", "event", "agent_id"))
    session_id = p.str("session_id", required=True) or ""
    event = p.str("event", "read") or "read"
    path = p.str("path") or p.str("cwd")
    answer = await services.rules.on_touch(session_id, path, event, p.str("agent_id") or "")
    return {
        "project": answer.project,
        "rules_markdown": answer.rules_markdown,
        "first_time": answer.first_time,
        "deny_reason": answer.deny_reason,
    }


@api.method("rules_files")
async def rules_files(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{project?} -> MEMORY.md's lessons and each project's rules: in force, and superseded (date, by what)."""
    p = Params(params, ("project",))
    app = services.app
    found = await asyncio.to_thread(
        read_rules_files, app.settings.home, emails=app.redact_emails, project=p.str("project") or None
    )
    return {"files": [f.to_json_obj() for f in found]}
