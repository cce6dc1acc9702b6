"""Realistic-looking command output for Bat-Erdene's two projects in WSL2 Ubuntu 24.04: go test and golangci-lint
for malchin, vitest, svelte-check and Playwright for tal-map (pnpm), and git."""

from __future__ import annotations

from transcript_kit import MAL, TAL

__all__ = ["MAL", "TAL", "git_commit", "go_test", "playwright_run", "vitest_run"]


def go_test(pkgs: list[tuple[str, float]], failures: list[tuple[str, str, str]] = ()) -> str:
    """`go test`: pkgs are (package, seconds) that pass; failures are (package, test, its output)."""
    out = []
    for pkg, test, text in failures:
        out += [
            f"--- FAIL: {test} (0.{len(test) % 9 + 1}4s)",
            text,
            "FAIL",
            f"FAIL\tgithub.com/tsetseg/malchin/{pkg}\t3.{len(pkg) % 9}1s",
        ]
    for pkg, secs in pkgs:
        out.append(f"ok  \tgithub.com/tsetseg/malchin/{pkg}\t{secs:.3f}s")
    if failures:
        out.append("FAIL")
    return "\n".join(out)


def vitest_run(files: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), *, secs: float = 1.84) -> str:
    """`pnpm vitest run`: files are (path, number of tests); failures are (path, test name, error line)."""
    out = [f" RUN  v3.2.1 {TAL}", ""]
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 31ms")
            for _, name, err in bad:
                out += [f"   × {name} 9ms", f"     → {err}"]
        else:
            out.append(f" ✓ {path} ({n} tests) {6 + n}ms")
    nf = len({f for f, *_ in failures})
    n_tests = sum(n for _, n in files)
    out += [
        "",
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Duration  {secs:.2f}s",
    ]
    return "\n".join(out)


def playwright_run(passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 14.2) -> str:
    """`pnpm exec playwright test`: passed titles, failures as (title, error text)."""
    n = len(passed) + len(failures)
    out = [f"Running {n} tests using {min(n, 4)} workers", ""]
    for i, title in enumerate(passed, 1):
        out.append(f"  ✓  {i} [chromium] › {title} ({0.8 + i * 0.3:.1f}s)")
    for k, (title, _) in enumerate(failures, len(passed) + 1):
        out.append(f"  ✘  {k} [chromium] › {title} (30.0s)")
    for k, (title, err) in enumerate(failures, 1):
        out += ["", f"  {k}) [chromium] › {title} ─────────────────────", "", err, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
    out.append(f"  {len(passed)} passed ({secs:.1f}s)")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
