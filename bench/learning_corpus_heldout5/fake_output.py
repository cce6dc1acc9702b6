"""Realistic-looking command output for Rafael's two projects: pnpm / Turborepo / tsc / Vitest / Playwright / Next
build / Prisma for the quitanda monorepo, and uv / pytest / Celery / Alembic / docker compose / flyctl for the
quitanda-pagamentos service, plus git."""

from __future__ import annotations

WEB = "/home/rafael/code/quitanda"
API = "/home/rafael/code/quitanda-pagamentos"


# -- TypeScript monorepo ------------------------------------------------------------------------------------------
def turbo_run(task: str, pkgs: list[tuple[str, str, str]], *, failed: str | None = None, secs: float = 14.2) -> str:
    """pkgs: (package, cache status 'hit'|'miss', body)."""
    names = ", ".join(p for p, _, _ in pkgs)
    out = [
        f"• Packages in scope: {names}",
        f"• Running {task} in {len(pkgs)} packages",
        "• Remote caching enabled",
        "",
    ]
    for pkg, cache, body in pkgs:
        h = (pkg.encode().hex() + task.encode().hex() + "0" * 16)[:16]
        status = "cache hit, replaying logs" if cache == "hit" else "cache miss, executing"
        out.append(f"{pkg}:{task}: {status} {h}")
        for line in body.split("\n") if body else []:
            out.append(f"{pkg}:{task}: {line}")
    hits = sum(1 for _, c, _ in pkgs if c == "hit")
    if failed:
        out += [
            f"{failed}:{task}: ERROR: command finished with error: command ({WEB}/{_dir(failed)}) "
            f"/home/rafael/.local/share/pnpm/pnpm run {task} exited (1)",
            f"{failed}#{task}: command ({WEB}/{_dir(failed)}) /home/rafael/.local/share/pnpm/pnpm run {task} exited (1)",
            "",
            " Tasks:    " + f"{len(pkgs) - 1} successful, {len(pkgs)} total",
            f"Cached:    {hits} cached, {len(pkgs)} total",
            f"  Time:    {secs:.3f}s ",
            f"Failed:    {failed}#{task}",
            "",
            " ERROR  run failed: command  exited (1)",
        ]
    else:
        out += [
            "",
            f" Tasks:    {len(pkgs)} successful, {len(pkgs)} total",
            f"Cached:    {hits} cached, {len(pkgs)} total",
            f"  Time:    {secs:.3f}s" + (" >>> FULL TURBO" if hits == len(pkgs) else ""),
        ]
    return "\n".join(out)


def _dir(pkg: str) -> str:
    return {"web": "apps/web", "@quitanda/ui": "packages/ui", "@quitanda/db": "packages/db"}.get(pkg, pkg)


def vitest_out(files: list[tuple[str, int, int]], fail_body: str = "", *, secs: float = 3.41) -> str:
    """files: (test file, passed, failed)."""
    out = [" RUN  v3.2.4 " + WEB + "/packages/ui", ""]
    for f, ok, bad in files:
        mark = "✓" if not bad else "❯"
        out.append(f" {mark} {f} ({ok + bad} test{'s' if ok + bad != 1 else ''}{f' | {bad} failed' if bad else ''})")
    nf = sum(1 for _, _, b in files if b)
    np_ = sum(o for _, o, _ in files)
    nb = sum(b for _, _, b in files)
    if fail_body:
        out += ["", "⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯", "", fail_body, "", "⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯"]
    out += [
        "",
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{nb} failed | ' if nb else ''}{np_} passed ({np_ + nb})",
        "   Start at  10:14:07",
        f"   Duration  {secs:.2f}s (transform 412ms, setup 288ms, collect 1.31s, tests {secs / 3:.2f}s, environment 902ms)",
    ]
    return "\n".join(out)


def playwright_out(results: list[tuple[str, str]], fail_body: str = "", *, project: str = "chromium") -> str:
    """results: (title, 'ok'|'fail'|'flaky')."""
    out = [f"Running {len(results)} tests using 2 workers", ""]
    for i, (title, res) in enumerate(results, 1):
        mark = {"ok": "  ✓", "fail": "  ✘", "flaky": "  ✘"}[res]
        out.append(f"{mark}  {i} [{project}] › {title} ({1.2 + i * 0.7:.1f}s)")
    bad = [t for t, r in results if r == "fail"]
    if fail_body:
        out += ["", fail_body]
    out.append("")
    if bad:
        out.append(f"  {len(bad)} failed")
        out += [f"    [{project}] › {t} " for t in bad]
    out.append(f"  {len(results) - len(bad)} passed ({4.1 + len(results) * 0.9:.1f}s)")
    if bad:
        out += ["", "  To open last HTML report run:", "", "    pnpm exec playwright show-report", ""]
    return "\n".join(out)


def next_build(routes: list[str], *, warnings: list[str] = (), error: str = "") -> str:
    out = [
        "   ▲ Next.js 15.0.3",
        "   - Environments: .env.local",
        "",
        "   Creating an optimized production build ...",
        " ✓ Compiled successfully",
        "   Linting and checking validity of types ...",
        "   Collecting page data ...",
    ]
    out += list(warnings)
    if error:
        out += [
            error,
            "",
            "> Build error occurred",
            "Error: Export encountered an error, exiting the build.",
            " ELIFECYCLE  Command failed with exit code 1.",
        ]
        return "\n".join(out)
    out += [
        " ✓ Generating static pages (14/14)",
        "   Finalizing page optimization ...",
        "",
        "Route (app)                              Size     First Load JS",
    ]
    for r in routes:
        out.append(f"┌ ƒ {r.ljust(37)}{(len(r) * 0.37 + 1.1):.2f} kB        {(len(r) * 1.3 + 98):.0f} kB")
    out += ["", "ƒ  (Dynamic)  server-rendered on demand"]
    return "\n".join(out)


# -- Python service -----------------------------------------------------------------------------------------------
def pytest_out(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 6.3, errors: int = 0) -> str:
    """failures: (node id, body)."""
    n = passed + len(failures) + errors
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {API}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.6.2, celery-1.1.3, cov-5.0.0",
        f"collected {n} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ===================================", ""]
        for node, body in failures:
            name = node.split("::")[-1]
            out += [f"___________________________ {name} ___________________________", "", body, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {node} - " + body.strip().split("\n")[-1].lstrip("E ").strip() for node, body in failures]
    tail = []
    if failures:
        tail.append(f"{len(failures)} failed")
    tail.append(f"{passed} passed")
    if errors:
        tail.append(f"{errors} error{'s' if errors > 1 else ''}")
    out.append(f"========================= {', '.join(tail)} in {secs:.2f}s =========================")
    return "\n".join(out)


def compose_ps(services: list[tuple[str, str]]) -> str:
    out = ["NAME                              IMAGE                 COMMAND                  SERVICE   STATUS"]
    for svc, status in services:
        out.append(
            f"quitanda-pagamentos-{svc}-1".ljust(34)
            + f"{svc}:local".ljust(22)
            + '"/entrypoint.sh"'.ljust(25)
            + svc.ljust(10)
            + status
        )
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n"
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    )
