"""Realistic-looking command output for Elvin's two projects on macOS 15: go test (with testcontainers-go),
golangci-lint and helm/kubectl for neft-telemetry, flutter test / analyze for bazar-app, and git."""

from __future__ import annotations

from transcript_kit import BAZAR, NEFT

__all__ = ["BAZAR", "NEFT", "flutter_test", "git_commit", "go_test", "go_test_fail"]

MOD = "github.com/elvinm/neft-telemetry"


def go_test(pkgs: list[tuple[str, float]], *, cached: bool = False) -> str:
    """`go test` over packages that all pass: (package path under the module, seconds)."""
    return "\n".join(f"ok  \t{MOD}/{p}\t{'(cached)' if cached else f'{s:.3f}s'}" for p, s in pkgs)


def go_test_fail(pkg: str, test: str, lines: list[str], *, secs: float = 3.1, containers: bool = False) -> str:
    """A failing `go test -v` run of one package: the test's log lines, then FAIL."""
    out = []
    if containers:
        out += [
            "2029/08/07 10:41:02 github.com/testcontainers/testcontainers-go - Connected to docker: ",
            "  Server Version: 27.2.0",
            "  API Version: 1.46",
            "2029/08/07 10:41:02 🐳 Creating container for image timescale/timescaledb:2.16.1-pg16",
            "2029/08/07 10:41:03 ✅ Container started: 5c1e0f9a2b7d",
            "2029/08/07 10:41:05 🔔 Container is ready: 5c1e0f9a2b7d",
        ]
    out.append(f"=== RUN   {test}")
    out += [f"    {x}" for x in lines]
    out += [f"--- FAIL: {test} ({secs - 0.6:.2f}s)", "FAIL", f"FAIL\t{MOD}/{pkg}\t{secs:.3f}s", "FAIL"]
    return "\n".join(out)


def flutter_test(passed: int, failures: list[tuple[str, str, str]] = (), *, secs: int = 14) -> str:
    """`flutter test` (expanded reporter): failures are (test file, test name, error text)."""
    out = []
    n = 0
    for f, name, err in failures:
        out += [
            f"00:{secs - 3:02d} +{passed} -{n}: {BAZAR}/{f}: {name}",
            "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════",
            "The following TestFailure was thrown running a test:",
            err,
            "═════════════════════════════════════════════════════════════════════════════════════════════════",
            f"00:{secs - 2:02d} +{passed} -{n + 1}: {BAZAR}/{f}: {name} [E]",
            "  Test failed. See exception logs above.",
            "",
        ]
        n += 1
    if failures:
        out.append(f"00:{secs:02d} +{passed} -{n}: Some tests failed.")
    else:
        out.append(f"00:{secs:02d} +{passed}: All tests passed!")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
