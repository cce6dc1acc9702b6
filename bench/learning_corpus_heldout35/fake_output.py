"""Realistic-looking command output for Rafael's two projects: ExUnit, Credo and mix for feira-api, Jest and EAS for
feira-app, and git."""

from __future__ import annotations

from transcript_kit import API, APP

__all__ = ["API", "APP", "credo_ok", "exunit_run", "git_commit", "jest_run"]


def exunit_run(
    tests: int, failures: list[tuple[str, str, str]] = (), *, seed: int = 418203, secs: float = 0.9, asy: float = 0.3
) -> str:
    """`mix test` (ExUnit 1.17): failures are (test name, module, the indented error block)."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 16", "", "." * max(1, tests - len(failures))]
    for i, (name, module, err) in enumerate(failures, 1):
        out += ["", f"  {i}) test {name} ({module})", err.rstrip("\n")]
    out += [
        "",
        f"Finished in {secs:.1f} seconds ({asy:.1f}s async, {secs - asy:.1f}s sync)",
        f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}",
    ]
    return "\n".join(out)


def credo_ok(files: int = 41, checks: int = 18) -> str:
    return (
        "Checking 41 source files ...\n\nPlease report incorrect results: https://github.com/rrrene/credo/issues\n\n"
        f"Analysis took 0.3 seconds (0.02s to load, 0.2s running {checks} checks on {files} files)\n"
        f"{files * 7} mods/funs, found no issues."
    )


def jest_run(
    suites: list[tuple[str, list[str]]],
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: float = 3.12,
) -> str:
    """`npx jest` (jest-expo): suites are (file, passing test names as "Describe › name"); failures are (file,
    "Describe › name", the error block)."""
    out = []
    bad_files = {f for f, _, _ in failures}
    for path, names in suites:
        fails = [x for x in failures if x[0] == path]
        out.append(f"{' FAIL ' if fails else ' PASS '} {path}")
        if fails:
            for _, name, _ in fails:
                out.append(f"  ✕ {name.split(' › ')[-1]} (41 ms)")
            for n in names:
                out.append(f"  ✓ {n.split(' › ')[-1]} (9 ms)")
    for _path, name, err in failures:
        out += ["", f"  ● {name}", "", "    " + err.strip("\n").replace("\n", "\n    "), ""]
    n_ok = sum(len(n) for _, n in suites)
    n_suites = len(suites)
    nb = len(bad_files)
    out += [
        f"Test Suites: {f'{nb} failed, ' if nb else ''}{n_suites - nb} passed, {n_suites} total",
        f"Tests:       {f'{len(failures)} failed, ' if failures else ''}{n_ok} passed, {n_ok + len(failures)} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
