"""Realistic-looking command output for Mārtiņš's two projects on Fedora: `go test` and golangci-lint for kvits,
ansible-playbook, molecule and terraform for kvits-infra, and git."""

from __future__ import annotations

from transcript_kit import INFRA, KVITS

__all__ = ["INFRA", "KVITS", "MODULE", "ansible_run", "git_commit", "go_test", "molecule_verify", "tf_plan"]

MODULE = "github.com/kvits-lv/kvits"


def go_test(
    ok: list[tuple[str, float]],
    failures: list[tuple[str, str, str, float]] = (),
    *,
    verbose_ok: list[str] = (),
) -> str:
    """`go test ./...`: ok are (package under the module, seconds), failures are (package, test name, the test's
    output, seconds); verbose_ok are passing test names printed before the packages (for `-run` with `-v`)."""
    out = [f"=== RUN   {t}\n--- PASS: {t} (0.{len(t) % 7 + 1}1s)" for t in verbose_ok]
    lines = {pkg: f"ok  \t{MODULE}/{pkg}\t{secs:.3f}s" for pkg, secs in ok}
    for pkg, test, text, secs in failures:
        body = "\n".join("    " + x for x in text.strip("\n").split("\n"))
        lines[pkg] = f"--- FAIL: {test} ({secs:.2f}s)\n{body}\nFAIL\nFAIL\t{MODULE}/{pkg}\t{secs + 0.8:.3f}s"
    out += [lines[k] for k in sorted(lines)]
    if failures:
        out.append("FAIL")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )


def _bar(title: str) -> str:
    return title + " " + "*" * max(3, 79 - len(title))


def ansible_run(
    play: str, tasks: list[tuple[str, list[str]]], recap: dict[str, tuple[int, int, int]], *, check: bool = False
) -> str:
    """ansible-playbook output: tasks are (task title, result lines); recap maps host -> (ok, changed, failed)."""
    out = [_bar(f"PLAY [{play}]"), ""]
    for title, results in tasks:
        out += [_bar(f"TASK [{title}]"), *results, ""]
    out.append(_bar("PLAY RECAP"))
    for host, (ok, changed, failed) in recap.items():
        out.append(
            f"{host:<27}: ok={ok:<4} changed={changed:<4} unreachable=0    failed={failed:<4} skipped=2    "
            "rescued=0    ignored=0"
        )
    if check:
        out.insert(0, "[WARNING]: running in check mode, nothing was changed")
    return "\n".join(out)


def molecule_verify(scenario: str, checks: list[tuple[str, str | None]]) -> str:
    """The tail of `molecule test -s <scenario>`: the verify step's assert tasks, (title, None if it passed or
    the assertion text)."""
    out = [
        f"INFO     {scenario} scenario test matrix: dependency, cleanup, destroy, syntax, create, prepare, converge, "
        "idempotence, side_effect, verify, cleanup, destroy",
        "INFO     Performing prerun with role_name_check=0...",
        f"INFO     Running {scenario} > converge",
        "PLAY RECAP *********************************************************************",
        "instance                   : ok=19   changed=11   unreachable=0    failed=0    skipped=1    rescued=0    "
        "ignored=0",
        f"INFO     Running {scenario} > idempotence",
        "INFO     Idempotence completed successfully.",
        f"INFO     Running {scenario} > verify",
        "INFO     Running Ansible Verifier",
    ]
    failed = 0
    for title, assertion in checks:
        out.append(_bar(f"TASK [{title}]"))
        if assertion is None:
            out.append('ok: [instance] => {\n    "changed": false,\n    "msg": "All assertions passed"\n}')
        else:
            failed += 1
            out.append(
                'fatal: [instance]: FAILED! => {\n    "assertion": "' + assertion.replace('"', '\\"') + '",\n'
                '    "changed": false,\n    "evaluated_to": false,\n    "msg": "Assertion failed"\n}'
            )
            break
    if failed:
        out += [
            "",
            "PLAY RECAP *********************************************************************",
            f"instance                   : ok={len(checks)}    changed=0    unreachable=0    failed=1    skipped=0",
            "CRITICAL Ansible return code was 2, command was: ansible-playbook --inventory "
            f"/home/martins/.cache/molecule/{scenario.split('/')[0]}/inventory --skip-tags molecule-notest,notest "
            "verify.yml",
            "WARNING  An error occurred during the test sequence action: 'verify'. Cleaning up.",
        ]
    else:
        out += ["INFO     Verifier completed successfully.", f"INFO     Running {scenario} > destroy"]
    return "\n".join(out)


def tf_plan(changes: list[str], add: int, change: int, destroy: int, *, out_file: str | None = None) -> str:
    """terraform plan output: changes are the resource blocks as Terraform prints them."""
    out = [
        "hcloud_network.private: Refreshing state... [id=4021387]",
        "hcloud_firewall.base: Refreshing state... [id=1553042]",
        "",
        "Terraform used the selected providers to generate the following execution plan. Resource actions are "
        "indicated with the following symbols:",
        "  + create\n  ~ update in-place\n-/+ destroy and then create replacement",
        "",
        "Terraform will perform the following actions:",
        "",
        *changes,
        f"Plan: {add} to add, {change} to change, {destroy} to destroy.",
    ]
    if out_file:
        out += [
            "",
            "─" * 77,
            "",
            f"Saved the plan to: {out_file}",
            "",
            "To perform exactly these actions, run the following command to apply:",
            f'    terraform apply "{out_file}"',
        ]
    return "\n".join(out)
