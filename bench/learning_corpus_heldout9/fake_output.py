"""Realistic-looking command output for Lukas's two projects on Linux: pytest / mypy / uv for the fleetctl CLI,
and terraform / helm / kubectl / kubeconform for the edge-infra monorepo, plus git."""

from __future__ import annotations

from transcript_kit import FLEET, INFRA

__all__ = ["FLEET", "INFRA", "git_commit", "helm_lint", "mypy_ok", "pytest_run"]


def pytest_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "2.41") -> str:
    """pytest output under `uv run`: the header, FAILURES blocks, the short summary and the totals line."""
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {FLEET}",
        "configfile: pyproject.toml",
        "plugins: respx-0.21.1, anyio-4.6.2",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out.append("=================================== FAILURES ===================================")
        for name, body in failures:
            out += [f"_______________________ {name.split('::')[-1]} _______________________", body, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {name}" for name, _ in failures]
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs}s ===============================")
    return "\n".join(out)


def mypy_ok(files: int) -> str:
    return f"Success: no issues found in {files} source files"


def helm_lint(chart: str, errors: list[str] = ()) -> str:
    """`helm lint` output for one chart."""
    out = [f"==> Linting charts/{chart}"]
    out += [f"[ERROR] {e}" for e in errors]
    out.append("")
    if errors:
        out.append("Error: 1 chart(s) linted, 1 chart(s) failed")
    else:
        out.append("1 chart(s) linted, 0 chart(s) failed")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
