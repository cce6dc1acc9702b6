"""Realistic-looking command output for Haruto's two projects on Ubuntu 24.04: west build / flash and twister for
kikai-fw (Zephyr 3.7, Zephyr SDK 0.16.8, an nRF52840 DK), pytest, mypy, ruff and docker compose for kikai-gateway,
and git."""

from __future__ import annotations

from transcript_kit import FW, GW

__all__ = ["FW", "GW", "git_commit", "mypy_ok", "pytest_run", "ruff_ok", "twister_run", "west_build", "west_flash"]

ZEPHYR = "/home/haruto/work/zephyr"
SDK = "/home/haruto/zephyr-sdk-0.16.8"


def west_build(
    app: str = "app",
    *,
    board: str = "nrf52840dk/nrf52840",
    flash: int = 61432,
    ram: int = 18744,
    steps: int = 168,
    pristine: bool = True,
    overlay: bool = True,
) -> str:
    """`west build -b <board> <app>`: the CMake preamble on a fresh build, then ninja and the memory report."""
    name, qual = board.split("/")
    out = []
    if pristine:
        out += [
            "-- west build: generating a build system",
            "Loading Zephyr default modules (Zephyr base).",
            f"-- Application: {FW}/{app}",
            "-- CMake version: 3.28.3",
            '-- Found Python3: /usr/bin/python3 (found suitable version "3.12.3", minimum required is "3.10") '
            "found components: Interpreter",
            "-- Cache files will be written to: /home/haruto/.cache/zephyr",
            f"-- Zephyr version: 3.7.0 ({ZEPHYR})",
            '-- Found west (found suitable version "1.2.0", minimum required is "0.14.0")',
            f"-- Board: {name}, qualifiers: {qual}",
            f"-- Found host-tools: zephyr 0.16.8 ({SDK})",
            f"-- Found toolchain: zephyr 0.16.8 ({SDK})",
            f"-- Found BOARD.dts: {ZEPHYR}/boards/nordic/{name}/{name}_{qual}.dts",
        ]
        if overlay:
            out.append(f"-- Found devicetree overlay: {FW}/{app}/boards/{name}_{qual}.overlay")
        out += [
            f"-- Generated zephyr.dts: {FW}/build/zephyr/zephyr.dts",
            f"-- Generated devicetree_generated.h: {FW}/build/zephyr/include/generated/zephyr/devicetree_generated.h",
            f"Parsing {ZEPHYR}/Kconfig",
            f"Loaded configuration '{ZEPHYR}/boards/nordic/{name}/{name}_{qual}_defconfig'",
            f"Merged configuration '{FW}/{app}/prj.conf'",
            f"Configuration saved to '{FW}/build/zephyr/.config'",
            "-- Configuring done (4.1s)",
            "-- Generating done (0.1s)",
            f"-- Build files have been written to: {FW}/build",
            "-- west build: building application",
        ]
    out += [
        f"[1/{steps}] Generating include/generated/zephyr/version.h",
        f"[{steps}/{steps}] Linking C executable zephyr/zephyr.elf",
        "Memory region         Used Size  Region Size  %age Used",
        f"           FLASH:      {flash:>6} B         1 MB     {flash * 100 / 1048576:5.2f}%",
        f"             RAM:      {ram:>6} B       256 KB     {ram * 100 / 262144:5.2f}%",
        "        IDT_LIST:          0 GB        32 KB      0.00%",
        f"Generating files from {FW}/build/zephyr/zephyr.elf for board: {name}",
    ]
    return "\n".join(out)


def west_flash(runner: str = "nrfjprog", serial: str = "683007782") -> str:
    """`west flash` with the nrfjprog or the nrfutil runner."""
    head = ["-- west flash: rebuilding", "ninja: no work to do.", f"-- west flash: using runner {runner}"]
    if runner == "nrfjprog":
        body = [
            "-- runners.nrfjprog: reset after flashing requested",
            f"Using board {serial}",
            f"-- runners.nrfjprog: Flashing file: {FW}/build/zephyr/zephyr.hex",
            "[ #################### ]   0.212s | Erase file - Done erasing",
            "[ #################### ]   1.623s | Program file - Done programming",
            "[ #################### ]   1.640s | Verify file - Done verifying",
            "Applying pin reset.",
            f"-- runners.nrfjprog: Board with serial number {serial} flashed successfully.",
        ]
    else:
        body = [
            "-- runners.nrfutil: reset after flashing requested",
            f"Using board {serial}",
            f"-- runners.nrfutil: Flashing file: {FW}/build/zephyr/zephyr.hex",
            f"-- runners.nrfutil: Board(s) with serial number(s) {serial} flashed successfully.",
        ]
    return "\n".join(head + body)


def twister_run(
    results: list[tuple[str, str, str]],
    *,
    root: str = "tests",
    platform: str = "nrf52840dk/nrf52840",
    device: bool = True,
    secs: float = 48.31,
) -> str:
    """`west twister -T <root> ...`: results are (test scenario, status, detail); status PASSED, FAILED or ERROR."""
    plat = platform.replace("/", "_")
    out = [
        "INFO    - Using Ninja..",
        "INFO    - Zephyr version: v3.7.0",
        "INFO    - Using 'zephyr' toolchain.",
        "INFO    - Building initial testsuite list...",
        f"INFO    - Writing JSON report {FW}/twister-out/testplan.json",
        "INFO    - JOBS: 8",
        "INFO    - Adding tasks to the queue...",
        "INFO    - Added initial list of jobs to queue",
    ]
    n = len(results)
    dev = " (device: 683007782, {s:.3f}s)" if device else " (qemu {s:.3f}s)"
    for i, (scenario, status, detail) in enumerate(results, 1):
        path = scenario.split(".")[1]
        tail = dev.format(s=4.2 + 3.1 * i)
        if status == "PASSED":
            out.append(f"INFO    - {i:>2}/{n} {platform:<22} {scenario:<32} PASSED{tail}")
        else:
            out.append(f"ERROR   - {i:>2}/{n} {platform:<22} {scenario:<32} {status} : {detail}{tail}")
            out.append(f"ERROR   - see: {FW}/twister-out/{plat}/{root}/{path}/{scenario}/handler.log")
    failed = sum(1 for _, st, _ in results if st == "FAILED")
    errored = sum(1 for _, st, _ in results if st == "ERROR")
    passed = n - failed - errored
    out += [
        "",
        f"INFO    - {passed} of {n} executed test configurations passed ({passed * 100 / n:.2f}%), {failed} failed, "
        f"{errored} errored, 0 skipped with 0 warnings in {secs:.2f} seconds",
        f"INFO    - {n} of {n} executed test configurations were executed on 1 platform",
        f"INFO    - Saving reports to {FW}/twister-out/twister.json",
        "INFO    - The following issues were found (showing the top 10 items):" if failed or errored else "",
    ]
    for scenario, status, detail in results:
        if status != "PASSED":
            out.append(f"INFO    - 1) {scenario} on {platform} {status.lower()} ({detail})")
    return "\n".join(x for x in out if x)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 2.84, skipped: int = 0) -> str:
    """`uv run pytest` on Ubuntu 24.04: failures are (test id, the error's text; last line the summary's reason)."""
    n = passed + len(failures) + skipped
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.3, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {GW}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.6.2",
        f"collected {n} items",
        "",
    ]
    files = sorted({f.split("::")[0] for f, _ in failures})
    for f in files:
        out.append(f"{f} " + "." * 3 + "F" * sum(1 for x, _ in failures if x.startswith(f)))
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for test, err in failures:
            name = test.split("::")[-1]
            out += [f"_______________________________ {name} _______________________________", "", err, ""]
        out.append("=========================== short test summary info ============================")
        for test, err in failures:
            out.append(f"FAILED {test} - {err.splitlines()[-1][:100]}")
        tail = f"{len(failures)} failed, {passed} passed" + (f", {skipped} skipped" if skipped else "")
        out.append(f"========================= {tail} in {secs:.2f}s =========================")
    else:
        tail = f"{passed} passed" + (f", {skipped} skipped" if skipped else "")
        out.append(f"============================== {tail} in {secs:.2f}s ==============================")
    return "\n".join(out)


def mypy_ok(files: int) -> str:
    return f"Success: no issues found in {files} source files"


def ruff_ok() -> str:
    return "All checks passed!"


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
