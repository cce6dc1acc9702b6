"""Realistic-looking command output for Eleni's two projects on Debian: `pnpm nx test/lint/e2e` (Jest, ESLint,
Cypress) and `prisma migrate` for the limani Nx monorepo, `Rscript -e 'devtools::test()'` / `devtools::check()` /
lintr / renv for the thermaikos R package, plus git. Output is abridged the way a long log is when pasted or
truncated, but every line has the shape the real tool prints."""

from __future__ import annotations

from transcript_kit import LIMANI, THERMAIKOS

__all__ = [
    "LIMANI",
    "THERMAIKOS",
    "cypress_run",
    "devtools_check",
    "devtools_test",
    "git_commit",
    "nx_jest",
    "nx_lint",
    "prisma_migrate",
]

RULE = "—" * 47


def nx_jest(
    project: str, suites: list[str], tests: int, failures: list[str] = (), *, secs: float = 8.4, failed_tests: int = 0
) -> str:
    """`pnpm nx test <project>`: the Nx banner, Jest PASS/FAIL lines and failure blocks, totals, the Nx summary.
    A failure block is a whole suite that failed to run unless failed_tests counts failing tests inside it."""
    out = ["", f"> nx run {project}:test", ""]
    failed_suites = len(failures)
    for i, path in enumerate(suites):
        out.append(f" {'FAIL' if i < failed_suites else 'PASS'}   {project}  {path}")
        if i < failed_suites:
            out += [failures[i], ""]
    total = len(suites)
    out.append(
        f"Test Suites: {f'{failed_suites} failed, ' if failed_suites else ''}{total - failed_suites} passed, {total} total"
    )
    failed = f"{failed_tests} failed, " if failed_tests else ""
    out += [f"Tests:       {failed}{tests} passed, {tests + failed_tests} total", "Snapshots:   0 total"]
    out.append(f"Time:        {secs:.3f} s")
    out.append("Ran all test suites.")
    out += ["", RULE, ""]
    if failed_suites:
        out += [
            f" NX   Ran target test for project {project} ({round(secs + 2)}s)",
            "",
            "   ✖  1/1 failed",
            "   ✔  0/1 succeeded [0 read from cache]",
        ]
    else:
        out.append(f" NX   Successfully ran target test for project {project} ({round(secs + 2)}s)")
    return "\n".join(out)


def nx_lint(project: str, problems: list[tuple[str, list[str]]] = ()) -> str:
    """`pnpm nx lint <project>` with ESLint's stylish formatter: file, `line:col  error  message  rule` lines."""
    out = ["", f"> nx run {project}:lint", "", "> eslint .", ""]
    errors = 0
    for path, lines in problems:
        out.append(f"{LIMANI}/{path}")
        out += [f"  {x}" for x in lines]
        out.append("")
        errors += sum(1 for x in lines if "  error  " in x)
    if problems:
        n = sum(len(x) for _, x in problems)
        out += [f"✖ {n} problems ({errors} errors, {n - errors} warnings)", "", RULE, ""]
        out += [f" NX   Ran target lint for project {project} (6s)", "", "   ✖  1/1 failed"]
    else:
        out += [RULE, "", f" NX   Successfully ran target lint for project {project} (5s)"]
    return "\n".join(out)


def cypress_run(spec: str, passing: int, failing: list[str] = (), *, secs: str = "00:14") -> str:
    """`pnpm nx e2e portal-e2e --spec …`: the run header, the spec's results and the results table (abridged)."""
    out = [
        "",
        "> nx run portal-e2e:e2e --spec src/e2e/" + spec,
        "",
        "=" * 96,
        "",
        "  (Run Starting)",
        "",
        "  │ Cypress:        13.17.0                                                    │",
        "  │ Browser:        Electron 118 (headless)                                    │",
        "  │ Node Version:   v22.14.0 (/home/eleni/.local/share/fnm/node-versions/v22.14.0/installation/bin/node) │",
        f"  │ Specs:          1 found ({spec})                                        │",
        "",
        "─" * 96,
        "",
        f"  Running:  {spec}                                                          (1 of 1)",
        "",
    ]
    out += failing
    out += ["", f"  {passing} passing ({secs[-2:]}s)"]
    if failing:
        out.append(f"  {len([x for x in failing if x.startswith('  1)')]) or 1} failing")
    verdict = "✖  1 of 1 failed (100%)" if failing else "✔  All specs passed!"
    out += ["", "  (Run Finished)", "", f"    {verdict}    {secs}    {passing + bool(failing)}"]
    return "\n".join(out)


def prisma_migrate(db: str = "limani_dev") -> str:
    """The lines every Prisma CLI command starts with."""
    return (
        "Environment variables loaded from apps/api/.env\n"
        "Prisma schema loaded from apps/api/prisma/schema.prisma\n"
        f'Datasource "db": PostgreSQL database "{db}", schema "public" at "localhost:5432"\n'
    )


def devtools_test(contexts: list[tuple[str, int]], failures: list[str] = (), *, secs: float = 3.1) -> str:
    """`Rscript -e 'devtools::test()'` (testthat 3e): the context table, failure blocks and the results line."""
    out = ["ℹ Testing thermaikos", "✔ | F W  S  OK | Context"]
    failed = dict.fromkeys(range(len(failures)), 1)
    for i, (ctx, ok) in enumerate(contexts):
        if i in failed:
            out.append(f"✖ | 1        {ok:>2} | {ctx}")
        else:
            out.append(f"✔ |         {ok:>2} | {ctx}")
    for body in failures:
        out += ["─" * 80, body, "─" * 80]
    out += ["", f"══ Results {'═' * 60}", f"Duration: {secs:.1f} s", ""]
    n_ok = sum(ok for _, ok in contexts)
    out.append(f"[ FAIL {len(failures)} | WARN 0 | SKIP 0 | PASS {n_ok} ]")
    if not failures:
        out.append("🎯 Your tests hit the mark 🎯")
    return "\n".join(out)


def devtools_check(findings: list[str] = (), *, secs: str = "1m 58.4s") -> str:
    """The end of `Rscript -e 'devtools::check()'`: the results header, findings and the counts line."""
    out = [
        "══ Documenting ═════════════════════════════════════════════════════════════════",
        "ℹ Updating thermaikos documentation",
        "ℹ Loading thermaikos",
        "",
        "══ Building ════════════════════════════════════════════════════════════════════",
        "✔  checking for file ‘/home/eleni/research/thermaikos/DESCRIPTION’",
        "─  building ‘thermaikos_0.4.0.tar.gz’",
        "",
        "══ Checking ════════════════════════════════════════════════════════════════════",
        "── R CMD check ─────────────────────────────────────────────────────────────────",
        "* using R version 4.4.3 (2025-02-28)",
        "* using platform: x86_64-pc-linux-gnu",
        "[… 71 lines …]",
        "",
        f"── R CMD check results ─────────────────────────────────── thermaikos 0.4.0 ────\nDuration: {secs}",
        "",
    ]
    out += findings
    warnings = sum(1 for x in findings if x.endswith("WARNING"))
    notes = sum(1 for x in findings if x.endswith("NOTE"))
    out.append(
        f"0 errors ✔ | {warnings} warning{'s' if warnings != 1 else ''} {'✖' if warnings else '✔'} | "
        f"{notes} note{'s' if notes != 1 else ''} {'✖' if notes else '✔'}"
    )
    if warnings:
        out += ["Error: R CMD check found WARNINGs", "Execution halted"]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
