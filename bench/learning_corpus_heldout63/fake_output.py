"""Realistic-looking command output for Tunde's two projects in WSL2 Ubuntu: Gradle (JUnit 5, Testcontainers) for
ajo-ledger, Vitest, Playwright and `next build` for owo-web (pnpm), and git."""

from __future__ import annotations

from transcript_kit import LEDGER, WEB

__all__ = ["LEDGER", "WEB", "git_commit", "gradle_test", "next_build", "playwright_run", "vitest_run"]


def gradle_test(
    passed: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    task: str = "test",
    secs: int = 38,
    extra: str = "",
) -> str:
    """`./gradlew test`: failures are (class, test name, the error's lines)."""
    out = ["> Task :compileKotlin UP-TO-DATE", "> Task :compileTestKotlin", "> Task :processTestResources UP-TO-DATE"]
    if extra:
        out.append(extra)
    if not failures:
        out += [f"> Task :{task}", "", f"BUILD SUCCESSFUL in {secs}s", "6 actionable tasks: 2 executed, 4 up-to-date"]
        return "\n".join(out)
    out += [f"> Task :{task} FAILED", ""]
    for cls, name, err in failures:
        out += [f"{cls} > {name} FAILED", *("    " + x for x in err.split("\n")), ""]
    n = passed + len(failures)
    out += [
        f"{n} tests completed, {len(failures)} failed",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        f"Execution failed for task ':{task}'.",
        f"> There were failing tests. See the report at: file://{LEDGER}/build/reports/tests/{task}/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}s",
        "6 actionable tasks: 2 executed, 4 up-to-date",
    ]
    return "\n".join(out)


def vitest_run(files: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), *, secs: float = 1.9) -> str:
    """`pnpm vitest run`: files are (path, number of tests); failures are (path, test name, error line)."""
    out = [f" RUN  v3.2.4 {WEB}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 31ms")
            out += [f"   × {name} 12ms" for _, name, _ in bad]
        else:
            out.append(f" ✓ {path} ({n} tests) {6 + 2 * n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, err in failures:
            out += [f" FAIL  {path} > {name}", err, f" ❯ {path}:18:7", ""]
    n_tests = sum(n for _, n in files)
    nf = len(failed_files)
    out += [
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 14.2) -> str:
    """`pnpm exec playwright test`: passed titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using {min(n, 4)} workers", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({1.1 + i * 0.3:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (6.1s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ──────────────────", "", err, ""]
    if failures:
        out += [f"  {len(failures)} failed", f"    [chromium] › {failures[0][0]}"]
    out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def next_build(routes: list[str], *, error: str = "") -> str:
    """`pnpm build` (next build) for owo-web; with an error it stops after the type check."""
    out = [
        "",
        "> owo-web@0.4.0 build " + WEB,
        "> next build",
        "",
        "   ▲ Next.js 15.3.2",
        "   - Environments: .env.local",
        "",
        "   Creating an optimized production build ...",
        " ✓ Compiled successfully in 9.0s",
    ]
    if error:
        out += ["   Linting and checking validity of types  ...Failed to compile.", "", error]
        out.append("Next.js build worker exited with code: 1 and signal: null")
        return "\n".join(out)
    out += [
        " ✓ Linting and checking validity of types",
        " ✓ Collecting page data",
        f" ✓ Generating static pages ({len(routes)}/{len(routes)})",
        " ✓ Finalizing page optimization",
        "",
        "Route (app)                                 Size  First Load JS",
    ]
    out += [
        f"{'├' if i < len(routes) - 1 else '└'} ƒ {r:<40} {1.2 + i:.1f} kB         {104 + i} kB"
        for i, r in enumerate(routes)
    ]
    out += ["", "ƒ  (Dynamic)  server-rendered on demand"]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
