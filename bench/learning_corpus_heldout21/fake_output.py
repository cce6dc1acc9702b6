"""Realistic-looking command output for Sanne's two projects on Fedora: ExUnit (`mix test`), credo, dialyzer and
`mix format` for the fietsplan Phoenix app; terraform, helm, kubeconform and kubectl for the kademuur
infrastructure repository; plus git. Only what the scenarios show is modelled, abridged the way a terminal shows it."""

from __future__ import annotations

from transcript_kit import FIETSPLAN, KADEMUUR

__all__ = ["FIETSPLAN", "KADEMUUR", "credo", "git_commit", "helm_upgraded", "mix_test", "pods", "tf_plan"]


def mix_test(
    tests: int,
    failures: list[str] = (),
    *,
    seed: int = 402117,
    secs: str = "2.4",
    excluded: int = 0,
    compiled: int = 0,
) -> str:
    """`mix test` output: an optional compile line, the ExUnit header, numbered failure blocks, the totals."""
    out = []
    if compiled:
        out += [f"Compiling {compiled} file{'s' if compiled > 1 else ''} (.ex)", "Generated fietsplan app"]
    out.append(f"Running ExUnit with seed: {seed}, max_cases: 16")
    if excluded:
        out.append("Excluding tags: [:slow]")
    out.append("")
    dots = "." * max(1, tests - len(failures))
    out.append(dots[: len(dots) // 2])
    for i, body in enumerate(failures, 1):
        out += ["", f"  {i}) {body}", ""]
    out.append(dots[len(dots) // 2 :])
    total_secs = float(secs)
    out.append(f"Finished in {secs} seconds ({total_secs * 0.3:.1f}s async, {total_secs * 0.7:.1f}s sync)")
    n = len(failures)
    tail = f"{tests} tests, {n} failure{'s' if n != 1 else ''}"
    if excluded:
        tail += f" ({excluded} excluded)"
    out += [tail, "", f"Randomized with seed {seed}"]
    return "\n".join(out)


def credo(files: int, issues: list[str] = ()) -> str:
    """`mix credo --strict` output: the issue blocks (already formatted) and the summary line."""
    out = [f"Checking {files} source files ...", ""]
    if issues:
        out += ["  Refactoring opportunities", "┃ "]
        out += [f"┃ {x}" for x in issues]
        out += ["", "Please report incorrect results: https://github.com/rrrene/credo/issues", ""]
    out.append(f"Analysis took 1.1 seconds (0.05s to load, 1.0s running 71 checks on {files} files)")
    found = (
        f"found {len(issues)} refactoring opportunit{'ies' if len(issues) != 1 else 'y'}."
        if issues
        else "found no issues."
    )
    out.append(f"{files * 6} mods/funs, {found}")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )


REFRESH = [
    "hcloud_network.private: Refreshing state... [id=4012873]",
    "hcloud_network_subnet.nodes: Refreshing state... [id=4012873-10.0.1.0/24]",
    "hcloud_firewall.nodes: Refreshing state... [id=1382210]",
    'hcloud_server.control["cp-1"]: Refreshing state... [id=51230981]',
    'hcloud_server.agent["worker-1"]: Refreshing state... [id=51230984]',
    'hcloud_server.agent["worker-2"]: Refreshing state... [id=51230987]',
]


def tf_plan(
    body: str, add: int, change: int, destroy: int, *, out: str | None = None, refresh: list[str] = REFRESH
) -> str:
    """`terraform plan` output: the refresh lines, the actions, the plan line and (with -out) the saved-plan note."""
    lines = [*refresh, ""]
    if add or change or destroy:
        lines += [
            "Terraform used the selected providers to generate the following execution plan. Resource actions are",
            "indicated with the following symbols:",
            "  + create" if add else "  ~ update in-place",
            "",
            "Terraform will perform the following actions:",
            "",
            body,
            "",
            f"Plan: {add} to add, {change} to change, {destroy} to destroy.",
        ]
    else:
        lines += [
            "No changes. Your infrastructure matches the configuration.",
            "",
            "Terraform has compared your real infrastructure against your configuration and found no differences, so",
            "no changes are needed.",
        ]
        return "\n".join(lines)
    lines += ["", "─" * 77, ""]
    if out:
        lines += [
            f"Saved the plan to: {out}",
            "",
            "To perform exactly these actions, run the following command to apply:",
            f'    terraform apply "{out}"',
        ]
    else:
        lines += [
            "Note: You didn't use the -out option to save this plan, so Terraform can't guarantee to take exactly these",
            'actions if you run "terraform apply" now.',
        ]
    return "\n".join(lines)


def helm_upgraded(release: str, ns: str, revision: int, when: str, notes: str = "") -> str:
    """`helm upgrade` success output (with the chart's NOTES when it has them)."""
    out = (
        f'Release "{release}" has been upgraded. Happy Helming!\nNAME: {release}\nLAST DEPLOYED: {when}\n'
        f"NAMESPACE: {ns}\nSTATUS: deployed\nREVISION: {revision}\nTEST SUITE: None"
    )
    return out + (f"\nNOTES:\n{notes}" if notes else "")


def pods(rows: list[tuple[str, str, str, str, str, str]], *, wide: bool = False) -> str:
    """`kubectl get pods` (optionally -o wide): rows of (name, ready, status, restarts, age, node)."""
    if wide:
        head = f"{'NAME':<34}{'READY':<8}{'STATUS':<24}{'RESTARTS':<15}{'AGE':<7}{'IP':<13}NODE"
        body = [
            f"{n:<34}{r:<8}{s:<24}{x:<15}{a:<7}{'10.42.' + str(2 + i) + '.' + str(17 + 3 * i):<13}{node}"
            for i, (n, r, s, x, a, node) in enumerate(rows)
        ]
    else:
        head = f"{'NAME':<34}{'READY':<8}{'STATUS':<24}{'RESTARTS':<15}AGE"
        body = [f"{n:<34}{r:<8}{s:<24}{x:<15}{a}" for n, r, s, x, a, _node in rows]
    return "\n".join([head, *body])


# The kademuur repository deploys fietsplan, so its output names both working directories.
ROOTS = (FIETSPLAN, KADEMUUR)
