"""Realistic-looking command output for Giulia's two projects on Windows: dotnet build / dotnet test (xUnit) with
CS error codes and failure blocks for the ricambi-api ASP.NET Core API, and pytest-django / ruff / docker compose
output for the portale-soci Django monolith, plus git."""

from __future__ import annotations

from transcript_kit import API, PORTAL

__all__ = ["API", "PORTAL", "dotnet_test", "git_commit", "pytest_run"]


def dotnet_test(
    passed: int, failures: list[str] = (), *, secs: str = "14 s", project: str = "Ricambi.Api.Tests"
) -> str:
    """`dotnet test` output (xUnit, VSTest logger): the build lines, failure blocks, then the totals line."""
    out = [
        "  Determining projects to restore...",
        "  All projects are up-to-date for restore.",
        f"  Ricambi.Api -> {API}\\src\\Ricambi.Api\\bin\\Debug\\net8.0\\Ricambi.Api.dll",
        f"  {project} -> {API}\\tests\\{project}\\bin\\Debug\\net8.0\\{project}.dll",
        f"Test run for {API}\\tests\\{project}\\bin\\Debug\\net8.0\\{project}.dll (.NETCoreApp,Version=v8.0)",
        "VSTest version 17.11.1 (x64)",
        "",
        "Starting test execution, please wait...",
        "A total of 1 test files matched the specified pattern.",
    ]
    for body in failures:
        out += [f"  Failed {body}", ""]
    failed = len(failures)
    verdict = "Failed!" if failed else "Passed!"
    out.append(
        f"{verdict}  - Failed: {failed:>5}, Passed: {passed:>5}, Skipped:     0, Total: {passed + failed:>5}, "
        f"Duration: {secs} - {project}.dll (net8.0)"
    )
    return "\n".join(out)


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "6.12") -> str:
    """pytest-django output: the header, FAILURES blocks, the short summary and the totals line."""
    out = [
        "============================= test session starts =============================",
        "platform win32 -- Python 3.12.8, pytest-8.3.4, pluggy-1.5.0",
        "django: version: 5.1.5, settings: config.settings.test (from ini)",
        f"rootdir: {PORTAL}",
        "configfile: pyproject.toml",
        "plugins: django-4.9.0, factoryboy-2.7.0",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out.append("================================== FAILURES ===================================")
        for name, body in failures:
            out += [f"_____________________ {name.split('::')[-1]} _____________________", body, ""]
        out.append("=========================== short test summary info ===========================")
        out += [f"FAILED {name}" for name, _ in failures]
        out.append(
            f"======================== {len(failures)} failed, {passed} passed in {secs}s ========================"
        )
    else:
        out.append(f"============================= {passed} passed in {secs}s ==============================")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
