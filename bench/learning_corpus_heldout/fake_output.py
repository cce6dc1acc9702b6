"""Realistic-looking command output for the two projects: cargo / nextest / clippy, pytest, dbt, git."""

from __future__ import annotations

TALLY = "/home/lin/code/tally"
ETL = "/home/lin/work/etl"
# tally's crate version in cargo output; scenarios_tally sets it per session (0.3.0 from the release on 12 Oct)
CRATE = {"tally": "0.3.0"}


# -- rust ---------------------------------------------------------------------------------------------------------
def compiling(crates: list[str] = (), *, profile: str = "test", secs: float = 3.8) -> list[str]:
    out = [f"   Compiling {c}" for c in crates]
    out.append(f"   Compiling tally v{CRATE['tally']} ({TALLY})")
    label = "`test` profile [unoptimized + debuginfo]" if profile == "test" else f"`{profile}` profile [optimized]"
    out.append(f"    Finished {label} target(s) in {secs:.2f}s")
    return out


def cargo_test(
    tests: list[tuple[str, str]],
    *,
    failures: list[tuple[str, str]] = (),
    binary: str = "unittests src/main.rs (target/debug/deps/tally-5b1e0c9a2f7d3e44)",
    compile_lines: list[str] | None = None,
    secs: float = 0.04,
    filtered: int = 0,
) -> str:
    """tests: (name, ok|FAILED|ignored); failures: (name, stdout block)."""
    out = list(compile_lines if compile_lines is not None else compiling())
    out.append(f"     Running {binary}")
    out.append("")
    out.append(f"running {len(tests)} test{'s' if len(tests) != 1 else ''}")
    for name, res in tests:
        out.append(f"test {name} ... {res}")
    failed = [n for n, r in tests if r == "FAILED"]
    passed = sum(1 for _, r in tests if r == "ok")
    ignored = sum(1 for _, r in tests if r == "ignored")
    if failed:
        out.append("")
        out.append("failures:")
        out.append("")
        for name, block in failures:
            out.append(f"---- {name} stdout ----")
            out.append(block)
            out.append("")
        out.append("")
        out.append("failures:")
        out.extend(f"    {n}" for n in failed)
        out.append("")
    status = "FAILED" if failed else "ok"
    out.append(
        f"test result: {status}. {passed} passed; {len(failed)} failed; {ignored} ignored; 0 measured; "
        f"{filtered} filtered out; finished in {secs:.2f}s"
    )
    out.append("")
    if failed:
        out.append("error: test failed, to rerun pass `--bin tally`")
    return "\n".join(out)


def nextest(
    results: list[tuple[str, str, float]],
    *,
    run_id: str,
    compile_lines: list[str] | None = None,
    failures: list[tuple[str, str]] = (),
    secs: float = 0.61,
) -> str:
    """results: (id like 'tally report::tests::x', PASS|FAIL|FLAKY|SIGABRT, seconds)."""
    out = list(compile_lines if compile_lines is not None else compiling(secs=0.42))
    out.append("────────────")
    out.append(f" Nextest run ID {run_id} with nextest profile: default")
    out.append(f"    Starting {len(results)} test{'s' if len(results) != 1 else ''} across 2 binaries")
    flaky = 0
    for name, res, t in results:
        if res == "FLAKY":
            flaky += 1
            out.append(f"   TRY 1 FAIL [{t:>8.3f}s] {name}")
            out.append(f"   TRY 2 PASS [{t:>8.3f}s] {name}")
            out.append(f"  FLAKY 2/2 [{t:>8.3f}s] {name}")
        else:
            out.append(f"{res:>8} [{t:>8.3f}s] {name}")
    fails = [n for n, r, _ in results if r in ("FAIL", "SIGABRT")]
    for name, block in failures:
        out.append("")
        out.append(f"--- STDERR:              {name} ---")
        out.append(block)
    out.append("────────────")
    passed = sum(1 for _, r, _ in results if r in ("PASS", "FLAKY"))
    extra = f" ({flaky} flaky)" if flaky else ""
    tail = f", {len(fails)} failed" if fails else ""
    out.append(f"     Summary [{secs:>8.3f}s] {len(results)} tests run: {passed} passed{extra}{tail}, 0 skipped")
    for name in fails:
        out.append(f"        FAIL [   0.012s] {name}")
    if fails:
        out.append("error: test run failed")
    return "\n".join(out)


def clippy(warnings: list[str] = (), *, deny: bool = False, secs: float = 2.9) -> str:
    out = [f"    Checking tally v{CRATE['tally']} ({TALLY})"]
    out.extend(warnings)
    if warnings and deny:
        out.append(f'error: could not compile `tally` (bin "tally") due to {len(warnings)} previous errors')
    elif warnings:
        out.append(f'warning: `tally` (bin "tally") generated {len(warnings)} warnings')
        out.append(f"    Finished `dev` profile [unoptimized + debuginfo] target(s) in {secs:.2f}s")
    else:
        out.append(f"    Finished `dev` profile [unoptimized + debuginfo] target(s) in {secs:.2f}s")
    return "\n".join(out)


# -- python / dbt -------------------------------------------------------------------------------------------------
def pytest_out(
    files: list[tuple[str, str]],
    *,
    secs: float,
    failures: list[str] = (),
    errors: list[str] = (),
    short: list[str] = (),
) -> str:
    chars = "".join(c for _, c in files)
    total = len(chars)
    out = [
        " test session starts ".center(80, "="),
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {ETL}",
        "configfile: pyproject.toml",
        "plugins: cov-5.0.0, mock-3.14.0",
        f"collected {total} items",
        "",
    ]
    done = 0
    for path, c in files:
        done += len(c)
        out.append(f"{path} {c}".ljust(74) + f"[{int(done * 100 / total):>3}%]")
    if errors:
        out += ["", " ERRORS ".center(80, "="), *errors]
    if failures:
        out += ["", " FAILURES ".center(80, "="), *failures]
    if short:
        out += [" short test summary info ".center(80, "="), *short]
    parts = []
    if chars.count("F"):
        parts.append(f"{chars.count('F')} failed")
    if chars.count("."):
        parts.append(f"{chars.count('.')} passed")
    if chars.count("E"):
        parts.append(f"{chars.count('E')} error{'s' if chars.count('E') > 1 else ''}")
    out.append(f" {', '.join(parts)} in {secs:.2f}s ".center(80, "="))
    return "\n".join(out)


def dbt(
    cmd: str,
    nodes: list[tuple[str, str, str]],
    *,
    clock: str = "06:12:03",
    target: str = "dev",
    adapter: str = "duckdb",
    errors: list[str] = (),
    secs: float = 4.1,
) -> str:
    """nodes: (kind like 'sql table model main.stg_transactions', OK|ERROR|PASS|FAIL n|WARN n, detail)."""
    out = [
        f"{clock}  Running with dbt=1.8.7",
        f"{clock}  Registered adapter: {adapter}=1.8.4",
        f"{clock}  Found 14 models, 2 seeds, 31 data tests, 5 sources, 471 macros",
        f"{clock}  ",
        f"{clock}  Concurrency: 4 threads (target='{target}')",
        f"{clock}  ",
    ]
    n = len(nodes)
    for i, (kind, status, detail) in enumerate(nodes, 1):
        word = "START" if False else status
        label = f"{i} of {n} {word} {kind} "
        out.append(f"{clock}  {label.ljust(68, '.')} [{status} {detail}]".rstrip())
    out.append(f"{clock}  ")
    out.append(f"{clock}  Finished running {n} nodes in 0 hours 0 minutes and {secs:.2f} seconds ({secs:.2f}s).")
    bad = [s for _, s, _ in nodes if s.startswith(("ERROR", "FAIL"))]
    warn = [s for _, s, _ in nodes if s.startswith("WARN")]
    if bad or errors:
        out.append(f"{clock}  ")
        out.append(f"{clock}  Completed with {max(len(bad), len(errors))} error(s) and {len(warn)} warning(s):")
        for e in errors:
            out.append(f"{clock}  ")
            out.extend(f"{clock}  {line}" for line in e.split("\n"))
    else:
        out.append(f"{clock}  ")
        out.append(f"{clock}  Completed successfully")
    ok = n - len(bad) - len(warn)
    out.append(f"{clock}  ")
    out.append(f"{clock}  Done. PASS={ok} WARN={len(warn)} ERROR={len(bad)} SKIP=0 TOTAL={n}")
    del cmd
    return "\n".join(out)


# -- git ----------------------------------------------------------------------------------------------------------
def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n"
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    )


def git_push(repo: str, branch: str, *, new: bool = True, old: str = "", newsha: str = "") -> str:
    lines = [
        "Enumerating objects: 17, done.",
        "Counting objects: 100% (17/17), done.",
        "Delta compression using up to 8 threads",
        "Compressing objects: 100% (9/9), done.",
        "Writing objects: 100% (9/9), 1.87 KiB | 1.87 MiB/s, done.",
        "Total 9 (delta 6), reused 0 (delta 0), pack-reused 0 (from 0)",
        "remote: Resolving deltas: 100% (6/6), completed with 6 local objects.",
    ]
    if new:
        lines += [
            "remote: ",
            f"remote: Create a pull request for '{branch}' on GitHub by visiting:",
            f"remote:      https://github.com/{repo}/pull/new/{branch}",
            "remote: ",
            f"To github.com:{repo}.git",
            f" * [new branch]      {branch} -> {branch}",
            f"branch '{branch}' set up to track 'origin/{branch}'.",
        ]
    else:
        lines += [f"To github.com:{repo}.git", f"   {old}..{newsha}  {branch} -> {branch}"]
    return "\n".join(lines)
