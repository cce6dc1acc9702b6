"""What memory reaches an agent: the one assembly behind `context`, `prompt_context`, `session_context` and
the project rules handed out when a project's file is first touched (`project_rules`).

Each asks for a `Recipe` (which parts a block holds) and gets the block, scrubbed, plus what was injected:
- `task` (`context`, MCP `memory_context`): MEMORY.md essentials, the project's rules, the memories relevant
  to the query, relevant skills;
- `prompt` (UserPromptSubmit): only the memories relevant to the prompt and relevant skills (the essentials
  came at SessionStart), never a summary of this very session;
- `session` (SessionStart): MEMORY.md essentials, the project's rules (those in force: superseded ones are
  left out), its active facts and its summary;
- `rules` (PreToolUse on a project file, SubagentStart): the project's rules.

Context costs the agent tokens and attention, so it must earn them:
- a memory is injected only when its absolute relevance (pipeline/retrieval/relevance.py) clears the floor
  (`[context] min_relevance`, `[hooks] min_relevance`); with none left the block is '' (no header either);
- within a session (per agent context) nothing is given twice: memories by content hash, file items by the
  hash of their text, skills by name (daemon/services/session_slate.py), until a compaction clears it;
- files are packed item by item (pipeline/retrieval/context_block.py).

Invariants: the block never exceeds its budget; what is handed to an agent is scrubbed (`pipeline/scrub.py`)
with the `[redaction] emails` setting, because MEMORY.md and rules.md are read raw; every request with a
session (and every task and prompt request) is an `injection` event saying what it gave and what it held
back, and the memories injected are `access` events.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from daemon.app import App
from daemon.services.access import query_hash, record_access
from daemon.services.indexing import IndexService
from daemon.services.project_rules import ProjectRules
from daemon.services.session_slate import Release, SessionSlate
from daemon.services.skills import Recommendation, SkillsService, skill_line
from events.queries import access_stats
from pipeline.agent.project_map import RulesSource
from pipeline.index_queries import chunks_at
from pipeline.learning.facts import FactsError, list_facts
from pipeline.memory_layout import read_text, safe_id
from pipeline.retrieval.context_block import Entry, Memory, Part, file_entries, memory_entries, pack
from pipeline.retrieval.memory_items import Item, item_key, items_of
from pipeline.retrieval.search import Filters, Hit
from pipeline.scrub import scrub
from pipeline.tokens import estimate_tokens


@dataclass(frozen=True, slots=True)
class Recipe:
    kind: str  # the injection event's `kind`
    essentials: float  # share of the budget for MEMORY.md (0: not part of this block)
    rules: float  # ... for the project's rules files
    summary: float  # ... for the project's summary.md
    memories: float  # ... for the memories relevant to the query
    skills: float  # ... for relevant skills
    facts: float = 0.0  # ... for the project's active facts (facts.json)
    skip_own_session: bool = False  # leave out sessions/<this session>.md (it would echo the conversation back)


TASK = Recipe("task", essentials=0.3, rules=0.2, summary=0.0, memories=0.4, skills=0.1)
PROMPT = Recipe("prompt", essentials=0.0, rules=0.0, summary=0.0, memories=0.9, skills=0.1, skip_own_session=True)
SESSION = Recipe("session", essentials=0.45, rules=0.3, summary=0.15, memories=0.0, skills=0.0, facts=0.1)
RULES = Recipe("rules", essentials=0.0, rules=1.0, summary=0.0, memories=0.0, skills=0.0)
EXTRA_CANDIDATES = 6  # searched beyond k, so skipped hits (given already, MEMORY.md, own session) leave no gap


@dataclass(frozen=True, slots=True)
class ContextRequest:
    recipe: Recipe
    budget: int
    query: str = ""
    k: int = 0
    project: str | None = None
    session_id: str | None = None
    agent_id: str | None = None
    min_relevance: float | None = None  # the floor for memories; None: none
    event: str = ""  # rules: the touch that asked (read | edit | subagent), recorded as the event's `kind`


@dataclass(frozen=True, slots=True)
class ContextReply:
    markdown: str
    project: str | None
    budget: int
    memories: tuple[Memory, ...]  # those that made it into the block
    skills: tuple[Recommendation, ...]
    repeats: int = 0  # memories and items left out because this context already had them
    below_floor: int = 0  # memories among the top k left out because their relevance is under the floor
    files: tuple[str, ...] = ()  # PATH@HASH of the files of which something is in this context now
    items: tuple[str, ...] = ()  # hashes of the file items in the block

    @property
    def used(self) -> int:
        return len(self.markdown)

    @property
    def memory_refs(self) -> list[str]:
        return [f"{m.path}:{m.start_line}-{m.end_line}" for m in self.memories]


@dataclass(frozen=True, slots=True)
class Source:
    """A memory file read for a block: where it is (relative to the home), what it is, its text and items."""

    path: str
    kind: str  # essentials | rules | summary
    title: str
    text: str
    items: tuple[Item, ...]
    importance: tuple[tuple[int, int, float], ...] = ()  # (start line, end line, importance) of its chunks

    @property
    def file_key(self) -> str:
        return f"{self.path}@{hashlib.sha256(self.text.encode('utf-8')).hexdigest()[:16]}"

    def importance_at(self, line: int) -> float:
        return next((value for start, end, value in self.importance if start <= line <= end), 0.5)

    def loaded(self, given: frozenset[str]) -> bool:
        """Handed out in this context: the file as it is now, or each of its items."""
        return f"f:{self.file_key}" in given or all(f"i:{item.key}" in given for item in self.items)


class ContextService:
    def __init__(
        self, app: App, index: IndexService, skills: SkillsService | None, projects: ProjectRules, slate: SessionSlate
    ) -> None:
        self.app = app
        self.index = index
        self.skills = skills
        self.projects = projects
        self.slate = slate
        # injection events still being appended (app.spawn owns them and logs a failure)
        self._recording: set[asyncio.Task[Any]] = set()

    async def assemble(self, request: ContextRequest, sources: Sequence[RulesSource] | None = None) -> ContextReply:
        """The block for `request` (rules: `sources`, else the project's rules files). Its injection event is
        appended after the reply, off the request path; the context stays claimed until it is in the log."""
        recipe = request.recipe
        given, release = await self.slate.claim(request.session_id, request.agent_id)
        try:
            hits = await self._hits(request) if recipe.memories else []
            memories, repeats, below = self._memories(request, hits, given)
            files = await self.read_sources(request, sources)
            facts = await self._facts(request)
            skills = await self._skills(request, given)
            parts, file_repeats = self._parts(request, files, facts, memories, skills, given)
            packed = pack([self._scrubbed(part) for part in parts], request.budget)
            chosen = [entry for part in packed.included for entry in part]
            shown_memories = tuple(memories[e.ref] for e in chosen if e.key.startswith("m:"))
            shown_skills = tuple(skills[e.ref] for e in chosen if e.key.startswith("s:"))
            items = tuple(e.key[2:] for e in chosen if e.key.startswith("i:"))
            reply = ContextReply(
                packed.text,
                request.project,
                request.budget,
                shown_memories,
                shown_skills,
                repeats + file_repeats,
                below,
                self._shown_files(files, set(items), given),
                items,
            )
        except BaseException:
            release()
            raise
        task = self.app.spawn(self._record_then_release(request, reply, hits, release), name="record_injection")
        self._recording.add(task)
        task.add_done_callback(self._recording.discard)
        return reply

    async def _record_then_release(
        self, request: ContextRequest, reply: ContextReply, hits: list[Hit], release: Release
    ) -> None:
        try:
            await self._record(request, reply, hits)
        finally:
            release()

    async def settled(self) -> None:
        """Wait for the injection events of the replies already sent (read-your-writes for `injections`)."""
        if self._recording:
            await asyncio.gather(*self._recording, return_exceptions=True)

    async def _hits(self, request: ContextRequest) -> list[Hit]:
        if not request.query.strip():
            return []
        k = request.k + EXTRA_CANDIDATES
        search = self.app.settings.search
        rerank = search.rerank and search.rerank_context  # Why off by default here: every prompt would pay for it
        return (await self.index.searcher.search(request.query, k, "hybrid", Filters(), rerank=rerank)).hits

    def _memories(
        self, request: ContextRequest, hits: list[Hit], given: frozenset[str]
    ) -> tuple[list[Memory], int, int]:
        """The top k hits worth injecting, and how many of the top k were (already given, under the floor)."""
        # Why skip these: MEMORY.md and the project's rules are shown item by item (here or at SessionStart).
        skip = {"MEMORY.md"}
        if request.project:
            skip |= {
                str(s.path.relative_to(self.app.settings.home)) for s in self.projects.rules_sources(request.project)
            }
        if request.recipe.skip_own_session and request.session_id:
            skip.add(f"sessions/{safe_id(request.session_id)}.md")
        candidates = [h for h in hits if not (h.root == "memory" and h.path in skip)][: request.k]
        floor = request.min_relevance
        kept = [h for h in candidates if floor is None or (h.relevance is not None and h.relevance >= floor)]
        fresh = [h for h in kept if f"m:{h.content_hash}" not in given]
        memories = [
            Memory(h.path, h.start_line, h.end_line, h.score, h.text, h.chunk_id, h.content_hash, h.relevance)
            for h in fresh
        ]
        return memories, len(kept) - len(fresh), len(candidates) - len(kept)

    async def read_sources(self, request: ContextRequest, rules: Sequence[RulesSource] | None) -> list[Source]:
        """The files of the recipe: MEMORY.md, the rules files, the summary, with their chunks' importance."""
        recipe, project, home = request.recipe, request.project, self.app.settings.home
        wanted: list[tuple[str, str, str]] = []
        if recipe.essentials:
            wanted.append(("MEMORY.md", "essentials", "### Essentials (MEMORY.md)"))
        if recipe.rules and project:
            for source in rules if rules is not None else self.projects.rules_sources(project):
                wanted.append((source.path.relative_to(home).as_posix(), "rules", f"### {source.title}"))
        if recipe.summary and project:
            wanted.append((f"areas/projects/{project}/summary.md", "summary", f"### Project summary: {project}"))
        if not wanted:
            return []
        texts = await asyncio.to_thread(lambda: [read_text(home / path) for path, _, _ in wanted])

        def importance(conn: sqlite3.Connection) -> list[tuple[tuple[int, int, float], ...]]:
            out = []
            for path, _, _ in wanted:
                chunks = chunks_at(conn, "memory", path, None)
                stats = access_stats.for_hashes(conn, sorted({c.content_hash for c in chunks}))
                spans = [
                    (c.start_line, c.end_line, stats[c.content_hash].importance)
                    for c in chunks
                    if c.content_hash in stats
                ]
                out.append(tuple(spans))
            return out

        spans = await self.app.db.read(importance)
        return [
            Source(path, kind, title, text, tuple(items_of(text, starter=kind == "essentials")), span)
            for (path, kind, title), text, span in zip(wanted, texts, spans, strict=True)
            if text.strip()
        ]

    async def _skills(self, request: ContextRequest, given: frozenset[str]) -> list[Recommendation]:
        if not (self.skills and request.recipe.skills and request.query.strip()):
            return []
        return [s for s in await self.skills.recommend(request.query) if f"s:{s.name}" not in given]

    def _parts(
        self,
        request: ContextRequest,
        files: list[Source],
        facts: list[str],
        memories: list[Memory],
        skills: list[Recommendation],
        given: frozenset[str],
    ) -> tuple[list[Part], int]:
        """The block's parts in order, without what this context was given already (and how much that was)."""
        recipe, budget = request.recipe, request.budget
        rules_files = sum(1 for source in files if source.kind == "rules")
        shares = {
            "essentials": recipe.essentials,
            "rules": recipe.rules / max(1, rules_files),
            "summary": recipe.summary,
        }
        parts: list[Part] = []
        repeats = 0
        for source in files:
            if source.kind == "summary":
                repeats += self._facts_part(request, facts, given, parts)
            importance = [source.importance_at(item.line) for item in source.items]
            entries = file_entries(source.items, newest_first=source.kind != "summary", importance=importance)
            # A file handed out as it is now (even cut to a budget) is not handed out again; a changed file
            # brings only the items this context has not had.
            shown = f"f:{source.file_key}" in given
            fresh = () if shown else tuple(e for e in entries if e.key not in given)
            repeats += len(entries) - len(fresh)
            noun = "rules" if source.kind == "rules" else "items"
            parts.append(Part(source.title, fresh, shares[source.kind], f"memoryd get {source.path}", noun))
        if not any(source.kind == "summary" for source in files):
            repeats += self._facts_part(request, facts, given, parts)
        if memories:
            limit = min(1200, max(300, budget // max(1, request.k)))
            parts.append(Part("### Relevant memories", memory_entries(memories, limit), recipe.memories))
        if skills:
            entries = tuple(Entry(skill_line(s), f"s:{s.name}", order=n, ref=n) for n, s in enumerate(skills))
            parts.append(Part("Relevant skills:", entries, recipe.skills, inline=True))
        return parts, repeats

    def _scrubbed(self, part: Part) -> Part:
        """The part with each entry scrubbed before packing, so what is measured against the budget is what
        goes out (a redaction marker can be longer than the secret it replaces)."""
        emails = self.app.redact_emails
        entries = tuple(dataclasses.replace(e, text=_scrub(e.text, emails)) for e in part.entries)
        return dataclasses.replace(part, title=_scrub(part.title, emails), entries=entries)

    async def _facts(self, request: ContextRequest) -> list[str]:
        """The project's active facts, oldest first, when the recipe wants them. An unreadable facts.json gives
        none (the block must still come; `memoryd facts` names the problem)."""
        project = request.project
        if not (request.recipe.facts and project):
            return []

        def read() -> list[str]:
            try:
                return [f.fact for f in list_facts(self.app.settings.home, project)]
            except FactsError:
                return []

        return await asyncio.to_thread(read)

    @staticmethod
    def _facts_part(request: ContextRequest, facts: list[str], given: frozenset[str], parts: list[Part]) -> int:
        """Append the facts not given yet in this context as a part (newest kept first when the budget is
        short); returns how many were held back as given already."""
        if not facts:
            return 0
        entries = [Entry(f"- {fact}", f"i:{item_key(f'- {fact}')}", order=n) for n, fact in enumerate(facts)]
        fresh = tuple(e for e in reversed(entries) if e.key not in given)
        title = f"### Project facts: {request.project}"
        parts.append(Part(title, fresh, request.recipe.facts, f"memoryd facts {request.project}", "facts"))
        return len(entries) - len(fresh)

    @staticmethod
    def _shown_files(files: list[Source], items: set[str], given: frozenset[str]) -> tuple[str, ...]:
        """The files of which something is now in the context: an item shown now, or every item given before
        (the rules gate counts a rules file as loaded once it was handed out, even cut to its budget)."""
        return tuple(
            source.file_key
            for source in files
            if any(item.key in items for item in source.items) or (source.items and source.loaded(given))
        )

    async def _record(self, request: ContextRequest, reply: ContextReply, hits: list[Hit]) -> None:
        """The `injection` event and `access` events for the memories injected. A request without a session
        that gave nothing is not recorded (`context` and `prompt_context` always are: they count prompts)."""
        if request.recipe in (SESSION, RULES) and not reply.markdown:
            return
        injected: dict[str, Any] = {
            "query_hash": query_hash(request.query),
            "kind": request.event or request.recipe.kind,
        }
        injected["chunk_ids"] = [m.chunk_id for m in reply.memories]
        if request.recipe.memories:
            injected["scores"] = [round(m.score, 6) for m in reply.memories]
            injected["paths"] = reply.memory_refs
            injected["relevance"] = [None if m.relevance is None else round(m.relevance, 4) for m in reply.memories]
            injected["below_floor"] = reply.below_floor
            if request.min_relevance is not None:
                injected["min_relevance"] = request.min_relevance
        injected["content_hashes"] = [m.content_hash for m in reply.memories]
        injected["items"] = list(reply.items)
        injected["skills"] = [s.name for s in reply.skills]
        injected["files"] = list(reply.files)
        injected.update(budget=request.budget, used=reply.used, tokens=estimate_tokens(reply.markdown))
        injected["repeats"] = reply.repeats
        if request.project:
            injected["project"] = request.project
        if request.session_id:
            injected["session_id"] = request.session_id
        if request.agent_id:
            injected["agent_id"] = request.agent_id
        await self.app.record([("injection", injected)])
        included = {m.chunk_id for m in reply.memories}
        record_access(self.app, request.query, [h for h in hits if h.chunk_id in included])


@functools.lru_cache(maxsize=4096)
def _scrub(text: str, emails: bool) -> str:
    """`scrub`, remembered. Why: a block's entries are mostly the same MEMORY.md, rules and summary items at
    every SessionStart and rules hand-out, and running the redaction patterns over each again was ~1/6 of
    `session_context`. `scrub` is pure; the entries are single items (a few hundred characters), so 4096 of
    them stay small."""
    return scrub(text, emails=emails)
