"""Realistic-looking command output for Youssef's two projects on Ubuntu: sbt / ScalaTest and spark-submit on a
local standalone cluster for souq-etl, PHPUnit inside wp-env (`npm run test:php`), PHPCS with the WordPress Coding
Standards and WP-CLI for wp-delivery, plus git. Abridged the way a terminal shows them, not byte-exact."""

from __future__ import annotations

from transcript_kit import SOUQ, WPD

__all__ = ["SOUQ", "WPD", "git_commit", "phpcs", "phpunit", "sbt_test", "spark_fail", "spark_ok"]

SBT_HEAD = [
    "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)",
    "[info] loading settings for project souq-etl-build from plugins.sbt ...",
    f"[info] loading project definition from {SOUQ}/project",
    "[info] loading settings for project root from build.sbt ...",
    f"[info] set current project to souq-etl (in build file:{SOUQ}/)",
]


def sbt_test(
    passed: list[tuple[str, str]],
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: int = 38,
    when: str = "Mar 1, 2027, 9:52:10 AM",
    compiled: int = 2,
) -> str:
    """`sbt test` (ScalaTest): passed is (suite, test name), failures are (suite, test name, failure lines)."""
    out = [*SBT_HEAD, f"[info] compiling {compiled} Scala sources to {SOUQ}/target/scala-2.13/test-classes ..."]
    suites: dict[str, list[str]] = {}
    for suite, name in passed:
        suites.setdefault(suite, []).append(f"[info] - {name}")
    for suite, name, body in failures:
        suites.setdefault(suite, []).append(f"[info] - {name} *** FAILED ***")
        suites[suite] += [f"[info]   {x}" for x in body.split("\n")]
    for suite, lines in suites.items():
        out += [f"[info] {suite}:", *lines]
    n_ok, n_bad = len(passed), len(failures)
    out += [
        f"[info] Run completed in {secs - 9} seconds, {137 + secs * 7} milliseconds.",
        f"[info] Total number of tests run: {n_ok + n_bad}",
        f"[info] Suites: completed {len(suites)}, aborted 0",
        f"[info] Tests: succeeded {n_ok}, failed {n_bad}, canceled 0, ignored 0, pending 0",
    ]
    if n_bad:
        failed_suites = sorted({s for s, _, _ in failures})
        out += [
            f"[info] *** {n_bad} TEST{'S' if n_bad > 1 else ''} FAILED ***",
            "[error] Failed tests:",
            *[f"[error] \tcom.souq.etl.{s}" for s in failed_suites],
            "[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful",
            f"[error] Total time: {secs} s, completed {when}",
        ]
    else:
        out += ["[info] All tests passed.", f"[success] Total time: {secs} s, completed {when}"]
    return "\n".join(out)


def spark_head(job: str, day: int) -> list[str]:
    """The first lines spark-submit prints on the local standalone cluster (log4j2 console appender)."""
    d = f"27/03/{day:02d}"
    return [
        f"{d} 10:02:11 INFO SparkContext: Running Spark version 3.5.4",
        f"{d} 10:02:11 INFO SparkContext: Submitted application: souq-etl {job}",
        f"{d} 10:02:12 INFO StandaloneAppClient$ClientEndpoint: Connecting to master spark://localhost:7077...",
        f"{d} 10:02:13 INFO StandaloneSchedulerBackend: Connected to Spark cluster with app ID "
        f"app-202703{day:02d}100213-00{day + 11}",
    ]


def spark_fail(job: str, day: int, body: str) -> str:
    """A spark-submit run of the assembly jar that dies: the head, then the driver's exception."""
    return "\n".join([*spark_head(job, day), body])


def spark_ok(job: str, day: int, tail: str) -> str:
    """A spark-submit run that finishes: the head, what the job logs, and the shutdown lines."""
    d = f"27/03/{day:02d}"
    return "\n".join(
        [
            *spark_head(job, day),
            tail,
            f"{d} 10:09:40 INFO SparkContext: Successfully stopped SparkContext",
            f"{d} 10:09:40 INFO ShutdownHookManager: Shutdown hook called",
        ]
    )


PHPUNIT_HEAD = [
    "> wp-delivery@1.3.0 test:php",
    "> wp-env run tests-cli --env-cwd=wp-content/plugins/wp-delivery vendor/bin/phpunit",
    "",
    "ℹ Starting 'vendor/bin/phpunit' on the tests-cli container. ",
    "",
    "Installing...",
    "Running as single site... To run multisite, use -c tests/phpunit/multisite.xml",
    "Not running ajax tests. To execute these, use --group ajax.",
    "PHPUnit 9.6.22 by Sebastian Bergmann and contributors.",
    "",
]


def phpunit(total: int, failures: list[str] = (), *, secs: str = "00:02.184", mem: str = "48.50") -> str:
    """`npm run test:php`: PHPUnit 9 inside the wp-env tests-cli container; each failure is the test's name, a
    newline, then what PHPUnit prints under it."""
    dots = "." * (total - len(failures)) + "F" * len(failures)
    out = [*PHPUNIT_HEAD, f"{dots:<63} {total} / {total} (100%)", "", f"Time: {secs}, Memory: {mem} MB", ""]
    if failures:
        n = len(failures)
        out.append(f"There {'was' if n == 1 else 'were'} {n} failure{'s' if n > 1 else ''}:")
        for i, failure in enumerate(failures, 1):
            out += ["", f"{i}) {failure}"]
        out += [
            "",
            "FAILURES!",
            f"Tests: {total}, Assertions: {total * 2 - 3}, Failures: {n}.",
            "✖ Command failed with exit code 1",
            "Command failed with exit code 1",
        ]
    else:
        out += [
            f"OK ({total} tests, {total * 2 - 3} assertions)",
            "✔ Ran `vendor/bin/phpunit` in 'tests-cli'. (in 6s 412ms)",
        ]
    return "\n".join(out)


def phpcs(files: dict[str, list[tuple[int, str, str, str]]]) -> str:
    """`composer phpcs` report: per file, (line, ERROR/WARNING, message lines joined by '\\n', sniff code)."""
    out = ["> phpcs --standard=phpcs.xml.dist", ""]
    bar = "-" * 100
    for path, items in files.items():
        errors = sum(1 for i in items if i[1] == "ERROR")
        out += [f"FILE: {WPD}/{path}", bar, f"FOUND {errors} ERRORS AFFECTING {len({i[0] for i in items})} LINES", bar]
        for line, kind, msg, sniff in items:
            parts = msg.split("\n")
            out.append(f" {line:>3} | {kind:<5} | {parts[0]}")
            out += [f"     |       | {p}" for p in parts[1:]]
            out.append(f"     |       | ({sniff})")
        out += [bar, "PHPCBF CAN FIX THE 0 MARKED SNIFF VIOLATIONS AUTOMATICALLY", bar, ""]
    out.append("Time: 1.02 secs; Memory: 14MB")
    out.append("Script phpcs --standard=phpcs.xml.dist handling the phpcs event returned with error code 2")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
