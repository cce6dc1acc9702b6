"""The Markdown block injected into an agent's context, packed item by item within a character budget.

A block is made of parts (MEMORY.md essentials, rules files, a project summary, relevant memories, skills),
each a list of entries in priority order. Packing runs twice: first every part up to its share of the budget,
then whatever is left goes to the entries still out, part by part. A part that could not show everything ends
with a pointer to the rest ("… 37 more lessons: `memoryd get MEMORY.md`"). Entries are rendered in document
order under their headings, so a heading always stays with its items.

Invariants: the block never exceeds its budget (every decision measures the rendered text); an entry is
never cut (memories are trimmed before they become entries, at a paragraph or sentence end); a part, a
heading or the block's header appears only with at least one entry under it, so nothing to say is ''.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.redact import strip_private
from pipeline.retrieval.memory_items import Item

HEADER = "## Memory (memoryd)"
_BLANK_LINES = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r"[.!?。！？](?=\s|$)")


@dataclass(frozen=True, slots=True)
class Memory:
    path: str
    start_line: int
    end_line: int
    score: float
    text: str
    chunk_id: str
    content_hash: str
    relevance: float | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    key: str  # "already given" key (events/projections/session_slate.py): i:HASH, m:HASH, s:NAME
    section: str = ""
    bullet: bool = True
    order: int = 0  # position in the document (entries are rendered in this order)
    ref: int = -1  # index of the memory or skill it stands for, -1 for file items


@dataclass(frozen=True, slots=True)
class Part:
    title: str  # "### Essentials (MEMORY.md)"; for an inline part the first line ("Relevant skills:")
    entries: tuple[Entry, ...]  # best first
    share: float  # of the budget, in the first pass
    pointer: str = ""  # how to read the rest ("memoryd get MEMORY.md"); '' for no pointer
    noun: str = "items"  # what the rest is called when its items sit under several headings
    inline: bool = False  # entries on the lines right under the title, not as blocks of their own


@dataclass(frozen=True, slots=True)
class Packed:
    text: str
    included: tuple[tuple[Entry, ...], ...]  # per part, in document order
    omitted: tuple[int, ...]  # per part: entries left out for want of room

    @property
    def used(self) -> int:
        return len(self.text)


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in _BLANK_LINES.split(text) if p.strip()]


def file_entries(
    items: Sequence[Item], *, newest_first: bool, importance: Sequence[float] | None = None
) -> tuple[Entry, ...]:
    """A file's items as entries, best first: the more important first (`importance` per item, 0.5 when
    unknown; `memoryd importance FILE:LINE` sets it), then, when `newest_first` (MEMORY.md, rules), each
    heading's last item, then each heading's second-to-last, and so on: lessons and rules are appended, so the
    newest come first, and a short section (preferences) is not crowded out by a long one. Otherwise in
    document order (a summary starts with what matters most)."""
    entries = [Entry(i.text, f"i:{i.key}", i.section, i.bullet, n) for n, i in enumerate(items)]
    weight = [round(v, 1) for v in importance] if importance is not None else [0.5] * len(entries)
    depth: dict[str, int] = {}
    ranked = []
    for entry in reversed(entries):
        depth[entry.section] = depth.get(entry.section, 0) + 1
        position = (depth[entry.section], -entry.order) if newest_first else (0, entry.order)
        ranked.append((-weight[entry.order], *position, entry))
    return tuple(r[-1] for r in sorted(ranked, key=lambda r: r[:3]))


def memory_text(text: str, limit: int) -> str:
    """A memory's text for the block: no private spans, no headings, at most `limit` characters, cut at a
    paragraph end, else a sentence end, else a word (marked with …)."""
    paras = [p for p in paragraphs(strip_private(text)) if not p.lstrip().startswith("#")]
    out = ""
    for para in paras:
        joined = f"{out}\n\n{para}" if out else para
        if len(joined) > limit:
            if out:
                return out
            cut = [m.end() for m in _SENTENCE_END.finditer(para, 0, limit)]
            if cut and cut[-1] >= limit // 3:
                return para[: cut[-1]]
            return para[: max(0, limit - 1)].rsplit(" ", 1)[0].rstrip() + "…"
        out = joined
    return out


def memory_entries(memories: Sequence[Memory], limit: int) -> tuple[Entry, ...]:
    entries = []
    for n, memory in enumerate(memories):
        text = memory_text(memory.text, limit)
        if not text:
            continue
        where = f"`{memory.path}:{memory.start_line}-{memory.end_line}`"
        shown = f" (relevance {memory.relevance:.2f})" if memory.relevance is not None else ""
        body = "\n".join("  " + line if line.strip() else "" for line in text.splitlines())
        entries.append(Entry(f"- {where}{shown}\n{body}", f"m:{memory.content_hash}", order=n, ref=n))
    return tuple(entries)


def _part_blocks(part: Part, chosen: Sequence[Entry]) -> list[str]:
    if not chosen:
        return []
    entries = sorted(chosen, key=lambda e: e.order)
    if part.inline:
        return [part.title + "\n" + "\n".join(e.text for e in entries)]
    blocks = [part.title]
    section: str | None = None
    previous: Entry | None = None
    for entry in entries:
        if entry.section != section or previous is None:
            section = entry.section
            blocks.append((f"#### {section}\n" if section else "") + entry.text)
        elif previous.bullet and entry.bullet:
            blocks[-1] += "\n" + entry.text
        else:
            blocks[-1] += "\n\n" + entry.text
        previous = entry
    left = len(part.entries) - len(chosen)
    if left and part.pointer:
        taken = {id(e) for e in chosen}
        sections = {e.section for e in part.entries if id(e) not in taken}
        noun = next(iter(sections)).lower() if len(sections) == 1 and "" not in sections else part.noun
        blocks.append(f"… {left} more {noun}: `{part.pointer}`")
    return blocks


def _length(blocks: Sequence[Sequence[str]]) -> int:
    sizes = [len(b) for part in blocks for b in part]
    return len(HEADER) + sum(size + 2 for size in sizes) if sizes else 0


def pack(parts: Sequence[Part], budget: int) -> Packed:
    """Choose entries so the rendered block fits `budget` (see the module docstring)."""
    chosen: list[list[Entry]] = [[] for _ in parts]
    blocks: list[list[str]] = [[] for _ in parts]
    total = 0

    def offer(index: int, entry: Entry, cap: float) -> None:
        nonlocal total
        part = parts[index]
        pointer_room = len(part.pointer) + 40 if part.pointer else 0
        if total + len(entry.text) + 1 - pointer_room > budget or len(entry.text) > cap:
            return  # cannot fit whatever else changes (cheap checks before rendering)
        trial = _part_blocks(part, [*chosen[index], entry])
        size = _length([trial])
        new_total = _length([*blocks[:index], trial, *blocks[index + 1 :]])
        if new_total <= budget and size <= cap:
            chosen[index].append(entry)
            blocks[index] = trial
            total = new_total

    for index, part in enumerate(parts):
        for entry in part.entries:
            offer(index, entry, part.share * budget)
    for index, part in enumerate(parts):
        for entry in part.entries:
            if entry not in chosen[index]:
                offer(index, entry, budget)
    flat = [b for part in blocks for b in part]
    text = "\n\n".join([HEADER, *flat]) if flat else ""
    included = tuple(tuple(sorted(c, key=lambda e: e.order)) for c in chosen)
    omitted = tuple(len(p.entries) - len(c) for p, c in zip(parts, chosen, strict=True))
    return Packed(text, included, omitted)
