"""The edit timeline in `daily/YYYY-MM-DD.md`: one entry per minute per project, one bullet per file.

Invariants:
- Edits of one project within the same local minute land in one entry (`## HH:MM · project`), wherever that
  entry sits in the file, so two projects edited in the same minute never split each other's entries.
- Every line not in the merged entry is kept byte for byte (a person may annotate the note); the file is
  replaced atomically, so the watcher and readers never see half an entry.
- The caller serialises writers (the daemon holds one lock); text arrives already scrubbed.
Blocking (file IO): call from a thread in async code.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.atomic_file import write_atomic

_ENTRY = re.compile(r"^## (\d{2}:\d{2}) · (.+?)\s*$")
_BULLET = re.compile(r"^- `(.+)` \((.+)\)\s*$")
_COUNT = re.compile(r"^(.+?)(?: ×(\d+))?$")


@dataclass(frozen=True, slots=True)
class Edit:
    """One tool call that changed files. `at` is aware; the note uses its local date and minute."""

    at: dt.datetime
    project: str
    tool: str
    files: tuple[str, ...]


def note_path(daily_dir: Path, at: dt.datetime) -> Path:
    return daily_dir / f"{at.astimezone():%Y-%m-%d}.md"


def add_edit(daily_dir: Path, edit: Edit) -> Path:
    """Merge `edit` into its day's note (created with a title if missing). Returns the note's path."""
    local = edit.at.astimezone()
    path = note_path(daily_dir, local)
    text = path.read_text(encoding="utf-8") if path.exists() else f"# {local:%Y-%m-%d}\n"
    write_atomic(path, merge_edit(text, local.strftime("%H:%M"), edit))
    return path


def merge_edit(text: str, minute: str, edit: Edit) -> str:
    """`text` with the edit merged into the `minute`/project entry, or that entry appended. Pure."""
    lines = text.splitlines()
    project = _clean_project(edit.project)
    start = next(
        (i for i, line in enumerate(lines) if (m := _ENTRY.match(line)) and m.groups() == (minute, project)), None
    )
    if start is None:
        while lines and not lines[-1].strip():
            lines.pop()
        block = [f"- `{_clean_path(f)}` ({edit.tool})" for f in dict.fromkeys(edit.files)]
        return "\n".join([*lines, "", f"## {minute} · {project}", *block]) + "\n"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("#")), len(lines))
    bullets: dict[str, dict[str, int]] = {}
    others: list[str] = []
    for line in lines[start + 1 : end]:
        if m := _BULLET.match(line):
            bullets[m.group(1)] = _parse_tools(m.group(2))
        elif line.strip():
            others.append(line)  # a person's note inside the entry stays
    for file in edit.files:
        tools = bullets.setdefault(_clean_path(file), {})
        tools[edit.tool] = tools.get(edit.tool, 0) + 1
    body = [f"- `{name}` ({_format_tools(tools)})" for name, tools in bullets.items()]
    tail = lines[end:]
    gap = [""] if tail else []
    return "\n".join([*lines[: start + 1], *body, *others, *gap, *tail]).rstrip("\n") + "\n"


def _parse_tools(text: str) -> dict[str, int]:
    tools: dict[str, int] = {}
    for part in text.split(","):
        m = _COUNT.match(part.strip())
        if m and m.group(1):
            tools[m.group(1)] = tools.get(m.group(1), 0) + int(m.group(2) or 1)
    return tools


def _format_tools(tools: dict[str, int]) -> str:
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in tools.items())


def _clean_path(path: str) -> str:
    return " ".join(path.replace("`", "'").split()) or "?"


def _clean_project(project: str) -> str:
    return " ".join(project.replace("·", "-").split()) or "unknown"
