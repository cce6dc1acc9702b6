"""Realistic-looking command output for Marek's two projects on Fedora: `dotnet build`/`dotnet test` (xUnit, vstest
console) for kolaj, journalctl/systemctl for the units kolaj-infra deploys, and git."""

from __future__ import annotations

from transcript_kit import APP, INFRA

__all__ = ["APP", "INFRA", "dotnet_build", "dotnet_test", "git_commit", "journal"]


def dotnet_build(errors: list[str] = (), *, secs: float = 4.21) -> str:
    out = ["  Determining projects to restore...", "  All projects are up-to-date for restore."]
    for e in errors:
        out.append(f"{APP}/{e}")
    if errors:
        out += ["", "Build FAILED.", "", f"    {len(errors)} Error(s)", f"Time Elapsed 00:00:{secs:05.2f}"]
    else:
        out += [
            f"  Kolaj.Domain -> {APP}/src/Kolaj.Domain/bin/Debug/net8.0/Kolaj.Domain.dll",
            f"  Kolaj.Api -> {APP}/src/Kolaj.Api/bin/Debug/net8.0/Kolaj.Api.dll",
            "",
            "Build succeeded.",
            "    0 Warning(s)",
            "    0 Error(s)",
            "",
            f"Time Elapsed 00:00:{secs:05.2f}",
        ]
    return "\n".join(out)


def dotnet_test(projects: list[tuple[str, int, list[tuple[str, str, str]]]], *, secs: float = 3.0) -> str:
    """`dotnet test`: projects are (assembly name, passed, failures as (test, error message, stack trace))."""
    out = ["  Determining projects to restore...", "  All projects are up-to-date for restore."]
    for name, _, _ in projects:
        short = name.removesuffix(".dll")
        out.append(f"  {short} -> {APP}/tests/{short}/bin/Debug/net8.0/{name}")
    for name, passed, failures in projects:
        short = name.removesuffix(".dll")
        out += [
            f"Test run for {APP}/tests/{short}/bin/Debug/net8.0/{name} (.NETCoreApp,Version=v8.0)",
            "Microsoft (R) Test Execution Command Line Tool Version 17.11.1 (x64)",
            "Copyright (c) Microsoft Corporation.  All rights reserved.",
            "",
            "Starting test execution, please wait...",
            "A total of 1 test files matched the specified pattern.",
        ]
        for test, msg, stack in failures:
            out += [
                f"[xUnit.net 00:00:0{len(test) % 9}.{len(msg) % 90 + 10}]     {test} [FAIL]",
                f"  Failed {test} [{120 + len(msg) % 700} ms]",
                "  Error Message:",
                f"   {msg}",
                "  Stack Trace:",
                "\n".join(f"     {x}" for x in stack.split("\n")),
                "",
            ]
        total = passed + len(failures)
        if failures:
            out.append(
                f"Failed!  - Failed: {len(failures):>5}, Passed: {passed:>5}, Skipped:     0, Total: {total:>5}, "
                f"Duration: {secs:.0f} s - {name} (net8.0)"
            )
        else:
            out.append(
                f"Passed!  - Failed:     0, Passed: {passed:>5}, Skipped:     0, Total: {total:>5}, "
                f"Duration: {int(secs * 100)} ms - {name} (net8.0)"
            )
    return "\n".join(out)


def journal(host: str, unit: str, lines: list[str], *, start: str = "Oct 06 14:02:11", pid: int = 41873) -> str:
    """`journalctl -u unit` on one of the Hetzner VMs (kolaj-1, kolaj-2)."""
    return "\n".join(f"{start} {host} {unit.split('.')[0]}[{pid}]: {x}" for x in lines)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
