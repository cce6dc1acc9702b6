"""Realistic-looking command output for Jiwoo's two projects: Gradle (Kotest on the JUnit platform, ktlint,
detekt) for settle-batch; Vitest, Playwright for Electron and electron-builder for desk-viewer; GitHub Actions logs
as `gh run view --log-failed` prints them; and git."""

from __future__ import annotations

from transcript_kit import DV, SB

__all__ = [
    "DV",
    "SB",
    "gh_log",
    "git_commit",
    "gradle_lint_ok",
    "gradle_test_failed",
    "gradle_test_ok",
    "playwright",
    "vitest",
]


def gradle_test_ok(secs: int = 48, executed: int = 3, uptodate: int = 4) -> str:
    """`./gradlew test` that passes (Gradle prints nothing per test unless it fails)."""
    return (
        "> Task :compileKotlin UP-TO-DATE\n> Task :compileJava NO-SOURCE\n> Task :classes UP-TO-DATE\n"
        "> Task :compileTestKotlin\n> Task :testClasses\n> Task :test\n\n"
        f"BUILD SUCCESSFUL in {secs}s\n{executed + uptodate} actionable tasks: {executed} executed, {uptodate} up-to-date"
    )


def gradle_test_failed(
    failures: list[tuple[str, str, str]], total: int, *, secs: int = 41, executed: int = 3, uptodate: int = 4
) -> str:
    """`./gradlew test` with failures: (test display name, exception with message, `at` frame), the project sets
    testLogging { exceptionFormat = FULL }."""
    out = [
        "> Task :compileKotlin UP-TO-DATE",
        "> Task :compileJava NO-SOURCE",
        "> Task :classes UP-TO-DATE",
        "> Task :compileTestKotlin",
        "> Task :testClasses",
        "> Task :test",
        "",
    ]
    for name, exc, at in failures:
        out += [f"{name} FAILED", f"    {exc}", f"        at {at}", ""]
    out += [
        f"{total} tests completed, {len(failures)} failed",
        "",
        "> Task :test FAILED",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        "Execution failed for task ':test'.",
        f"> There were failing tests. See the report at: file://{SB}/build/reports/tests/test/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}s",
        f"{executed + uptodate} actionable tasks: {executed} executed, {uptodate} up-to-date",
    ]
    return "\n".join(out)


def gradle_lint_ok(secs: int = 17) -> str:
    """`./gradlew ktlintCheck detekt` that passes."""
    return (
        "> Task :ktlintKotlinScriptCheck UP-TO-DATE\n> Task :ktlintMainSourceSetCheck\n"
        "> Task :ktlintTestSourceSetCheck\n> Task :ktlintCheck\n> Task :detekt\n\n"
        f"BUILD SUCCESSFUL in {secs}s\n5 actionable tasks: 3 executed, 2 up-to-date"
    )


def vitest(files: list[tuple[str, int]], *, start: str = "15:04:11", secs: float = 1.92) -> str:
    """`npx vitest run` where every file passes: files are (path, tests)."""
    out = [f" RUN  v3.2.4 {DV}", ""]
    for path, n in files:
        out.append(f" ✓ {path} ({n} test{'s' if n != 1 else ''}) {3 + n * 2}ms")
    tests = sum(n for _, n in files)
    out += [
        "",
        f" Test Files  {len(files)} passed ({len(files)})",
        f"      Tests  {tests} passed ({tests})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s (transform 204ms, setup 0ms, collect 611ms, tests 93ms, environment 1.01s, "
        "prepare 398ms)",
    ]
    return "\n".join(out)


def playwright(
    results: list[tuple[str, float]],
    failures: dict[str, list[str]] | None = None,
    *,
    workers: int = 2,
    secs: float = 48.6,
) -> str:
    """`npx playwright test` with the electron project: results are (spec title, seconds), failures map a title
    to its error block."""
    failures = failures or {}
    out = [f"Running {len(results)} tests using {workers} worker{'s' if workers > 1 else ''}", ""]
    for i, (title, s) in enumerate(results, 1):
        mark = "✘" if title in failures else "✓"
        out.append(f"  {mark}  {i} [electron] › {title} ({s:.1f}s)")
    out.append("")
    for i, title in enumerate([t for t, _ in results if t in failures], 1):
        out += [f"  {i}) [electron] › {title} ──────────────────────────", ""]
        out += [f"    {line}" if line else "" for line in failures[title]]
        out.append("")
    bad = [t for t, _ in results if t in failures]
    if bad:
        out.append(f"  {len(bad)} failed")
        out += [f"    [electron] › {t} " for t in bad]
    out.append(f"  {len(results) - len(bad)} passed ({secs:.1f}s)")
    return "\n".join(out)


def gh_log(job: str, step: str, start: str, lines: list[str]) -> str:
    """`gh run view --log-failed`: job, step and an Actions timestamp before each line; start is HH:MM:SS of the
    day given in the first element of lines' owner (the date is fixed per call by the caller)."""
    day, clock = start.split("T")
    h, m, s = (int(x) for x in clock.split(":"))
    out = []
    for i, line in enumerate(lines):
        t = h * 3600 + m * 60 + s + i // 3
        stamp = f"{day}T{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}.{(4417263 + i * 130411) % 10000000:07d}Z"
        out.append(f"{job}\t{step}\t{stamp} {line}")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
