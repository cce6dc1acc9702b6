"""Realistic-looking command output for Kwame's two projects: cargo build / clippy / nextest for momo-ledger,
terraform and terragrunt plans for ops-tf, and git."""

from __future__ import annotations

from transcript_kit import ML, OT

__all__ = ["ML", "OT", "cargo_build", "clippy_clean", "git_commit", "nextest_run", "tf_plan"]


def cargo_build(secs: float = 21.4, profile: str = "dev", what: str = "momo-ledger v0.4.0") -> str:
    """`cargo build -p momo-ledger`: the last crates compiled and the Finished line."""
    kind = "unoptimized + debuginfo" if profile == "dev" else "optimized"
    return (
        f"   Compiling momo-core v0.4.0 ({ML}/crates/momo-core)\n   Compiling {what} ({ML}/crates/momo-ledger)\n"
        f"    Finished `{profile}` profile [{kind}] target(s) in {secs:.2f}s"
    )


def clippy_clean(secs: float = 9.8) -> str:
    return (
        f"    Checking momo-core v0.4.0 ({ML}/crates/momo-core)\n    Checking momo-ledger v0.4.0 "
        f"({ML}/crates/momo-ledger)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in {secs:.2f}s"
    )


def nextest_run(
    passed: list[str],
    failures: list[tuple[str, str]] = (),
    *,
    secs: float = 2.41,
    run_id: str = "3f1c9a02-7d4e-4b8a-9c21-5e0f6a7b8c9d",
) -> str:
    """`cargo nextest run -p momo-ledger` (nextest 0.9): passed test ids ("binary name"), failures as
    (test id, its stderr)."""
    n = len(passed) + len(failures)
    out = [
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.42s",
        "------------",
        f" Nextest run ID {run_id} with nextest profile: default",
        f"    Starting {n} tests across 4 binaries",
    ]
    for i, t in enumerate(passed):
        out.append(f"        PASS [   {0.004 + 0.011 * (i % 7):.3f}s] {t}")
    for t, err in failures:
        out += [
            f"        FAIL [   0.{217 + len(t) % 60:03d}s] {t}",
            f"──── STDOUT:             {t}",
            "",
            "running 1 test",
            f"test {t.split(' ')[-1]} ... FAILED",
            "",
            "failures:",
            "",
            f"──── STDERR:             {t}",
            err,
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
            "",
        ]
    out.append("------------")
    tail = f"{n} tests run: {len(passed)} passed, {len(failures)} failed, 0 skipped"
    out.append(f"     Summary [   {secs:.3f}s] {tail}")
    for t, _ in failures:
        out.append(f"        FAIL [   0.{217 + len(t) % 60:03d}s] {t}")
    if failures:
        out.append("error: test run failed")
    return "\n".join(out)


def tf_plan(unit: str, add: int, change: int, destroy: int, body: str = "") -> str:
    """`terragrunt plan` in one unit of live/ (Terraform 1.9 under Terragrunt 0.67)."""
    head = (
        f"Initializing the backend...\nInitializing provider plugins...\n- Reusing previous version of "
        f"hashicorp/aws from the dependency lock file\n- Using previously-installed hashicorp/aws v5.74.0\n\n"
        f"Terraform has been successfully initialized!\n{OT}/{unit}: acquiring state lock. This may take a few "
        "moments...\n"
    )
    if not (add or change or destroy):
        return head + "\nNo changes. Your infrastructure matches the configuration."
    return (
        head + "\nTerraform used the selected providers to generate the following execution plan. Resource actions are "
        "indicated with the following symbols:\n  + create\n  ~ update in-place\n\nTerraform will perform the "
        f"following actions:\n\n{body}\n\nPlan: {add} to add, {change} to change, {destroy} to destroy."
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
