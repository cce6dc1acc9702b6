"""Project rules at the moment a project is touched: the first read of one of its files (PreToolUse), a
subagent starting in it (SubagentStart), and the optional gate on edits (`[hooks] rules_gate`).

Invariants:
- "Already given" is the session's slate (daemon/services/session_slate.py), per agent context: a subagent
  starts with a fresh context, so it gets the rules again; SessionStart's rules count, so a read after it
  adds nothing; a compaction clears the slate, so the rules come back. It lives in the event log, so a
  daemon restart forgets nothing.
- A read hands out only the rules items the context does not have yet (all of them the first time).
- The gate only ever denies an edit of a file of a project whose rules files were not handed out in this
  context (in full or cut to the budget, as they are now); with the gate off, an edit never denies.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

import structlog

from daemon.config import Settings
from daemon.services.context import RULES, ContextRequest, ContextService
from daemon.services.errors import InvalidInput
from daemon.services.project_rules import ProjectRules
from pipeline.agent.project_map import RulesSource

logger = structlog.get_logger(__name__)

EVENTS = ("read", "edit", "subagent")


@dataclass(frozen=True, slots=True)
class RulesAnswer:
    project: str | None
    rules_markdown: str | None = None  # the rules not yet in this context, when there are any
    first_time: bool = False
    deny_reason: str | None = None  # set only by the gate, for an edit before the rules were loaded


class RulesOnTouch:
    def __init__(self, settings: Settings, projects: ProjectRules, context: ContextService) -> None:
        self.settings = settings
        self.projects = projects
        self.context = context

    async def on_touch(self, session_id: str, path: str | None, event: str, agent_id: str = "") -> RulesAnswer:
        """A file (or a subagent's cwd) of a project was touched: the rules not yet given, or a denial."""
        if event not in EVENTS:
            raise InvalidInput(f"param 'event' must be one of {', '.join(EVENTS)}")
        project = self.projects.project_of(path)
        if project is None:
            return RulesAnswer(None)
        if event == "edit" and not self.settings.hooks.rules_gate:
            return RulesAnswer(project)
        sources = await asyncio.to_thread(self.projects.rules_sources, project)
        request = ContextRequest(
            RULES,
            self.settings.hooks.session_budget,
            project=project,
            session_id=session_id,
            agent_id=agent_id or None,
            event=event,
        )
        if event == "edit":
            return await self._gate(request, sources)
        reply = await self.context.assemble(request, sources)
        if not reply.markdown:
            return RulesAnswer(project)
        logger.info("project_rules_given", project=project, items=len(reply.items), hook_event=event)
        return RulesAnswer(project, rules_markdown=reply.markdown, first_time=True)

    async def _gate(self, request: ContextRequest, sources: Sequence[RulesSource]) -> RulesAnswer:
        files = await self.context.read_sources(request, sources)
        async with self.context.slate.hold(request.session_id, request.agent_id) as given:
            missing = [source for source in files if not source.loaded(given)]
        if not missing:
            return RulesAnswer(request.project)
        names = ", ".join(str(self.settings.home / source.path) for source in missing)
        return RulesAnswer(
            request.project,
            deny_reason=(
                f"memoryd: project '{request.project}' has rules that were not loaded in this session. "
                f"Read them first ({names}; reading any file of the project also loads them), "
                "then retry the edit."
            ),
        )
