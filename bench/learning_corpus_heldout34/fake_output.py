"""Realistic-looking command output for Amara's two projects: `dotnet test` (VSTest with xUnit) and `dotnet build`
for kinetic-api, `dotnet build -f net8.0-android` for kinetic-mobile, and git."""

from __future__ import annotations

from transcript_kit import API, MOB

__all__ = ["API", "MOB", "android_build", "api_build", "dotnet_test", "git_commit"]

TESTS_DLL = "Kinetic.Api.IntegrationTests"


def dotnet_test(
    passed: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    project: str = TESTS_DLL,
    secs: int = 14,
    skipped: int = 0,
    built: bool = True,
) -> str:
    """`dotnet test` on a test project: failures are (Class.Method, error message, first stack frame)."""
    out = []
    if built:
        out += [
            "  Determining projects to restore...",
            "  All projects are up-to-date for restore.",
            f"  Kinetic.Api -> {API}/src/Kinetic.Api/bin/Debug/net8.0/Kinetic.Api.dll",
            f"  {project} -> {API}/tests/{project}/bin/Debug/net8.0/{project}.dll",
        ]
    out += [
        f"Test run for {API}/tests/{project}/bin/Debug/net8.0/{project}.dll (.NETCoreApp,Version=v8.0)",
        "VSTest version 17.11.1 (x64)",
        "",
        "Starting test execution, please wait...",
        "A total of 1 test files matched the specified pattern.",
    ]
    for name, _err, _frame in failures:
        out.append(f"[xUnit.net 00:00:0{len(name) % 9}.{len(name) * 7 % 100:02d}]     {project}.{name} [FAIL]")
    for name, err, frame in failures:
        out += [
            f"  Failed {project}.{name} [{len(err) * 3 % 900 + 40} ms]",
            "  Error Message:",
            "   " + err.replace("\n", "\n   "),
            "  Stack Trace:",
            "     " + frame,
            "",
        ]
    total = passed + len(failures) + skipped
    verdict = "Failed!" if failures else "Passed!"
    out.append(
        f"{verdict}  - Failed: {len(failures):>5}, Passed: {passed:>5}, Skipped: {skipped:>5}, Total: {total:>5}, "
        f"Duration: {secs} s - {project}.dll (net8.0)"
    )
    return "\n".join(out)


def api_build(errors: list[str] = (), *, secs: str = "00:00:06.91") -> str:
    """`dotnet build` of the API solution."""
    out = ["  Determining projects to restore...", "  All projects are up-to-date for restore."]
    if errors:
        out += [f"{e} [{API}/src/Kinetic.Api/Kinetic.Api.csproj]" for e in errors]
        out += ["", "Build FAILED.", ""]
        out += [f"{e} [{API}/src/Kinetic.Api/Kinetic.Api.csproj]" for e in errors]
        out += ["    0 Warning(s)", f"    {len(errors)} Error(s)", "", f"Time Elapsed {secs}"]
        return "\n".join(out)
    out += [
        f"  Kinetic.Api -> {API}/src/Kinetic.Api/bin/Debug/net8.0/Kinetic.Api.dll",
        f"  {TESTS_DLL} -> {API}/tests/{TESTS_DLL}/bin/Debug/net8.0/{TESTS_DLL}.dll",
        "",
        "Build succeeded.",
        "    0 Warning(s)",
        "    0 Error(s)",
        "",
        f"Time Elapsed {secs}",
    ]
    return "\n".join(out)


def android_build(errors: list[str] = (), *, secs: str = "00:01:14.36", warnings: int = 0) -> str:
    """`dotnet build -f net8.0-android` of the MAUI app from WSL (slow: the repo is on /mnt/c)."""
    csproj = f"{MOB}/src/Kinetic.Mobile/Kinetic.Mobile.csproj::TargetFramework=net8.0-android"
    out = ["  Determining projects to restore...", "  All projects are up-to-date for restore."]
    if errors:
        out += [f"{e} [{csproj}]" for e in errors]
        out += ["", "Build FAILED.", ""]
        out += [f"{e} [{csproj}]" for e in errors]
        out += [f"    {warnings} Warning(s)", f"    {len(errors)} Error(s)", "", f"Time Elapsed {secs}"]
        return "\n".join(out)
    out += [
        f"  Kinetic.Mobile -> {MOB}/src/Kinetic.Mobile/bin/Debug/net8.0-android/Kinetic.Mobile.dll",
        "",
        "Build succeeded.",
        f"    {warnings} Warning(s)",
        "    0 Error(s)",
        "",
        f"Time Elapsed {secs}",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
