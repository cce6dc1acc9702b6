"""Realistic-looking command output for Bence's two projects: `mix test` (ExUnit), credo and GitHub Actions logs
for mqttbridge; `west twister` runs and the Python serial harness's pytest output for szenzor-fw; and git."""

from __future__ import annotations

from transcript_kit import FW, MQ

__all__ = ["FW", "MQ", "git_commit", "hil_pytest", "mix_test", "twister"]


def mix_test(tests: int, failures: list[str] = (), *, seed: int = 482113, secs: float = 2.4, excluded: str = "") -> str:
    """`mix test` output: failures are the numbered blocks ExUnit prints (without the number)."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 20"]
    if excluded:
        out.append(f"Excluding tags: [{excluded}]")
    out += ["", "." * min(tests - len(failures), 60) + "F" * len(failures), ""]
    for i, block in enumerate(failures, 1):
        out += [f"  {i}) {block}", ""]
    out.append(f"Finished in {secs:.1f} seconds ({secs * 0.6:.1f}s async, {secs * 0.4:.1f}s sync)")
    out.append(f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}")
    return "\n".join(out)


def twister(
    scenarios: list[str],
    failed: dict[str, str] | None = None,
    *,
    cases: int = 24,
    secs: float = 38.7,
    zephyr: str = "v4.1.0",
) -> str:
    """`west twister -p native_sim/native/64` output: failed maps a scenario to its assertion line."""
    failed = failed or {}
    n = len(scenarios)
    out = [
        "INFO    - Using Ninja..",
        f"INFO    - Zephyr version: {zephyr}",
        "INFO    - Using 'zephyr' toolchain.",
        "INFO    - Building initial testsuite list...",
        "INFO    - Writing JSON report twister-out/testplan.json",
        "INFO    - JOBS: 10",
        "INFO    - Adding tasks to the queue...",
        "INFO    - Added initial list of jobs to queue",
    ]
    for i, sc in enumerate(scenarios, 1):
        if sc in failed:
            out.append(f"INFO    - {i}/{n} native_sim/native/64  {sc:<40} FAILED Failed (native 0.{400 + i}s)")
            out.append(f"ERROR   - see: {FW}/twister-out/native_sim_native_64/host/{sc.replace('.', '/')}/handler.log")
            out.append(f"          {failed[sc]}")
        else:
            out.append(f"INFO    - {i}/{n} native_sim/native/64  {sc:<40} PASSED (native 0.{100 + i * 7}s)")
    bad = len(failed)
    out += [
        "",
        f"INFO    - {n} test scenarios ({n} configurations) selected, 0 configurations filtered (0 by static filter, "
        "0 at runtime).",
        f"INFO    - {n - bad} of {n} executed test configurations passed ({(n - bad) * 100 / n:.2f}%), 0 built (not "
        f"run), {bad} failed, 0 errored, with no warnings in {secs:.2f} seconds.",
        f"INFO    - {cases - bad} of {cases} executed test cases passed ({(cases - bad) * 100 / cases:.2f}%), {bad} "
        "failed, 0 blocked on 1 out of total 1 platforms (100.00%).",
    ]
    return "\n".join(out)


def hil_pytest(
    results: list[tuple[str, str]], *, secs: float = 21.3, port: str = "/dev/tty.usbmodem0010502849631"
) -> str:
    """The board harness (tests/hil, pytest + pyserial): results are (test name, "PASSED" or an assertion line)."""
    out = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.12.8, pytest-8.3.5, pluggy-1.5.0",
        f"rootdir: {FW}/tests/hil",
        "configfile: pytest.ini",
        f"serial port: {port} @ 921600",
        f"collected {len(results)} items",
        "",
    ]
    for name, res in results:
        out.append(f"tests/hil/{name} {'PASSED' if res == 'PASSED' else 'FAILED'}")
    fails = [(n, r) for n, r in results if r != "PASSED"]
    if fails:
        out += ["", "=================================== FAILURES ==================================="]
        for name, res in fails:
            out += [f"{'_' * 24} {name.split('::')[-1]} {'_' * 24}", "", f"E       {res}", ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED tests/hil/{n} - {r}" for n, r in fails]
        out.append(
            f"========================= {len(fails)} failed, {len(results) - len(fails)} passed in {secs:.2f}s "
            "========================="
        )
    else:
        out.append(
            f"============================== {len(results)} passed in {secs:.2f}s =============================="
        )
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
