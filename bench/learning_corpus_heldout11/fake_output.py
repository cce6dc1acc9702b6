"""Realistic-looking command output for Anh's two projects on macOS: dbt build / sqlfluff / pytest for the
kho-du-lieu warehouse (dbt Core on BigQuery, Airflow 2 DAGs, Great Expectations), and swift test (Swift Testing) /
xcodebuild test (XCTest) / fastlane for the giaohang-ios app, plus git."""

from __future__ import annotations

from transcript_kit import IOS, KHO

__all__ = ["IOS", "KHO", "dbt_build", "git_commit", "pytest_run", "swift_test", "xcode_test"]


def dbt_build(
    lines: list[str], passed: int, errors: int = 0, *, failure: str = "", clock: str = "03:12", target: str = "dev"
) -> str:
    """`dbt build` output: the header, the node lines given, an optional failure block, and the Done line."""
    out = [
        f"{clock}:41  Running with dbt=1.8.7",
        f"{clock}:42  Registered adapter: bigquery=1.8.2",
        f"{clock}:44  Found 71 models, 236 data tests, 19 sources, 812 macros",
        f"{clock}:44  ",
        f"{clock}:45  Concurrency: 4 threads (target='{target}')",
        f"{clock}:45  ",
        *(f"{clock}:5{i % 10}  {x}" for i, x in enumerate(lines)),
        f"{clock}:59  ",
    ]
    if failure:
        out += [f"{clock}:59  Completed with {errors} error and 0 warnings:", f"{clock}:59  ", failure, ""]
    else:
        out.append(f"{clock}:59  Completed successfully")
    out.append(f"{clock}:59  Done. PASS={passed} WARN=0 ERROR={errors} SKIP=0 TOTAL={passed + errors}")
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "9.41") -> str:
    """pytest output for the DAG tests: the header, FAILURES blocks, the short summary and the totals line."""
    out = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {KHO}",
        "configfile: pytest.ini",
        "plugins: anyio-4.6.2, mock-3.14.0",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out.append("=================================== FAILURES ===================================")
        for name, body in failures:
            out += [f"_______________________ {name.split('::')[-1]} _______________________", body, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {name}" for name, _ in failures]
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs}s ==============================")
    return "\n".join(out)


def swift_test(tests: int, issues: list[str] = (), *, secs: str = "0.418") -> str:
    """`swift test` output with Swift Testing (the ◇/✔/✘ lines of swift-testing 0.10 in the Swift 5.10 toolchain)."""
    out = [
        "Building for debugging...",
        "[6/6] Linking GiaoHangKitPackageTests",
        "Build complete! (5.87s)",
        "Test Suite 'All tests' started at 2027-03-03 16:11:02.114.",
        "Test Suite 'All tests' passed at 2027-03-03 16:11:02.115.",
        "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.001) seconds",
        "◇ Test run started.",
        "↳ Testing Library Version: 0.10.0",
    ]
    for body in issues:
        out.append(body)
    if issues:
        out.append(f"✘ Test run with {tests} tests failed after {secs} seconds with {len(issues)} issue.")
    else:
        out.append(f"✔ Test run with {tests} tests passed after {secs} seconds.")
    return "\n".join(out)


def xcode_test(failures: list[str] = (), *, executed: int = 48, secs: str = "12.304") -> str:
    """The tail of `xcodebuild test` (XCTest): failure lines as Xcode prints them, the totals, the verdict."""
    out = [
        "Testing started",
        *failures,
        f"Test Suite 'All tests' {'failed' if failures else 'passed'} at 2027-03-02 16:40:18.207.",
        f"\t Executed {executed} tests, with {len(failures)} failure{'s' if len(failures) != 1 else ''} "
        f"(0 unexpected) in {secs} ({float(secs) + 0.041:.3f}) seconds",
        "",
        "** TEST FAILED **" if failures else "** TEST SUCCEEDED **",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
