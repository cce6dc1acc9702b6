"""The rules and lessons files as a person reads them: what is in force, and what was superseded, when and by
what. MEMORY.md's lessons and every `areas/projects/*/rules.md` (projects and groups alike).

Invariant: read only, and scrubbed like `get` (a hand-written rule may hold a `<private>` span or a secret):
this is what `memoryd ui` shows, never what an agent is given (that is `context`, which leaves superseded
bullets out). Blocking (file reads): call from a thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.learning.lessons import current_bullets
from pipeline.memory_layout import read_text
from pipeline.scrub import scrub

MAX_FILES = 500
# `- ~~old~~ (superseded DATE by: new)`, as pipeline/learning/lessons.py: apply_changes writes it.
_SUPERSEDED = re.compile(r"^\s*[-*+]\s+~~(.+?)~~\s+\(superseded\s+(\S+)\s+by:\s*(.*)\)\s*$")


@dataclass(frozen=True, slots=True)
class Superseded:
    text: str
    date: str
    replaced_by: str


@dataclass(frozen=True, slots=True)
class RulesFile:
    path: str  # relative to the home
    project: str | None  # None for MEMORY.md
    in_force: tuple[str, ...]
    superseded: tuple[Superseded, ...]

    def to_json_obj(self) -> dict[str, object]:
        return {
            "path": self.path,
            "project": self.project,
            "in_force": list(self.in_force),
            "superseded": [{"text": s.text, "date": s.date, "replaced_by": s.replaced_by} for s in self.superseded],
        }


def parse(path: str, project: str | None, text: str) -> RulesFile:
    superseded = tuple(
        Superseded(m.group(1), m.group(2), m.group(3)) for line in text.splitlines() if (m := _SUPERSEDED.match(line))
    )
    return RulesFile(path, project, tuple(current_bullets(text)), superseded)


def rules_files(home: Path, *, emails: bool, project: str | None = None) -> list[RulesFile]:
    """MEMORY.md (unless a project is asked for), then each project's rules.md by name."""
    found: list[RulesFile] = []
    if project is None:
        found.append(parse("MEMORY.md", None, scrub(read_text(home / "MEMORY.md"), emails=emails)))
    projects = home / "areas" / "projects"
    folders = sorted(p for p in projects.iterdir() if p.is_dir()) if projects.is_dir() else []
    for folder in folders[:MAX_FILES]:
        if project is not None and folder.name != project:
            continue
        rules = folder / "rules.md"
        if rules.is_file():
            text = scrub(read_text(rules), emails=emails)
            found.append(parse(f"areas/projects/{folder.name}/rules.md", folder.name, text))
    return found
