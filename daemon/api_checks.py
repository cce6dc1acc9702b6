"""The `check` socket method: run the ```check blocks of MEMORY.md and the file's project rules on one file.

Invariants: answers within `[checks] time_limit_ms` plus a small margin whatever the patterns do (a check
still running then counts as timed out, i.e. passed: a slow lesson must never block the agent), and never
fails on a bad check (it is listed under `errors`). The PostToolUse hook and `memoryd check PATH` use it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.project_rules import project_map
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from pipeline.checks import Check, CheckReport, describe, parse_checks, run_checks
from pipeline.context_block import read_text

logger = structlog.get_logger(__name__)

MARGIN_S = 0.05


def _checks_for(app: App, path: Path) -> tuple[str | None, list[Check], list[str]]:
    """The project of `path` and every check that applies to it (MEMORY.md's, then the project's rules)."""
    home = app.settings.home
    mapping = project_map(app)
    project = mapping.project_of(str(path))
    sources = [(home / "MEMORY.md", "MEMORY.md")]
    if project:
        sources += [(s.path, s.path.relative_to(home).as_posix()) for s in mapping.rules_sources(project)]
    checks: list[Check] = []
    errors: list[str] = []
    for file, label in sources:
        found, bad = parse_checks(read_text(file), label)
        checks += found
        errors += bad
    return project, checks, errors


@method("check")
async def check(app: App, params: dict[str, Any]) -> dict[str, Any]:
    """{path, content?} -> {decision: block|warn|pass, findings, text, timed_out, errors}."""
    p = Params(params, ("path", "content"))
    raw = p.str("path", required=True) or ""
    if not raw.strip():
        raise BadParams("param 'path' must not be empty")
    path = await asyncio.to_thread(lambda: Path(raw).expanduser())
    limit_s = int(app.settings.get("checks", "time_limit_ms")) / 1000
    max_bytes = int(app.settings.get("checks", "max_file_bytes"))
    project, checks, errors = await asyncio.to_thread(_checks_for, app, path)
    try:
        async with asyncio.timeout(limit_s + MARGIN_S):
            report = await asyncio.to_thread(
                run_checks, checks, path, time_limit_s=limit_s, max_bytes=max_bytes, content=p.str("content")
            )
    except TimeoutError:
        # Why: the regex module checks its timeout only now and then; the thread finishes on its own soon.
        report = CheckReport(str(path), timed_out=("all checks (time limit)",))
    if report.timed_out:
        logger.warning("checks_timed_out", path=str(path), checks=list(report.timed_out))
    return {
        "path": str(path),
        "project": project,
        "decision": report.decision,
        "checks": len(checks),
        "findings": [
            {
                "severity": f.check.severity,
                "message": f.check.message,
                "lines": list(f.lines),
                "source": f.check.source,
                "name": f.check.name,
            }
            for f in report.findings
        ],
        "text": describe(report),
        "timed_out": list(report.timed_out),
        "errors": errors + list(report.errors),
    }
