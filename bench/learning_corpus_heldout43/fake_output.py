"""Realistic-looking command output for Nusrat's two projects: flutter test and dart analyze for bazar-app, Jest
and Prisma for bazar-api, and git."""

from __future__ import annotations

from transcript_kit import API, APP

__all__ = [
    "API",
    "APP",
    "dart_analyze",
    "flutter_test",
    "git_commit",
    "jest_run",
    "prisma_migrate_dev",
]


def flutter_test(
    passed: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: int = 9,
    root: str = APP,
) -> str:
    """`flutter test` (Flutter 3.24, compact reporter): failures are (test file, test name, the error's text)."""
    out = [f"00:0{min(secs, 9) // 3} +0: loading {root}/test/widget_test.dart"]
    n = 0
    for i in range(passed):
        n += 1
        if i in (0, passed - 1):
            out.append(f"00:0{min(secs, 9) // 2} +{n}: ...")
    for k, (path, name, err) in enumerate(failures, 1):
        out += [
            f"00:0{min(secs, 9) - 1} +{n} -{k - 1}: {root}/{path}: {name}",
            "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════",
            "The following assertion was thrown while running async test code:",
            err,
            "",
            "When the exception was thrown, this was the stack:",
            "#0      LocalFileComparator.compare (package:flutter_test/src/_goldens_io.dart:102:7)",
            "<asynchronous suspension>",
            "════════════════════════════════════════════════════════════════════════════════════════════════════",
            f"00:0{min(secs, 9)} +{n} -{k}: {root}/{path}: {name} [E]",
            "  Test failed. See exception logs above.",
            f"  The test description was: {name}",
            "",
        ]
    if failures:
        out.append(f"00:{secs:02d} +{n} -{len(failures)}: Some tests failed.")
    else:
        out.append(f"00:{secs:02d} +{n}: All tests passed!")
    return "\n".join(out)


def dart_analyze(issues: list[tuple[str, str, str, str]] = ()) -> str:
    """`dart analyze`: issues are (severity, path:line:col, message, lint name)."""
    out = ["Analyzing bazar-app..."]
    if not issues:
        return "\n".join([*out, "No issues found!"])
    out.append("")
    for sev, where, msg, lint in issues:
        out.append(f"  {sev} - {where} - {msg} - {lint}")
    out += ["", f"{len(issues)} issue{'s' if len(issues) > 1 else ''} found."]
    return "\n".join(out)


def jest_run(
    suites: list[tuple[str, int]],
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: float = 6.87,
    e2e: bool = False,
    tail: str = "",
) -> str:
    """`pnpm test` / `pnpm test:e2e` (Jest 29): suites are (path, tests); failures are (path, test name, error)."""
    script = "test:e2e" if e2e else "test"
    cmd = "jest --config ./test/jest-e2e.json" if e2e else "jest"
    out = [f"\n> bazar-api@0.4.0 {script} {API}", f"> {cmd}", ""]
    bad = {p for p, _, _ in failures}
    for path, n in suites:
        if path in bad:
            out.append(f" FAIL  {path} ({1.2 + n * 0.3:.3f} s)")
            for p, name, err in failures:
                if p == path:
                    out += [f"  ● {name}", "", "    " + err.replace("\n", "\n    "), ""]
        else:
            out.append(f" PASS  {path}" + (f" ({0.9 + n * 0.2:.3f} s)" if e2e else ""))
    n_tests = sum(n for _, n in suites)
    nf = len(bad)
    out += [
        "",
        f"Test Suites: {f'{nf} failed, ' if nf else ''}{len(suites) - nf} passed, {len(suites)} total",
        f"Tests:       {f'{len(failures)} failed, ' if failures else ''}{n_tests - len(failures)} passed, "
        f"{n_tests} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    if tail:
        out.append(tail)
    return "\n".join(out)


def prisma_migrate_dev(name: str, stamp: str, sql_dir: str | None = None) -> str:
    """`pnpm prisma migrate dev --name NAME` that creates and applies one migration."""
    folder = sql_dir or f"{stamp}_{name}"
    return (
        "Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\n"
        'Datasource "db": PostgreSQL database "bazar", schema "public" at "localhost:5433"\n\n'
        f"Applying migration `{folder}`\n\nThe following migration(s) have been created and applied from new "
        f"schema changes:\n\nmigrations/\n  └─ {folder}/\n    └─ migration.sql\n\nYour database is now in sync "
        "with your schema.\n\n✔ Generated Prisma Client (v5.22.0) to ./node_modules/.pnpm/@prisma+client@5.22.0_"
        "prisma@5.22.0/node_modules/@prisma/client in 88ms"
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
