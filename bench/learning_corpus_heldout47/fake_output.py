"""Realistic-looking command output for Rūta's two projects on Windows 11: pytest and ruff for turgus-scraper,
vitest, svelte-check and Playwright for turgus-web (pnpm), and git."""

from __future__ import annotations

from transcript_kit import SCR, WEB

__all__ = ["SCR", "WEB", "git_commit", "playwright_run", "pytest_run", "svelte_check", "vitest_run"]

WEB_POSIX = WEB.replace("\\", "/")


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 2.31) -> str:
    """`uv run pytest` on Windows: failures are (test id, the error's text; its last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts =============================",
        "platform win32 -- Python 3.12.7, pytest-8.3.4, pluggy-1.5.0",
        f"rootdir: {SCR}",
        "configfile: pyproject.toml",
        f"collected {n} items",
        "",
    ]
    for f in sorted({f.split("::")[0] for f, _ in failures}):
        out.append(f"{f.replace('/', chr(92))} " + "." * 2 + "F" * sum(1 for x, _ in failures if x.startswith(f)))
    if failures:
        out += ["", "================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"______________________________ {name} ______________________________", "", err, ""]
        out.append("=========================== short test summary info ===========================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1].lstrip('E ').strip()[:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s =========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


def vitest_run(
    files: list[tuple[str, int]],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    start: str = "09:41:12",
    secs: float = 1.62,
) -> str:
    """`pnpm vitest run`: files are (path, number of tests); failures are (path, test name, expected, received)."""
    out = [f" RUN  v3.1.2 {WEB_POSIX}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 14ms")
            for _, name, exp, got in bad:
                out.append(f"   × {name} 5ms")
                out.append(f"     → expected {got} to be {exp} // Object.is equality")
        else:
            out.append(f" ✓ {path} ({n} tests) {5 + n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, exp, got in failures:
            out += [
                f" FAIL  {path} > {name}",
                f"AssertionError: expected {got} to be {exp} // Object.is equality",
                "",
                f"- Expected: {exp}",
                f"+ Received: {got}",
                "",
                f" ❯ {path}:14:33",
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


def svelte_check(errors: list[tuple[str, str]] = ()) -> str:
    """`pnpm check` (svelte-kit sync && svelte-check): errors are (file:line:col, message)."""
    out = [
        "",
        "> turgus-web@0.1.0 check " + WEB,
        "> svelte-kit sync && svelte-check --tsconfig ./tsconfig.json",
        "",
        "Loading svelte-check in workspace: " + WEB_POSIX,
        "Getting Svelte diagnostics...",
        "",
    ]
    for where, msg in errors:
        out += [f"{WEB_POSIX}/{where}", f"Error: {msg} (ts)", ""]
    n = len(errors)
    files = len({w.split(":")[0] for w, _ in errors})
    out.append(
        f"svelte-check found {n} error{'s' if n != 1 else ''} and 0 warnings" + (f" in {files} file" if n else "")
    )
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 12.8) -> str:
    """`pnpm exec playwright test`: passed titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using {min(n, 4)} workers", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({0.9 + i * 0.4:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (5.3s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ─────────────────────", "", err, ""]
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
