"""Realistic-looking command output for Dmitri's two projects: go test, golangci-lint and migrate for lotok;
helm, kubeconform, kubectl and argocd for lotok-deploy; and git."""

from __future__ import annotations

from transcript_kit import LD, LT

__all__ = ["LD", "LT", "MOD", "git_commit", "go_test", "helm_lint", "kubeconform_ok"]

MOD = "github.com/dkorotkov/lotok"


def go_test(
    ok: list[tuple[str, float]],
    failures: list[tuple[str, str, str, str]] = (),
    *,
    fail_secs: float = 4.87,
    no_tests: list[str] = (),
) -> str:
    """`go test` output (no -v): ok packages as (package, seconds); failures as (package, test, file:line, message)."""
    out = []
    for _pkg, test, where, msg in failures:
        out += [f"--- FAIL: {test} ({fail_secs - 1.2:.2f}s)", f"    {where}: {msg}"]
    failed_pkgs = list(dict.fromkeys(pkg for pkg, *_ in failures))
    for pkg in failed_pkgs:
        out += ["FAIL", f"FAIL\t{MOD}/{pkg}\t{fail_secs:.3f}s"]
    for pkg in no_tests:
        out.append(f"?   \t{MOD}/{pkg}\t[no test files]")
    for pkg, secs in ok:
        out.append(f"ok  \t{MOD}/{pkg}\t{secs:.3f}s")
    if failures:
        out.append("FAIL")
    return "\n".join(out)


def helm_lint(chart: str = "charts/lotok") -> str:
    return f"==> Linting {chart}\n[INFO] Chart.yaml: icon is recommended\n\n1 chart(s) linted, 0 chart(s) failed"


def kubeconform_ok(resources: int, skipped: int = 0) -> str:
    return (
        f"Summary: {resources} resources found in 1 file - Valid: {resources - skipped}, Invalid: 0, Errors: 0, "
        f"Skipped: {skipped}"
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
