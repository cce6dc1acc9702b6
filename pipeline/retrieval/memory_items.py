"""A memory file (MEMORY.md, rules.md, summary.md) as items: each bullet (with its continuation lines and
nested bullets) or paragraph, under the heading it sits in. Context is packed item by item, so a file over
budget loses its least important items, never a whole list.

Invariants: `<private>` spans, front matter, ```check blocks (they are for the checker, not the agent) and
superseded bullets (`- ~~old~~ (superseded ... by: new)`) never reach an item; line numbers are the file's
own (what is removed is replaced by blank lines); an item's `key` depends only on its text, so the same lesson
is recognised in any file and at any position.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from pipeline.learning.lessons import is_superseded
from pipeline.memory_layout import STARTER_MEMORY
from pipeline.redact import strip_private

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+\S")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})\s*([^\s`]*)")
_PLACEHOLDER = re.compile(r"\s*[-*+]\s*\(.*\)\s*")
_SPACE = re.compile(r"\s+")
STARTER_TEXTS = frozenset(
    " ".join(p.split()) for p in re.split(r"\n\s*\n", STARTER_MEMORY) if p.strip() and not p.lstrip().startswith("#")
)


@dataclass(frozen=True, slots=True)
class Item:
    section: str  # the nearest heading above it (level 2 or deeper), '' when none
    text: str  # the item's Markdown, without trailing blank lines
    line: int  # its first line in the file, 1-based
    bullet: bool  # a list item (rendered one per line) rather than a paragraph
    key: str  # hash of the normalised text: "already given in this session" (events/projections/session_slate.py)


def item_key(text: str) -> str:
    return hashlib.sha256(_SPACE.sub(" ", text).strip().encode("utf-8")).hexdigest()[:16]


def _blank_front_matter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            close = text.find("\n", end + 4)
            close = len(text) if close < 0 else close
            return "\n" * text.count("\n", 0, close) + text[close:]
    return text


def items_of(markdown: str, *, starter: bool = False) -> list[Item]:
    """The items of a Markdown file in document order. `starter`: also drop MEMORY.md's starter text (its
    placeholder bullets and its introduction), which says nothing about the user."""
    lines = _blank_front_matter(strip_private(markdown)).split("\n")
    items: list[Item] = []
    section = ""
    current: list[str] = []
    start = 0
    bullet = False
    blank_after = False
    fence: str | None = None
    skipping = False  # inside a ```check block

    def flush() -> None:
        nonlocal current, blank_after
        text = "\n".join(current).rstrip()
        current, blank_after = [], False
        if not text.strip():
            return
        if starter and (_PLACEHOLDER.fullmatch(text) or " ".join(text.split()) in STARTER_TEXTS):
            return
        if bullet and is_superseded(text.split("\n", 1)[0]):
            return  # a rule or lesson replaced by a newer one: only the one in force is given
        items.append(Item(section, text, start, bullet, item_key(text)))

    for number, line in enumerate(lines, start=1):
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
                if skipping:
                    skipping = False
                    continue
            if not skipping:
                current.append(line)
            continue
        if opened := _FENCE.match(line):
            fence = opened.group(1)[0] * len(opened.group(1))
            if opened.group(2).lower() == "check":
                skipping = True
                continue
            if not current or (blank_after and not line.startswith((" ", "\t"))):
                flush()
                start, bullet = number, False
            blank_after = False
            current.append(line)
            continue
        if heading := _HEADING.match(line):
            flush()
            section = heading.group(2) if len(heading.group(1)) > 1 else ""
            continue
        if not line.strip():
            if current and not bullet:
                flush()
            elif current:
                blank_after = True
            continue
        indented = line.startswith((" ", "\t"))
        starts_bullet = _BULLET.match(line)
        if starts_bullet and not (bullet and current and len(starts_bullet.group(1)) >= 2):
            flush()
            start, bullet = number, True
        elif current and bullet and blank_after and not indented:
            flush()
            start, bullet = number, False
        elif not current:
            start, bullet = number, False
        blank_after = False
        current.append(line)
    flush()
    return items
