"""Realistic-looking command output for Ingrid's two projects: Gradle runs (kotest on the JUnit platform,
ktlint, detekt, Flyway) for fjordvarsel, Gradle, xcodebuild and adb for fjordvarsel-app, and git."""

from __future__ import annotations

from transcript_kit import APP, FV

__all__ = ["APP", "FV", "git_commit", "gradle_fail", "gradle_ok", "gradle_test_fail", "xcodebuild_ok"]


def gradle_ok(tasks: list[str], *, secs: int = 14, executed: int | None = None, up_to_date: int = 3) -> str:
    """A green `./gradlew ...`: the tasks it printed, BUILD SUCCESSFUL and the actionable-task line."""
    ex = executed if executed is not None else len(tasks)
    out = [f"> Task {t}" for t in tasks]
    out += [
        "",
        f"BUILD SUCCESSFUL in {secs}s",
        f"{ex + up_to_date} actionable tasks: {ex} executed, {up_to_date} up-to-date",
    ]
    return "\n".join(out)


def gradle_fail(tasks: list[str], failed: str, what: str, *, secs: int = 9, root: str = FV) -> str:
    """A `./gradlew ...` that stops at a failing task with Gradle's 'What went wrong' block."""
    out = [f"> Task {t}" for t in tasks]
    out += [
        f"> Task {failed} FAILED",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        f"Execution failed for task '{failed}'.",
        what,
        "",
        "* Try:",
        "> Run with --stacktrace option to get the stack trace.",
        "> Run with --info or --debug option to get more log output.",
        "> Run with --scan to get full insights.",
        "> Get more help at https://help.gradle.org.",
        "",
        f"BUILD FAILED in {secs}s",
        f"{len(tasks) + 1} actionable tasks: {len(tasks) + 1} executed",
    ]
    return "\n".join(out).replace("{ROOT}", root)


def gradle_test_fail(
    task: str, failures: list[tuple[str, str, str]], completed: int, *, secs: int = 48, root: str = FV
) -> str:
    """`./gradlew test` with failing kotest specs: failures are (spec, test name, exception line)."""
    out = ["> Task :compileKotlin UP-TO-DATE", "> Task :compileTestKotlin", "", f"> Task {task} FAILED", ""]
    for spec, name, exc in failures:
        out += [f"{spec} > {name} FAILED", f"    {exc}", ""]
    out += [
        f"{completed} tests completed, {len(failures)} failed",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        f"Execution failed for task '{task}'.",
        f"> There were failing tests. See the report at: file://{root}/build/reports/tests/test/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}s",
        "5 actionable tasks: 2 executed, 3 up-to-date",
    ]
    return "\n".join(out)


def xcodebuild_ok(scheme: str = "iosApp", *, secs: float = 184.2) -> str:
    """The tail of a green `xcodebuild ... build` for the simulator."""
    return (
        "Command line invocation:\n    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -project "
        f"iosApp/iosApp.xcodeproj -scheme {scheme} -configuration Debug -destination "
        "'platform=iOS Simulator,name=iPhone 16' build\n\n"
        "PhaseScriptExecution Compile\\ Kotlin\\ Framework "
        f"{APP}/build/ios/Build/Intermediates.noindex/iosApp.build/Debug-iphonesimulator/iosApp.build/"
        "Script-7555FFB5242A651A00829871.sh (in target 'iosApp' from project 'iosApp')\n"
        "> Task :composeApp:linkDebugFrameworkIosSimulatorArm64\n"
        "> Task :composeApp:embedAndSignAppleFrameworkForXcode\n\nBUILD SUCCESSFUL in 2m 41s\n\n"
        f"CodeSign {APP}/build/ios/Build/Products/Debug-iphonesimulator/Fjordvarsel.app\n\n"
        f"** BUILD SUCCEEDED ** [{secs:.3f} sec]"
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
