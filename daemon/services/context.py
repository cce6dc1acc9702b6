"""What memory reaches an agent: the one assembly behind `context`, `prompt_context` and `session_context`.

Each asks for a `Recipe` (which parts a block holds) and gets the block, scrubbed, plus what was injected:
- `task` (`context`, MCP `memory_context`): MEMORY.md essentials, the project's rules, the top memories for
  the query, relevant skills;
- `prompt` (UserPromptSubmit): only the memories relevant to the prompt and relevant skills (the essentials
  came at SessionStart), never a summary of this very session;
- `session` (SessionStart): MEMORY.md essentials, the project's rules (those in force: superseded ones are
  left out), its active facts and its summary.

Invariants: the block never exceeds its budget; what is handed to an agent is scrubbed (`pipeline/scrub.py`)
with the `[redaction] emails` setting, because MEMORY.md and rules.md are read raw; every injection is an
`injection` event (which memories reached which session), and the memories injected are `access` events.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from daemon.app import App
from daemon.services.access import query_hash, record_access
from daemon.services.indexing import IndexService
from daemon.services.skills import Recommendation, SkillsService, skills_lines
from pipeline.learning.facts import FactsError, list_facts
from pipeline.memory_layout import read_text, safe_id
from pipeline.retrieval.context_block import Memory, build_context, clean, paragraphs
from pipeline.retrieval.search import Filters, Hit
from pipeline.scrub import scrub


@dataclass(frozen=True, slots=True)
class Recipe:
    essentials: bool  # MEMORY.md and the project's rules.md
    summary: bool  # the project's summary.md
    memories: bool  # search hits for the query
    skip_own_session: bool  # leave out sessions/<this session>.md (it would echo the conversation back)
    extra_candidates: int  # searched beyond k, so that skipped files do not leave the list short
    record: str  # when the injection event is written: always | memories | text
    facts: bool = False  # the project's active facts (facts.json)


TASK = Recipe(
    essentials=True, summary=False, memories=True, skip_own_session=False, extra_candidates=0, record="always"
)
PROMPT = Recipe(
    essentials=False, summary=False, memories=True, skip_own_session=True, extra_candidates=2, record="memories"
)
SESSION = Recipe(
    essentials=True,
    summary=True,
    memories=False,
    skip_own_session=False,
    extra_candidates=0,
    record="text",
    facts=True,
)


@dataclass(frozen=True, slots=True)
class ContextRequest:
    recipe: Recipe
    budget: int
    query: str = ""
    k: int = 0
    project: str | None = None
    session_id: str | None = None


@dataclass(frozen=True, slots=True)
class ContextReply:
    markdown: str
    project: str | None
    budget: int
    memories: tuple[Memory, ...]  # those that made it into the block
    skills: tuple[Recommendation, ...]

    @property
    def used(self) -> int:
        return len(self.markdown)

    @property
    def memory_refs(self) -> list[str]:
        return [f"{m.path}:{m.start_line}-{m.end_line}" for m in self.memories]


class ContextService:
    def __init__(self, app: App, index: IndexService, skills: SkillsService | None) -> None:
        self.app = app
        self.index = index
        self.skills = skills

    async def assemble(self, request: ContextRequest) -> ContextReply:
        recipe, project = request.recipe, request.project
        hits = await self._hits(request) if recipe.memories else []
        memory_md, rules_md, summary_md = await asyncio.to_thread(self._read_sources, recipe, project)
        facts = await asyncio.to_thread(self._facts, project) if recipe.facts and project else []
        memories = self._memories(request, hits)
        skills = await self.skills.recommend(request.query) if self.skills and recipe.memories else []
        block = build_context(
            request.budget,
            memory_md,
            project if recipe.essentials else None,
            rules_md,
            memories,
            skills_lines(skills),
        )
        text = self._with_facts(block.text, facts, project, request.budget)
        text = self._with_summary(text, summary_md, project, request.budget) if recipe.summary else text
        markdown = scrub(text, emails=self.app.redact_emails)
        reply = ContextReply(markdown, project, request.budget, block.included, tuple(skills))
        await self._record(request, reply, hits)
        return reply

    async def _hits(self, request: ContextRequest) -> list[Hit]:
        if not request.query.strip():
            return []
        k = request.k + request.recipe.extra_candidates
        return (await self.index.searcher.search(request.query, k, "hybrid", Filters())).hits

    def _read_sources(self, recipe: Recipe, project: str | None) -> tuple[str, str, str]:
        """MEMORY.md, the project's rules.md and summary.md, as far as the recipe wants them. Blocking."""
        home = self.app.settings.home
        folder = home / "areas" / "projects" / (project or "")
        memory_md = read_text(home / "MEMORY.md") if recipe.essentials else ""
        rules_md = read_text(folder / "rules.md") if recipe.essentials and project else ""
        summary_md = read_text(folder / "summary.md") if recipe.summary and project else ""
        return memory_md, rules_md, summary_md

    def _memories(self, request: ContextRequest, hits: list[Hit]) -> list[Memory]:
        # Why skip these: MEMORY.md and the project's rules are shown whole (here or at SessionStart).
        skip = {"MEMORY.md", f"areas/projects/{request.project}/rules.md"}
        if request.recipe.skip_own_session and request.session_id:
            skip.add(f"sessions/{safe_id(request.session_id)}.md")
        memories = [
            Memory(h.path, h.start_line, h.end_line, h.score, h.text, h.chunk_id, h.content_hash)
            for h in hits
            if not (h.root == "memory" and h.path in skip)
        ]
        return memories[: request.k] if request.recipe.extra_candidates else memories

    def _facts(self, project: str) -> list[str]:
        """The project's active facts, oldest first. Blocking. An unreadable facts.json gives none (the
        block must still come; `memoryd facts` names the problem)."""
        try:
            return [f.fact for f in list_facts(self.app.settings.home, project)]
        except FactsError:
            return []

    @staticmethod
    def _with_facts(text: str, facts: list[str], project: str | None, budget: int) -> str:
        """The block, then as many of the project's facts as still fit, one bullet each."""
        if not facts or not project:
            return text
        head = "\n\n".join([text or "## Memory (memoryd)", f"### Project facts: {project}"])
        bullets: list[str] = []
        for fact in facts:
            if len(head) + 2 + len("\n".join([*bullets, f"- {fact}"])) > budget:
                break
            bullets.append(f"- {fact}")
        return f"{head}\n\n" + "\n".join(bullets) if bullets else text

    @staticmethod
    def _with_summary(text: str, summary_md: str, project: str | None, budget: int) -> str:
        """The block, then as many paragraphs of the project's summary as still fit."""
        summary = paragraphs(clean(summary_md)) if project else []
        if not summary:
            return text
        parts = [text] if text else ["## Memory (memoryd)"]
        used = sum(len(part) + 2 for part in parts)
        title = f"### Project summary: {project}"
        if used + len(title) + 2 > budget:
            return text
        parts.append(title)
        used += len(title) + 2
        for para in summary:
            if used + len(para) + 2 > budget:
                break
            parts.append(para)
            used += len(para) + 2
        return "\n\n".join(parts) if len(parts) > 1 else text

    async def _record(self, request: ContextRequest, reply: ContextReply, hits: list[Hit]) -> None:
        """The `injection` event (when the recipe says so) and `access` events for the memories injected."""
        when = request.recipe.record
        if (when == "memories" and not reply.memories) or (when == "text" and not reply.markdown):
            return
        injected: dict[str, Any] = {"query_hash": query_hash(request.query)}
        injected["chunk_ids"] = [m.chunk_id for m in reply.memories]
        if request.recipe.memories:
            injected["scores"] = [round(m.score, 6) for m in reply.memories]
            injected["paths"] = reply.memory_refs
        injected.update(budget=request.budget, used=reply.used)
        if request.session_id:
            injected["session_id"] = request.session_id
        await self.app.record([("injection", injected)])
        included = {m.chunk_id for m in reply.memories}
        record_access(self.app, request.query, [h for h in hits if h.chunk_id in included])
