"""The `edit` socket method: PostToolUse on Edit/Write/NotebookEdit records the edit and the daily note."""

from __future__ import annotations

import asyncio
from typing import Any

from daemon.api.checks import checked
from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from events.event import parse_timestamp

MAX_FILES_PER_EDIT = 200


@api.method("edit")
async def edit(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """An `edit` event, and the file(s) in today's daily note; with `check` (a path), also the ```check
    lessons' verdict on that file, as the `check` method gives it (PostToolUse in one round trip)."""
    p = Params(params, ("files", "tool", "cwd", "session_id", "at", "project", "idempotency_key", "check"))
    files = params.get("files")
    if not isinstance(files, list) or not files or not all(isinstance(f, str) and f for f in files):
        raise BadParams("param 'files' must be a non-empty list of paths")
    if len(files) > MAX_FILES_PER_EDIT:
        raise BadParams(f"at most {MAX_FILES_PER_EDIT} files per edit")
    data: dict[str, Any] = {"tool": p.str("tool", "Edit"), "files": files}
    for name in ("cwd", "session_id", "at", "project", "idempotency_key"):
        if (value := p.str(name)) is not None:
            data[name] = value
    if "at" in data:
        try:
            parse_timestamp(data["at"])
        except ValueError as exc:
            raise BadParams("param 'at' must be an ISO 8601 time") from exc
    path = p.str("check")
    # Why alongside: the verdict reads the edited file and the lessons, not the log or the daily note, and
    # PostToolUse waits for both (~3 ms of its ~12 here). A blank path stays after the record, as before: its
    # BadParams comes once the edit is in.
    verdict = asyncio.ensure_future(checked(services, path)) if path and path.strip() else None
    try:
        written = await services.edits.record([data], log=True)
    except BaseException:
        if verdict is not None:
            verdict.cancel()
        raise
    project = data.get("project") or services.edits.project_name(data.get("cwd"))
    # Nothing written: the same edit (same idempotency key) is already in the log, e.g. imported from the spool
    answer = {"daily": written[0] if written else None, "project": project, "duplicate": not written}
    if path is not None:
        answer["check"] = await verdict if verdict is not None else await checked(services, path)
    return answer
