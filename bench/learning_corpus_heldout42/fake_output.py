"""Realistic-looking command output for Mikkel's two projects: Gradle and Kotest runs for cykelkort, mix test
(ExUnit) runs for vejr-etl, and git."""

from __future__ import annotations

from transcript_kit import CK, VE

__all__ = ["CK", "VE", "exunit_failed", "exunit_ok", "git_commit", "gradle_ok", "gradle_test_failed"]


def gradle_ok(tasks: list[str], secs: str = "41s", *, executed: int = 3, up_to_date: int = 5) -> str:
    """A green `./gradlew ...` run: the tasks it printed, then BUILD SUCCESSFUL."""
    out = [f"> Task {t}" for t in tasks]
    out += [
        "",
        f"BUILD SUCCESSFUL in {secs}",
        f"{executed + up_to_date} actionable tasks: {executed} executed, {up_to_date} up-to-date",
    ]
    return "\n".join(out)


def gradle_test_failed(failures: list[tuple[str, str, list[str]]], completed: int, secs: str = "1m 52s") -> str:
    """`./gradlew test` with Kotest failures: (spec class, test name, the exception's lines)."""
    out = ["> Task :compileKotlin UP-TO-DATE", "> Task :compileTestKotlin UP-TO-DATE", "> Task :test", ""]
    for spec, test, lines in failures:
        out.append(f"{spec} > {test} FAILED")
        out += [("    " + "    " * min(i, 3)) + x for i, x in enumerate(lines)]
        out.append("")
    out += [
        f"{completed} tests completed, {len(failures)} failed",
        "",
        "> Task :test FAILED",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        "Execution failed for task ':test'.",
        f"> There were failing tests. See the report at: file://{CK}/build/reports/tests/test/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}",
        "5 actionable tasks: 1 executed, 4 up-to-date",
    ]
    return "\n".join(out)


def exunit_ok(tests: int, *, seed: int = 481203, secs: str = "1.4", dots: int | None = None) -> str:
    """A green `mix test` run."""
    return (
        f"Running ExUnit with seed: {seed}, max_cases: 16\n\n{'.' * (dots or tests)}\n"
        f"Finished in {secs} seconds (0.6s async, {float(secs) - 0.6:.1f}s sync)\n{tests} tests, 0 failures"
    )


def exunit_failed(
    tests: int, failures: list[tuple[str, str, str, str]], *, seed: int = 481203, secs: str = "1.6"
) -> str:
    """A red `mix test` run: failures are (test name, module, file:line, the error's block)."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 16", "", "....F" + "." * max(0, tests - 5 - len(failures))]
    for i, (name, module, where, err) in enumerate(failures, 1):
        out += ["", f"  {i}) test {name} ({module})", f"     {where}"]
        out += [f"     {x}" if x else "" for x in err.split("\n")]
    n = len(failures)
    out += [
        "",
        f"Finished in {secs} seconds (0.6s async, {float(secs) - 0.6:.1f}s sync)",
        f"{tests} tests, {n} failure{'s' if n != 1 else ''}",
        "",
        f"Randomized with seed {seed}",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
