"""Realistic-looking command output for Tereza's two projects: pytest and Snakemake runs for varcall-pipeline,
vitest and Playwright runs for cohort-portal, and git."""

from __future__ import annotations

from transcript_kit import CP, VC

__all__ = ["CP", "VC", "git_commit", "playwright_run", "pytest_run", "snakemake_dry_run", "vitest_run"]


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 4.12, skipped: int = 0) -> str:
    """`pytest` output on Fedora: failures are (test id, the error's text, last line the summary's reason)."""
    n = passed + len(failures) + skipped
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.6, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {VC}",
        "configfile: pytest.ini",
        f"collected {n} items",
        "",
    ]
    files = sorted({f.split("::")[0] for f, _ in failures})
    for f in files:
        out.append(f"{f} " + "." * 2 + "F" * sum(1 for x, _ in failures if x.startswith(f)))
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} _______________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1][:100]}")
        tail = f"{len(failures)} failed, {passed} passed" + (f", {skipped} skipped" if skipped else "")
        out.append(f"========================= {tail} in {secs:.2f}s =========================")
    else:
        tail = f"{passed} passed" + (f", {skipped} skipped" if skipped else "")
        out.append(f"============================== {tail} in {secs:.2f}s ==============================")
    return "\n".join(out)


def snakemake_dry_run(jobs: dict[str, int]) -> str:
    """`snakemake -n` (Snakemake 8): the job table and the dry-run footer."""
    total = sum(jobs.values())
    width = max(len(k) for k in [*jobs, "total"]) + 2
    out = ["Building DAG of jobs...", "Job stats:", f"{'job':<{width}}count", f"{'-' * (width - 2)}  -------"]
    out += [f"{k:<{width}}{v:>5}" for k, v in sorted(jobs.items())]
    out += [f"{'total':<{width}}{total:>5}", "", f"Execute {total} jobs...", ""]
    out += ["This was a dry-run (flag -n). The order of jobs does not reflect the order of execution."]
    return "\n".join(out)


def vitest_run(
    files: list[tuple[str, int]],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    start: str = "14:02:37",
    secs: float = 1.41,
) -> str:
    """`npx vitest run`: files are (path, number of tests); failures are (path, test name, expected, received)."""
    out = [f" RUN  v3.2.4 {CP}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 11ms")
            for _, name, exp, got in bad:
                out.append(f"   × {name} 4ms")
                out.append(f"     → expected {got!r} to be {exp!r} // Object.is equality")
        else:
            out.append(f" ✓ {path} ({n} tests) {6 + n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, exp, got in failures:
            out += [
                f" FAIL  {path} > {name}",
                f"AssertionError: expected {got!r} to be {exp!r} // Object.is equality",
                "",
                f'Expected: "{exp}"',
                f'Received: "{got}"',
                "",
                f" ❯ {path}:9:52",
                "",
            ]
    n_tests = sum(n for _, n in files)
    nf = len(failed_files)
    out += [
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 14.2) -> str:
    """`npx playwright test`: passed test titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using 2 workers", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({0.8 + i * 0.3:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (5.1s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ───────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        out.append(f"    [chromium] › {failures[0][0]}")
    out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
