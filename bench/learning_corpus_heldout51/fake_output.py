"""Realistic-looking command output for Aigerim's two projects: Gradle (Git Bash on Windows) and instrumented tests
on the Pixel_7_API_34 emulator for `saqtau`; pytest inside `docker compose run` (Linux containers in UTC) for
`saqtau-api`; and git."""

from __future__ import annotations

from transcript_kit import API, APP

__all__ = ["API", "APP", "APP_URI", "connected", "git_commit", "gradle", "pytest_run"]

APP_URI = "file:///C:/Users/Aigerim/AndroidStudioProjects/saqtau"


def gradle(
    tasks: list[str],
    *,
    secs: int = 38,
    warnings: list[str] = (),
    error: str | None = None,
    executed: int = 9,
    total: int = 46,
) -> str:
    """`./gradlew ...`: the tasks that printed something, compiler warnings, then BUILD SUCCESSFUL or the failure."""
    out = []
    for t in tasks:
        out.append(f"> Task {t}")
        if t.endswith("KotlinCompile") or t.startswith(":app:ksp"):
            out += warnings
    if error:
        out += [
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            error,
            "",
            "* Try:",
            "> Run with --stacktrace option to get the stack trace.",
            "> Run with --info or --debug option to get more log output.",
            "> Run with --scan to get full insights.",
            "> Get more help at https://help.gradle.org.",
            "",
            f"BUILD FAILED in {secs}s",
            f"{total} actionable tasks: {executed} executed, {total - executed} up-to-date",
        ]
    else:
        out += [
            "",
            f"BUILD SUCCESSFUL in {secs}s",
            f"{total} actionable tasks: {executed} executed, {total - executed} up-to-date",
        ]
    return "\n".join(out)


def connected(
    passed: list[str],
    failures: list[tuple[str, str]] = (),
    *,
    devices: tuple[str, ...] = ("Pixel_7_API_34(AVD) - 14",),
    secs: str = "1m 9s",
) -> str:
    """`./gradlew :app:connectedDebugAndroidTest`: passed are "Class > method"; failures (same, the exception text)."""
    n = len(passed) + len(failures)
    out = ["> Task :app:connectedDebugAndroidTest"]
    for d in devices:
        out.append(f"Starting {n} tests on {d}")
    for d in devices:
        for name, err in failures:
            out.append("")
            out.append(f"{name}[{d}] FAILED ")
            out += ["\t" + line for line in err.split("\n")]
    if failures:
        for d in devices:
            out.append(f"Tests on {d} failed: There was {len(failures)} failure(s).")
        out += [
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            "Execution failed for task ':app:connectedDebugAndroidTest'.",
            "> There were failing tests. See the report at: "
            f"{APP_URI}/app/build/reports/androidTests/connected/debug/index.html",
            "",
            f"BUILD FAILED in {secs}",
            "67 actionable tasks: 14 executed, 53 up-to-date",
        ]
    else:
        for d in devices:
            out.append(f"Finished {n} tests on {d}")
        out += ["", f"BUILD SUCCESSFUL in {secs}", "67 actionable tasks: 12 executed, 55 up-to-date"]
    return "\n".join(out)


def pytest_run(
    passed: int,
    failures: list[tuple[str, str]] = (),
    *,
    secs: float = 3.12,
    files: list[str] = (),
    extra: list[str] = (),
) -> str:
    """`docker compose run --rm api pytest ...`: failures are (test id, the error's text; its last E line is the
    summary's reason); files are the test files to show with their dots."""
    n = passed + len(failures)
    out = [
        "[+] Creating 2/0",
        " ✔ Container saqtau-api-redis-1  Running                                        0.0s",
        " ✔ Container saqtau-api-db-1     Running                                        0.0s",
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.6, pytest-8.3.3, pluggy-1.5.0",
        "django: version: 5.1.1, settings: config.settings.test (from ini)",
        "rootdir: /app",
        "configfile: pytest.ini",
        "plugins: django-4.9.0, mock-3.14.0",
        f"collected {n} items",
        "",
    ]
    for f in files:
        bad = sum(1 for x, _ in failures if x.startswith(f + "::"))
        out.append(f"{f} " + "F" * bad + "." * 3)
    out += extra
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_____________________________ {name} _____________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            reason = next(x for x in err.split("\n") if x.startswith("E "))[1:].strip()
            out.append(f"FAILED {test} - {reason[:110]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
