"""Realistic-looking command output for Karthik's two projects: Gradle builds and JUnit failures for kaasu-pay,
terraform plan and tflint for kaasu-infra, and git."""

from __future__ import annotations

from transcript_kit import KI, KP

__all__ = ["KI", "KP", "git_commit", "gradle_fail", "gradle_ok", "tf_init", "tf_plan"]


def gradle_ok(tasks: list[str], *, secs: str = "38s", executed: int = 9, up_to_date: int = 0) -> str:
    """`./gradlew <tasks>` that passes: the task lines Gradle prints in plain console mode and the footer."""
    out = [f"> Task :{t}" for t in tasks]
    total = executed + up_to_date
    detail = f"{executed} executed" + (f", {up_to_date} up-to-date" if up_to_date else "")
    out += ["", f"BUILD SUCCESSFUL in {secs}", f"{total} actionable tasks: {detail}"]
    return "\n".join(out)


def gradle_fail(
    tasks: list[str], task: str, failures: list[tuple[str, str]], total: int, *, secs: str = "1m 4s"
) -> str:
    """A Gradle test task that fails: failures are (`Class > method()`, the indented exception text)."""
    out = [f"> Task :{t}" for t in tasks] + [f"> Task :{task} FAILED", ""]
    for name, err in failures:
        out += [f"{name} FAILED", err, ""]
    out += [
        f"{total} tests completed, {len(failures)} failed",
        "",
        "FAILURE: Build failed with an exception.",
        "",
        "* What went wrong:",
        f"Execution failed for task ':{task}'.",
        f"> There were failing tests. See the report at: file://{KP}/build/reports/tests/{task}/index.html",
        "",
        "* Try:",
        "> Run with --scan to get full insights.",
        "",
        f"BUILD FAILED in {secs}",
        f"{len(tasks) + 1} actionable tasks: {len(tasks) + 1} executed",
    ]
    return "\n".join(out)


def tf_init(where: str = "") -> str:
    """`terraform init -input=false` against the S3 backend."""
    return (
        'Initializing the backend...\n\nSuccessfully configured the backend "s3"! Terraform will automatically\n'
        "use this backend unless the backend configuration changes.\nInitializing modules...\n"
        "Initializing provider plugins...\n- Reusing previous version of hashicorp/aws from the dependency lock file\n"
        "- Using previously-installed hashicorp/aws v5.64.0\n\nTerraform has been successfully initialized!"
        + (f"\n({where})" if where else "")
    )


def tf_plan(changes: list[str], add: int, change: int, destroy: int, *, out: str | None = "tfplan") -> str:
    """`terraform plan`: the refresh lines are left out (as -refresh output is long); changes are the resource
    blocks as Terraform prints them."""
    lines = [
        "Acquiring state lock. This may take a few moments...",
        "",
        "Terraform used the selected providers to generate the following execution plan. Resource actions are",
        "indicated with the following symbols:",
        "  + create",
        "  ~ update in-place",
        "-/+ destroy and then create replacement",
        "",
        "Terraform will perform the following actions:",
        "",
        *changes,
        "",
        f"Plan: {add} to add, {change} to change, {destroy} to destroy.",
        "",
        "─────────────────────────────────────────────────────────────────────────────",
        "",
    ]
    if out:
        lines += [
            f"Saved the plan to: {out}",
            "",
            "To perform exactly these actions, run the following command to apply:",
            f'    terraform apply "{out}"',
        ]
    lines.append("Releasing state lock. This may take a few moments...")
    return "\n".join(lines)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
