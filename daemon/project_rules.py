"""Project rules at the moment a project is touched: `project_rules` and `project_rules_reset` (issue 7).

Invariants:
- The "already loaded" state lives only in this daemon's memory, per agent context: a session id, plus the
  subagent's `agent_id` when a hook fires inside a subagent (a subagent starts with a fresh context, so it
  needs the rules again). At most `[hooks] sessions_tracked` sessions are kept, least recently used first out.
- A rules file is handed out once per context: the first read of any file of the project returns it, later
  reads return nothing, until `project_rules_reset` (PreCompact) forgets the session.
- The gate (`[hooks] rules_gate`) only ever denies an edit of a file of a project that has rules not yet
  loaded in this context; with the gate off, `edit` never denies and changes no state.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

import structlog

from daemon.app import App
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from pipeline.context_block import clean, paragraphs, read_text
from pipeline.project_map import ProjectMap, RulesSource
from pipeline.scrub import scrub

logger = structlog.get_logger(__name__)

EVENTS = ("read", "edit", "subagent")
HEADER = "## Project rules (memoryd)"


class SessionRules:
    """Per-context sets of loaded rules keys, bounded by an LRU over session ids. Loop-only (no locking)."""

    def __init__(self, max_sessions: int) -> None:
        self.max_sessions = max(1, max_sessions)
        self._sessions: OrderedDict[str, dict[str, set[str]]] = OrderedDict()

    def loaded(self, session_id: str, agent_id: str) -> set[str]:
        """The live set for this context (created on first use); marks the session most recently used."""
        contexts = self._sessions.get(session_id)
        if contexts is None:
            contexts = self._sessions[session_id] = {}
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)
        self._sessions.move_to_end(session_id)
        return contexts.setdefault(agent_id, set())

    def reset(self, session_id: str) -> int:
        """Forget the session (and its subagents). Returns how many contexts were dropped."""
        return len(self._sessions.pop(session_id, {}))

    def __len__(self) -> int:
        return len(self._sessions)


def project_map(app: App) -> ProjectMap:
    settings = app.settings
    return ProjectMap.from_config(settings.home, settings.values["projects"], settings.values["project_groups"])


def project_for(app: App, cwd: str | None, given: str | None = None) -> str | None:
    """The named project if its folder exists, else the project folder named in `cwd`, else None."""
    if given:
        if "/" in given or given in (".", "..") or not (app.settings.home / "areas" / "projects" / given).is_dir():
            raise BadParams(f"no project '{given}' (expected a folder areas/projects/{given}/)")
        return given
    return project_map(app).project_of(cwd)


def session_rules(app: App) -> SessionRules:
    state = app.components.get("session_rules")
    if state is None:
        state = app.components["session_rules"] = SessionRules(int(app.settings.get("hooks", "sessions_tracked")))
    return state


def render_rules(sources: list[tuple[RulesSource, str]], budget: int) -> str:
    """The rules as one Markdown block, cut at paragraph boundaries to `budget` characters."""
    parts, used = [HEADER], len(HEADER)
    for source, text in sources:
        paras = paragraphs(clean(text))
        title = f"### {source.title}"
        if not paras or used + len(title) + 2 > budget:
            continue
        parts.append(title)
        used += len(title) + 2
        for para in paras:
            if used + len(para) + 2 > budget:
                parts.append(f"(cut to fit; the whole file: {source.path})")
                break
            parts.append(para)
            used += len(para) + 2
    return "\n\n".join(parts) if len(parts) > 1 else ""


@method("project_rules")
async def project_rules(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """{session_id, path|cwd, event: read|edit|subagent, agent_id?} -> the project's rules the first time."""
    p = Params(params, ("session_id", "path", "cwd", "event", "agent_id"))
    session_id = p.str("session_id", required=True) or ""
    event = p.str("event", "read") or "read"
    if event not in EVENTS:
        raise BadParams(f"param 'event' must be one of {', '.join(EVENTS)}")
    mapping = project_map(app)
    project = mapping.project_of(p.str("path") or p.str("cwd"))
    answer: dict[str, Any] = {"project": project, "rules_markdown": None, "first_time": False, "deny_reason": None}
    if project is None:
        return answer
    sources = await asyncio.to_thread(mapping.rules_sources, project)
    gate = bool(app.settings.get("hooks", "rules_gate"))
    if event == "edit" and not gate:
        return answer
    loaded = session_rules(app).loaded(session_id, p.str("agent_id") or "")
    new = [source for source in sources if source.key not in loaded]
    if event == "edit":
        if new:
            files = ", ".join(str(source.path) for source in new)
            answer["deny_reason"] = (
                f"memoryd: project '{project}' has rules that were not loaded in this session. "
                f"Read them first ({files}; reading any file of the project also loads them), then retry the edit."
            )
        return answer
    if not new:
        return answer
    texts = await asyncio.to_thread(lambda: [(source, read_text(source.path)) for source in new])
    markdown = render_rules(texts, int(app.settings.get("hooks", "session_budget")))
    loaded.update(source.key for source in new)
    answer["first_time"] = True
    answer["rules_markdown"] = scrub(markdown, emails=bool(app.settings.get("redaction", "emails"))) or None
    logger.info("project_rules_loaded", project=project, sources=[s.key for s in new], hook_event=event)
    return answer


@method("project_rules_reset")
async def project_rules_reset(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """PreCompact: the compacted context lost the rules, so the next touch of a project brings them back."""
    p = Params(params, ("session_id",))
    cleared = session_rules(app).reset(p.str("session_id", required=True) or "")
    return {"cleared": cleared}
