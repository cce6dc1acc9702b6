"""Realistic-looking command output for Aino's two projects: Pest and Deployer for vuorolista, pytest and mypy for
anturi-dash, and git."""

from __future__ import annotations

from transcript_kit import AD, VL

__all__ = ["AD", "VL", "git_commit", "mypy_ok", "pest_run", "pytest_run"]

RULE = "  " + "─" * 78


def pest_run(
    passed: dict[str, list[str]],
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: float = 0.62,
    assertions: int | None = None,
) -> str:
    """`php artisan test` / `./vendor/bin/pest` (Pest 3): passed is {test class: [test names]}; failures are
    (test class, test name, error text)."""
    out = [""]
    classes = list(dict.fromkeys([*passed, *(c for c, _, _ in failures)]))
    for cls in classes:
        bad = [(n, e) for c, n, e in failures if c == cls]
        out.append(f"   {'FAIL' if bad else 'PASS'}  {cls}")
        for name in passed.get(cls, []):
            out.append(f"  ✓ {name}")
        for name, _ in bad:
            out.append(f"  ⨯ {name:<66} 0.03s")
        out.append("")
    for cls, name, err in failures:
        out += [RULE, f"   FAILED  {cls} > {name}", f"  {err}", ""]
    n_ok = sum(len(v) for v in passed.values())
    n = n_ok + len(failures)
    a = assertions if assertions is not None else n * 2 + 1
    tests = f"{len(failures)} failed, {n_ok} passed" if failures else f"{n_ok} passed"
    out += [f"  Tests:    {tests} ({a} assertions)", f"  Duration: {secs:.2f}s"]
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 1.87) -> str:
    """`uv run pytest` on Ubuntu: failures are (test id, the error's text, last line the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0",
        f"rootdir: {AD}",
        "configfile: pyproject.toml",
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
            out += [f"_______________________________ {name} _______________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1][:100]}")
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


def mypy_ok(files: int) -> str:
    return f"Success: no issues found in {files} source files"


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
