"""Realistic-looking command output for Jiwoo's two projects: Unity batchmode / NUnit result summaries / IL2CPP and
Xcode link errors / adb logcat for the moonrise-client Unity game, and mix test / ExUnit diffs / Ecto and Postgrex
errors / credo / fly deploy for the moonrise_server Phoenix backend, plus git."""

from __future__ import annotations

CLIENT = "/Users/jiwoo/dev/moonrise-client"
SERVER = "/Users/jiwoo/dev/moonrise_server"
UNITY = "/Applications/Unity/Hub/Editor/2022.3.52f1/Unity.app/Contents/MacOS/Unity"


def unity_tests(platform: str, total: int, failures: list[tuple[str, str]] = (), *, secs: str = "21.73") -> str:
    """What tools/run-tests.sh prints: the Unity invocation, then the NUnit XML <test-run> summary and failures."""
    failed = len(failures)
    result = "Failed(Child)" if failed else "Passed"
    out = [
        f"[run-tests] Unity 2022.3.52f1 -batchmode -runTests -testPlatform {platform}",
        f"[run-tests] results: Logs/TestResults-{platform}.xml",
        f'<test-run id="2" testcasecount="{total}" result="{result}" total="{total}" passed="{total - failed}" '
        f'failed="{failed}" inconclusive="0" skipped="0" asserts="0" engine-version="3.5.0.0" duration="{secs}">',
    ]
    for name, body in failures:
        out.append(f"  FAILED {name}")
        out += ["    " + x for x in body.split("\n")]
    out.append(
        f"[run-tests] Test run completed. Exiting with code {2 if failed else 0} "
        f"({'Failed' if failed else 'Ok'}). {'One or more tests failed.' if failed else 'Run completed.'}"
    )
    return "\n".join(out)


def mix_test(tests: int, failures: list[str] = (), *, secs: str = "3.4", seed: int = 482113) -> str:
    """`mix test` output: numbered failure blocks, then the totals."""
    out = []
    for n, body in enumerate(failures, 1):
        out += [f"  {n}) {body}", ""]
    out += [
        f"Finished in {secs} seconds (1.1s async, {secs}s sync)",
        f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}",
        "",
        f"Randomized with seed {seed}",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
