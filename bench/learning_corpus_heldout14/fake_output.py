"""Realistic-looking command output for Priya's two projects on macOS: `mix test` (ExUnit) failure blocks and
totals for the mandi-rates Phoenix app, `flutter test` / `flutter analyze` output for kisan-app, and git."""

from __future__ import annotations

from transcript_kit import KISAN, MANDI

__all__ = ["KISAN", "MANDI", "analyze", "flutter_test", "git_commit", "mix_test"]


def mix_test(tests: int, failures: list[str] = (), *, seed: int = 482133, secs: str = "1.9", excluded: int = 0) -> str:
    """`mix test` output: the seed line, dots, numbered failure blocks, then the timing and totals lines."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 20", ""]
    dots = "." * max(0, tests - len(failures))
    out.append(dots[: len(dots) // 2])
    for i, body in enumerate(failures, 1):
        out += ["", f"  {i}) {body}", ""]
    out.append(dots[len(dots) // 2 :])
    fast = float(secs)
    out.append(f"Finished in {secs} seconds ({fast * 0.7:.1f}s async, {fast * 0.3:.1f}s sync)")
    n = len(failures)
    tail = f"{tests} tests, {n} failure{'s' if n != 1 else ''}"
    if excluded:
        tail += f", {excluded} excluded"
    out.append(tail)
    return "\n".join(out)


def flutter_test(passed: int, failures: list[tuple[str, str]] = (), *, secs: int = 9) -> str:
    """`flutter test` (compact reporter): progress lines, each failure's block, then the verdict line."""
    out = [f"00:0{min(secs, 9) // 3}: +0: loading {KISAN}/test/widget_test.dart"]
    done = 0
    for name, body in failures:
        done += passed // (len(failures) + 1)
        out += [f"00:0{min(secs, 9) // 2} +{done}: {name}", body, f"00:0{min(secs, 9) // 2} +{done} -1: {name} [E]", ""]
    if failures:
        out.append(f"00:{secs:02d} +{passed} -{len(failures)}: Some tests failed.")
    else:
        out.append(f"00:{secs:02d} +{passed}: All tests passed!")
    return "\n".join(out)


def analyze(issues: list[str] = (), *, secs: str = "2.4") -> str:
    """`flutter analyze` output: one line per issue (severity • message • file:line:col • lint), then the count."""
    out = ["Analyzing kisan-app...", ""]
    if not issues:
        out.append(f"No issues found! (ran in {secs}s)")
        return "\n".join(out)
    out += [f"   {x}" for x in issues]
    out += ["", f"{len(issues)} issue{'s' if len(issues) != 1 else ''} found. (ran in {secs}s)"]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
