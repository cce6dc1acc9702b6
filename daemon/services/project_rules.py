"""Project rules at the moment a project is touched, and which project a path or cwd belongs to.

Invariants:
- The "already loaded" state lives only in this daemon's memory, per agent context: a session id, plus the
  subagent's `agent_id` when a hook fires inside a subagent (a subagent starts with a fresh context, so it
  needs the rules again). At most `[hooks] sessions_tracked` sessions are kept, least recently used first out.
- A rules file is handed out once per context: the first read of any file of the project returns it, later
  reads return nothing, until `reset` (PreCompact) forgets the session.
- The gate (`[hooks] rules_gate`) only ever denies an edit of a file of a project that has rules not yet
  loaded in this context; with the gate off, an edit never denies and changes no state.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

import structlog

from daemon.config import Settings
from daemon.services.errors import InvalidInput
from pipeline.agent.project_map import ProjectMap, RulesSource
from pipeline.memory_layout import read_text
from pipeline.retrieval.context_block import clean, paragraphs
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


@dataclass(frozen=True, slots=True)
class RulesAnswer:
    project: str | None
    rules_markdown: str | None = None  # the rules, the first time they are due in this context
    first_time: bool = False
    deny_reason: str | None = None  # set only by the gate, for an edit before the rules were loaded


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


class ProjectRules:
    """Maps paths to projects and hands each agent context a project's rules once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.map = ProjectMap.from_config(settings.home, settings.projects, settings.project_groups)
        self.sessions = SessionRules(settings.hooks.sessions_tracked)

    def project_of(self, path: str | None) -> str | None:
        """The project whose folder or configured prefix contains `path`, else None."""
        return self.map.project_of(path)

    def project_for(self, cwd: str | None, given: str | None = None) -> str | None:
        """The named project if its folder exists, else the project folder named in `cwd`, else None."""
        if given:
            folder = self.settings.home / "areas" / "projects" / given
            if "/" in given or given in (".", "..") or not folder.is_dir():
                raise InvalidInput(f"no project '{given}' (expected a folder areas/projects/{given}/)")
            return given
        return self.map.project_of(cwd)

    async def on_touch(self, session_id: str, path: str | None, event: str, agent_id: str = "") -> RulesAnswer:
        """A file (or a subagent's cwd) of a project was touched: the rules the first time, or a denial."""
        if event not in EVENTS:
            raise InvalidInput(f"param 'event' must be one of {', '.join(EVENTS)}")
        project = self.map.project_of(path)
        if project is None:
            return RulesAnswer(None)
        sources = await asyncio.to_thread(self.map.rules_sources, project)
        if event == "edit" and not self.settings.hooks.rules_gate:
            return RulesAnswer(project)
        loaded = self.sessions.loaded(session_id, agent_id)
        new = [source for source in sources if source.key not in loaded]
        if event == "edit":
            if not new:
                return RulesAnswer(project)
            files = ", ".join(str(source.path) for source in new)
            return RulesAnswer(
                project,
                deny_reason=(
                    f"memoryd: project '{project}' has rules that were not loaded in this session. "
                    f"Read them first ({files}; reading any file of the project also loads them), "
                    "then retry the edit."
                ),
            )
        if not new:
            return RulesAnswer(project)
        texts = await asyncio.to_thread(lambda: [(source, read_text(source.path)) for source in new])
        markdown = render_rules(texts, self.settings.hooks.session_budget)
        loaded.update(source.key for source in new)
        logger.info("project_rules_loaded", project=project, sources=[s.key for s in new], hook_event=event)
        rules = scrub(markdown, emails=self.settings.redaction.emails) or None
        return RulesAnswer(project, rules_markdown=rules, first_time=True)

    def reset(self, session_id: str) -> int:
        """PreCompact: the compacted context lost the rules, so the next touch of a project brings them back."""
        return self.sessions.reset(session_id)
