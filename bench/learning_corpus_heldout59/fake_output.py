"""Realistic-looking command output for Nadeesha's two projects on Fedora 41: cargo-nextest and clippy for kottu,
pytest and dbt for ceylon-etl (uv), and git."""

from __future__ import annotations

from transcript_kit import ETL, KOTTU

__all__ = ["ETL", "KOTTU", "dbt_run", "git_commit", "nextest_run", "pytest_run"]


def nextest_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 1.84) -> str:
    """`cargo nextest run`: passed test names, failures as (test name, its stderr)."""
    n = len(passed) + len(failures)
    out = [
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 6.21s",
        "────────────",
        f" Nextest run ID 4f1c2a9e-0b7d-4e55-9b1a-59{n:02d}c0ffee5 with nextest profile: default",
        f"    Starting {n} tests across 2 binaries",
    ]
    for i, name in enumerate(passed):
        out.append(f"        PASS [   0.{11 + i * 7:03d}s] kottu {name}")
    for name, err in failures:
        out.append(f"        FAIL [   5.0{len(name) % 9}2s] kottu {name}")
        out += ["──── STDOUT:             kottu " + name, "", "──── STDERR:             kottu " + name, err, ""]
    out.append("────────────")
    if failures:
        out.append(
            f"     Summary [   {secs:.3f}s] {n} tests run: {len(passed)} passed, {len(failures)} failed, 0 skipped"
        )
        for name, _ in failures:
            out.append(f"        FAIL [   5.0{len(name) % 9}2s] kottu {name}")
        out.append("error: test run failed")
    else:
        out.append(f"     Summary [   {secs:.3f}s] {n} tests run: {n} passed, 0 skipped")
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.07) -> str:
    """`uv run pytest`: failures are (test id, the error's text; its last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.7, pytest-8.3.5, pluggy-1.5.0",
        f"rootdir: {ETL}",
        "configfile: pyproject.toml",
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


def dbt_run(cmd: str, lines: list[str], *, ok: bool = True) -> str:
    """`uv run dbt <cmd>` against BigQuery: the banner, the given lines, and the closing summary."""
    out = [
        "04:12:09  Running with dbt=1.9.4",
        "04:12:10  Registered adapter: bigquery=1.9.1",
        "04:12:11  Found 23 models, 4 seeds, 61 data tests, 9 sources, 612 macros",
        "",
        *lines,
        "",
    ]
    out.append(
        "04:12:40  Completed successfully"
        if ok
        else "04:12:40  Completed with 1 error, 0 partial successes, and 0 warnings:"
    )
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
