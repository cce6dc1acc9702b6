"""Realistic-looking command output for Noa's two projects on macOS: go test (-race, testify failure blocks, the
race detector's report), golangci-lint v2, buf, goose and docker compose for the `dispatch` Go service, and
Gradle (connected Android tests, build failures), adb/logcat and detekt for the `courier-android` app, plus git."""

from __future__ import annotations

from transcript_kit import COURIER, DISPATCH

__all__ = [
    "COURIER",
    "DISPATCH",
    "MODULE",
    "git_commit",
    "go_test",
    "gradle_connected",
    "gradle_ok",
    "lint_issues",
]

MODULE = "github.com/shaliach-io/dispatch"


def go_test(ok: list[tuple[str, str]], failures: list[tuple[str, str, str]] = (), *, notest: list[str] = ()) -> str:
    """`go test` output: failure blocks (package, body, time) then one `ok`/`FAIL` line per package, the
    `[no test files]` lines where asked, and the trailing FAIL when anything failed."""
    out: list[str] = []
    for pkg, body, secs in failures:
        out += [body.rstrip("\n"), "FAIL", f"FAIL\t{MODULE}/{pkg}\t{secs}"]
    for pkg in notest:
        out.append(f"?   \t{MODULE}/{pkg}\t[no test files]")
    for pkg, secs in ok:
        out.append(f"ok  \t{MODULE}/{pkg}\t{secs}")
    if failures:
        out.append("FAIL")
    return "\n".join(out)


def lint_issues(findings: list[tuple[str, str, str, str]]) -> str:
    """golangci-lint v2 text output: `file:line:col: message (linter)`, the source line, then the totals."""
    out: list[str] = []
    counts: dict[str, int] = {}
    for where, message, linter, source in findings:
        out += [f"{where}: {message} ({linter})", source]
        counts[linter] = counts.get(linter, 0) + 1
    out.append(f"{len(findings)} issues:")
    out += [f"* {k}: {v}" for k, v in sorted(counts.items())]
    return "\n".join(out)


def gradle_ok(tasks: int, secs: str, *, executed: int | None = None) -> str:
    """The tail of a successful Gradle build."""
    ex = executed if executed is not None else tasks // 3
    return f"BUILD SUCCESSFUL in {secs}\n{tasks} actionable tasks: {ex} executed, {tasks - ex} up-to-date"


def gradle_connected(total: int, failures: list[tuple[str, str]] = (), *, secs: str = "1m 12s") -> str:
    """`./gradlew :app:connectedDebugAndroidTest` on the emulator: per-test FAILED blocks, the device summary and
    the Gradle failure when anything failed."""
    device = "Pixel_7_API_34(AVD) - 14"
    out = ["> Task :app:connectedDebugAndroidTest", f"Starting {total} tests on {device}", ""]
    for name, body in failures:
        out += [f"{name}[{device}] FAILED ", "\t" + body.replace("\n", "\n\t"), ""]
    if failures:
        out += [
            f"Tests on {device} failed: There was {len(failures)} failure(s).",
            "",
            "> Task :app:connectedDebugAndroidTest FAILED",
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            "Execution failed for task ':app:connectedDebugAndroidTest'.",
            "> There were failing tests. See the report at: "
            f"file://{COURIER}/app/build/reports/androidTests/connected/debug/index.html",
            "",
            "* Try:",
            "> Run with --stacktrace option to get the stack trace.",
            "",
            f"BUILD FAILED in {secs}",
        ]
    else:
        out += [f"Finished {total} tests on {device}", "", gradle_ok(71, secs)]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )


assert DISPATCH.startswith("/Users/noa/")
