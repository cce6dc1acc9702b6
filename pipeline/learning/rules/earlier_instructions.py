"""The person's instructions that were not kept as rules, and finding one again when a later rule replaces it.

Not every standing instruction reads as one when it is given: "put all the IPC handlers in src/main/ipc.ts, one
file" in the middle of a task sits as close to a request for now as to a rule, and is not kept. Weeks later the
person replaces it ("one file per IPC domain under src/main/ipc/ from now on", "forget the app_config.h defines
for stacks, …"): the new rule says there was an old one, and an agent reading rules.md should see what changed.
So each session summary keeps the sentences the person typed with the grammar of a directive that were not taken
as rules (`## Instructions` in `sessions/ID.md`: Markdown, human-readable, rebuilt like the rest), and a new rule
that says it replaces something (from now on, forget, drop, instead, you may now …) and supersedes no rule in
force is judged against the project's earlier instructions the same way (`rule_lifecycle.judge`); the one it
replaces is written to rules.md struck through, with its date and replacement, and never reaches an agent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.agent.speech.knowledge import clauses, says_something, sentences, tidy
from pipeline.agent.speech.rule_changes import LIFTED, PERMITS, REPLACES, RETRACTS
from pipeline.agent_path import folder_project
from pipeline.frontmatter import split_front_matter
from pipeline.learning.lessons import clean_lesson
from pipeline.learning.rules.directive_words import OTHER_PERMITS, OTHER_REPLACES
from pipeline.learning.rules.rule_meaning import candidates
from pipeline.memory_layout import read_text

SECTION = "Instructions"
MAX_PER_SESSION = 12
MAX_CHARS = 240
LOOK_BACK_SESSIONS = 60  # the project's latest sessions whose instructions a replacement is judged against
MAX_FILES_READ = 800  # summaries read to find them, newest first
_HEADING = re.compile(r"^#{1,2}\s+(.*?)\s*$")
_BULLET = re.compile(r"^[-*+]\s+(.*\S)\s*$")


@dataclass(frozen=True, slots=True)
class Instruction:
    text: str
    session_id: str


def instructions_of(user_texts: Sequence[str], rules: Sequence[str]) -> list[str]:
    """The sentences the person typed that read as directives (`rule_meaning.candidates`) and hold none of the
    session's `rules`, in order, cleaned (no private span, no secret) and cut."""
    kept = [_folded(rule) for rule in rules if _folded(rule)]
    said = [s for s in sentences(user_texts) if not says_something(s)]
    out: list[str] = []
    for sentence in dict.fromkeys(c.sentence for c in candidates(said, clauses) if not (c.convention or c.house)):
        if any(rule in _folded(sentence) for rule in kept):
            continue
        text = _cut(clean_lesson(tidy(sentence)))
        if text and text not in out:
            out.append(text)
    return out[:MAX_PER_SESSION]


def replaces_something(rule: str) -> bool:
    """Whether a rule says it replaces, takes back or lifts an earlier one ("from now on", "forget", "instead",
    "you may now …", in the languages `rule_changes` and `directive_words` know)."""
    markers = (REPLACES, RETRACTS, PERMITS, OTHER_REPLACES, OTHER_PERMITS)
    return any(pattern.search(rule) for pattern in markers) or bool(LIFTED.match(rule))


def earlier_instructions(sessions_dir: Path, project: str | None, *, before: str, exclude: str) -> list[Instruction]:
    """The `## Instructions` of the latest LOOK_BACK_SESSIONS summaries of `project` (of every project when None)
    that started before `before`, not `exclude`'s own, newest first. Blocking (reads files)."""
    try:
        files = sorted(
            (p for p in sessions_dir.glob("*.md") if "--agent-" not in p.name),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )[:MAX_FILES_READ]
    except OSError:
        return []
    found: list[tuple[str, list[Instruction]]] = []
    for path in files:
        try:
            parsed = split_front_matter(read_text(path))
        except (OSError, ValueError):
            continue
        meta = parsed.metadata
        session, started = str(meta.get("session_id") or ""), str(meta.get("started") or "")
        if not session or session == exclude or (before and started and started >= before):
            continue
        # the scope a session's rules go to: its project, or the folder it ran in (`sessions._add_knowledge`)
        if (
            project is not None
            and (str(meta.get("project") or "") or folder_project(str(meta.get("cwd") or ""))) != project
        ):
            continue
        found.append((started, [Instruction(text, session) for text in section_items(parsed.body, SECTION)]))
        if len(found) >= LOOK_BACK_SESSIONS:
            break
    found.sort(key=lambda item: item[0], reverse=True)
    return [instruction for _, items in found for instruction in items]


def section_items(body: str, section: str) -> list[str]:
    """The bullets of `## section` in a summary's body."""
    items: list[str] = []
    inside = False
    for line in body.splitlines():
        if heading := _HEADING.match(line):
            inside = heading.group(1).strip().lower() == section.lower()
        elif inside and (bullet := _BULLET.match(line.strip())):
            items.append(bullet.group(1))
    return items


def _folded(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _cut(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"
