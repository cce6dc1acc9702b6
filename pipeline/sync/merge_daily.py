"""Three-way merge of a daily note (`daily/YYYY-MM-DD.md`) written by the edit hooks of two machines.

Both machines' hooks add entries (`## HH:MM · project`) and bullets (`- `path` (Edit ×2)`) to the same day's file,
often to the same entry, and bump a bullet's counter when a file is edited again: as lines these collide; as
entries they do not. So the note is merged as what it is: entries by (minute, project), bullets by path, each
tool's count as ours + theirs - base (both machines' edits counted once each), a person's own lines in an entry
kept. Entries come out in time order, bullets in the base's order then new ones by name: the same text
whichever machine merges. A note that is not in this shape (a person restructured it) returns None, and the
caller merges it as Markdown lines instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

_ENTRY = re.compile(r"^## (\d{2}:\d{2}) · (.+?)\s*$")
_BULLET = re.compile(r"^- `(.+)` \((.+)\)\s*$")
_COUNT = re.compile(r"^(.+?)(?: ×(\d+))?$")

Key = tuple[str, str]  # (minute, project)


@dataclass
class _Entry:
    bullets: dict[str, dict[str, int]] = field(default_factory=dict)  # path -> tool -> count, in file order
    others: list[str] = field(default_factory=list)  # a person's lines inside the entry


@dataclass
class _Note:
    header: list[str]
    entries: dict[Key, _Entry]


def merge_daily(base: str, ours: str, theirs: str) -> str | None:
    notes = [_parse(text) for text in (base, ours, theirs)]
    if any(note is None for note in notes):
        return None
    b, o, t = (note for note in notes if note is not None)
    header = _pick(b.header, o.header, t.header)
    if header is None:
        return None
    entries: dict[Key, _Entry] = {}
    for key in sorted(set(b.entries) | set(o.entries) | set(t.entries)):
        merged = _merge_entry(b.entries.get(key), o.entries.get(key), t.entries.get(key))
        if merged is not None:
            entries[key] = merged
    return _render(header, entries)


def _parse(text: str) -> _Note | None:
    lines = text.splitlines()
    header: list[str] = []
    entries: dict[Key, _Entry] = {}
    current: _Entry | None = None
    for line in lines:
        if m := _ENTRY.match(line):
            key = (m.group(1), m.group(2))
            if key in entries:
                return None  # one entry twice: not a note the hooks wrote
            current = entries[key] = _Entry()
        elif current is None:
            if line.startswith("#") and header:
                return None  # a second heading before any entry: a person's own structure
            header.append(line)
        elif line.startswith("#"):
            return None  # a heading that is not an entry, after the entries
        elif m := _BULLET.match(line):
            tools = current.bullets.setdefault(m.group(1), {})
            for part in m.group(2).split(","):
                if (c := _COUNT.match(part.strip())) and c.group(1):
                    tools[c.group(1)] = tools.get(c.group(1), 0) + int(c.group(2) or 1)
        elif line.strip():
            current.others.append(line)
    while header and not header[-1].strip():
        header.pop()
    return _Note(header, entries)


def _pick(base: list[str], ours: list[str], theirs: list[str]) -> list[str] | None:
    """The header (title and anything above the first entry): one side's change, or None if both changed it."""
    if ours == theirs or base == theirs:
        return ours
    return theirs if base == ours else None


def _merge_entry(base: _Entry | None, ours: _Entry | None, theirs: _Entry | None) -> _Entry | None:
    if ours is None or theirs is None:
        kept = theirs if ours is None else ours
        if kept is None or (base is not None and _same(kept, base)):
            return None  # deleted on one side and untouched on the other (or on both): stays deleted
        return kept
    empty = _Entry()
    b = base or empty
    merged = _Entry()
    for path in _order(b.bullets, ours.bullets, theirs.bullets):
        tools: dict[str, int] = {}
        bt, ot, tt = b.bullets.get(path, {}), ours.bullets.get(path, {}), theirs.bullets.get(path, {})
        for tool in _order(bt, ot, tt):
            count = ot.get(tool, 0) + tt.get(tool, 0) - bt.get(tool, 0)
            if count > 0:
                tools[tool] = count
        if tools:
            merged.bullets[path] = tools
    removed = {line for line in b.others if line not in ours.others or line not in theirs.others}
    added = sorted((set(ours.others) | set(theirs.others)) - set(b.others))
    merged.others = [line for line in dict.fromkeys([*b.others, *added]) if line not in removed]
    return merged


def _same(a: _Entry, b: _Entry) -> bool:
    return a.bullets == b.bullets and a.others == b.others


def _order(base: Mapping[str, object], ours: Mapping[str, object], theirs: Mapping[str, object]) -> list[str]:
    """The base's keys in its order, then the new ones by name (the same list whichever side is ours)."""
    return [*base, *sorted((set(ours) | set(theirs)) - set(base))]


def _render(header: list[str], entries: dict[Key, _Entry]) -> str:
    lines = list(header)
    for (minute, project), entry in entries.items():
        lines += ["", f"## {minute} · {project}"]
        lines += [f"- `{path}` ({_tools(tools)})" for path, tools in entry.bullets.items()]
        lines += entry.others
    return "\n".join(lines).strip("\n") + "\n"


def _tools(tools: dict[str, int]) -> str:
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in tools.items())
