"""Realistic-looking command output for Kasia's two projects on Fedora: Gradle (Kotlin DSL) test runs with JUnit 5
failures, Testcontainers and Flyway errors for the wizyty-api Spring Boot service, and pnpm / vue-tsc / Vitest /
Playwright output for the wizyty-panel Vue front-end, plus git."""

from __future__ import annotations

from transcript_kit import API, PANEL

__all__ = ["API", "PANEL", "git_commit", "gradle_fail", "gradle_ok", "playwright_run", "vitest_run"]


def gradle_ok(secs: int = 31, *, executed: int = 3, up_to_date: int = 2) -> str:
    """`./gradlew test` (or build) that passes: Gradle prints the tasks and BUILD SUCCESSFUL, not the test counts."""
    return (
        "> Task :compileJava UP-TO-DATE\n> Task :processResources UP-TO-DATE\n> Task :classes UP-TO-DATE\n"
        "> Task :compileTestJava\n> Task :processTestResources UP-TO-DATE\n> Task :testClasses\n> Task :test\n\n"
        f"BUILD SUCCESSFUL in {secs}s\n{executed + up_to_date} actionable tasks: {executed} executed, "
        f"{up_to_date} up-to-date"
    )


def gradle_fail(blocks: list[str], total: int, *, secs: int = 24) -> str:
    """`./gradlew test` with failing tests: one `Class > method() FAILED` block each, the count, the Gradle error."""
    out = [
        "> Task :compileJava UP-TO-DATE",
        "> Task :processResources UP-TO-DATE",
        "> Task :classes UP-TO-DATE",
        "> Task :compileTestJava UP-TO-DATE",
        "> Task :testClasses UP-TO-DATE",
        "",
        "> Task :test",
        "",
    ]
    for b in blocks:
        out += [b, ""]
    out += [
        f"{total} tests completed, {len(blocks)} failed",
        "",
        "> Task :test FAILED",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        "Execution failed for task ':test'.",
        f"> There were failing tests. See the report at: file://{API}/build/reports/tests/test/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}s",
        "4 actionable tasks: 1 executed, 3 up-to-date",
    ]
    return "\n".join(out)


def vitest_run(files: list[tuple[str, int]], failures: list[tuple[str, str]] = (), *, ms: int = 1210) -> str:
    """`pnpm test` (vitest run): a line per file, the failure blocks, then the totals."""
    failed_files = {name.split(" > ")[0] for name, _ in failures}
    out = ["", "> wizyty-panel@0.4.0 test " + PANEL, "> vitest run", "", f" RUN  v2.1.8 {PANEL}", ""]
    for f, n in files:
        if f in failed_files:
            k = sum(1 for name, _ in failures if name.startswith(f))
            out.append(f" ❯ {f} ({n} tests | {k} failed) 18ms")
            for name, body in failures:
                if name.startswith(f):
                    out += [f"   × {name.split(' > ', 1)[1]} 9ms", f"     → {body.splitlines()[0].split(': ', 1)[1]}"]
        else:
            out.append(f" ✓ {f} ({n} tests) {3 + n}ms")
    n_tests = sum(n for _, n in files)
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for name, body in failures:
            out += [f" FAIL  {name}", body, ""]
        out += [
            f" Test Files  {len(failed_files)} failed | {len(files) - len(failed_files)} passed ({len(files)})",
            f"      Tests  {len(failures)} failed | {n_tests - len(failures)} passed ({n_tests})",
        ]
    else:
        out += ["", f" Test Files  {len(files)} passed ({len(files)})", f"      Tests  {n_tests} passed ({n_tests})"]
    out += ["   Start at  13:42:10", f"   Duration  {ms / 1000:.2f}s (transform 212ms, setup 0ms, collect 640ms)"]
    if failures:
        out += ["", " ELIFECYCLE  Test failed. See above for more details."]
    return "\n".join(out)


def playwright_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "21.4s", workers: int = 2) -> str:
    """`pnpm exec playwright test`: the run header, one numbered block per failure, then the summary."""
    out = [f"Running {passed + len(failures)} tests using {workers} workers", ""]
    for i, (title, body) in enumerate(failures, 1):
        out += [f"  {i}) [chromium] › {title} ", "", body, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        out += [f"    [chromium] › {title} " for title, _ in failures]
    out.append(f"  {passed} passed ({secs})")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
