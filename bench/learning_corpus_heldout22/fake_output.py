"""Realistic-looking command output for Elin's two projects on macOS: RSpec / rubocop / brakeman for the bokhylla
Rails app, CMake / ninja / ctest (GoogleTest) for the sensorlogg daemon, plus git."""

from __future__ import annotations

from transcript_kit import BOK, SENS

__all__ = ["BOK", "SENS", "ctest_run", "git_commit", "rspec_run", "rubocop_ok"]


def rspec_run(examples: int, failures: list[str] = (), *, secs: str = "4.21", seed: int = 40213) -> str:
    """`bundle exec rspec` output: dots, Failures blocks, timing, totals and the rerun lines."""
    failed = len(failures)
    out = [f"Randomized with seed {seed}", "." * min(examples, 70) + "F" * failed, ""]
    if failures:
        out.append("Failures:")
        out.append("")
        for i, body in enumerate(failures, 1):
            out += [f"  {i}) {body}", ""]
    out.append(f"Finished in {secs} seconds (files took 1.87 seconds to load)")
    out.append(f"{examples} examples, {failed} failure{'s' if failed != 1 else ''}")
    if failures:
        out += ["", "Failed examples:", ""]
    out += ["", f"Randomized with seed {seed}"]
    return "\n".join(out)


def rubocop_ok(files: int) -> str:
    return f"Inspecting {files} files\n" + "." * files + f"\n\n{files} files inspected, no offenses detected"


def ctest_run(tests: list[tuple[str, bool]], *, secs: float = 0.42) -> str:
    """ctest output for a list of (name, passed)."""
    out = [f"Test project {SENS}/build"]
    n = len(tests)
    for i, (name, ok) in enumerate(tests, 1):
        status = "   Passed" if ok else "***Failed"
        out.append(f"{i:>4}/{n} Test #{i}: {name} {'.' * max(3, 40 - len(name))}{status}    0.0{i} sec")
    failed = [name for name, ok in tests if not ok]
    pct = 100 * (n - len(failed)) // n
    out += [
        "",
        f"{pct}% tests passed, {len(failed)} tests failed out of {n}",
        "",
        f"Total Test time (real) = {secs:.2f} sec",
    ]
    if failed:
        out += ["", "The following tests FAILED:"] + [
            f"\t  {i} - {name} (Failed)" for i, (name, ok) in enumerate(tests, 1) if not ok
        ]
        out.append("Errors while running CTest")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
