"""Realistic-looking command output for Tom's two projects: xcodebuild test runs (Swift Testing and XCTest) for
tides-app, pytest runs for tides-api, and git."""

from __future__ import annotations

from transcript_kit import API, APP

__all__ = ["API", "APP", "git_commit", "pytest_run", "xcodebuild_test"]

XCODE = "/Applications/Xcode-17.4.app/Contents/Developer/usr/bin/xcodebuild"
DEST = "platform=iOS Simulator,name=iPhone 17"


def xcodebuild_test(
    passed: list[str],
    failures: list[tuple[str, str]] = (),
    *,
    crash: str | None = None,
    secs: float = 38.2,
) -> str:
    """`xcodebuild test` output, Swift Testing style: passed test names, failures as (name, issue line); a crash
    is the fatal error line that kills the test host."""
    out = [
        "Command line invocation:",
        f'    {XCODE} test -scheme Tides -destination "{DEST}"',
        "",
        "User defaults from command line:",
        "    IDETestRunOnlyIndexedTargets = YES",
        "",
        "Resolve Package Graph",
        "Build description signature: 4f1c0e9b2d7a8e61c3a5f0b9d2e47a18",
        "** BUILD SUCCEEDED ** [21.402 sec]",
        "",
        "Testing started",
        "◇ Test run started.",
        "↳ Testing Library Version: 124.4",
    ]
    for i, name in enumerate(passed):
        out.append(f'✔ Test "{name}" passed after 0.0{12 + i * 7 % 80} seconds.')
    for name, issue in failures:
        out.append(f'✘ Test "{name}" recorded an issue at {issue}')
        out.append(f'✘ Test "{name}" failed after 0.211 seconds with 1 issue.')
    if crash:
        out += [
            crash,
            "Tides (4812) encountered an error (Crash: Tides (4812) signal trap. The test runner crashed while "
            "running tests.)",
            "Test crashed with signal trap.",
        ]
    if failures or crash:
        total = len(passed) + len(failures) + (1 if crash else 0)
        out += [f"✘ Test run with {total} tests failed after {secs:.3f} seconds.", "", "** TEST FAILED **"]
    else:
        out += [f"✔ Test run with {len(passed)} tests passed after {secs:.3f} seconds.", "", "** TEST SUCCEEDED **"]
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.41) -> str:
    """`uv run pytest` output: failures are (test id, the error's last line)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.13.3, pytest-8.4.1, pluggy-1.6.0",
        f"rootdir: {API}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.9.0, asyncio-1.0.0",
        "asyncio: mode=Mode.AUTO, asyncio_default_fixture_loop_scope=function",
        f"collected {n} items",
        "",
    ]
    files = sorted({f.split("::")[0] for f, _ in failures})
    for f in files:
        out.append(f"{f} " + "." * 3 + "F" * sum(1 for x, _ in failures if x.startswith(f)))
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"____________________________ {name} ____________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1][:90]}")
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
