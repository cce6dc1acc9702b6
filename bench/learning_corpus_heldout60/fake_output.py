"""Realistic-looking command output for Dilnoza's two projects on Ubuntu: Jest and tsc for ipak-yoli (pnpm),
pytest for paxta-ml, and git."""

from __future__ import annotations

from transcript_kit import API, ML

__all__ = ["API", "ML", "git_commit", "jest_run", "pytest_run"]


def jest_run(files: list[tuple[str, int]], failures: list[tuple[str, str, str, str]] = (), *, secs: float = 4.8) -> str:
    """`pnpm jest`: files are (path, number of tests); failures are (path, test title, expected, received)."""
    out = []
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        out.append(f"{'FAIL' if bad else 'PASS'} {path}" + ("" if bad else f" ({0.8 + n * 0.3:.2f} s)"))
    for path, name, exp, got in failures:
        out += [
            "",
            f"  ● {name}",
            "",
            "    expect(received).toBe(expected) // Object.is equality",
            "",
            f"    Expected: {exp}",
            f"    Received: {got}",
            "",
            f"      at Object.<anonymous> ({path}:41:28)",
        ]
    n_tests = sum(n for _, n in files)
    nf = len({f for f, *_ in failures})
    out += [
        "",
        f"Test Suites: {f'{nf} failed, ' if nf else ''}{len(files) - nf} passed, {len(files)} total",
        f"Tests:       {f'{len(failures)} failed, ' if failures else ''}{n_tests - len(failures)} passed, {n_tests} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.12) -> str:
    """`pytest` on Linux: failures are (test id, the error's text; its last line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.4, pytest-8.2.2, pluggy-1.5.0",
        f"rootdir: {ML}",
        "configfile: pyproject.toml",
        "plugins: hydra-core-1.3.2",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ===================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} _______________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1].lstrip('E ').strip()[:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ===============================")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
