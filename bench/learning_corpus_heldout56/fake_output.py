"""Realistic-looking command output for Selam's two projects on Ubuntu 24.04: `go test` for tena-kendo, pytest and
dbt for buna-ledger, and git."""

from __future__ import annotations

__all__ = ["dbt_run", "git_commit", "go_ok", "pytest_run"]


def go_ok(pkgs: list[str], secs: float = 4.2) -> str:
    """`go test ./...` with every package passing (testcontainers packages take longer)."""
    return "\n".join(f"ok  \tgithub.com/selamt/tena-kendo/{p}\t{secs + i * 1.7:.3f}s" for i, p in enumerate(pkgs))


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.12) -> str:
    """`uv run pytest` on Linux: failures are (test id, the error's text; its last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0",
        "rootdir: /home/selam/code/buna-ledger",
        "configfile: pyproject.toml",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
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


def dbt_run(models: list[str], *, at: str = "09:12:03", errors: list[tuple[str, str]] = ()) -> str:
    """`uv run dbt build/run`: models that pass, and (model, error) pairs that do not."""
    n = len(models) + len(errors)
    out = [
        f"{at}  Running with dbt=1.9.2",
        f"{at}  Registered adapter: duckdb=1.9.1",
        f"{at}  Found {n + 4} models, 23 data tests, 3 sources, 512 macros",
        f"{at}  ",
        f"{at}  Concurrency: 4 threads (target='dev')",
        f"{at}  ",
    ]
    for i, m in enumerate(models, 1):
        out.append(f"{at}  {i} of {n} OK created sql table model main.{m} ...................... [OK in 0.{31 + i}s]")
    for j, (m, _) in enumerate(errors, len(models) + 1):
        out.append(f"{at}  {j} of {n} ERROR creating sql table model main.{m} ................ [ERROR in 0.12s]")
    out.append(f"{at}  ")
    if errors:
        out.append(f"{at}  Completed with {len(errors)} error and 0 warnings:")
        for m, e in errors:
            out += [f"{at}  ", f"{at}  Runtime Error in model {m} (models/marts/{m}.sql)", f"{at}    {e}"]
        out.append(f"{at}  ")
        out.append(f"{at}  Done. PASS={len(models)} WARN=0 ERROR={len(errors)} SKIP=0 TOTAL={n}")
    else:
        out.append(f"{at}  Completed successfully")
        out.append(f"{at}  ")
        out.append(f"{at}  Done. PASS={n} WARN=0 ERROR=0 SKIP=0 TOTAL={n}")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
