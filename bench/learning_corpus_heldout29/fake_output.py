"""Realistic-looking command output for Wei's two projects: go test (testify), golangci-lint and docker compose
for kuaidi-go; vitest, the uni-app build and the WeChat devtools CLI for kuaidi-mp; and git."""

from __future__ import annotations

from transcript_kit import GO, MP

__all__ = ["DEVTOOLS", "GO", "MODULE", "MP", "git_commit", "go_test", "mp_build", "vitest_run"]

MODULE = "github.com/kuaidi-team/kuaidi-go"
DEVTOOLS = "/Applications/wechatwebdevtools.app/Contents/MacOS/cli"


def go_test(
    ok: list[str],
    failures: list[tuple[str, str, str, str, str]] = (),
    *,
    secs: float = 0.412,
    verbose_ok: list[str] = (),
) -> str:
    """`go test ./...`: ok packages (relative to the module), failures as (package, test, file:line, expected,
    actual) printed the way testify's assert.Equal prints them."""
    out: list[str] = [f"=== RUN   {t}\n--- PASS: {t} (0.00s)" for t in verbose_ok]
    failed_pkgs: list[str] = []
    for pkg, test, where, exp, got in failures:
        top, _, sub = test.partition("/")
        file, line = where.split(":")
        if sub:
            out.append(f"--- FAIL: {top} (0.01s)\n    --- FAIL: {test} (0.00s)")
            indent = "        "
        else:
            out.append(f"--- FAIL: {test} (0.01s)")
            indent = "    "
        out.append(
            f"{indent}{file}:{line}: \n"
            f"{indent}    \tError Trace:\t{GO}/{pkg}/{file}:{line}\n"
            f"{indent}    \tError:      \tNot equal: \n"
            f"{indent}    \t            \texpected: {exp}\n"
            f"{indent}    \t            \tactual  : {got}\n"
            f"{indent}    \tTest:       \t{test}"
        )
        if pkg not in failed_pkgs:
            failed_pkgs.append(pkg)
    for pkg in failed_pkgs:
        out.append(f"FAIL\nFAIL\t{MODULE}/{pkg}\t{secs:.3f}s")
    for pkg in ok:
        out.append(f"ok  \t{MODULE}/{pkg}\t{secs / 2 + len(pkg) / 100:.3f}s")
    if failed_pkgs:
        out.append("FAIL")
    return "\n".join(out)


def vitest_run(
    files: list[tuple[str, int]],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    start: str = "15:02:37",
    secs: float = 1.27,
) -> str:
    """`pnpm vitest run`: files are (path, number of tests); failures are (path, test name, expected, received)."""
    out = [f" RUN  v2.1.8 {MP}", ""]
    failed_files = {f for f, *_ in failures}
    for path, n in files:
        bad = [x for x in failures if x[0] == path]
        if bad:
            out.append(f" ❯ {path} ({n} tests | {len(bad)} failed) 14ms")
            for _, name, exp, got in bad:
                out.append(f"   × {name} 5ms")
                out.append(f"     → expected '{got}' to be '{exp}' // Object.is equality")
        else:
            out.append(f" ✓ {path} ({n} tests) {5 + n}ms")
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for path, name, exp, got in failures:
            out += [
                f" FAIL  {path} > {name}",
                f"AssertionError: expected '{got}' to be '{exp}' // Object.is equality",
                "",
                f"- Expected\n+ Received\n\n- {exp}\n+ {got}",
                "",
                f" ❯ {path}:14:38",
                "",
            ]
    n_tests = sum(n for _, n in files)
    nf = len(failed_files)
    out += [
        f" Test Files  {f'{nf} failed | ' if nf else ''}{len(files) - nf} passed ({len(files)})",
        f"      Tests  {f'{len(failures)} failed | ' if failures else ''}{n_tests - len(failures)} passed ({n_tests})",
        f"   Start at  {start}",
        f"   Duration  {secs:.2f}s (transform 61ms, setup 0ms, collect 88ms, tests 21ms, environment 0ms, prepare 64ms)",
    ]
    return "\n".join(out)


def mp_build(size_kb: int = 1184) -> str:
    """`pnpm build:mp-weixin` (uni-app on vite 5)."""
    return (
        "\n> kuaidi-mp@0.4.0 build:mp-weixin " + MP + "\n> uni build -p mp-weixin\n\n"
        "编译器版本：4.29（vue3）\n正在编译中...\n"
        f"DONE  Build complete. ({size_kb} KB)\n"
        "运行方式：打开 微信开发者工具, 导入 dist/build/mp-weixin 运行。"
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
