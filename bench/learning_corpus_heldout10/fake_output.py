"""Realistic-looking command output for Mehmet's two projects: Pest 3 / PHPStan (Larastan) / Pint / Sail for the
rota-api Laravel 11 API, and ESP-IDF 5.2 (idf.py build/flash/monitor, panic output with a decoded backtrace) and
host-side Unity tests under CTest for the rota-firmware ESP32 tracker, plus git."""

from __future__ import annotations

from transcript_kit import API, FW

__all__ = ["API", "FW", "ctest_run", "git_commit", "guru", "idf_build", "pest", "phpstan"]


def pest(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "4.21") -> str:
    """`php artisan test` (Pest 3) output: a few PASS lines, FAIL blocks, then the totals."""
    out = ["", "   PASS  Tests\\Unit\\MoneyTest", "  ✓ it formats kurus as lira", ""]
    for name, _body in failures:
        cls, _, test = name.partition(" > ")
        out += [f"   FAIL  {cls}", f"  ⨯ {test}", ""]
    for name, body in failures:
        out += ["  " + "─" * 60, f"   FAILED  {name}", body, ""]
    f = len(failures)
    head = f"{f} failed, {passed} passed" if f else f"{passed} passed"
    out += [f"  Tests:    {head} ({passed * 2 + f} assertions)", f"  Duration: {secs}s"]
    return "\n".join(out)


def phpstan(errors: list[tuple[str, int, str, str]]) -> str:
    """`vendor/bin/phpstan analyse` at level 8: a table per file, then the verdict."""
    if not errors:
        return " 63/63 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n\n [OK] No errors"
    out = [" 63/63 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%", ""]
    for path, line, msg, ident in errors:
        out += [
            " ------ " + "-" * 60,
            f"  Line   {path}",
            " ------ " + "-" * 60,
            f"  {line:<6} {msg}",
            f"         🪪  {ident}",
            " ------ " + "-" * 60,
            "",
        ]
    out.append(f" [ERROR] Found {len(errors)} error{'s' if len(errors) > 1 else ''}")
    return "\n".join(out)


def idf_build(
    size_line: str = "gps_tracker.bin binary size 0xd8a40 bytes. Smallest app partition is 0x100000 bytes. 0x275c0 bytes (15%) free.",
) -> str:
    """The tail of `idf.py build` on ESP-IDF v5.2."""
    return (
        "Executing action: all (aliases: build)\nRunning ninja in directory /home/mehmet/projeler/rota-firmware/build\n"
        "Executing \"ninja all\"...\n[1/9] Performing build step for 'bootloader'\n[1/1] cd /home/mehmet/projeler/"
        "rota-firmware/build/bootloader/esp-idf/esptool_py && python /home/mehmet/esp/esp-idf/components/partition_"
        "table/check_sizes.py --offset 0x8000 bootloader 0x1000 build/bootloader/bootloader.bin\n"
        "Bootloader binary size 0x6860 bytes. 0x7a0 bytes (7%) free.\n[7/9] Generating binary image from built "
        f"executable\n[8/9] cd /home/mehmet/projeler/rota-firmware/build/esp-idf/esptool_py && ...\n{size_line}\n\n"
        "Project build complete. To flash, run:\n idf.py flash"
    )


def ctest_run(results: list[tuple[str, bool, str]]) -> str:
    """`ctest --test-dir build_host --output-on-failure` over the host-side Unity test executables."""
    out = [f"Test project {FW}/build_host"]
    n = len(results)
    for i, (name, ok, body) in enumerate(results, 1):
        out.append(f"    Start {i}: {name}")
        verdict = "   Passed    0.01 sec" if ok else "***Failed    0.01 sec"
        out.append(f"{i}/{n} Test #{i}: {name} {'.' * (30 - len(name))}{verdict}")
        if not ok:
            out.append(body)
    failed = [r for r in results if not r[1]]
    pct = 100 * (n - len(failed)) // n
    out += [
        "",
        f"{pct}% tests passed, {len(failed)} tests failed out of {n}",
        "",
        "Total Test time (real) =   0.05 sec",
    ]
    if failed:
        out.append("\nThe following tests FAILED:")
        out += [f"\t  {i} - {name} (Failed)" for i, (name, ok, _) in enumerate(results, 1) if not ok]
        out.append("Errors while running CTest")
    return "\n".join(out)


def guru(kind: str, frames: list[tuple[str, str]], excvaddr: str = "0x00000000") -> str:
    """An ESP32 panic as idf.py monitor shows it, with the backtrace decoded by addr2line."""
    addrs = " ".join(f"0x400d{0x5A3B + 0x1E3 * i:04x}:0x3ffb{0x8F40 + 0x30 * i:04x}" for i in range(len(frames)))
    out = [
        f"Guru Meditation Error: Core  0 panic'ed ({kind}). Exception was unhandled.",
        "",
        "Core  0 register dump:",
        "PC      : 0x400d5a3e  PS      : 0x00060930  A0      : 0x800d5c21  A1      : 0x3ffb8f40",
        "A2      : 0x3ffb9024  A3      : 0x00000000  A4      : 0x0000002c  A5      : 0x3ffb8f6c",
        f"EXCCAUSE: 0x0000001c  EXCVADDR: {excvaddr}  LBEG    : 0x4000c2e0  LEND    : 0x4000c2f6",
        "",
        "",
        f"Backtrace: {addrs}",
    ]
    for i, (fn, where) in enumerate(frames):
        out.append(f"--- 0x400d{0x5A3B + 0x1E3 * i:04x}: {fn} at {where}")
    out += [
        "",
        "",
        "ELF file SHA256: 3f9a0c71e2b84d55",
        "",
        "Rebooting...",
        "ets Jun  8 2016 00:22:57",
        "",
        "rst:0xc (SW_CPU_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
