"""Realistic-looking command output for Aisyah's two projects: Pest, PHPStan (Larastan) and Sail for kedai-runcit,
pytest, dbt and Airflow task logs for runcit-etl, and git."""

from __future__ import annotations

from transcript_kit import KR, RE

__all__ = ["KR", "RE", "airflow_log", "dbt_build", "git_commit", "pest_run", "phpstan_run", "pytest_run"]

RULE = "  " + "─" * 77


def pest_run(
    passed: list[tuple[str, str]],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    secs: float = 2.41,
    assertions: int | None = None,
) -> str:
    """`sail artisan test` (Pest 3): passed are (test class, name); failures are (class, name, message, where)."""
    out: list[str] = []
    classes: dict[str, list[tuple[bool, str]]] = {}
    for cls, name in passed:
        classes.setdefault(cls, []).append((True, name))
    for cls, name, _msg, _where in failures:
        classes.setdefault(cls, []).append((False, name))
    for cls, items in classes.items():
        ok = all(p for p, _ in items)
        out.append(f"   {'PASS' if ok else 'FAIL'}  {cls}")
        for p, name in items:
            mark = "✓" if p else "⨯"
            out.append(f"  {mark} {name:<66}{0.02 + len(name) % 7 / 100:.2f}s  ")
        out.append("")
    for cls, name, msg, where in failures:
        out += [RULE, f"   FAILED  {cls} > {name}", f"  {msg}", "", f"  at {where}", ""]
    n_ok, n_bad = len(passed), len(failures)
    a = assertions or (n_ok + n_bad) * 2 + 3
    tests = f"{n_bad} failed, {n_ok} passed" if n_bad else f"{n_ok} passed"
    out += [f"  Tests:    {tests} ({a} assertions)", f"  Duration: {secs:.2f}s"]
    return "\n".join(out)


def phpstan_run(files: int, errors: list[tuple[str, int, str, str]] = ()) -> str:
    """`sail php vendor/bin/phpstan analyse` with Larastan at level 6: errors are (file, line, message, identifier)."""
    out = [f" {files}/{files} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%", ""]
    if not errors:
        return "\n".join([*out, " [OK] No errors", ""])
    sep = " ------ " + "-" * 66
    for f in sorted({e[0] for e in errors}):
        out += [sep, f"  Line   {f}", sep]
        for _, line, msg, ident in (e for e in errors if e[0] == f):
            out += [f"  {line:<6} {msg}", f"         🪪  {ident}"]
        out += [sep, ""]
    n = len(errors)
    out.append(f" [ERROR] Found {n} error{'s' if n > 1 else ''}")
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 3.08) -> str:
    """`pytest` in runcit-etl's venv: failures are (test id, the error's text, its last line the summary's reason)."""
    n = passed + len(failures)
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {RE}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.6.0",
        f"collected {n} items",
        "",
    ]
    if failures:
        for f in sorted({f.split("::")[0] for f, _ in failures}):
            out.append(f"{f} " + "." * 3 + "F" * sum(1 for x, _ in failures if x.startswith(f)))
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


def dbt_build(clock: str, lines: list[str], *, passed: int, errors: int = 0, skipped: int = 0) -> str:
    """`dbt build` (dbt-core 1.8 with dbt-bigquery): the header, the given result lines and the footer."""
    head = [
        f"{clock}  Running with dbt=1.8.7",
        f"{clock}  Registered adapter: bigquery=1.8.3",
        f"{clock}  Found 14 models, 31 data tests, 4 sources, 622 macros",
        f"{clock}  ",
        f"{clock}  Concurrency: 4 threads (target='dev')",
        f"{clock}  ",
    ]
    total = passed + errors + skipped
    tail = [f"{clock}  "]
    if errors:
        tail.append(f"{clock}  Completed with {errors} error{'s' if errors > 1 else ''} and 0 warnings:")
    else:
        tail.append(f"{clock}  Completed successfully")
    return "\n".join(
        head
        + [f"{clock}  {x}" for x in lines]
        + tail
        + [f"{clock}  ", f"{clock}  Done. PASS={passed} WARN=0 ERROR={errors} SKIP={skipped} TOTAL={total}"]
    )


def airflow_log(day: str, lines: list[tuple[str, str, str]]) -> str:
    """An Airflow 2.9 task log as Cloud Composer shows it: lines are (time, source, text)."""
    return "\n".join(f"[{day}, {t} UTC] {{{src}}} {text}" for t, src, text in lines)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
