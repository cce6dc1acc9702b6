"""Realistic-looking command output for Oksana's two projects: pytest-django runs and Celery worker logs for
kvytok, Vitest and Playwright runs for kvytok-web, and git."""

from __future__ import annotations

from transcript_kit import KV, WEB

__all__ = ["KV", "WEB", "git_commit", "playwright", "pytest_run", "vitest"]


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 14.2) -> str:
    """`pytest` output (pytest-django, Postgres): failures are (node id, the traceback block)."""
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0",
        "django: version: 5.1.4, settings: kvytok.settings.test (from ini)",
        f"rootdir: {KV}",
        "configfile: pyproject.toml",
        "plugins: django-4.9.0, factoryboy-2.7.0, cov-6.0.0",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ===================================", ""]
        for node, tb in failures:
            name = node.split("::")[-1]
            out += [f"{'_' * 20} {name} {'_' * 20}", "", tb, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {node} - {tb.strip().splitlines()[-1][2:].strip()}" for node, tb in failures]
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


def vitest(passed: int, failures: list[tuple[str, str, str]] = (), *, files: int = 9, ms: int = 1870) -> str:
    """`pnpm vitest run` output: failures are (file, test name, error lines)."""
    out = [f" RUN  v2.1.8 {WEB}", ""]
    bad = sorted({f for f, _, _ in failures})
    for f in bad:
        n = sum(1 for x in failures if x[0] == f)
        out.append(f" ❯ {f} ({n + 2} tests | {n} failed) 63ms")
        out += [f"   × {name} 12ms" for ff, name, _ in failures if ff == f]
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for f, name, err in failures:
            out += [f" FAIL  {f} > {name}", err, f" ❯ {f}:{20 + len(name) % 30}:5", ""]
    tf = f"{len(bad)} failed | {files - len(bad)} passed" if failures else f"{files} passed"
    tt = f"{len(failures)} failed | {passed} passed" if failures else f"{passed} passed"
    out += [
        f" Test Files  {tf} ({files})",
        f"      Tests  {tt} ({passed + len(failures)})",
        "   Start at  14:02:51",
        f"   Duration  {ms / 1000:.2f}s (transform 301ms, setup 88ms, collect 912ms, tests {ms // 4}ms, environment 1.21s)",
    ]
    return "\n".join(out)


def playwright(passed: int, failures: list[tuple[str, str, str]] = (), *, secs: float = 38.4) -> str:
    """`pnpm exec playwright test` output: failures are (spec:line, test title, error block)."""
    total = passed + len(failures)
    out = [f"Running {total} tests using 2 workers", ""]
    for i, (spec, title, err) in enumerate(failures, 1):
        out += [
            f"  {i}) [chromium] › {spec} › {title} " + "─" * 20,
            "",
            err,
            "",
            f"    attachment #1: trace (application/zip) {'─' * 10}",
            f"    test-results/{spec.split('.')[0].replace('/', '-')}-chromium/trace.zip",
            "    Usage:",
            "",
            f"        pnpm exec playwright show-trace test-results/{spec.split('.')[0].replace('/', '-')}-chromium/trace.zip",
            "",
        ]
    if failures:
        out.append(f"  {len(failures)} failed")
        out += [f"    [chromium] › {spec} › {title} " for spec, title, _ in failures]
    out.append(f"  {passed} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
