"""Realistic-looking command output for Sokha's two projects on Fedora 41: cargo nextest for tuktuk-dispatch,
pytest-django for psar-shop, and git."""

from __future__ import annotations

from transcript_kit import PSAR, TUK

__all__ = ["PSAR", "TUK", "git_commit", "nextest_run", "pytest_run"]


def nextest_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 3.41) -> str:
    """`cargo nextest run`: passed test names, failures as (name, output)."""
    n = len(passed) + len(failures)
    out = [
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.31s",
        "────────────",
        f" Nextest run ID 4f1c9a0e-7b2d-4e61-9c1a-{abs(hash(n)) % 10**12:012d} with nextest profile: default",
        f"    Starting {n} tests across 3 binaries",
    ]
    for i, name in enumerate(passed):
        out.append(f"        PASS [   {0.011 + i * 0.007:.3f}s] tuktuk-dispatch {name}")
    for name, text in failures:
        out.append(f"        FAIL [   1.204s] tuktuk-dispatch {name}")
        out += ["--- STDOUT:              tuktuk-dispatch " + name + " ---", text]
    out.append("────────────")
    if failures:
        out.append(
            f"     Summary [   {secs:.3f}s] {n} tests run: {len(passed)} passed, {len(failures)} failed, 0 skipped"
        )
        out += [f"        FAIL [   1.204s] tuktuk-dispatch {name}" for name, _ in failures]
        out.append("error: test run failed")
    else:
        out.append(f"     Summary [   {secs:.3f}s] {n} tests run: {n} passed, 0 skipped")
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.12) -> str:
    """`poetry run pytest`: failures are (test id, error text; its last line is the short summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.5, pytest-8.3.2, pluggy-1.5.0",
        "django: version: 5.1.7, settings: psar.settings.test (from ini)",
        f"rootdir: {PSAR}",
        "configfile: pyproject.toml",
        "plugins: django-4.9.0, celery-1.0.1",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            out += [f"_____________________________ {test.split('::')[-1]} _____________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1].lstrip('E ').strip()[:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ===============================")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
