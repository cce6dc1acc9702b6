"""Realistic-looking command output for Wanjiru's two projects: west build and Twister for shamba-node, go test,
golangci-lint and kubectl for shamba-ingest, and git."""

from __future__ import annotations

from transcript_kit import INGEST, NODE

__all__ = ["INGEST", "NODE", "git_commit", "go_test", "twister_run", "west_build"]


def west_build(
    board: str = "nrf52840dk/nrf52840",
    *,
    flash_used: int = 201344,
    flash_size: int = 237568,
    ram_used: int = 41288,
    steps: int = 231,
    pristine: bool = False,
) -> str:
    """`west build` (Zephyr 3.7 + sysbuild with MCUboot): the tail with the memory report of the app image."""
    out = []
    if pristine:
        out += [
            "-- west build: making build dir /home/wanjiru/code/shamba-node/build pristine",
            "-- west build: generating a build system",
            "Loading Zephyr default modules (Zephyr base).",
            "-- Application: /home/wanjiru/code/shamba-node/app",
            f"-- Board: {board.split('/')[0]}, qualifiers: {board.split('/')[1]}",
            "-- Zephyr version: 3.7.0 (/home/wanjiru/zephyrproject/zephyr)",
            "-- Found devicetree overlay: /home/wanjiru/code/shamba-node/app/boards/nrf52840dk_nrf52840.overlay",
            "-- Configuring done (6.3s)",
            "-- Generating done (0.1s)",
        ]
    out += [
        "-- west build: building application",
        f"[1/{steps}] Generating include/generated/zephyr/version.h",
        f"[{steps - 6}/{steps}] Linking C executable zephyr/zephyr.elf",
        "Memory region         Used Size  Region Size  %age Used",
        f"           FLASH:      {flash_used} B     {flash_size} B     {100 * flash_used / flash_size:6.2f}%",
        f"             RAM:       {ram_used} B       256 KB     {100 * ram_used / 262144:6.2f}%",
        "        IDT_LIST:          0 GB        32 KB      0.00%",
        f"[{steps - 2}/{steps}] Generating files from zephyr/zephyr.elf for board: {board.split('/')[0]}",
        f"[{steps}/{steps}] Completed 'app'",
    ]
    return "\n".join(out)


def twister_run(
    tests: list[tuple[str, str]], *, platform: str = "native_sim/native", secs: float = 41.3, coverage: bool = False
) -> str:
    """`west twister` on one platform: tests are (suite.case, PASS/FAIL/...); the summary lines at the end."""
    out = [
        'ZEPHYR_BASE unset, using "/home/wanjiru/zephyrproject/zephyr"',
        "Renaming output directory to /home/wanjiru/code/shamba-node/twister-out.1",
        "INFO    - Using Ninja..",
        "INFO    - Zephyr version: v3.7.0",
        "INFO    - Using 'zephyr' toolchain.",
        "INFO    - Building initial testsuite list...",
        "INFO    - JOBS: 16",
        "INFO    - Adding tasks to the queue...",
        "INFO    - Added initial list of jobs to queue",
    ]
    suites = sorted({t.rsplit(".", 1)[0] for t, _ in tests})
    bad = [t for t, r in tests if r != "PASS"]
    for i, s in enumerate(suites, 1):
        res = "FAILED" if any(t.startswith(s + ".") for t in bad) else "PASSED"
        out.append(
            f"INFO    - {i}/{len(suites)} {platform:<20} tests/{s.split('.')[-1]:<28} {res} (native {secs / 3:.3f}s)"
        )
    n_ok = len(suites) - len({t.rsplit(".", 1)[0] for t in bad})
    out += [
        "",
        f"INFO    - {len(suites)} test scenarios ({len(suites)} configurations) selected, 0 configurations filtered (0 by "
        "static filter, 0 at runtime).",
        f"INFO    - {n_ok} of {len(suites)} executed test configurations passed ({100 * n_ok / len(suites):.2f}%), "
        f"{len(suites) - n_ok} failed, 0 errored, with no warnings in {secs:.2f} seconds.",
        f"INFO    - {len(tests) - len(bad)} of {len(tests)} executed test cases passed "
        f"({100 * (len(tests) - len(bad)) / len(tests):.2f}%), {len(bad)} failed on 1 out of total 1 platforms "
        "(100.00%).",
    ]
    if coverage:
        out.append("INFO    - Generating coverage files...")
        out.append(
            "INFO    - Using gcov tool: /home/wanjiru/zephyr-sdk-0.16.8/x86_64-zephyr-elf/bin/x86_64-zephyr-elf-gcov"
        )
    out.append("INFO    - Saving reports...")
    out.append("INFO    - Writing JSON report /home/wanjiru/code/shamba-node/twister-out/twister.json")
    return "\n".join(out)


def go_test(pkgs: list[tuple[str, float]], failures: str = "", *, failed_pkg: str | None = None) -> str:
    """`go test ./...`: ok lines per package; a failing package prints its output and FAIL lines."""
    out = []
    if failures:
        out.append(failures.strip("\n"))
        out.append("FAIL")
        out.append(f"FAIL\t{failed_pkg}\t{12.402:.3f}s")
    for p, secs in pkgs:
        out.append(f"ok  \tgithub.com/wanjiru-k/shamba-ingest/{p}\t{secs:.3f}s")
    if failures:
        out.append("FAIL")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
