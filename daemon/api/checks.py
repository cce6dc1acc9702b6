"""The `check` socket method: the ```check lessons that apply to one file, run on it (PostToolUse, and
`memoryd check PATH`)."""

from __future__ import annotations

from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.container import Services
from pipeline.agent.checks import describe


@api.method("check")
async def check(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{path, content?} -> {decision: block|warn|pass, findings, text, timed_out, errors}."""
    p = Params(params, ("path", "content"))
    return await checked(services, p.str("path", required=True) or "", p.str("content"))


async def checked(services: Services, raw: str, content: str | None = None) -> dict[str, Any]:
    """The verdict of the ```check lessons on one file (also answered with an `edit`, saving PostToolUse a
    second round trip)."""
    if not raw.strip():
        raise BadParams("param 'path' must not be empty")
    run = await services.checks.run(raw, content)
    report = run.report
    return {
        "path": str(run.path),
        "project": run.project,
        "decision": report.decision,
        "checks": run.checks,
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
        "errors": list(run.errors),
    }
