"""Lessons that check edits: the ```check blocks of MEMORY.md and the file's project rules, run on one file.

Invariants: answers within `[checks] time_limit_ms` plus a small margin whatever the patterns do (a check
still running then counts as timed out, i.e. passed: a slow lesson must never block the agent), and never
fails on a bad check (it is listed under `errors`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import structlog

from daemon.config import Settings
from daemon.services.project_rules import ProjectRules
from pipeline.agent.checks import Check, CheckReport, parse_checks, run_checks
from pipeline.memory_layout import read_text

logger = structlog.get_logger(__name__)

MARGIN_S = 0.05


@dataclass(frozen=True, slots=True)
class CheckRun:
    path: Path
    project: str | None
    checks: int
    report: CheckReport
    errors: tuple[str, ...]  # checks that could not be parsed, and failures while running


class Checker:
    def __init__(self, settings: Settings, projects: ProjectRules) -> None:
        self.settings = settings
        self.projects = projects

    def checks_for(self, path: Path) -> tuple[str | None, list[Check], list[str]]:
        """The project of `path` and every check that applies to it (MEMORY.md's, then the project's rules).
        Blocking."""
        home = self.settings.home
        project = self.projects.project_of(str(path))
        sources = [(home / "MEMORY.md", "MEMORY.md")]
        if project:
            sources += [(s.path, s.path.relative_to(home).as_posix()) for s in self.projects.map.rules_sources(project)]
        checks: list[Check] = []
        errors: list[str] = []
        for file, label in sources:
            found, bad = parse_checks(read_text(file), label)
            checks += found
            errors += bad
        return project, checks, errors

    async def run(self, raw_path: str, content: str | None = None) -> CheckRun:
        path = await asyncio.to_thread(lambda: Path(raw_path).expanduser())
        limit_s = self.settings.checks.time_limit_ms / 1000
        project, checks, errors = await asyncio.to_thread(self.checks_for, path)
        try:
            async with asyncio.timeout(limit_s + MARGIN_S):
                report = await asyncio.to_thread(
                    run_checks,
                    checks,
                    path,
                    time_limit_s=limit_s,
                    max_bytes=self.settings.checks.max_file_bytes,
                    content=content,
                )
        except TimeoutError:
            # Why: the regex module checks its timeout only now and then; the thread finishes on its own soon.
            report = CheckReport(str(path), timed_out=("all checks (time limit)",))
        if report.timed_out:
            logger.warning("checks_timed_out", path=str(path), checks=list(report.timed_out))
        return CheckRun(path, project, len(checks), report, (*errors, *report.errors))
