"""Realistic-looking command output for Bilal's two projects: Pest, PHPStan and Pint for dukaan-api (through
Sail), Vitest, Playwright and Vite for dukaan-admin (through pnpm), and git."""

from __future__ import annotations

from transcript_kit import ADM, API

__all__ = ["ADM", "API", "git_commit", "pest_run", "phpstan_ok", "pint_run", "playwright_run", "vitest_run"]

RULE = "  " + "─" * 76


def pest_run(
    passed: list[str],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    secs: float = 2.31,
    assertions: int | None = None,
) -> str:
    """`sail pest` (Pest 3): passed are "Class > test name"; failures are (class > test name, exception class,
    message, the `at` line)."""
    out = []
    classes: dict[str, list[tuple[str, bool]]] = {}
    for t in passed:
        cls, name = t.split(" > ", 1)
        classes.setdefault(cls, []).append((name, True))
    for t, *_ in failures:
        cls, name = t.split(" > ", 1)
        classes.setdefault(cls, []).append((name, False))
    for cls, tests in classes.items():
        ok = all(p for _, p in tests)
        out.append(f"   {'PASS' if ok else 'FAIL'}  Tests\\{cls}")
        for i, (name, p) in enumerate(tests):
            mark = "✓" if p else "⨯"
            out.append(f"  {mark} {name:<66} {0.04 + 0.03 * i:.2f}s")
        out.append("")
    for t, exc, msg, at in failures:
        cls, name = t.split(" > ", 1)
        out += [
            RULE,
            f"   FAILED  Tests\\{cls} > {name}{' ' * 4}{exc}",
            f"  {msg}",
            "",
            f"  at {at}",
            "",
        ]
    n = len(passed) + len(failures)
    a = assertions if assertions is not None else n * 3
    tail = f"{len(failures)} failed, {len(passed)} passed" if failures else f"{n} passed"
    out += [f"  Tests:    {tail} ({a} assertions)", f"  Duration: {secs:.2f}s"]
    return "\n".join(out)


def phpstan_ok(files: int = 143) -> str:
    return f" {files}/{files} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n\n [OK] No errors"


def pint_run(files: int, fixed: list[tuple[str, str]] = ()) -> str:
    """`./vendor/bin/pint` output: fixed files are (path, the fixers applied)."""
    marks = "✓" * len(fixed) + "." * (files - len(fixed))
    out = ["", f"  {marks}", "", "  " + "─" * 60 + " Laravel  "]
    if fixed:
        issues = f"{len(fixed)} style issue{'s' if len(fixed) > 1 else ''} fixed"
        out.append(f"    FIXED   {'.' * 40} {files} files, {issues}  ")
        out += [f"  ✓ {path} {rules}  " for path, rules in fixed]
    else:
        out.append(f"    PASS   {'.' * 52} {files} files  ")
    return "\n".join(out)


def vitest_run(
    files: list[tuple[str, int]],
    failures: list[tuple[str, str, str]] = (),
    *,
    start: str = "15:02:37",
    secs: float = 1.38,
) -> str:
    """`pnpm vitest run`: files are (path, number of tests); failures are (path, test name, error line)."""
    out = [f" RUN  v2.1.8 {ADM}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 14ms")
            for _, name, err in bad:
                out.append(f"   × {name} 5ms")
                out.append(f"     → {err}")
        else:
            out.append(f" ✓ {path} ({n} tests) {5 + n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, err in failures:
            out += [f" FAIL  {path} > {name}", err, f" ❯ {path}:12:21", ""]
    n_tests = sum(n for _, n in files)
    nf = len(failed_files)
    out += [
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 16.4) -> str:
    """`pnpm exec playwright test`: passed titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} test{'s' if n > 1 else ''} using {min(n, 4)} worker{'s' if n > 1 else ''}", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({0.9 + i * 0.4:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (10.6s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ───────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        for title, _ in failures:
            out.append(f"    [chromium] › {title}")
    if passed:
        out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
