"""Realistic-looking command output for Nat's two projects: Odoo 17 server logs of `odoo --test-enable` runs
(module loading, post tests, tracebacks, the tests.result line) for the stock-odoo addon, and Jest / Detox / git
output for the rider-app React Native project."""

from __future__ import annotations

from transcript_kit import ODOO, RIDER

__all__ = ["ODOO", "RIDER", "detox_run", "git_commit", "jest_run", "odoo_test_log"]


def odoo_test_log(
    stamp: str,
    passed: int,
    failures: list[str] = (),
    *,
    db: str = "stock_test",
    module: str = "warehouse_qc",
    modules: int = 64,
    secs: str = "4.87",
) -> str:
    """An Odoo 17 log of `-u <module> --test-enable --stop-after-init`: loading, the post tests, each failure's
    ERROR line with its traceback, then the tests.result summary (an ERROR line when something failed)."""
    pid = 1
    head = f"{stamp} {pid}"
    out = [
        f"{head} INFO ? odoo: Odoo version 17.0-20270215",
        f"{head} INFO ? odoo: Using configuration file at /etc/odoo/odoo.conf",
        f"{head} INFO ? odoo: database: odoo@db:5432",
        f"{head} INFO {db} odoo.modules.loading: loading 1 modules...",
        f"{head} INFO {db} odoo.modules.loading: 1 modules loaded in 0.02s, 0 queries (+0 extra)",
        f"{head} INFO {db} odoo.modules.loading: updating modules list",
        f"{head} INFO {db} odoo.modules.loading: loading {modules} modules...",
        f"{head} INFO {db} odoo.modules.loading: Loading module {module} ({modules}/{modules})",
        f"{head} INFO {db} odoo.modules.registry: module {module}: creating or updating database tables",
        f"{head} INFO {db} odoo.modules.loading: loading {module}/security/ir.model.access.csv",
        f"{head} INFO {db} odoo.modules.loading: loading {module}/views/qc_check_views.xml",
        f"{head} INFO {db} odoo.modules.loading: Module {module} loaded in 0.61s, 412 queries (+412 other)",
        f"{head} INFO {db} odoo.modules.loading: {modules} modules loaded in 3.12s, 412 queries (+412 extra)",
        f"{head} INFO {db} odoo.modules.loading: Modules loaded.",
        f"{head} INFO {db} odoo.service.server: Starting post tests",
    ]
    for body in failures:
        out.append(f"{head} ERROR {db} {body}")
    total = passed + len(failures)
    out.append(f"{head} INFO {db} odoo.service.server: {total} post-tests in {secs}s, 1873 queries")
    if failures:
        out.append(
            f"{head} ERROR {db} odoo.tests.result: {len(failures)} failed, 0 error(s) of {total} tests when loading "
            f"database '{db}'"
        )
    else:
        out.append(
            f"{head} INFO {db} odoo.tests.result: 0 failed, 0 error(s) of {total} tests when loading database '{db}'"
        )
    out.append(f"{head} INFO {db} odoo.service.server: Initiating shutdown")
    out.append(f"{head} INFO {db} odoo.service.server: Hit CTRL-C again or send a second signal to force the shutdown.")
    return "\n".join(out)


def jest_run(suites: list[tuple[str, int]], failures: list[tuple[str, str]] = (), *, secs: str = "3.912") -> str:
    """`npx jest` output: a PASS/FAIL line per suite, the failure blocks, then the totals."""
    out = []
    failed_suites = {f.split(" › ")[0] for f, _ in failures}
    for path, _n in suites:
        out.append((" FAIL  " if path in failed_suites else " PASS  ") + path)
    for name, body in failures:
        out += ["", f"  ● {name.split(' › ', 1)[1]}", "", body]
    n_tests = sum(n for _, n in suites)
    n_fail = len(failures)
    n_suites_fail = len(failed_suites)
    out.append("")
    if n_fail:
        out.append(f"Test Suites: {n_suites_fail} failed, {len(suites) - n_suites_fail} passed, {len(suites)} total")
        out.append(f"Tests:       {n_fail} failed, {n_tests - n_fail} passed, {n_tests} total")
    else:
        out.append(f"Test Suites: {len(suites)} passed, {len(suites)} total")
        out.append(f"Tests:       {n_tests} passed, {n_tests} total")
    out += ["Snapshots:   0 total", f"Time:        {secs} s", "Ran all test suites."]
    return "\n".join(out)


def detox_run(files: list[tuple[str, list[str]]], failed: dict[str, str] | None = None, *, pid: int = 48211) -> str:
    """`npx detox test -c android.emu.release` output: Detox's header, per file the tests (✓ / ✕ with times), the
    failure block of a failed test, then Jest's totals."""
    failed = failed or {}
    out = [
        f"detox[{pid}] B node_modules/.bin/jest --config e2e/jest.config.js " + " ".join(f for f, _ in files),
    ]
    n_fail = 0
    n = 0
    for path, tests in files:
        out.append(f"detox[{pid}] i {path.split('/')[-1]} is assigned to emulator-5554 (Pixel_7_API_34)")
        bad = [t for t in tests if t in failed]
        out.append((" FAIL  " if bad else " PASS  ") + path)
        for t in tests:
            n += 1
            if t in failed:
                n_fail += 1
                out.append(f"    ✕ {t} (120043 ms)")
            else:
                out.append(f"    ✓ {t} ({1800 + 97 * len(t)} ms)")
    for t, body in failed.items():
        out += ["", f"  ● {t}", "", body]
    out.append("")
    out.append(
        f"Test Suites: {len({p for p, ts in files if any(t in failed for t in ts)})} failed, {len(files)} total"
        if n_fail
        else f"Test Suites: {len(files)} passed, {len(files)} total"
    )
    out.append(
        f"Tests:       {n_fail} failed, {n - n_fail} passed, {n} total"
        if n_fail
        else f"Tests:       {n} passed, {n} total"
    )
    out.append("Ran all test suites matching the pattern.")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
