"""Realistic-looking command output for Dev's two projects: GUT runs under headless Godot 4.3, gdformat/gdlint for
skyhop; go test, golangci-lint and sqlc for skyhop-backend; git for both."""

from __future__ import annotations

from transcript_kit import SB, SK

__all__ = ["SB", "SK", "git_commit", "go_test", "gut_run"]

GODOT_BANNER = "Godot Engine v4.3.stable.official.77dcf97d8 - https://godotengine.org\n"


def gut_run(
    scripts: list[tuple[str, list[str]]],
    failures: list[tuple[str, str, str, int]] = (),
    *,
    secs: float = 2.114,
    asserts: int | None = None,
) -> str:
    """`godot --headless -s addons/gut/gut_cmdln.gd ...` (GUT 9.3): scripts are (res:// path, test names);
    failures are (test name, the assert's message, its text, line)."""
    bad = {f[0]: f for f in failures}
    out = [GODOT_BANNER, "---  GUT  ---", "[INFO]:  using [res://.gutconfig.json] for configuration"]
    n = 0
    for path, tests in scripts:
        out.append(path)
        for t in tests:
            n += 1
            out.append(f"* {t}")
            if t in bad:
                _, kind, text, line = bad[t]
                out.append(f"    [Failed]:  {kind}:  {text}")
                out.append(f"      at line {line}")
    out += [
        "",
        "==============================================",
        "= Run Summary",
        "==============================================",
        "",
    ]
    for path, tests in scripts:
        for t in tests:
            if t in bad:
                _, kind, text, line = bad[t]
                out += [path, f"- {t}", f"    [Failed]:  {kind}:  {text}", f"      at line {line}"]
    out += [
        "",
        "---- Totals ----",
        f"Scripts               {len(scripts)}",
        f"Tests                 {n}",
        f"  Passing             {n - len(failures)}",
    ]
    if failures:
        out.append(f"  Failing             {len(failures)}")
    out += [f"Asserts               {asserts or n * 2}", f"Time                  {secs:.3f}s", ""]
    out.append(f"---- {len(failures)} failing tests ----" if failures else "---- All tests passed! ----")
    return "\n".join(out)


def go_test(pkgs: list[tuple[str, float]], failures: list[tuple[str, str, list[str]]] = ()) -> str:
    """`go test ./...`: pkgs are (package under the module, seconds); failures are (package, test, its log lines)."""
    mod = "github.com/devkulkarni/skyhop-backend"
    out = []
    failed = {f[0] for f in failures}
    for pkg, secs in pkgs:
        for p, test, logs in failures:
            if p == pkg:
                out.append(f"--- FAIL: {test} ({secs - 0.1:.2f}s)")
                out += [f"    {x}" for x in logs]
        if pkg in failed:
            out += ["FAIL", f"FAIL\t{mod}/{pkg}\t{secs:.3f}s"]
        elif pkg.endswith("(none)"):
            out.append(f"?   \t{mod}/{pkg[:-7]}\t[no test files]")
        else:
            out.append(f"ok  \t{mod}/{pkg}\t{secs:.3f}s")
    if failed:
        out.append("FAIL")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
