"""Realistic-looking command output for slotbook: go test, golangci-lint, sqlc, docker compose, vitest, playwright, git."""

from __future__ import annotations

MOD = "github.com/slotbook/slotbook-api"

API_PKGS = [
    ("cmd/slotbookd", None),
    ("internal/auth", 0.041),
    ("internal/booking", 0.388),
    ("internal/db", None),
    ("internal/http", 0.102),
    ("internal/notify", 0.019),
    ("internal/venue", 0.027),
]


def go_test(
    fails: dict[str, list[str]] | None = None,
    *,
    verbose_ok: list[str] = (),
    only: list[str] | None = None,
    cached: bool = False,
    race: bool = False,
) -> str:
    """`go test ./...` output; fails = {package: [lines of the failing test output]}."""
    fails = fails or {}
    out: list[str] = []
    for pkg, secs in API_PKGS:
        if only and pkg not in only:
            continue
        full = f"{MOD}/{pkg}"
        if secs is None:
            out.append(f"?   \t{full}\t[no test files]")
            continue
        if pkg in fails:
            out += fails[pkg]
            out.append("FAIL")
            out.append(f"FAIL\t{full}\t{secs * (3.1 if race else 1):.3f}s")
            continue
        out += [f"=== RUN   {name}\n--- PASS: {name} (0.00s)" for name in verbose_ok if pkg == "internal/booking"]
        timing = "(cached)" if cached else f"{secs * (3.1 if race else 1):.3f}s"
        out.append(f"ok  \t{full}\t{timing}")
    if fails:
        out.append("FAIL")
    return "\n".join(out)


def lint(issues: list[tuple[str, str, str]]) -> str:
    """golangci-lint run output; issues = (file:line:col, message, linter)."""
    out = []
    for where, msg, linter in issues:
        out.append(f"{where}: {msg} ({linter})")
    if issues:
        out.append(f"{len(issues)} issue{'s' if len(issues) > 1 else ''}:")
        counts: dict[str, int] = {}
        for _, _, linter in issues:
            counts[linter] = counts.get(linter, 0) + 1
        out += [f"* {k}: {v}" for k, v in counts.items()]
    else:
        out.append("0 issues.")
    return "\n".join(out)


def vitest(files: list[tuple[str, int, int]], *, secs: float, failures: list[str] = ()) -> str:
    """vitest run output; files = (path, passed, failed)."""
    out = [" RUN  v3.2.4 /home/mira/src/slotbook-web", ""]
    for path, passed, failed in files:
        n = passed + failed
        mark = "❯" if failed else "✓"
        extra = f" | {failed} failed" if failed else ""
        out.append(f" {mark} {path} ({n} test{'s' if n != 1 else ''}{extra}) {int(secs * 37) % 400 + 12}ms")
    if failures:
        out.append("")
        out.append(f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {sum(f for _, _, f in files)} ⎯⎯⎯⎯⎯⎯⎯")
        out.append("")
        out += failures
    tf = sum(1 for _, _, f in files if f)
    passed = sum(p for _, p, _ in files)
    failed = sum(f for _, _, f in files)
    out.append("")
    out.append(f" Test Files  {f'{tf} failed | ' if tf else ''}{len(files) - tf} passed ({len(files)})")
    out.append(f"      Tests  {f'{failed} failed | ' if failed else ''}{passed} passed ({passed + failed})")
    out.append("   Start at  09:14:02")
    out.append(f"   Duration  {secs:.2f}s (transform 412ms, setup 1.02s, collect 2.31s, tests {secs / 3:.2f}s)")
    return "\n".join(out)


def playwright(passed: int, failed: list[str], *, secs: float, workers: int = 4, flaky: int = 0, body: str = "") -> str:
    total = passed + len(failed) + flaky
    out = [f"Running {total} tests using {workers} workers", ""]
    if body:
        out.append(body)
        out.append("")
    if failed:
        out.append(f"  {len(failed)} failed")
        out += [f"    {f}" for f in failed]
    if flaky:
        out.append(f"  {flaky} flaky")
    out.append(f"  {passed} passed ({secs:.1f}s)")
    if failed:
        out += ["", "  To open last HTML report run:", "", "    pnpm exec playwright show-report", ""]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int, created: list[str] = ()) -> str:
    lines = [
        f"[{branch} {sha}] {subject}",
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)",
    ]
    lines += [f" create mode 100644 {p}" for p in created]
    return "\n".join(lines)


def git_push(repo: str, branch: str, old: str = "", new: str = "", *, new_branch: bool = False) -> str:
    lines = [
        "Enumerating objects: 17, done.",
        "Counting objects: 100% (17/17), done.",
        "Delta compression using up to 8 threads",
        "Compressing objects: 100% (9/9), done.",
        "Writing objects: 100% (10/10), 1.87 KiB | 1.87 MiB/s, done.",
        "Total 10 (delta 6), reused 0 (delta 0), pack-reused 0 (from 0)",
        "remote: Resolving deltas: 100% (6/6), completed with 6 local objects.",
    ]
    if new_branch:
        lines += [
            "remote: ",
            f"remote: Create a pull request for '{branch}' on GitHub by visiting:",
            f"remote:      https://github.com/slotbook/{repo}/pull/new/{branch}",
            "remote: ",
        ]
    lines.append(f"To github.com:slotbook/{repo}.git")
    if new_branch:
        lines.append(f" * [new branch]      {branch} -> {branch}")
        lines.append(f"branch '{branch}' set up to track 'origin/{branch}'.")
    else:
        lines.append(f"   {old}..{new}  {branch} -> {branch}")
    return "\n".join(lines)
