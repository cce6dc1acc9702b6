"""Realistic-looking command output for Miloš's two projects on macOS: Maven Surefire/Failsafe for naplata-api
(Quarkus 3, JUnit 5, RestAssured, Testcontainers), Vitest, svelte-check and Playwright for kasa-admin (npm), and
git."""

from __future__ import annotations

from transcript_kit import KASA, NAP

__all__ = ["KASA", "NAP", "git_commit", "mvn_run", "playwright_run", "svelte_check", "vitest_run"]


def mvn_run(
    classes: list[tuple[str, int, float]],
    failures: list[tuple[str, str, str]] = (),
    *,
    goal: str = "test",
    secs: float = 21.4,
    when: str = "2029-06-04T08:41:12+02:00",
) -> str:
    """`./mvnw test` (or verify): classes are (fully qualified test class, tests, seconds); failures are (class,
    method, the error's text; its first line is the summary's reason)."""
    plugin = (
        "maven-surefire-plugin:3.5.2:test (default-test)"
        if goal == "test"
        else ("maven-failsafe-plugin:3.5.2:integration-test (default)")
    )
    out = [
        "[INFO] Scanning for projects...",
        "[INFO] ",
        "[INFO] ----------------------< rs.kasa:naplata-api >-----------------------",
        "[INFO] Building naplata-api 1.14.0-SNAPSHOT",
        "[INFO] ---------------------------------[ jar ]---------------------------------",
        f"[INFO] --- {plugin} @ naplata-api ---",
        "[INFO] ",
        "[INFO] -------------------------------------------------------",
        "[INFO]  T E S T S",
        "[INFO] -------------------------------------------------------",
    ]
    total = fails = 0
    for cls, n, t in classes:
        bad = [f for f in failures if f[0] == cls]
        total += n
        fails += len(bad)
        out.append(f"[INFO] Running {cls}")
        if bad:
            out.append(
                f"[ERROR] Tests run: {n}, Failures: {len(bad)}, Errors: 0, Skipped: 0, Time elapsed: {t:.3f} s "
                f"<<< FAILURE! -- in {cls}"
            )
            for _, method, err in bad:
                out += [f"[ERROR] {cls}.{method} -- Time elapsed: 0.{len(method) * 7 % 900:03d} s <<< FAILURE!", err]
        else:
            out.append(
                f"[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: {t:.3f} s -- in {cls}"
            )
    out += ["[INFO] ", "[INFO] Results:", "[INFO] "]
    if failures:
        out.append("[ERROR] Failures: ")
        for cls, method, err in failures:
            out.append(f"[ERROR]   {cls.rsplit('.', 1)[1]}.{method}:{40 + len(method)} {err.splitlines()[0][:90]}")
        out += [
            "[INFO] ",
            f"[ERROR] Tests run: {total}, Failures: {fails}, Errors: 0, Skipped: 0",
            "[INFO] ",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD FAILURE",
        ]
    else:
        out += [
            f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0",
            "[INFO] ",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD SUCCESS",
        ]
    out += [
        "[INFO] ------------------------------------------------------------------------",
        f"[INFO] Total time:  {secs:.3f} s",
        f"[INFO] Finished at: {when}",
        "[INFO] ------------------------------------------------------------------------",
    ]
    return "\n".join(out)


def vitest_run(
    files: list[tuple[str, int]],
    failures: list[tuple[str, str, str]] = (),
    *,
    start: str = "14:12:40",
    secs: float = 1.84,
) -> str:
    """`npx vitest run`: files are (path, number of tests); failures are (path, test name, error line)."""
    out = [f" RUN  v3.2.4 {KASA}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 31ms")
            for _, name, _err in bad:
                out.append(f"   × {name} 9ms")
        else:
            out.append(f" ✓ {path} ({n} tests) {6 + 2 * n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, err in failures:
            out += [f" FAIL  {path} > {name}", err, "", f" ❯ {path}:12:5", ""]
    n_tests = sum(n for _, n in files)
    nf = len(failed_files)
    out += [
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def svelte_check(errors: list[tuple[str, str]] = ()) -> str:
    """`npm run check` (svelte-kit sync && svelte-check): errors are (file:line:col, message)."""
    out = [
        "",
        "> kasa-admin@0.9.0 check",
        "> svelte-kit sync && svelte-check --tsconfig ./tsconfig.json",
        "",
    ]
    for where, msg in errors:
        out += [f"{KASA}/{where}", f"Error: {msg} (ts)", ""]
    n = len(errors)
    files = len({w.split(":")[0] for w, _ in errors})
    out.append(
        f"svelte-check found {n} error{'s' if n != 1 else ''} and 0 warnings"
        + (f" in {files} file{'s' if files > 1 else ''}" if n else "")
    )
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 14.6) -> str:
    """`npx playwright test`: passed titles ("file:line:col › name"), failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using {min(n, 4)} workers", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} [chromium] › {title} ({1.1 + i * 0.3:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} [chromium] › {title} (5.8s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ─────────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        out += [f"    [chromium] › {t}" for t, _ in failures]
    out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertion"
        f"{'s' if ins != 1 else ''}(+), {dels} deletion{'s' if dels != 1 else ''}(-)"
    )
