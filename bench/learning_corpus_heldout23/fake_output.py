"""Realistic-looking command output for Callum's two projects: Vitest (workers pool) runs for tidewatch, go test
and golden-file failures for ferryfeed, and git."""

from __future__ import annotations

from transcript_kit import FERRY, TIDE

__all__ = ["FERRY", "TIDE", "git_commit", "go_test", "vitest"]


def vitest(passed: int, failures: list[tuple[str, str, str]] = (), *, files: int = 6, ms: int = 2310) -> str:
    """`npx vitest run` output: failures are (file, test name, error line)."""
    out = [f" RUN  v2.1.8 {TIDE}", ""]
    bad_files = sorted({f for f, _, _ in failures})
    for f in bad_files:
        n = sum(1 for x in failures if x[0] == f)
        out.append(f" ❯ {f} ({n + 3} tests | {n} failed) 418ms")
        for ff, name, err in failures:
            if ff == f:
                out += [f"   × {name} 41ms", f"     → {err}"]
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for f, name, err in failures:
            out += [f" FAIL  {f} > {name}", f"Error: {err}", f" ❯ {f}:{30 + len(name) % 40}:7", ""]
    failed = len(failures)
    tf = f"{len(bad_files)} failed | {files - len(bad_files)} passed" if failed else f"{files} passed"
    tt = f"{failed} failed | {passed} passed" if failed else f"{passed} passed"
    out += [
        f" Test Files  {tf} ({files})",
        f"      Tests  {tt} ({passed + failed})",
        "   Start at  10:14:02",
        f"   Duration  {ms / 1000:.2f}s (transform 212ms, setup 96ms, collect 640ms, tests {ms // 3}ms)",
    ]
    return "\n".join(out)


def go_test(pkgs: list[tuple[str, str]], fails: list[str] = ()) -> str:
    """`go test ./...` output: fails are the FAIL blocks, pkgs are (package, 'ok'|'FAIL')."""
    out = list(fails)
    if fails:
        out.append("FAIL")
    for pkg, st in pkgs:
        mod = f"github.com/callumrennie/ferryfeed/{pkg}"
        out.append(f"ok  \t{mod}\t0.{len(pkg) * 17 % 900:03d}s" if st == "ok" else f"FAIL\t{mod}\t0.214s")
    if fails:
        out.append("FAIL")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
