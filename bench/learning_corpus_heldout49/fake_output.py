"""Realistic-looking command output for Sravya's two projects on macOS: pytest, dbt-duckdb and Dagster for
pantalu-pipeline; next build, Vitest and Playwright for pantalu-dash (pnpm); and git."""

from __future__ import annotations

from transcript_kit import DASH, PIPE

__all__ = [
    "DASH",
    "PIPE",
    "dagster_ok",
    "dbt_build",
    "git_commit",
    "next_build",
    "playwright_run",
    "pytest_run",
    "route_table",
    "vitest_run",
]


def pytest_run(passed: int, *, secs: float = 0.84) -> str:
    """`uv run pytest -q` with every test passing (the corpus shows failing runs only as pasted by the person)."""
    dots = "." * passed
    return f"{dots:<72} [100%]\n{passed} passed in {secs:.2f}s"


def dbt_build(
    steps: list[tuple[str, str]],
    failures: list[tuple[str, str, int]] = (),
    *,
    clock: str = "05:12",
    command: str = "build",
) -> str:
    """`uv run dbt build` with dbt-duckdb: steps are (what, status) such as ("sql view model main.stg_x", "OK") or
    ("test not_null_x_id", "PASS"); failures are (test name, its yml file, failing rows)."""
    tick = 9
    out = []

    def t() -> str:
        nonlocal tick
        tick += 1
        return f"{clock}:{tick // 3 % 60:02d}"

    models = sum(1 for what, _ in steps if " model " in what)
    tests = sum(1 for what, _ in steps if what.startswith("test "))
    out += [
        f"{t()}  Running with dbt=1.10.2",
        f"{t()}  Registered adapter: duckdb=1.9.4",
        f"{t()}  Found {models} models, {tests} data tests, 2 sources, 473 macros",
        f"{t()}  ",
        f"{t()}  Concurrency: 1 threads (target='dev')",
        f"{t()}  ",
    ]
    n = len(steps)
    for i, (what, status) in enumerate(steps, 1):
        out.append(f"{t()}  {i} of {n} START {what} " + "." * max(3, 60 - len(what)) + " [RUN]")
        if status.startswith("FAIL"):
            out.append(f"{t()}  {i} of {n} {status} {what.removeprefix('test ')} " + "." * 6 + f" [{status} in 0.04s]")
        elif what.startswith("test "):
            out.append(f"{t()}  {i} of {n} PASS {what.removeprefix('test ')} " + "." * 6 + " [PASS in 0.03s]")
        else:
            kind = what.split(" model ")[0]
            out.append(f"{t()}  {i} of {n} OK created {kind} model {what.split(' model ')[1]} ...... [OK in 0.09s]")
    out += [
        f"{t()}  ",
        f"{t()}  Finished running {models} models, {tests} data tests in 0 hours 0 minutes and 2.61 seconds (2.61s).",
        f"{t()}  ",
    ]
    if failures:
        out += [
            f"{t()}  Completed with {len(failures)} error{'s' if len(failures) > 1 else ''}, 0 partial successes, and 0 warnings:",
            f"{t()}  ",
        ]
        for name, yml, rows in failures:
            out += [
                f"{t()}  Failure in test {name} ({yml})",
                f"{t()}    Got {rows} results, configured to fail if != 0",
                f"{t()}  ",
                f"{t()}    compiled code at target/compiled/pantalu/{yml}/{name[:40]}.sql",
                f"{t()}  ",
            ]
        out.append(f"{t()}  Done. PASS={n - len(failures)} WARN=0 ERROR={len(failures)} SKIP=0 NO-OP=0 TOTAL={n}")
    else:
        out += [
            f"{t()}  Completed successfully",
            f"{t()}  ",
            f"{t()}  Done. PASS={n} WARN=0 ERROR=0 SKIP=0 NO-OP=0 TOTAL={n}",
        ]
    return "\n".join(out)


def dagster_ok(asset: str, partition: str | None, run: str, rows: int, *, when: str, pid: int = 51207) -> str:
    """`uv run dagster asset materialize` that succeeds (times are IST, as Dagster prints local time)."""
    part = f" for partition {partition}" if partition else ""
    return "\n".join(
        [
            f'{when}:02 +0530 - dagster - DEBUG - __ASSET_JOB - {run} - {pid} - RUN_START - Started execution of run for "__ASSET_JOB".',
            f'{when}:03 +0530 - dagster - DEBUG - __ASSET_JOB - {run} - {pid} - {asset} - STEP_START - Started execution of step "{asset}"{part}.',
            f"{when}:05 +0530 - dagster - DEBUG - __ASSET_JOB - {run} - {pid} - {asset} - ASSET_MATERIALIZATION - Materialized value {asset}{part}.",
            f"{when}:05 +0530 - dagster - INFO - __ASSET_JOB - {run} - {pid} - {asset} - metadata: rows={rows}",
            f'{when}:05 +0530 - dagster - DEBUG - __ASSET_JOB - {run} - {pid} - {asset} - STEP_SUCCESS - Finished execution of step "{asset}" in 2.1s.',
            f'{when}:06 +0530 - dagster - DEBUG - __ASSET_JOB - {run} - {pid} - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
        ]
    )


def next_build(routes: list[tuple[str, str, str]], *, version: str = "15.3.5") -> str:
    """`pnpm build` (next build) that succeeds: routes are (symbol ○ or ƒ, path, size)."""
    out = [
        "",
        f"> pantalu-dash@0.1.0 build {DASH}",
        "> next build",
        "",
        f"   ▲ Next.js {version}",
        "   - Environments: .env",
        "",
        "   Creating an optimized production build ...",
        " ✓ Compiled successfully in 7.0s",
        "   Linting and checking validity of types ...",
        "   Collecting page data ...",
        f" ✓ Generating static pages ({len(routes) + 1}/{len(routes) + 1})",
        "   Finalizing page optimization ...",
        "   Collecting build traces ...",
        "",
        "Route (app)                                 Size  First Load JS",
    ]
    for i, (sym, path, size) in enumerate(routes):
        lead = "┌" if i == 0 else "└" if i == len(routes) - 1 else "├"
        kb = float(size.split()[0]) if size.endswith("kB") else 1.0
        first = f"{101 + round(kb)} kB"
        out.append(f"{lead} {sym} {path:<38}{size:>9}{first:>15}")
    out += [
        "+ First Load JS shared by all              101 kB",
        "",
        "○  (Static)   prerendered as static content",
        "ƒ  (Dynamic)  server-rendered on demand",
    ]
    return "\n".join(out)


def vitest_run(files: list[tuple[str, int]], *, start: str = "16:02:11", secs: float = 1.18) -> str:
    """`pnpm vitest run`, all green: files are (path, number of tests)."""
    out = [f" RUN  v3.2.4 {DASH}", ""]
    for path, n in files:
        out.append(f" ✓ {path} ({n} test{'s' if n != 1 else ''}) {4 + 2 * n}ms")
    total = sum(n for _, n in files)
    out += [
        "",
        f" Test Files  {len(files)} passed ({len(files)})",
        f"      Tests  {total} passed ({total})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 14.2) -> str:
    """`pnpm exec playwright test`: passed titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} test{'s' if n != 1 else ''} using {min(n, 4)} worker{'s' if min(n, 4) != 1 else ''}", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({1.1 + i * 0.3:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (5.4s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ──────────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        for title, _ in failures:
            out.append(f"    [chromium] › {title}")
    if passed:
        out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    parts = [f"{files} file{'s' if files > 1 else ''} changed"]
    if ins:
        parts.append(f"{ins} insertion{'s' if ins != 1 else ''}(+)")
    if dels:
        parts.append(f"{dels} deletion{'s' if dels != 1 else ''}(-)")
    return f"[{branch} {sha}] {subject}\n " + ", ".join(parts)


def route_table(routes: list[tuple[str, str, str]]) -> str:
    """Only the route table of `next build` (what `sed -n '/^Route/,$p'` keeps)."""
    out = next_build(routes)
    return out[out.index("Route (app)") :]
