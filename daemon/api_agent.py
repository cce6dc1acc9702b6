"""Socket methods for agent hooks: session_context, prompt_context and edit (the daily note).

Invariants:
- What these methods hand to an agent or write to disk is scrubbed (`pipeline/scrub.py`) with the
  `[redaction] emails` setting; every injection is an `injection` event, as with `context`.
- The daily note has one writer: this daemon, under one lock, so concurrent hooks never interleave an entry.
- Each method answers fast (the hook that calls it has a sub-second budget): no LLM, no full scans.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from pathlib import Path
from typing import Any

from daemon.api_memory import query_hash, record_access
from daemon.app import App
from daemon.hook_events import safe_id
from daemon.project_rules import project_for, project_map
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from daemon.skills_service import recommend_for, skills_lines
from events.event import parse_timestamp
from pipeline.context_block import Memory, build_context, clean, paragraphs, read_text
from pipeline.daily_note import Edit, add_edit
from pipeline.scrub import scrub, scrub_data
from pipeline.search import Filters, Hit, Searcher

MAX_FILES_PER_EDIT = 200


def emails_on(app: App) -> bool:
    return bool(app.settings.get("redaction", "emails"))


@method("session_context")
async def session_context(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """SessionStart: MEMORY.md essentials, then the project's rules and summary, within the budget."""
    started = time.perf_counter()
    p = Params(params, ("cwd", "session_id", "source", "budget", "project"))
    default = int(app.settings.get("hooks", "session_budget"))
    budget = p.int("budget", default, minimum=200, maximum=100_000)
    project = project_for(app, p.str("cwd"), p.str("project"))
    home = app.settings.home
    folder = home / "areas" / "projects" / (project or "")
    memory_md, rules_md, summary_md = await asyncio.to_thread(
        lambda: (
            read_text(home / "MEMORY.md"),
            read_text(folder / "rules.md") if project else "",
            read_text(folder / "summary.md") if project else "",
        )
    )
    block = build_context(budget, memory_md, project, rules_md, [])
    text = block.text
    summary = paragraphs(clean(summary_md)) if project else []
    if summary:
        parts = [text] if text else ["## Memory (memoryd)"]
        used = sum(len(part) + 2 for part in parts)
        title = f"### Project summary: {project}"
        if used + len(title) + 2 <= budget:
            parts.append(title)
            used += len(title) + 2
            for para in summary:
                if used + len(para) + 2 > budget:
                    break
                parts.append(para)
                used += len(para) + 2
            text = "\n\n".join(parts) if len(parts) > 1 else text
    text = scrub(text, emails=emails_on(app))
    injected: dict[str, Any] = {"query_hash": query_hash(""), "chunk_ids": [], "budget": budget, "used": len(text)}
    if session := p.str("session_id"):
        injected["session_id"] = session
    if text:
        await app.record([("injection", injected)])
    return {
        "markdown": text,
        "project": project,
        "used": len(text),
        "budget": budget,
        "took_ms": round((time.perf_counter() - started) * 1000, 2),
    }


@method("prompt_context")
async def prompt_context(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """UserPromptSubmit: only the memories relevant to the prompt (the essentials came at SessionStart)."""
    started = time.perf_counter()
    p = Params(params, ("query", "cwd", "session_id", "budget", "k", "project"))
    query = p.str("query", required=True) or ""
    budget = p.int("budget", int(app.settings.get("hooks", "prompt_budget")), minimum=200, maximum=100_000)
    k = p.int("k", int(app.settings.get("hooks", "prompt_k")), minimum=1, maximum=50)
    project = project_for(app, p.str("cwd"), p.str("project"))
    hits: list[Hit] = []
    if query.strip():
        searcher: Searcher = app.components["searcher"]
        hits, _mode, _ = await searcher.search(query, k + 2, "hybrid", Filters())
    # Why skip these: SessionStart already put MEMORY.md and the project's rules in front of the agent, and a
    # summary of this very session (handed over on Stop) would only echo the conversation back to it.
    skip = {"MEMORY.md", f"areas/projects/{project}/rules.md"}
    if session := p.str("session_id"):
        skip.add(f"sessions/{safe_id(session)}.md")
    memories = [
        Memory(h.path, h.start_line, h.end_line, h.score, h.text, h.chunk_id, h.content_hash)
        for h in hits
        if not (h.root == "memory" and h.path in skip)
    ][:k]
    skills = await recommend_for(app, query)  # issue 7: "Relevant skills: /name — …" under the memories
    block = build_context(budget, "", None, "", memories, skills_lines(skills))
    text = scrub(block.text, emails=emails_on(app))
    if block.included:
        injected: dict[str, Any] = {
            "query_hash": query_hash(query),
            "chunk_ids": [m.chunk_id for m in block.included],
            "scores": [round(m.score, 6) for m in block.included],
            "paths": [f"{m.path}:{m.start_line}-{m.end_line}" for m in block.included],
            "budget": budget,
            "used": len(text),
        }
        if session:
            injected["session_id"] = session
        await app.record([("injection", injected)])
        included = {m.chunk_id for m in block.included}
        record_access(app, query, [h for h in hits if h.chunk_id in included])
    return {
        "markdown": text,
        "project": project,
        "used": len(text),
        "budget": budget,
        "memories": [f"{m.path}:{m.start_line}-{m.end_line}" for m in block.included],
        "took_ms": round((time.perf_counter() - started) * 1000, 2),
    }


@method("edit")
async def edit(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """PostToolUse on Edit/Write/MultiEdit: an `edit` event, and the file(s) in today's daily note."""
    p = Params(params, ("files", "tool", "cwd", "session_id", "at", "project"))
    files = params.get("files")
    if not isinstance(files, list) or not files or not all(isinstance(f, str) and f for f in files):
        raise BadParams("param 'files' must be a non-empty list of paths")
    if len(files) > MAX_FILES_PER_EDIT:
        raise BadParams(f"at most {MAX_FILES_PER_EDIT} files per edit")
    data: dict[str, Any] = {"tool": p.str("tool", "Edit"), "files": files}
    for name in ("cwd", "session_id", "at", "project"):
        if (value := p.str(name)) is not None:
            data[name] = value
    if "at" in data:
        try:
            parse_timestamp(data["at"])
        except ValueError as exc:
            raise BadParams("param 'at' must be an ISO 8601 time") from exc
    written = await record_edits(app, [data], log=True)
    return {"daily": written[0], "project": data.get("project") or project_name(app, data.get("cwd"))}


def project_name(app: App, cwd: str | None) -> str:
    """The project an edit belongs to in the daily note: a known project folder, else the cwd's folder name."""
    return project_map(app).project_of(cwd) or (Path(cwd).name if cwd else "") or "unknown"


def edit_from_data(app: App, data: dict[str, Any]) -> Edit:
    """An `edit` event's payload as a daily-note `Edit` (scrubbed; paths relative to cwd when inside it)."""
    emails = emails_on(app)
    cwd = data.get("cwd") if isinstance(data.get("cwd"), str) else None
    at = parse_timestamp(data["at"]) if isinstance(data.get("at"), str) else dt.datetime.now(dt.UTC)
    files = tuple(scrub(display_path(f, cwd), emails=emails) for f in data.get("files", []) if isinstance(f, str))
    project = data.get("project") if isinstance(data.get("project"), str) else None
    tool = data.get("tool") if isinstance(data.get("tool"), str) else "Edit"
    return Edit(
        at=at,
        project=scrub(project or project_name(app, cwd), emails=emails),
        tool=scrub(tool, emails=emails),
        files=files,
    )


def display_path(path: str, cwd: str | None) -> str:
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1 :]
    home = str(Path.home())
    return "~" + path[len(home) :] if path.startswith(home + "/") else path


async def record_edits(app: App, payloads: list[dict[str, Any]], *, log: bool) -> list[str]:
    """Write each edit into its daily note (one writer, under the app's lock) and, when `log`, append the
    `edit` events. Returns the notes' paths relative to the home. Used by `edit` and by the inbox, whose
    events files already went to the log."""
    lock: asyncio.Lock = app.components.setdefault("daily_note_lock", asyncio.Lock())
    daily_dir = app.settings.home / "daily"
    written = []
    async with lock:
        for data in payloads:
            note = edit_from_data(app, data)
            if not note.files:
                continue
            path = await asyncio.to_thread(add_edit, daily_dir, note)
            written.append(path.relative_to(app.settings.home).as_posix())
    if log:
        emails = emails_on(app)
        await app.record([("edit", scrub_data(d, emails=emails)) for d in payloads])
    return written
