"""Socket methods of project rules: `project_rules` (a file or a subagent's cwd was touched), and `rules_files`
(the rules and lessons with their history, for `memoryd ui`)."""

from __future__ import annotations

import asyncio
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services
from daemon.services.learning.rules_files import rules_files as read_rules_files
from events.queries import event_index


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
    """{project?, history?} -> MEMORY.md's lessons and each project's rules: in force, and superseded (date, by
    what); with `history`, where each came from: the session, the transcript line and what the person said
    (the `knowledge` events that added, restated or superseded it)."""
    p = Params(params, ("project", "history"))
    app = services.app
    found = await asyncio.to_thread(
        read_rules_files, app.settings.home, emails=app.redact_emails, project=p.str("project") or None
    )
    files = [f.to_json_obj() for f in found]
    if p.bool("history"):
        await app.projections_current()
        changes = await app.db.read(lambda conn: list(event_index.of_type(conn, "knowledge")))
        for entry in files:
            entry["history"] = [{"ts": e.ts, **e.data} for e in changes if str(e.data.get("path", "")) == entry["path"]]
    return {"files": files}
