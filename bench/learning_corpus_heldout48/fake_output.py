"""Realistic-looking command output for Ivana's two projects on Ubuntu 24.04: pytest (pytest-django) and ruff for
brodar-api (poetry), flutter test and flutter analyze for brodar-mobile, and git."""

from __future__ import annotations

from transcript_kit import API, MOBILE

__all__ = ["API", "MOBILE", "flutter_analyze", "flutter_test", "git_commit", "pytest_run"]


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.84, reuse: bool = False) -> str:
    """`poetry run pytest`: failures are (test id, the error's text; its last E line is the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.4, pytest-8.3.3, pluggy-1.5.0",
        "django: version: 5.1.4, settings: brodar.settings.test (from ini)",
        f"rootdir: {API}",
        "configfile: pyproject.toml",
        "plugins: django-4.9.0, factoryboy-2.7.0, cov-5.0.0" + (" (--reuse-db)" if reuse else ""),
        f"collected {n} items",
        "",
    ]
    files: dict[str, list[str]] = {}
    for f, _ in failures:
        files.setdefault(f.split("::")[0], []).append(f)
    for f, bad in sorted(files.items()):
        out.append(f"{f} " + "." * 3 + "F" * len(bad) + " " * 4 + "[ 90%]")
    if passed and not failures:
        out.append("." * min(passed, 60) + " " * 4 + "[100%]")
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} ________________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            reason = [x for x in err.splitlines() if x.startswith("E ")]
            out.append(f"FAILED {test} - {(reason[0][1:].strip() if reason else err.splitlines()[-1])[:90]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s =========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ===============================")
    return "\n".join(out)


def flutter_test(
    passed: list[str], failures: list[tuple[str, str, str]] = (), *, start: int = 2, prefix: str = ""
) -> str:
    """`flutter test`: passed are "file: name", failures are (file, test name, the TestFailure's text)."""
    out = []
    t = start
    n_ok = 0
    for title in passed:
        n_ok += 1
        out.append(f"00:{t:02d} +{n_ok}: {MOBILE}/{title}")
    n_bad = 0
    for path, name, err in failures:
        out += [
            f"00:{t + 1:02d} +{n_ok} -{n_bad}: {MOBILE}/{path}: {name}",
            "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════",
            "The following TestFailure was thrown running a test:",
            err,
            "",
            "When the exception was thrown, this was the stack:",
            f"#4      main.<anonymous closure> (file://{MOBILE}/{path}:41:7)",
            "<asynchronous suspension>",
            "",
            "The test description was:",
            f"  {name}",
            "════════════════════════════════════════════════════════════════════════════════════════════════════",
        ]
        n_bad += 1
        out += [
            f"00:{t + 1:02d} +{n_ok} -{n_bad}: {MOBILE}/{path}: {name} [E]",
            "  Test failed. See exception logs above.",
            f"  The test description was: {name}",
            "",
        ]
    if failures:
        out.append(f"00:{t + 2:02d} +{n_ok} -{n_bad}: Some tests failed.")
    else:
        out.append(f"00:{t + 1:02d} +{n_ok}: All tests passed!")
    return prefix + "\n".join(out)


def flutter_analyze(issues: list[str] = (), secs: float = 2.7) -> str:
    out = ["Analyzing brodar-mobile...", ""]
    if issues:
        out += [f"  {x}" for x in issues] + [
            "",
            f"{len(issues)} issue{'s' if len(issues) > 1 else ''} found. (ran in {secs:.1f}s)",
        ]
    else:
        out.append(f"No issues found! (ran in {secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
