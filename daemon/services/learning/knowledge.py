"""Rules (a project's rules.md) and lessons (MEMORY.md) with a lifecycle: added, restated, superseded; and what
the person's words mean where no known phrase reads them (rules by meaning, a closing verdict by meaning).

A new rule is judged against the rules in force (`pipeline/learning/rules/rule_lifecycle.py`): a restatement is not
added again, a reversal or a changed value supersedes the old rule (which stays in the file, struck through,
so the file never loses text, and is no longer given to agents), anything else is added. A rule that says it
replaces something and supersedes no rule in force is judged against the person's earlier instructions that
were never kept as rules (`earlier_instructions.py`); the one it replaces is written struck through. The embedding model
(when loaded) tells restatements apart from different rules; without it the check falls back to words.
Every change is returned so the caller can log it (`knowledge` events: the weekly report lists them).

Invariant: the file writes are `pipeline/learning/lessons.py: apply_changes` (atomic, backed up, only ever
adding text); this service only decides, and embeds off the loop through the embedding service.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np
import structlog

from pipeline.agent.speech.knowledge import clauses, listed_items, says_something, sentences, tidy
from pipeline.agent.speech.rule_changes import LIFTED
from pipeline.embedding.service import EmbeddingService
from pipeline.learning import verdict_meaning
from pipeline.learning.lessons import apply_changes, clean_lesson, current_bullets, section_bullets
from pipeline.learning.meaning import ScriptCentred, centroid
from pipeline.learning.rules import rule_meaning, rule_probe
from pipeline.learning.rules.earlier_instructions import Instruction, replaces_something
from pipeline.learning.rules.rule_lifecycle import GENERIC_RULES, about, distinct, judge
from pipeline.learning.rules.rule_meaning import weighed
from pipeline.learning.rules.rule_names import names_what_it_replaces
from pipeline.learning.rules.rule_scope import person_wide
from pipeline.memory_layout import read_text

logger = structlog.get_logger(__name__)

MAX_CACHED_VECTORS = 8192
EMBED_BATCH = 32


@dataclass(frozen=True, slots=True)
class Changes:
    added: list[str] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)  # (old, new)
    restated: list[tuple[str, str]] = field(default_factory=list)  # (candidate, the rule it restates)
    # (old, new, the session the old was said in): an earlier instruction, never a rule, that a new rule replaces
    recovered: list[tuple[str, str, str]] = field(default_factory=list)


Earlier = Callable[[str | None], Sequence[Instruction]]  # project (None: every project) -> earlier instructions


def rule_files(home: Path, project: str | None, rules: Sequence[str]) -> list[tuple[Path, str, list[str]]]:
    """Where a session's rules go: (file, section, rules). The project's rules.md, except the person's ways of
    working in every project (`rule_scope.person_wide`: commit messages, pushing, asking before a dependency, …)
    and every rule of a session with no project, which go to MEMORY.md's Preferences."""
    mine = [r for r in rules if project and not person_wide(r)]
    everywhere = [r for r in rules if r not in mine]
    targets: list[tuple[Path, str, list[str]]] = []
    if mine and project:
        targets.append((home / "areas" / "projects" / project / "rules.md", "Rules", mine))
    if everywhere:
        targets.append((home / "MEMORY.md", "Preferences", everywhere))
    return targets


class Knowledge:
    def __init__(self, embedding: EmbeddingService | None) -> None:
        self.embedding = embedding
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    async def add_rules(
        self, home: Path, project: str | None, rules: Sequence[str], *, when: str, earlier: Earlier | None = None
    ) -> list[tuple[Path, Changes]]:
        """A session's rules, each to its file (`rule_files`), judged there. What the person's rules share is
        taken from both files: where a rule is kept should not change what sets two rules' subjects apart.
        `earlier`: reads the person's earlier instructions (blocking; the project's for its rules.md, every
        project's for MEMORY.md), asked only when a replacement supersedes no rule in force."""
        memory = home / "MEMORY.md"
        project_file = home / "areas" / "projects" / project / "rules.md" if project else None
        done = []
        for path, section, texts in rule_files(home, project, rules):
            # the other file's rules: MEMORY.md's Preferences (never its lessons), or the project's rules.md
            other = project_file if path == memory else memory
            text = await asyncio.to_thread(read_text, other) if other is not None else ""
            background = section_bullets(text, "Preferences") if other == memory else current_bullets(text)
            look_back = partial(earlier, None if path == memory else project) if earlier is not None else None
            changes = await self.add(
                path,
                section,
                texts,
                when=when,
                background=background,
                within_section=path == memory,
                earlier=look_back,
            )
            done.append((path, changes))
        return done

    async def add(
        self,
        path: Path,
        section: str,
        candidates: list[str],
        *,
        when: str,
        background: Sequence[str] = (),
        within_section: bool = False,
        earlier: Callable[[], Sequence[Instruction]] | None = None,
    ) -> Changes:
        """Judge `candidates` (in order) against the file's current bullets (only `section`'s when
        `within_section`: MEMORY.md's rules are judged against its Preferences, never its lessons) and apply
        the result. `background`: the person's rules in their other file, which count in what all their rules
        share (the centroid) and as rivals (`rule_lifecycle.judge`), never superseded from here."""
        cleaned = [c for c in dict.fromkeys(clean_lesson(c) for c in candidates) if c]
        if not cleaned:
            return Changes()
        text = await asyncio.to_thread(read_text, path)
        current = section_bullets(text, section) if within_section else current_bullets(text)
        vectors = await self.vectors(subject_texts([*current, *background, *cleaned, *GENERIC_RULES]))
        added: list[str] = []
        superseded: list[tuple[str, str]] = []
        restated: list[tuple[str, str]] = []
        similar = _cosine(vectors)
        subject = subject_cosine(vectors, {*current, *background, *GENERIC_RULES})

        in_force = list(current)
        lifting: list[str] = []
        for candidate in cleaned:
            verdict = judge(candidate, in_force, similar, subject if vectors else None, rivals=background)
            if verdict.action == "duplicate" and verdict.other is not None:
                restated.append((candidate, verdict.other))
                continue
            if verdict.action == "add" and LIFTED.match(candidate):
                # "the tests are fine now" lifts no rule in force: a rule only if it lifts one said before
                lifting.append(candidate)
                continue
            if verdict.action == "supersede" and verdict.other is not None:
                if verdict.other in added:
                    added.remove(verdict.other)  # reversed within the same batch: only the newer is added
                else:
                    superseded.append((verdict.other, candidate))
                in_force.remove(verdict.other)
            added.append(candidate)
            in_force.append(candidate)
        replacing = [c for c in added if replaces_something(c) and c not in {new for _, new in superseded}]
        replacing += lifting
        recovered = await self._recover(replacing, in_force, background, earlier) if replacing and earlier else []
        added += [new for _, new, _ in recovered if new in lifting]
        done_added, done_superseded = await asyncio.to_thread(
            apply_changes, path, section, added, superseded, when=when, recovered=[(o, n) for o, n, _ in recovered]
        )
        kept = [item for item in recovered if item[1] in done_added]
        return Changes(done_added, done_superseded, restated, kept)

    async def _recover(
        self,
        replacing: list[str],
        in_force: list[str],
        background: Sequence[str],
        earlier: Callable[[], Sequence[Instruction]],
    ) -> list[tuple[str, str, str]]:
        """(old, new, session) for each rule in `replacing` that replaces one of the person's earlier instructions
        (judged as against rules in force, the rules in force as its rivals); none without the model."""
        said = [i for i in await asyncio.to_thread(earlier) if i.text not in in_force]
        if not said:
            return []
        pool = list(dict.fromkeys(i.text for i in said))
        vectors = await self.vectors(subject_texts([*in_force, *background, *pool, *replacing, *GENERIC_RULES]))
        if not vectors:
            return []
        subject = subject_cosine(vectors, {*in_force, *background, *GENERIC_RULES})
        found: list[tuple[str, str, str]] = []
        for new in replacing:
            rivals = [r for r in [*in_force, *background] if r != new]
            verdict = judge(new, [p for p in pool if p != new], _cosine(vectors), subject, rivals=rivals)
            # Why a name too: an instruction was never taken for a rule, so meaning alone is thin evidence ("big
            # loads go through COPY now" is near "load the first october export pls" and replaces nothing of it)
            if verdict.action == "supersede" and verdict.other and names_what_it_replaces(new, verdict.other):
                session = next(i.session_id for i in said if i.text == verdict.other)
                found.append((verdict.other, new, session))
                pool.remove(verdict.other)
        return found

    async def distinct(self, texts: Sequence[str]) -> list[str]:
        """`texts` without the ones that restate another of them (`rule_lifecycle.distinct`)."""
        vectors = await self.vectors(list(texts))

        similar = _cosine(vectors)

        return distinct(texts, similar)

    async def verdict_by_meaning(self, words: str) -> str | None:
        """What a person's closing words say of the session's work ("success", "failed") when no known phrase
        read them (`pipeline/learning/verdict_meaning.py`); None without the model or without a clear verdict.
        When the whole message gives no clear verdict, its last sentence settles it (`closing_verdict`)."""
        said = sentences([words])
        last = said[-1] if len(said) > 1 else None
        vectors = await self.vectors([words, *([last] if last else []), *verdict_meaning.examples()])
        return verdict_meaning.closing_verdict(vectors.get(words), vectors.get(last) if last else None, vectors)

    async def rules_by_meaning(self, user_texts: Sequence[str]) -> list[str]:
        """Standing instructions in what the person typed that the patterns did not find
        (`pipeline/learning/rules/rule_meaning.py`); none without the model."""
        items = [i for text in user_texts for i in listed_items(text) if not says_something(i)]
        said = [s for s in sentences(user_texts) if not says_something(s)]
        found = weighed(said, clauses)
        if not found and not items:
            return []
        vectors = await self.vectors([*(c.text for c in found), *items, *rule_meaning.examples()])
        embedding = self.embedding
        probe = rule_probe.for_model(embedding.model, embedding.dim or 0) if vectors and embedding is not None else None
        listed = rule_meaning.listed_rules(items, vectors, probe)
        # (a listed item is its sentence with the list's mark before it: the item, once)
        found = [c for c in found if not any(item in c.sentence for item in listed)]
        return [tidy(rule) for rule in [*listed, *rule_meaning.standing_rules(found, vectors, probe)]]

    async def vectors(self, texts: list[str]) -> dict[str, np.ndarray]:
        """Unit vectors ("query:" side, symmetric use) of the texts when the model is ready, else {}."""
        embedding = self.embedding
        if embedding is None or not embedding.ready:
            return {}
        wanted = [text for text in dict.fromkeys(texts) if text]
        missing = [text for text in wanted if text not in self._vectors]
        try:
            for start in range(0, len(missing), EMBED_BATCH):
                batch = missing[start : start + EMBED_BATCH]
                for text, vector in zip(batch, await embedding.embed_queries(batch), strict=True):
                    self._vectors[text] = vector
        except Exception as exc:  # isolation boundary: one request; the word-based checks still answer
            logger.warning("knowledge_embedding_failed", error=str(exc)[:200])
            return {}
        out = {}
        for text in wanted:
            self._vectors.move_to_end(text)
            out[text] = self._vectors[text]
        while len(self._vectors) > MAX_CACHED_VECTORS:
            self._vectors.popitem(last=False)
        return out


def subject_cosine(vectors: dict[str, np.ndarray], shared: set[str]) -> Callable[[str, str], float | None]:
    """The centred cosine of two texts (`rule_lifecycle.judge`'s `subject`), or of what they are about
    (`rule_lifecycle.about`) when both say they replace something (both "from now on …": those words alone put them
    near each other): centred on what the `shared` texts (the person's rules and the generic ones) have in common,
    each script's own mean taken away too; None when either vector is missing (`vectors` holds the `about` texts
    too, see `subject_texts`). Measured over 53 corpora (`bench/learning_offline.py`): comparing every pair on what
    it is about gained two reversals, lost one and struck one rule wrongly; only pairs that both say so, one
    reversal and none wrong."""
    base = {t: v for t in shared if (v := vectors.get(t)) is not None}
    in_place = ScriptCentred(base, centroid(list(base.values())))

    def subject(a: str, b: str) -> float | None:
        if (a_about := about(a)) != a and (b_about := about(b)) != b:
            a, b = a_about, b_about
        va, vb = vectors.get(a), vectors.get(b)
        return None if va is None or vb is None else float(np.dot(in_place(a, va), in_place(b, vb)))

    return subject


def subject_texts(texts: Sequence[str]) -> list[str]:
    """The texts and what each is about (`rule_lifecycle.about`), each once: what `subject_cosine` compares."""
    return list(dict.fromkeys([*texts, *(about(text) for text in texts)]))


def _cosine(vectors: dict[str, np.ndarray]) -> Callable[[str, str], float | None]:
    """The cosine of two texts' unit vectors, None when either is missing (the model is not loaded)."""

    def similar(a: str, b: str) -> float | None:
        va, vb = vectors.get(a), vectors.get(b)
        return float(np.dot(va, vb)) if va is not None and vb is not None else None

    return similar
