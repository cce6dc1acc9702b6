"""Realistic-looking command output for Sofía's two projects: Gradle (unit tests, connected tests, detekt,
release builds), Terraform / tflint, Helm, kubectl and git."""

from __future__ import annotations

APP = "/home/sofia/dev/huerta-android"
INFRA = "/home/sofia/work/infra"


# -- gradle -------------------------------------------------------------------------------------------------------
def gradle_tests(
    results: list[tuple[str, str, str]],
    *,
    task: str = ":app:testDebugUnitTest",
    failures: list[tuple[str, str, str]] = (),
    secs: int = 38,
    executed: int = 23,
) -> str:
    """results: (class, test name, PASSED|FAILED|SKIPPED); failures: (class, test name, exception block)."""
    out = [
        "> Task :app:preBuild UP-TO-DATE",
        "> Task :app:compileDebugKotlin",
        "> Task :app:compileDebugUnitTestKotlin",
        f"> Task {task}",
        "",
    ]
    for cls, name, res in results:
        out.append(f"{cls} > {name} {res}")
    by_name = {(c, n): block for c, n, block in failures}
    failed = [(c, n) for c, n, r in results if r == "FAILED"]
    for c, n in failed:
        if (c, n) in by_name:
            out.append("")
            out.append(f"{c} > {n} FAILED")
            out.extend("    " + x for x in by_name[c, n].split("\n"))
    total = len(results)
    out.append("")
    if failed:
        out.append(f"{total} tests completed, {len(failed)} failed")
        out.append("")
        out.append(f"> Task {task} FAILED")
        out.append("")
        out.append("FAILURE: Build failed with an exception.")
        out.append("")
        out.append("* What went wrong:")
        out.append(f"Execution failed for task '{task}'.")
        out.append(
            "> There were failing tests. See the report at: "
            f"file://{APP}/app/build/reports/tests/testDebugUnitTest/index.html"
        )
        out.append("")
        out.append("BUILD FAILED in " + f"{secs}s")
    else:
        out.append(f"BUILD SUCCESSFUL in {secs}s")
    out.append(f"{executed} actionable tasks: {executed - 4} executed, 4 up-to-date")
    return "\n".join(out)


def gradle_ok(tasks: list[str], *, secs: int = 21, executed: int = 14) -> str:
    out = [f"> Task {t}" for t in tasks]
    out += ["", f"BUILD SUCCESSFUL in {secs}s", f"{executed} actionable tasks: {executed - 2} executed, 2 up-to-date"]
    return "\n".join(out)


def gradle_fail(task: str, what: str, *, before: list[str] = (), secs: int = 17) -> str:
    out = [*(f"> Task {t}" for t in before), f"> Task {task} FAILED", ""]
    out += ["FAILURE: Build failed with an exception.", "", "* What went wrong:", what, "", "* Try:"]
    out += [
        "> Run with --stacktrace option to get the stack trace.",
        "> Run with --info or --debug option to get more log output.",
    ]
    out += ["", f"BUILD FAILED in {secs}s"]
    return "\n".join(out)


def connected(results: list[tuple[str, str]], *, failures: list[str] = (), secs: int = 64) -> str:
    """Instrumented tests on the emulator: results (Class > test, PASSED|FAILED)."""
    out = [
        "> Task :app:packageDebugAndroidTest UP-TO-DATE",
        "> Task :app:connectedDebugAndroidTest",
        "Starting 1 tests on Pixel_7_API_34(AVD) - 14"
        if len(results) == 1
        else f"Starting {len(results)} tests on Pixel_7_API_34(AVD) - 14",
        "",
    ]
    for name, res in results:
        out.append(f"Pixel_7_API_34(AVD) - 14 Tests {name} {res}")
    for block in failures:
        out.append(block)
    bad = sum(1 for _, r in results if r == "FAILED")
    out.append(f"Finished {len(results)} tests on Pixel_7_API_34(AVD) - 14")
    if bad:
        out += [
            "",
            "> Task :app:connectedDebugAndroidTest FAILED",
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            "Execution failed for task ':app:connectedDebugAndroidTest'.",
            f"> There were failing tests. See the report at: file://{APP}/app/build/reports/androidTests/connected/"
            "debug/index.html",
            "",
            f"BUILD FAILED in {secs}s",
        ]
    else:
        out += ["", f"BUILD SUCCESSFUL in {secs}s"]
    return "\n".join(out)


# -- terraform / helm / kubectl -----------------------------------------------------------------------------------
def tf_lock_error(lock_id: str, who: str, operation: str, created: str, path: str) -> str:
    return "\n".join(
        [
            "╷",
            "│ Error: Error acquiring the state lock",
            "│ ",
            "│ Error message: operation error DynamoDB: PutItem, https response error StatusCode: 400, RequestID:",
            "│ 7QK1BV0M5N3OT1P8B2G6KJ4S9RVV4KQNSO5AEMVJF66Q9ASUAAJG, ConditionalCheckFailedException: The",
            "│ conditional request failed",
            "│ Lock Info:",
            f"│   ID:        {lock_id}",
            f"│   Path:      {path}",
            f"│   Operation: {operation}",
            f"│   Who:       {who}",
            "│   Version:   1.9.8",
            f"│   Created:   {created}",
            "│   Info:      ",
            "│ ",
            "│ ",
            "│ Terraform acquires a state lock to protect the state from being written",
            "│ by multiple users at the same time. Please resolve the issue above and try",
            '│ again. For most commands, you can disable locking with the "-lock=false"',
            "│ flag, but this is not recommended.",
            "╵",
        ]
    )


def tf_plan(add: int, change: int, destroy: int, body: list[str] = ()) -> str:
    out = [
        "Acquiring state lock. This may take a few moments...",
        "module.vpc.aws_vpc.main: Refreshing state... [id=vpc-0a41c7e2d9b35f018]",
        "module.eks.aws_eks_cluster.main: Refreshing state... [id=brisa-main]",
        "",
    ]
    if not (add or change or destroy) and not body:
        out += [
            "No changes. Your infrastructure matches the configuration.",
            "",
            "Terraform has compared your real infrastructure against your configuration and found no",
            "differences, so no changes are needed.",
            "Releasing state lock. This may take a few moments...",
        ]
        return "\n".join(out)
    out += [
        "Terraform used the selected providers to generate the following execution plan. Resource actions are",
        "indicated with the following symbols:",
        "  + create",
        "  ~ update in-place",
        "",
        "Terraform will perform the following actions:",
        "",
        *body,
        "",
        f"Plan: {add} to add, {change} to change, {destroy} to destroy.",
        "Releasing state lock. This may take a few moments...",
    ]
    return "\n".join(out)


def helm_ok(release: str, ns: str, revision: int, *, chart: str = "api-0.9.2") -> str:
    return "\n".join(
        [
            f'Release "{release}" has been upgraded. Happy Helming!',
            f"NAME: {release}",
            "LAST DEPLOYED: Thu Sep 17 15:42:08 2026",
            f"NAMESPACE: {ns}",
            "STATUS: deployed",
            f"REVISION: {revision}",
            "TEST SUITE: None",
            f"NOTES:\n{chart} is running. Check with: kubectl -n {ns} get pods -l app.kubernetes.io/instance={release}",
        ]
    )


def immutable_selector(release: str, version: str) -> str:
    return (
        f'Error: UPGRADE FAILED: cannot patch "{release}" with kind Deployment: Deployment.apps "{release}" is '
        "invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"
        f'"app.kubernetes.io/instance":"{release}", "app.kubernetes.io/name":"api", '
        f'"app.kubernetes.io/version":"{version}"}}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}}: '
        "field is immutable"
    )


# -- git ----------------------------------------------------------------------------------------------------------
def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n"
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    )


def git_push(repo: str, branch: str) -> str:
    return "\n".join(
        [
            "Enumerating objects: 23, done.",
            "Counting objects: 100% (23/23), done.",
            "Delta compression using up to 10 threads",
            "Compressing objects: 100% (11/11), done.",
            "Writing objects: 100% (12/12), 2.41 KiB | 2.41 MiB/s, done.",
            "Total 12 (delta 7), reused 0 (delta 0), pack-reused 0 (from 0)",
            "remote: Resolving deltas: 100% (7/7), completed with 7 local objects.",
            "remote: ",
            f"remote: Create a pull request for '{branch}' on GitHub by visiting:",
            f"remote:      https://github.com/{repo}/pull/new/{branch}",
            "remote: ",
            f"To github.com:{repo}.git",
            f" * [new branch]      {branch} -> {branch}",
            f"branch '{branch}' set up to track 'origin/{branch}'.",
        ]
    )
