"""Realistic-looking command output for Ioana's two projects on Windows: Maven wrapper (Surefire + Quarkus tests)
for rezervari, Jest, Playwright and the Angular CLI for rezervari-web, and git. Paths in the output are Windows
paths, as the tools print them there."""

from __future__ import annotations

from transcript_kit import RW, RZ

__all__ = ["RW", "RZ", "git_commit", "jest_run", "jest_suite_error", "mvn_run", "playwright_run"]

QUARKUS = "Quarkus 3.15.1"


def mvn_run(
    classes: list[tuple[str, int]],
    failures: list[tuple[str, str, int, str]] = (),
    *,
    goal: str = "verify",
    secs: float = 48.2,
    finished: str = "2027-10-04T10:12:41+03:00",
    errors: list[tuple[str, str, int, str]] = (),
) -> str:
    """`./mvnw.cmd verify` (or test): classes are (fully qualified test class, tests run); failures and errors are
    (class, method, line, message). Quarkus tests start the app once, on the test port 8081."""
    out = [
        "[INFO] Scanning for projects...",
        "[INFO] ",
        "[INFO] ---------------------< ro.rezervari:rezervari >----------------------",
        "[INFO] Building rezervari 1.0.0-SNAPSHOT",
        "[INFO]   from pom.xml",
        "[INFO] --------------------------------[ jar ]---------------------------------",
        "[INFO] ",
        "[INFO] --- resources:3.3.1:resources (default-resources) @ rezervari ---",
        "[INFO] --- compiler:3.13.0:compile (default-compile) @ rezervari ---",
        "[INFO] --- surefire:3.5.0:test (default-test) @ rezervari ---",
        "[INFO] -------------------------------------------------------",
        "[INFO]  T E S T S",
        "[INFO] -------------------------------------------------------",
    ]
    bad = [*failures, *errors]
    started = False
    for cls, n in classes:
        out.append(f"[INFO] Running {cls}")
        if not started:
            out.append(
                f"2027-10-04 10:12:03,118 INFO  [io.quarkus] (main) rezervari 1.0.0-SNAPSHOT on JVM (powered by "
                f"{QUARKUS}) started in 7.204s. Listening on: http://localhost:8081"
            )
            out.append(
                "2027-10-04 10:12:03,120 INFO  [io.quarkus] (main) Installed features: [agroal, cdi, flyway, "
                "hibernate-orm, hibernate-orm-panache, hibernate-validator, jdbc-postgresql, narayana-jta, rest, "
                "rest-jackson, smallrye-context-propagation, vertx]"
            )
            started = True
        mine = [x for x in bad if x[0] == cls]
        nf = sum(1 for x in failures if x[0] == cls)
        ne = sum(1 for x in errors if x[0] == cls)
        if mine:
            out.append(
                f"[ERROR] Tests run: {n}, Failures: {nf}, Errors: {ne}, Skipped: 0, Time elapsed: 3.418 s <<< "
                f"FAILURE! -- in {cls}"
            )
            for c, method, line, msg in mine:
                kind = "FAILURE" if (c, method, line, msg) in failures else "ERROR"
                out.append(f"[ERROR] {c}.{method} -- Time elapsed: 0.214 s <<< {kind}!")
                out.append(msg)
                out.append(f"\tat {c}.{method}({c.rsplit('.', 1)[1]}.java:{line})")
                out.append("")
        else:
            out.append(f"[INFO] Tests run: {n}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 1.902 s -- in {cls}")
    total = sum(n for _, n in classes)
    out += ["[INFO] ", "[INFO] Results:", "[INFO] "]
    if bad:
        if failures:
            out.append("[ERROR] Failures: ")
            for c, method, line, msg in failures:
                out.append(f"[ERROR]   {c.rsplit('.', 1)[1]}.{method}:{line} {msg.splitlines()[-1][:110]}")
        if errors:
            out.append("[ERROR] Errors: ")
            for c, method, line, msg in errors:
                out.append(f"[ERROR]   {c.rsplit('.', 1)[1]}.{method}:{line} {msg.splitlines()[0][:110]}")
        out += [
            "[INFO] ",
            f"[ERROR] Tests run: {total}, Failures: {len(failures)}, Errors: {len(errors)}, Skipped: 0",
            "[INFO] ",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD FAILURE",
            "[INFO] ------------------------------------------------------------------------",
            f"[INFO] Total time:  {secs:.3f} s",
            f"[INFO] Finished at: {finished}",
            "[INFO] ------------------------------------------------------------------------",
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.0:test (default-test) "
            "on project rezervari: There are test failures.",
            "[ERROR] ",
            f"[ERROR] See {RZ}\\target\\surefire-reports for the individual test results.",
        ]
    else:
        out.append(f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0")
        out.append("[INFO] ")
        if goal == "verify":
            out += [
                "[INFO] --- jar:3.4.1:jar (default-jar) @ rezervari ---",
                "[INFO] --- quarkus:3.15.1:build (default) @ rezervari ---",
                f"[INFO] [io.quarkus.deployment.QuarkusAugmentor] {QUARKUS} augmentation completed in 3912ms",
                "[INFO] --- failsafe:3.5.0:integration-test (default) @ rezervari ---",
                "[INFO] --- failsafe:3.5.0:verify (default) @ rezervari ---",
            ]
        out += [
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD SUCCESS",
            "[INFO] ------------------------------------------------------------------------",
            f"[INFO] Total time:  {secs:.3f} s",
            f"[INFO] Finished at: {finished}",
            "[INFO] ------------------------------------------------------------------------",
        ]
    return "\n".join(out)


def jest_run(files: list[tuple[str, int]], *, secs: float = 5.84, failed: str = "", failed_suites: int = 0) -> str:
    """`npx jest`: passing spec files (path, tests); `failed` is the text of failing suites, printed first."""
    out = []
    if failed:
        out.append(failed.rstrip("\n"))
        out.append("")
    out += [f" PASS  {path}" for path, _ in files]
    n = sum(k for _, k in files)
    suites = len(files) + failed_suites
    sf = f"{failed_suites} failed, " if failed_suites else ""
    out += [
        "",
        f"Test Suites: {sf}{len(files)} passed, {suites} total",
        f"Tests:       {n} passed, {n} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def jest_suite_error(
    spec: str, module_file: str, code_line: str, caret: str, error: str, source: str, line: int
) -> str:
    """A suite that fails to run because Jest could not parse an ES module from node_modules."""
    return "\n".join(
        [
            f" FAIL  {spec}",
            "  ● Test suite failed to run",
            "",
            "    Jest encountered an unexpected token",
            "",
            "    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard "
            "JavaScript syntax, or when Jest is not configured to support such syntax.",
            "",
            "    Out of the box Jest supports Babel, which will be used to transform your files into valid JS based "
            "on your Babel configuration.",
            "",
            '    By default "node_modules" folder is ignored by transformers.',
            "",
            "    Here's what you can do:",
            "     • If you are trying to use ECMAScript Modules, see https://jestjs.io/docs/ecmascript-modules for how "
            "to enable it.",
            '     • To have some of your "node_modules" files transformed, you can specify a custom '
            '"transformIgnorePatterns" in your config.',
            "     • If you simply want to mock your non-JS modules (e.g. binary assets) you can stub them out with the "
            '"moduleNameMapper" config option.',
            "",
            "    Details:",
            "",
            f"    {RW}\\node_modules\\lodash-es\\{module_file}:1",
            f"    {code_line}",
            f"    {caret}",
            "",
            f"    {error}",
            "",
            f"    > {line} | {source}",
            "        | ^",
            "",
            "      at Runtime.createScriptFromCode (node_modules/jest-runtime/build/index.js:1505:14)",
            f"      at Object.<anonymous> ({spec.replace('.spec.ts', '.ts')}:{line}:1)",
        ]
    )


def playwright_run(
    passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 18.4, workers: int = 4
) -> str:
    """`npx playwright test`: titles are "[project] › file:line:col › name"; failures are (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using {workers} workers", ""]
    i = 0
    for title in passed:
        i += 1
        out.append(f"  ✓  {i} {title} ({1.1 + i * 0.4:.1f}s)")
    for title, _ in failures:
        i += 1
        out.append(f"  ✘  {i} {title} (312ms)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) {title} ───────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        out += [f"    {t}" for t, _ in failures]
    out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
