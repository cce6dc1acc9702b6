"""Realistic-looking command output for Camille's two projects: CMake / Conan / ctest / clang-tidy / ASan / UBSan /
gdb / the ARM cross linker for libsensa, and RSpec / Capybara / rubocop / Sidekiq / Rails migrations / Kamal for
atelier-resa, plus git."""

from __future__ import annotations

CPP = "/home/camille/src/libsensa"
RAILS = "/home/camille/src/atelier-resa"


# -- C++ ----------------------------------------------------------------------------------------------------------
def cmake_build(targets: list[str], *, preset: str = "debug") -> str:
    n = len(targets)
    lines = [f"[{i * 100 // n:3d}%] Building CXX object {t}" for i, t in enumerate(targets, 1)]
    return "\n".join([*lines, "[100%] Built target sensa", f"[100%] Built target sensa_tests ({preset})"])


def ctest_out(results: list[tuple[str, str, float]], *, build: str = "build/debug") -> str:
    """results: (test name, Passed|Failed|Timeout|SEGFAULT, seconds)."""
    out = [f"Test project {CPP}/{build}"]
    n = len(results)
    for i, (name, res, secs) in enumerate(results, 1):
        label = {
            "Passed": "   Passed",
            "Failed": "***Failed",
            "Timeout": "***Timeout",
            "SEGFAULT": "***Exception: SegFault",
        }[res]
        out.append(f"{i:>4}/{n} Test #{i:>2}: {name.ljust(32, '.')}{label}  {secs:6.2f} sec")
    bad = [(i, name, res) for i, (name, res, _) in enumerate(results, 1) if res != "Passed"]
    pct = 100 * (n - len(bad)) // n
    out += [
        "",
        f"{pct}% tests passed, {len(bad)} tests failed out of {n}",
        "",
        f"Total Test time (real) = {sum(r[2] for r in results):7.2f} sec",
    ]
    if bad:
        out += ["", "The following tests FAILED:"]
        out += [f"\t{i:>3} - {name} ({res})" for i, name, res in bad]
        out.append("Errors while running CTest")
    return "\n".join(out)


def asan_uaf() -> str:
    return "\n".join(
        [
            "=================================================================",
            "==48213==ERROR: AddressSanitizer: heap-use-after-free on address 0x6110000003c8 at pc 0x55d1c4a2e9f1 "
            "bp 0x7ffd5c1e8a30 sp 0x7ffd5c1e8a28",
            "READ of size 1 at 0x6110000003c8 thread T0",
            f"    #0 0x55d1c4a2e9f0 in sensa::FrameReader::next() {CPP}/src/frame_reader.cpp:57",
            f"    #1 0x55d1c4a2c3b2 in sensa::Acquisition::poll() {CPP}/src/acquisition.cpp:88",
            f"    #2 0x55d1c4a1f7e4 in FrameReaderTest_ManyFramesWithResize_Test::TestBody() "
            f"{CPP}/tests/frame_reader_test.cpp:64",
            "",
            "0x6110000003c8 is located 8 bytes inside of 256-byte region [0x6110000003c0,0x6110000004c0)",
            "freed by thread T0 here:",
            "    #0 0x7f3a1b8d9e1d in operator delete(void*, unsigned long)",
            f"    #1 0x55d1c4a2a112 in sensa::RingBuffer::resize(unsigned long) {CPP}/src/ring_buffer.cpp:41",
            f"    #2 0x55d1c4a2c2f0 in sensa::Acquisition::poll() {CPP}/src/acquisition.cpp:81",
            "",
            "previously allocated by thread T0 here:",
            "    #0 0x7f3a1b8d8f97 in operator new(unsigned long)",
            f"    #1 0x55d1c4a29f80 in sensa::RingBuffer::RingBuffer(unsigned long) {CPP}/src/ring_buffer.cpp:12",
            "",
            "SUMMARY: AddressSanitizer: heap-use-after-free src/frame_reader.cpp:57 in sensa::FrameReader::next()",
            "==48213==ABORTING",
        ]
    )


def gdb_segv() -> str:
    return "\n".join(
        [
            "Program received signal SIGSEGV, Segmentation fault.",
            "[Switching to Thread 0xb6c3f3c0 (LWP 812)]",
            "0x004a71c4 in sensa::FrameReader::next (this=0xbefff5a8) at /src/libsensa/src/frame_reader.cpp:57",
            "57\t        const auto tag = view_[head_];",
            "(gdb) bt",
            "#0  0x004a71c4 in sensa::FrameReader::next (this=0xbefff5a8) at /src/libsensa/src/frame_reader.cpp:57",
            "#1  0x004a5e10 in sensa::Acquisition::poll (this=0xbefff570) at /src/libsensa/src/acquisition.cpp:88",
            "#2  0x004a31b8 in main (argc=3, argv=0xbefff744) at /src/libsensa/tools/sensa_dump.cpp:41",
            "(gdb) p view_",
            "$1 = {_M_ptr = 0x5f2a18, _M_extent = {_M_extent_value = 256}}",
        ]
    )


def ld_atomic(where: str = "build/armv7") -> str:
    return "\n".join(
        [
            "[ 92%] Linking CXX executable sensa-dump",
            "/opt/gcc-arm-13.3/bin/../lib/gcc/arm-none-linux-gnueabihf/13.3.1/../../../../arm-none-linux-gnueabihf/"
            "bin/ld: libsensa.a(stats.cpp.o): in function `sensa::Stats::add_bytes(unsigned long long)':",
            "stats.cpp:(.text+0x4c): undefined reference to `__atomic_fetch_add_8'",
            "/opt/gcc-arm-13.3/bin/../lib/gcc/arm-none-linux-gnueabihf/13.3.1/../../../../arm-none-linux-gnueabihf/"
            "bin/ld: stats.cpp:(.text+0x9a): undefined reference to `__atomic_load_8'",
            "collect2: error: ld returned 1 exit status",
            f"gmake[2]: *** [tools/CMakeFiles/sensa-dump.dir/build.make:98: {where}/tools/sensa-dump] Error 1",
            "gmake[1]: *** [CMakeFiles/Makefile2:211: tools/CMakeFiles/sensa-dump.dir/all] Error 2",
            "gmake: *** [Makefile:136: all] Error 2",
        ]
    )


def clang_tidy(items: list[tuple[str, int, str, str]]) -> str:
    out = []
    for f, line, msg, check in items:
        out += [f"{CPP}/{f}:{line}:15: warning: {msg} [{check}]", "  (code excerpt elided)"]
    out.append(f"{len(items)} warnings generated.")
    return "\n".join(out)


# -- Rails --------------------------------------------------------------------------------------------------------
def rspec_out(examples: int, failures: list[tuple[str, str, str]] = (), *, secs: float = 38.4, seed: int = 4242) -> str:
    """failures: (description, body, rerun location)."""
    out = [f"Randomized with seed {seed}", "." * max(1, examples - len(failures)) + "F" * len(failures), ""]
    if failures:
        out.append("Failures:")
        out.append("")
        for i, (desc, body, _loc) in enumerate(failures, 1):
            out += [f"  {i}) {desc}", "     " + body.replace("\n", "\n     "), ""]
    out.append(f"Finished in {secs:.2f} seconds (files took 2.81 seconds to load)")
    out.append(f"{examples} examples, {len(failures)} failure{'s' if len(failures) != 1 else ''}")
    if failures:
        out += ["", "Failed examples:", ""]
        out += [f"rspec {loc} # {desc}" for desc, _b, loc in failures]
    out += ["", f"Randomized with seed {seed}"]
    return "\n".join(out)


def rubocop_out(files: int, offences: list[tuple[str, int, str]]) -> str:
    out = [f"Inspecting {files} files", "." * (files - len(offences)) + "C" * len(offences), ""]
    if offences:
        out.append("Offenses:")
        out.append("")
        for f, line, msg in offences:
            out.append(f"{f}:{line}:5: C: {msg}")
    out.append("")
    out.append(
        f"{files} files inspected, {len(offences) or 'no'} offense{'s' if len(offences) != 1 else ''} detected"
        + (", 1 offense autocorrectable" if offences else "")
    )
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n"
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    )
