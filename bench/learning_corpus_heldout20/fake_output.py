"""Realistic-looking command output for Maricel's two projects on macOS: `deno test` / `deno check` / `deno lint`
for the sugbo Deno 2 + Fresh app, and pytest with nbval / DVC for the tanaw notebooks repo (run through uv),
plus git. Abridged the way a terminal scrollback is, but with the shapes each tool really prints."""

from __future__ import annotations

from transcript_kit import SUGBO, TANAW

__all__ = ["SUGBO", "TANAW", "deno_check_ok", "deno_test", "dvc_repro", "git_commit", "nbval_cell_error", "nbval_run"]


def deno_test(
    files: list[tuple[str, list[tuple[str, str]]]],
    errors: list[tuple[str, str, str]] = (),
    *,
    root: str = SUGBO,
    ms: int = 212,
) -> str:
    """`deno test` (Deno 2): per file, 'name ... ok (Nms)' lines, then ERRORS / FAILURES blocks and the verdict.
    files: (path, [(test name, 'ok' or 'FAILED')]); errors: (test name, 'file:line:col', error body)."""
    out: list[str] = []
    passed = failed = 0
    for i, (path, tests) in enumerate(files):
        out.append(f"running {len(tests)} test{'s' if len(tests) != 1 else ''} from ./{path}")
        for j, (name, verdict) in enumerate(tests):
            t = 1 + (i * 7 + j * 3) % 9
            out.append(f"{name} ... {verdict} ({t}ms)")
            passed += verdict == "ok"
            failed += verdict != "ok"
    if errors:
        out += ["", " ERRORS ", ""]
        for name, where, body in errors:
            out += [f"{name} => ./{where}", body.replace("{root}", root), ""]
        out += [" FAILURES ", ""]
        out += [f"{name} => ./{where}" for name, where, _ in errors]
        out += ["", f"FAILED | {passed} passed | {failed} failed ({ms}ms)", "", "error: Test failed"]
    else:
        out += ["", f"ok | {passed} passed | 0 failed ({ms}ms)"]
    return "\n".join(out)


def deno_check_ok(files: int = 31) -> str:
    """`deno task check` (fmt --check, lint, type-check) when everything is clean."""
    return "\n".join(
        [
            "Task check deno fmt --check && deno lint && deno check **/*.ts **/*.tsx",
            f"Checked {files} files",
            f"Checked {files - 3} files",
            f"Check file://{SUGBO}/dev.ts",
            f"Check file://{SUGBO}/main.ts",
            f"Check file://{SUGBO}/routes/index.tsx",
        ]
    )


def nbval_run(
    results: list[tuple[str, str]],
    failures: list[tuple[str, str]] = (),
    *,
    secs: str = "11.42",
) -> str:
    """pytest with the nbval plugin: one progress line per notebook (a dot or F per cell), FAILURES blocks with the
    cell input and traceback, the short summary and the totals line. results: (notebook, '....F.')."""
    total = sum(len(r) for _, r in results)
    out = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.12.9, pytest-8.3.5, pluggy-1.5.0",
        f"rootdir: {TANAW}",
        "configfile: pyproject.toml",
        "plugins: nbval-0.11.0, anyio-4.8.0",
        f"collected {total} items",
        "",
    ]
    done = 0
    for nb, cells in results:
        done += len(cells)
        pct = f"[{done * 100 // total:>3}%]"
        out.append(f"{nb} {cells}".ljust(75) + pct)
    failed = sum(r.count("F") for _, r in results)
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for item, body in failures:
            out += [f" {item} ".center(80, "_"), body, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {item}" for item, _ in failures]
        out.append(
            f"========================= {failed} failed, {total - failed} passed in {secs}s ========================="
        )
    else:
        out += ["", f"============================== {total} passed in {secs}s =============================="]
    return "\n".join(out)


def nbval_cell_error(cell: int, source: str, ename: str, evalue: str, lineno: int = 1, exec_n: int = 3) -> str:
    """The body nbval prints for a cell that raised: the input, then IPython's traceback."""
    src = source.split("\n")
    arrow = [(f"----> {i + 1} " if i + 1 == lineno else f"      {i + 1} ") + line for i, line in enumerate(src)]
    return "\n".join(
        [
            "Notebook cell execution failed",
            f"Cell {cell}: Cell execution caused an exception",
            "",
            "Input:",
            source,
            "",
            "Traceback:",
            "---------------------------------------------------------------------------",
            f"{ename:<42}Traceback (most recent call last)",
            f"Cell In[{exec_n}], line {lineno}",
            *arrow,
            "",
            f"{ename}: {evalue}",
        ]
    )


def dvc_repro(stages: list[tuple[str, str]], *, skipped: tuple[str, ...] = ("data/raw.dvc",)) -> str:
    """`dvc repro` (DVC 3) that ran the given stages, (name, command), and updated dvc.lock."""
    out = [f"'{s}' didn't change, skipping" for s in skipped]
    for name, cmd in stages:
        out += [f"Running stage '{name}':", f"> {cmd}"]
    out += [
        "Updating lock file 'dvc.lock'",
        "",
        "To track the changes with git, run:",
        "",
        "\tgit add dvc.lock",
        "",
        "To enable auto staging, run:",
        "",
        "\tdvc config core.autostage true",
        "Use `dvc push` to send your updates to remote storage.",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
