"""Realistic-looking command output for Mariana's two projects: flutter test / analyze and Gradle failures for
tianguis, Jest under the Firebase emulator suite for tianguis-functions, and git."""

from __future__ import annotations

from transcript_kit import FN, TG

__all__ = ["FN", "TG", "emulators_exec", "flutter_analyze", "flutter_test", "git_commit", "gradle_failure", "jest_run"]


def flutter_test(
    passed: int, failures: list[tuple[str, str, str, int]] = (), *, secs: int = 6, device: str | None = None
) -> str:
    """`flutter test`: failures are (test file, test description, the TestFailure text, line)."""
    out = []
    if device:
        out += [
            f"Running Gradle task 'assembleDebug'...{' ' * 20}38.4s",
            "✓ Built build/app/outputs/flutter-apk/app-debug.apk",
        ]
        out.append(f"Installing build/app/outputs/flutter-apk/app-debug.apk on {device}...   2,113ms")
    for n, (f, desc, err, line) in enumerate(failures):
        out += [
            "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════",
            "The following TestFailure was thrown running a test:",
            err,
            "",
            "When the exception was thrown, this was the stack:",
            f"#4      main.<anonymous closure> (file://{TG}/{f}:{line}:7)",
            "<asynchronous suspension>",
            "<asynchronous suspension>",
            "(elided one frame from package:stack_trace)",
            "",
            "This was caught by the test expectation on the following line:",
            f"  file://{TG}/{f} line {line}",
            "The test description was:",
            f"  {desc}",
            "════════════════════════════════════════════════════════════════════════════════════════════════════",
            f"00:{secs - 1:02d} +{passed} -{n + 1}: {TG}/{f}: {desc} [E]",
            "  Test failed. See exception logs above.",
            f"  The test description was: {desc}",
            "",
        ]
    if failures:
        out.append(f"00:{secs:02d} +{passed} -{len(failures)}: Some tests failed.")
    else:
        out.append(f"00:{secs:02d} +{passed}: All tests passed!")
    return "\n".join(out)


def flutter_analyze(issues: list[str] = (), secs: float = 3.1) -> str:
    """`flutter analyze`: issues already formatted ("error • text • lib/x.dart:3:5 • code")."""
    if not issues:
        return f"Analyzing tianguis...\nNo issues found! (ran in {secs:.1f}s)"
    n = len(issues)
    body = "\n".join(f"  {x}" for x in issues)
    return f"Analyzing tianguis...\n\n{body}\n\n{n} issue{'s' if n > 1 else ''} found. (ran in {secs:.1f}s)"


def gradle_failure(task: str, what: str, secs: int = 41) -> str:
    """A failed Android build as `flutter build apk` prints it."""
    return (
        f"Running Gradle task '{task}'...\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n{what}\n\n"
        "* Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get "
        "more log output.\n> Run with --scan to get full insights.\n> Get more help at https://help.gradle.org.\n\n"
        f"BUILD FAILED in {secs}s\nRunning Gradle task '{task}'...{' ' * 24}{secs + 1.6:.1f}s\n"
        f"Gradle task {task} failed with exit code 1"
    )


def jest_run(
    suites: list[tuple[str, int]],
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: float = 7.42,
) -> str:
    """`jest`: suites are (path, number of tests); failures are (path, 'describe › test', the assertion text)."""
    out = []
    bad = {f for f, _, _ in failures}
    for path, _n in suites:
        out.append(f" {'FAIL' if path in bad else 'PASS'}  {path}{' (5.871 s)' if path in bad else ''}")
        for f, name, err in failures:
            if f == path:
                out += [f"  ● {name}", "", *(f"    {x}" if x else "" for x in err.split("\n")), ""]
    n = sum(n for _, n in suites)
    nf = len(failures)
    sf = len(bad)
    out += [
        "",
        f"Test Suites: {f'{sf} failed, ' if sf else ''}{len(suites) - sf} passed, {len(suites)} total",
        f"Tests:       {f'{nf} failed, ' if nf else ''}{n - nf} passed, {n} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def emulators_exec(script_output: str, *, ok: bool = True, script: str = "npm test") -> str:
    """`firebase emulators:exec --only firestore 'npm test'` around a script's output."""
    head = (
        "i  emulators: Starting emulators: firestore\n"
        'i  emulators: Detected demo project ID "demo-tianguis", emulated services will use a demo configuration '
        "and attempts to access non-emulated services for this project will fail.\n"
        "i  firestore: Firestore Emulator logging to firestore-debug.log\n"
        "✔  firestore: Firestore Emulator UI websocket is running on 9150.\n"
        f"i  Running script: {script}\n\n> tianguis-functions@1.4.0 test\n> jest --runInBand\n\n"
    )
    tail = (
        "\n\n✔  Script exited successfully (code 0)\ni  emulators: Shutting down emulators.\n"
        "i  firestore: Stopping Firestore Emulator\ni  hub: Stopping emulator hub"
        if ok
        else "\n\n⚠  Script exited unsuccessfully (code 1)\ni  emulators: Shutting down emulators.\n"
        "i  firestore: Stopping Firestore Emulator\ni  hub: Stopping emulator hub\n\n"
        'Error: Script "npm test" exited with code 1'
    )
    return head + script_output + tail


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
