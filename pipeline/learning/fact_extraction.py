"""Facts, lessons and project rules drawn from the week's session summaries, by rules or by an LLM.

The deterministic extractor is deliberately modest, and says so: it takes bullets from sections a summary
names plainly (`## Decisions` -> facts, `## Lessons` / `## Avoid` / `## Mistakes` -> MEMORY.md lessons,
`## Rules` / `## Conventions` -> the project's rules.md) and sentences of the form "PROJECT uses X" /
"we use X for Y" as decision facts. Facts and rules need a project, taken from the summary's front matter
(`project:`) or a `Project: NAME` line; without one they are skipped. It does not understand prose.

The LLM extractor asks for one JSON object and accepts it only whole: a reply that is not valid JSON of the
expected shape raises ValueError and contributes nothing (no half-applied reply).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from pipeline.frontmatter import split_front_matter

MAX_ITEM_CHARS = 400
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+\S)\s*$")
_PROJECT_LINE = re.compile(r"^\**project\**\s*:\s*\**\s*([A-Za-z0-9][A-Za-z0-9._-]{0,99})\b", re.IGNORECASE | re.M)
_USES = (
    r"\b(?:(?:the )?project|we|it|this repo(?:sitory)?|[A-Z][\w.-]{{1,40}}|{project})\s+(?:now\s+)?"
    r"(?:uses|use|switched to|migrated to|adopted|chose)\s+"
    r"([A-Za-z0-9][\w.+#-]{{1,40}}(?:\s+(?:for|as)\s+[^.;\n]{{3,80}})?)"
)
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)
_FACT_SECTIONS = ("decision", "decisions", "facts", "key decisions")
_LESSON_SECTIONS = ("lessons", "lessons learned", "avoid", "avoidances", "mistakes", "pitfalls")
_RULE_SECTIONS = ("rules", "conventions", "project rules")


@dataclass(frozen=True, slots=True)
class SessionDoc:
    path: Path
    project: str | None
    text: str


@dataclass(frozen=True, slots=True)
class FactDraft:
    project: str
    fact: str
    category: str
    evidence: str


@dataclass(frozen=True, slots=True)
class Extraction:
    facts: tuple[FactDraft, ...] = ()
    lessons: tuple[str, ...] = ()
    rules: tuple[tuple[str, str], ...] = ()  # (project, rule)

    @property
    def empty(self) -> bool:
        return not (self.facts or self.lessons or self.rules)


def session_doc(path: Path, text: str) -> SessionDoc:
    front = split_front_matter(text)
    project = front.metadata.get("project")
    if not isinstance(project, str) or not project.strip():
        match = _PROJECT_LINE.search(front.body)
        project = match.group(1) if match else None
    return SessionDoc(path, project.strip() if project else None, text)


def _sections(text: str) -> list[tuple[str, list[str]]]:
    """(heading lowercased, its bullet texts) for every heading of the document body."""
    out: list[tuple[str, list[str]]] = []
    for line in split_front_matter(text).body.splitlines():
        if heading := _HEADING.match(line):
            out.append((heading.group(2).strip().lower().rstrip(":"), []))
        elif out and (bullet := _BULLET.match(line)):
            out[-1][1].append(bullet.group(1)[:MAX_ITEM_CHARS])
    return out


def extract_deterministic(docs: list[SessionDoc]) -> Extraction:
    facts: list[FactDraft] = []
    lessons: list[str] = []
    rules: list[tuple[str, str]] = []
    for doc in docs:
        evidence = f"sessions/{doc.path.name}"
        for heading, bullets in _sections(doc.text):
            if heading in _LESSON_SECTIONS:
                lessons += bullets
            elif doc.project and heading in _FACT_SECTIONS:
                facts += [FactDraft(doc.project, b, "decision", evidence) for b in bullets]
            elif doc.project and heading in _RULE_SECTIONS:
                rules += [(doc.project, b) for b in bullets]
        if doc.project:
            body = split_front_matter(doc.text).body
            for match in re.finditer(_USES.format(project=re.escape(doc.project)), body):
                sentence = " ".join(match.group(0).split())
                facts.append(FactDraft(doc.project, sentence, "decision", evidence))
    return Extraction(tuple(facts), tuple(lessons), tuple(rules))


EXTRACTION_SYSTEM = (
    "You consolidate a coding agent's session summaries into durable memory. Reply with one JSON object "
    'and nothing else: {"facts": [{"project": str, "fact": str, "category": str, "evidence": str}], '
    '"lessons": [str], "rules": [{"project": str, "rule": str}]}. Facts are stable truths about a project '
    "(decisions, versions, conventions). Lessons are mistakes to avoid in any project. Rules are instructions "
    "for one project. Only include what the summaries support; empty lists are fine. Never include secrets."
)


def extraction_prompt(docs: list[SessionDoc], max_chars: int) -> str:
    """The summaries, each headed by its file and project, cut to `max_chars` in total."""
    parts: list[str] = []
    used = 0
    for doc in docs:
        header = f"### {doc.path.name} (project: {doc.project or 'unknown'})\n"
        room = max_chars - used - len(header)
        if room <= 200:
            break
        body = doc.text[:room]
        parts.append(header + body)
        used += len(header) + len(body)
    return "Session summaries of the week:\n\n" + "\n\n".join(parts)


def parse_extraction(text: str) -> Extraction:
    """Parse the model's JSON reply. Raises ValueError unless the whole object has the expected shape."""
    stripped = _FENCE.sub("", text.strip())
    try:
        obj = orjson.loads(stripped)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"reply is not JSON: {exc}") from exc
    if not isinstance(obj, dict):
        raise ValueError("reply is not a JSON object")
    facts = tuple(
        FactDraft(
            _text(item, "project"),
            _text(item, "fact"),
            str(item.get("category") or "general")[:60],
            str(item.get("evidence") or "")[:MAX_ITEM_CHARS],
        )
        for item in _list(obj, "facts", dict)
    )
    lessons = tuple(str(item)[:MAX_ITEM_CHARS] for item in _list(obj, "lessons", str) if str(item).strip())
    rules = tuple((_text(item, "project"), _text(item, "rule")) for item in _list(obj, "rules", dict))
    return Extraction(facts, lessons, rules)


def _list(obj: dict[str, Any], name: str, kind: type) -> list[Any]:
    value = obj.get(name, [])
    if not isinstance(value, list) or not all(isinstance(item, kind) for item in value):
        raise ValueError(f"'{name}' must be a list of {kind.__name__}")
    return value


def _text(item: dict[str, Any], name: str) -> str:
    value = item.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"every item needs a non-empty string '{name}'")
    return value.strip()[:MAX_ITEM_CHARS]
