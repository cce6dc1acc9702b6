"""Which project a path belongs to, and which rules files that project brings along.

Invariant: a path maps to at most one project, decided the same way everywhere (hooks, checks, context):
the longest configured `[projects]` path prefix wins; otherwise the deepest path component that names a
folder under `areas/projects/` (the root component never counts). A project's rules are its own
`areas/projects/NAME/rules.md` plus the `rules.md` of each `[project_groups]` group it belongs to, which
lives in `areas/projects/GROUP/rules.md`, so several projects share one file and it is shown only once.
Pure functions over paths plus a few `stat`s; blocking only as far as the file system is.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

from pipeline.agent_path import agent_path, is_windows


@dataclass(frozen=True, slots=True)
class RulesSource:
    """One rules file; `key` identifies it in a session's "already loaded" set (a group file is shared)."""

    key: str
    title: str
    path: Path


@dataclass(frozen=True, slots=True)
class ProjectMap:
    home: Path
    prefixes: tuple[tuple[str, str], ...]  # (absolute prefix, project), longest first
    groups: tuple[tuple[str, tuple[str, ...]], ...]

    @classmethod
    def from_config(cls, home: Path, projects: Mapping[str, str], groups: Mapping[str, Sequence[str]]) -> ProjectMap:
        prefixes = sorted(
            ((_normal(prefix), name) for prefix, name in projects.items() if prefix and name),
            key=lambda item: len(item[0]),
            reverse=True,
        )
        return cls(home, tuple(prefixes), tuple((g, tuple(members)) for g, members in groups.items()))

    @property
    def projects_dir(self) -> Path:
        return self.home / "areas" / "projects"

    def project_of(self, path: str | None) -> str | None:
        """The project `path` belongs to, or None (see the module docstring for the rule)."""
        if not path:
            return None
        target = _normal(path)
        for prefix, name in self.prefixes:
            if _inside(target, prefix):
                return name
        parts = agent_path(target).parts[1:]
        for part in reversed(parts):
            if part not in ("", ".", "..") and (self.projects_dir / part).is_dir():
                return part
        return None

    def groups_of(self, project: str) -> tuple[str, ...]:
        return tuple(group for group, members in self.groups if project in members)

    def rules_sources(self, project: str) -> list[RulesSource]:
        """The project's own rules.md first, then each group's; only files that exist."""
        candidates = [RulesSource(f"project:{project}", f"Project rules: {project}", self._rules(project))]
        candidates += [
            RulesSource(f"group:{group}", f"Group rules: {group} (shared by {project})", self._rules(group))
            for group in self.groups_of(project)
        ]
        return [source for source in candidates if source.path.is_file()]

    def _rules(self, name: str) -> Path:
        return self.projects_dir / name / "rules.md"


def _normal(path: str) -> str:
    """Absolute, user-expanded, without `..`; symlinks are not resolved (hooks hand us the agent's spelling).
    A Windows path (a transcript written on Windows) keeps its drive and is written with `/`."""
    if is_windows(path):
        return PureWindowsPath(os.path.normpath(path.replace("\\", "/"))).as_posix()
    return os.path.normpath(os.path.abspath(os.path.expanduser(path)))


def _inside(target: str, prefix: str) -> bool:
    if is_windows(target):  # Windows paths compare without case
        target, prefix = target.casefold(), prefix.casefold()
    return target == prefix or target.startswith(prefix.rstrip("/") + "/")
