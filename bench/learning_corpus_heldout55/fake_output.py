"""Realistic-looking command output for Gunnar's two projects on Arch Linux: cargo test and probe-rs/defmt for
hverfill, dune test (alcotest) for vedurstofa, and git."""

from __future__ import annotations

from transcript_kit import HVE, VED

__all__ = ["HVE", "VED", "alcotest_run", "cargo_test", "git_commit", "probe_run"]


def cargo_test(crate: str, passed: list[str], failures: list[tuple[str, str]] = (), *, secs: float = 0.04) -> str:
    """`cargo test -p <crate>` on the host: passed test names, failures as (name, panic text)."""
    n = len(passed) + len(failures)
    out = [
        f"   Compiling {crate} v0.3.0 ({HVE}/{crate})",
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 2.87s",
        f"     Running unittests src/lib.rs (target/x86_64-unknown-linux-gnu/debug/deps/{crate.replace('-', '_')}-"
        "4be1c07a9d1f3e22)",
        "",
        f"running {n} tests",
    ]
    out += [f"test {t} ... ok" for t in passed]
    out += [f"test {t} ... FAILED" for t, _ in failures]
    if failures:
        out += ["", "failures:", ""]
        for t, err in failures:
            out += [f"---- {t} stdout ----", err, ""]
        out += ["", "failures:"] + [f"    {t}" for t, _ in failures]
    status = "FAILED" if failures else "ok"
    out += [
        "",
        f"test result: {status}. {len(passed)} passed; {len(failures)} failed; 0 ignored; 0 measured; 0 filtered "
        f"out; finished in {secs:.2f}s",
    ]
    return "\n".join(out)


def probe_run(lines: list[str], *, elf: str = "hverfill") -> str:
    """`cargo run --release` with probe-rs as the runner: flashing, then defmt lines ("secs LEVEL text")."""
    out = [
        "    Finished `release` profile [optimized + debuginfo] target(s) in 0.19s",
        f"     Running `probe-rs run --chip RP2040 --protocol swd target/thumbv6m-none-eabi/release/{elf}`",
        "      Erasing ✔ 100% [####################] 132.00 KiB @  61.40 KiB/s (took 2s)",
        "  Programming ✔ 100% [####################] 132.00 KiB @  38.95 KiB/s (took 3s)",
        "     Finished in 5.52s",
    ]
    out += [f"{t} {text}" for t, text in (x.split(" ", 1) for x in lines)]
    return "\n".join(out)


def alcotest_run(suite: str, cases: list[tuple[str, str, bool]], failure: str = "", *, secs: float = 0.214) -> str:
    """`dune test`: cases are (group, name, ok); a failure's text is printed after the summary."""
    out = [f"Testing `{suite}'.", f"This run has ID `{'K3Q9VZ1A' if failure else 'P7M2X0TD'}'.", ""]
    for i, (group, name, ok) in enumerate(cases):
        mark = "[OK]  " if ok else "[FAIL]"
        out.append(f"  {mark}          {group:<16}{i:>4}   {name}.")
    bad = [c for c in cases if not c[2]]
    if bad:
        g, name, _ = bad[0]
        out += [
            "",
            "┌──────────────────────────────────────────────────────────────────────────────┐",
            f"│ [FAIL]          {g:<16}{cases.index(bad[0]):>4}   {name}.{' ' * max(1, 38 - len(name))}│",
            "└──────────────────────────────────────────────────────────────────────────────┘",
            failure,
            f"Logs saved to `{VED}/_build/default/test/_build/_tests/{suite}/{g}.{cases.index(bad[0]):03d}.output'.",
            " ──────────────────────────────────────────────────────────────────────────────",
            "",
            f"Full test results in `{VED}/_build/default/test/_build/_tests/{suite}'.",
            f"{len(bad)} failure! in {secs:.3f}s. {len(cases)} tests run.",
        ]
    else:
        out += [
            "",
            f"Full test results in `{VED}/_build/default/test/_build/_tests/{suite}'.",
            f"Test Successful in {secs:.3f}s. {len(cases)} tests run.",
        ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
