"""Realistic-looking command output for Nino's two projects on macOS: mix test / credo / format for mtsvane
(Elixir 1.17, Phoenix LiveView), dbt build / pytest / sqlfluff for mdinare (uv, DuckDB, Dagster), and git."""

from __future__ import annotations

from transcript_kit import MDN, TSV

__all__ = ["MDN", "TSV", "dbt_build", "git_commit", "mix_test", "pytest_run"]


def mix_test(tests: int, failures: list[tuple[str, str, str]] = (), *, secs: float = 1.9, seed: int = 412) -> str:
    """`mix test`: failures are (test title, file:line, error body)."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 20", "", "." * max(tests - len(failures), 0)]
    for k, (title, where, body) in enumerate(failures, 1):
        out += ["", f"  {k}) {title}", f"     {where}", body, ""]
    out += [f"Finished in {secs:.1f} seconds ({secs * 0.7:.1f}s async, {secs * 0.3:.1f}s sync)"]
    out.append(f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}")
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 1.84) -> str:
    """`uv run pytest` on macOS: failures are (test id, the error's text; its last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.12.7, pytest-8.3.4, pluggy-1.5.0",
        f"rootdir: {MDN}",
        "configfile: pyproject.toml",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["", "=================================== FAILURES ===================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} _______________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1].lstrip('E ').strip()[:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ===============================")
    return "\n".join(out)


def dbt_build(models: list[str], *, error: str | None = None, clock: str = "10:14:02") -> str:
    """`uv run dbt build`: models run in order; an error stops the run after the header."""
    out = [
        f"{clock}  Running with dbt=1.8.8",
        f"{clock}  Registered adapter: duckdb=1.8.4",
        f"{clock}  Found {len(models)} models, 9 data tests, 2 sources, 418 macros",
        f"{clock}  ",
    ]
    if error:
        out += [f"{clock}  Encountered an error:", error]
        return "\n".join(out)
    out += [f"{clock}  Concurrency: 4 threads (target='dev')", f"{clock}  "]
    for i, m in enumerate(models, 1):
        out.append(f"{clock}  {i} of {len(models)} OK created sql view model main.{m} ..... [OK in 0.0{i}s]")
    out += [
        f"{clock}  ",
        f"{clock}  Completed successfully",
        f"{clock}  ",
        f"{clock}  Done. PASS={len(models) + 9} WARN=0 ERROR=0 SKIP=0 TOTAL={len(models) + 9}",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
