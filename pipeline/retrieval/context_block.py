"""The Markdown block injected into an agent's prompt: MEMORY.md essentials, project rules, top memories.

Invariants: the block never exceeds its character budget, is cut only at paragraph boundaries (never
mid-sentence), and never contains `<private>` text (every source passes through `strip_private`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.learning.lessons import current_text
from pipeline.memory_layout import STARTER_MEMORY
from pipeline.redact import strip_private

HEADER = "## Memory (memoryd)"
_BLANK_LINES = re.compile(r"\n\s*\n")
_PLACEHOLDER = re.compile(r"\s*-\s*\(.*\)\s*")
_TITLE = re.compile(r"#\s+Memory\s*")
STARTER_PARAGRAPHS = frozenset(p.strip() for p in _BLANK_LINES.split(STARTER_MEMORY))


@dataclass(frozen=True, slots=True)
class Memory:
    path: str
    start_line: int
    end_line: int
    score: float
    text: str
    chunk_id: str
    content_hash: str


@dataclass(frozen=True, slots=True)
class ContextBlock:
    text: str
    used: int
    included: tuple[Memory, ...]


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in _BLANK_LINES.split(text) if p.strip()]


def clean(text: str) -> str:
    """Private spans out; front matter out; superseded rules out (only the current one is given); runs of
    blank lines collapsed."""
    text = current_text(strip_private(text))
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            text = text[end + 4 :]
    return "\n\n".join(paragraphs(text))


def essentials(memory_md: str) -> str:
    """MEMORY.md without its title, the starter file's placeholder text, and headings left empty."""
    blocks = []
    for para in paragraphs(clean(memory_md)):
        if para in STARTER_PARAGRAPHS:
            continue
        lines = [ln for ln in para.splitlines() if not _PLACEHOLDER.fullmatch(ln) and not _TITLE.fullmatch(ln)]
        if lines:
            blocks.append("\n".join(lines))
    kept = [
        block
        for i, block in enumerate(blocks)
        if not _is_heading(block) or (i + 1 < len(blocks) and not _is_heading(blocks[i + 1]))
    ]
    return "\n\n".join(kept)


def _is_heading(block: str) -> bool:
    return all(ln.lstrip().startswith("#") for ln in block.splitlines())


def _indent(paragraph: str) -> str:
    return "\n".join("  " + line for line in paragraph.splitlines())


def build_context(
    budget: int, memory_md: str, project: str | None, rules_md: str, memories: list[Memory], skills: str = ""
) -> ContextBlock:
    """Assemble within `budget` characters, adding whole paragraphs in priority order. `skills` is
    the "Relevant skills:" paragraph, added last when it fits."""
    parts: list[str] = [HEADER]
    used = len(HEADER)
    included: list[Memory] = []

    def add(paragraph: str) -> bool:
        nonlocal used
        cost = len(paragraph) + 2
        if used + cost > budget:
            return False
        parts.append(paragraph)
        used += cost
        return True

    for title, body in (
        ("### Essentials (MEMORY.md)", essentials(memory_md)),
        (f"### Project rules: {project}", clean(rules_md) if project else ""),
    ):
        paras = paragraphs(body)
        if paras and add(title):
            for para in paras:
                if not add(para):
                    break
    if memories and add("### Relevant memories"):
        for memory in memories:
            text = clean(memory.text)
            if not text:
                continue
            entry = f"- `{memory.path}:{memory.start_line}-{memory.end_line}` (score {memory.score:.3f})"
            lines = [para for para in paragraphs(text) if not _is_heading(para)]
            if not lines or not add(entry + "\n" + _indent(lines[0])):
                continue  # a long memory may not fit where a shorter later one does
            for para in lines[1:]:
                if not add(_indent(para)):
                    break
            included.append(memory)
    if skills:
        add(skills)
    text = "\n\n".join(parts) if len(parts) > 1 else ""
    return ContextBlock(text, len(text), tuple(included))
