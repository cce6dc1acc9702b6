"""Realistic-looking command output for Sushma's two projects on Ubuntu 24.04: Jest (jest-expo) and Detox for
momo-app, pytest and dbt for khata-etl (uv), systemd's journal on the Hetzner box, and git."""

from __future__ import annotations

from transcript_kit import APP, ETL

__all__ = ["APP", "ETL", "dbt_run", "detox_run", "git_commit", "jest_run", "pytest_run"]


def jest_run(suites: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), *, secs: float = 3.41) -> str:
    """`npx jest`: suites are (path, number of tests); failures are (path, "describe › test", error text)."""
    out = []
    failed_paths = {p for p, _, _ in failures}
    for path, _n in suites:
        out.append(f" {'FAIL' if path in failed_paths else 'PASS'}  {path}")
    for _path, name, err in failures:
        out += ["", f"  ● {name}", "", *("    " + x for x in err.split("\n")), ""]
    n = sum(k for _, k in suites)
    nf = len(failed_paths)
    out += [
        f"Test Suites: {f'{nf} failed, ' if nf else ''}{len(suites) - nf} passed, {len(suites)} total",
        f"Tests:       {f'{len(failures)} failed, ' if failures else ''}{n - len(failures)} passed, {n} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def detox_run(path: str, describe: str, test: str, error: str, source: list[str], *, ms: int = 31207) -> str:
    """`npx detox test -c android.emu.debug <path>` with one failing test."""
    return "\n".join(
        [
            f"detox[{40000 + ms % 9000}] B node_modules/.bin/jest --config e2e/jest.config.js {path}",
            f" FAIL  {path} ({ms / 1000 + 7.2:.3f} s)",
            f"  {describe}",
            f"    ✕ {test} ({ms} ms)",
            "",
            f"  ● {describe} › {test}",
            "",
            f"    {error}",
            "",
            "    HINT: To print view hierarchy on failed actions/matches, use log-level verbose or higher.",
            "",
            *("      " + x for x in source),
            "",
            "Test Suites: 1 failed, 1 total",
            "Tests:       1 failed, 1 total",
            "Snapshots:   0 total",
            f"Time:        {ms / 1000 + 7.9:.3f} s",
        ]
    )


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 1.84) -> str:
    """`uv run pytest` on Linux: failures are (test id, error text whose last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.8, pytest-8.3.4, pluggy-1.5.0",
        f"rootdir: {ETL}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.8.0",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ===================================", ""]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} ________________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1].lstrip('E ').strip()[:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ===============================")
    return "\n".join(out)


def dbt_run(
    clock: str, command: str, steps: list[tuple[str, str]], *, target: str = "dev", tail: list[str] = ()
) -> str:
    """`uv run dbt <command>` against DuckDB: steps are (node, status) with status PASS/OK/FAIL n/ERROR."""
    adapter = "duckdb=1.9.1" if target == "dev" else "postgres=1.9.0"
    out = [
        f"{clock}  Running with dbt=1.9.2",
        f"{clock}  Registered adapter: {adapter}",
        f"{clock}  Found 17 models, 26 data tests, 4 sources, 2 seeds, 611 macros",
        f"{clock}  ",
        f"{clock}  Concurrency: 4 threads (target='{target}')",
        f"{clock}  ",
    ]
    n = len(steps)
    errors = 0
    for i, (node, status) in enumerate(steps, 1):
        kind = "test" if not node.startswith(("stg_", "int_", "fct_", "dim_", "mart_")) else "sql table model"
        out.append(f"{clock}  {i} of {n} START {kind} {node} {'.' * max(3, 50 - len(node))} [RUN]")
        if status.startswith(("FAIL", "ERROR")):
            errors += 1
        out.append(f"{clock}  {i} of {n} {status} {node} {'.' * max(3, 48 - len(node))} [{status} in 0.{17 + i}s]")
    out += [
        f"{clock}  ",
        f"{clock}  Finished running {n} nodes in 0 hours 0 minutes and 2.{40 + n} seconds (2.{40 + n}s).",
        f"{clock}  ",
    ]
    if errors:
        out += [
            f"{clock}  Completed with {errors} error{'s' if errors > 1 else ''}, 0 partial successes, and 0 warnings:"
        ]
        out += [f"{clock}  {x}" if x else f"{clock}  " for x in tail]
    else:
        out.append(f"{clock}  Completed successfully")
    out += [f"{clock}  ", f"{clock}  Done. PASS={n - errors} WARN=0 ERROR={errors} SKIP=0 TOTAL={n}"]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
