"""Realistic-looking command output for the shop project: pytest runs, git, alembic, ruff, mypy."""

from __future__ import annotations

import random

PLUGINS = (
    "anyio-4.6.0, asyncio-0.24.0, timeout-2.3.1, cov-5.0.0, randomly-3.15.0, repeat-0.9.3, env-1.1.5, freezegun-0.4.2"
)

# The test files of the shop project and how many tests each holds (grows a little over the weeks).
SUITE = [
    ("tests/api/test_admin.py", 8),
    ("tests/api/test_auth.py", 9),
    ("tests/api/test_cart.py", 14),
    ("tests/api/test_checkout.py", 11),
    ("tests/api/test_invoices.py", 6),
    ("tests/api/test_orders.py", 17),
    ("tests/integration/test_order_consumer.py", 6),
    ("tests/integration/test_refund_events.py", 4),
    ("tests/test_migrations.py", 2),
    ("tests/unit/test_daily_report.py", 7),
    ("tests/unit/test_invoice_due.py", 5),
    ("tests/unit/test_money.py", 12),
    ("tests/unit/test_order_service.py", 21),
    ("tests/unit/test_promotions.py", 19),
]


def suite(
    overrides: dict[str, str] | None = None,
    *,
    extra: dict[str, int] | None = None,
    only: list[str] | None = None,
    skip: list[str] | None = None,
) -> list[tuple[str, str]]:
    """(path, outcome chars) for a run; overrides give the exact chars of a file."""
    overrides = overrides or {}
    files = dict(SUITE)
    files.update(extra or {})
    out = []
    for path in sorted(files):
        if only and not any(path.startswith(o) for o in only):
            continue
        if skip and any(path.startswith(s) for s in skip):
            continue
        out.append((path, overrides.get(path, "." * files[path])))
    return out


def _counts(files: list[tuple[str, str]]) -> dict[str, int]:
    chars = "".join(c for _, c in files)
    return {
        "failed": chars.count("F"),
        "passed": chars.count("."),
        "skipped": chars.count("s"),
        "xfailed": chars.count("x"),
        "error": chars.count("E"),
        "total": len(chars),
    }


def summary_text(files: list[tuple[str, str]], secs: float, warnings: int = 0, extra_errors: int = 0) -> str:
    c = _counts(files)
    parts = []
    if c["failed"]:
        parts.append(f"{c['failed']} failed")
    if c["passed"]:
        parts.append(f"{c['passed']} passed")
    if c["skipped"]:
        parts.append(f"{c['skipped']} skipped")
    if c["xfailed"]:
        parts.append(f"{c['xfailed']} xfailed")
    if warnings:
        parts.append(f"{warnings} warning{'s' if warnings > 1 else ''}")
    errors = c["error"] + extra_errors
    if errors:
        parts.append(f"{errors} error{'s' if errors > 1 else ''}")
    return ", ".join(parts) + f" in {secs:.2f}s"


def bar(title: str, ch: str = "=") -> str:
    return f" {title} ".center(80, ch)


def pytest_log(
    files: list[tuple[str, str]],
    *,
    secs: float,
    failures: list[str] = (),
    errors: list[str] = (),
    short: list[str] = (),
    warnings: int = 0,
    seed: int | None = None,
    quiet: bool = False,
    warn_text: str | None = None,
    extra_errors: int = 0,
    tail_note: str | None = None,
    collected: int | None = None,
) -> str:
    c = _counts(files)
    total = collected or c["total"]
    if seed is not None:  # pytest-randomly shuffles module order too
        files = list(files)
        random.Random(seed).shuffle(files)
    out: list[str] = []
    if not quiet:
        out.append(bar("test session starts"))
        out.append("platform linux -- Python 3.12.5, pytest-8.3.3, pluggy-1.5.0")
        if seed is not None:
            out.append(f"Using --randomly-seed={seed}")
        out.append("rootdir: /home/dev/src/shop")
        out.append("configfile: pyproject.toml")
        out.append(f"plugins: {PLUGINS}")
        out.append("asyncio: mode=Mode.AUTO, default_loop_scope=function")
        out.append(f"collected {total} items")
        out.append("")
        done = 0
        for path, chars in files:
            done += len(chars)
            pct = int(done * 100 / total) if total else 100
            out.append(f"{path} {chars}".ljust(74) + f"[{pct:>3}%]")
    else:
        chars = "".join(ch for _, ch in files)
        done = 0
        for i in range(0, len(chars), 72):
            chunk = chars[i : i + 72]
            done += len(chunk)
            out.append(chunk.ljust(72) + f" [{int(done * 100 / total):>3}%]")
    if errors:
        out.append("")
        out.append(bar("ERRORS"))
        out.extend(errors)
    if failures:
        out.append("")
        out.append(bar("FAILURES"))
        out.extend(failures)
    if warn_text:
        out.append(bar("warnings summary"))
        out.append(warn_text)
        out.append("")
        out.append("-- Docs: https://docs.pytest.org/en/stable/how-to/capture-warnings.html")
    if short:
        out.append(bar("short test summary info"))
        out.extend(short)
    if tail_note:
        out.append(tail_note)
    summary = summary_text(files, secs, warnings, extra_errors)
    out.append(summary if quiet else bar(summary))
    return "\n".join(out)


def fail_header(name: str) -> str:
    return f" {name} ".center(80, "_")


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int, created: list[str] = ()) -> str:
    lines = [
        f"[{branch} {sha}] {subject}",
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)",
    ]
    lines += [f" create mode 100644 {p}" for p in created]
    return "\n".join(lines)


def git_push(branch: str, old: str, new: str, *, new_branch: bool = False, pr: bool = True) -> str:
    lines = [
        "Enumerating objects: 23, done.",
        "Counting objects: 100% (23/23), done.",
        "Delta compression using up to 16 threads",
        "Compressing objects: 100% (12/12), done.",
        "Writing objects: 100% (13/13), 2.41 KiB | 2.41 MiB/s, done.",
        "Total 13 (delta 9), reused 0 (delta 0), pack-reused 0 (from 0)",
        "remote: Resolving deltas: 100% (9/9), completed with 8 local objects.",
    ]
    if new_branch and pr:
        lines += [
            "remote: ",
            f"remote: Create a pull request for '{branch}' on GitHub by visiting:",
            f"remote:      https://github.com/dev-shop/shop/pull/new/{branch}",
            "remote: ",
        ]
    lines.append("To github.com:dev-shop/shop.git")
    if new_branch:
        lines.append(f" * [new branch]      {branch} -> {branch}")
        lines.append(f"branch '{branch}' set up to track 'origin/{branch}'.")
    else:
        lines.append(f"   {old}..{new}  {branch} -> {branch}")
    return "\n".join(lines)


ALEMBIC_MULTIPLE_HEADS = (
    "FAILED: Multiple head revisions are present for given argument 'head'; please specify a specific target "
    "revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all heads"
)


def alembic_info(lines: list[str]) -> str:
    return "\n".join(
        [
            "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.",
            "INFO  [alembic.runtime.migration] Will assume transactional DDL.",
            *lines,
        ]
    )
