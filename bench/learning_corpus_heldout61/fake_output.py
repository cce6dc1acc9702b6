"""Realistic-looking command output for Thiha's two projects on macOS: GUT and Godot for mohinga, RSpec, rubocop
and Kamal for shwe-api, and git."""

from __future__ import annotations

from transcript_kit import API, GAME

__all__ = ["API", "GAME", "git_commit", "gut_run", "rspec_run"]


def gut_run(passed: int, failures: list[tuple[str, str, str]] = ()) -> str:
    """`godot --headless -s addons/gut/gut_cmdln.gd`: failures are (script, test, message)."""
    out = ["Godot Engine v4.3.stable.mono.official.77dcf97d8 - https://godotengine.org", "", "--- Gut ---"]
    for script, test, msg in failures:
        out += [f"res://{script}", f"* {test}", f"    [Failed]:  {msg}"]
    n = passed + len(failures)
    out += [
        "",
        "==============================================",
        "= Run Summary",
        "==============================================",
        f"Tests             {n}",
        f"  Passing         {passed}",
        f"  Failing         {len(failures)}",
        "",
        "---- All tests passed! ----" if not failures else f"---- {len(failures)} failing tests ----",
    ]
    return "\n".join(out)


def rspec_run(examples: int, failures: list[tuple[str, str, str]] = (), *, secs: float = 3.41) -> str:
    """`bundle exec rspec`: failures are (example description, error text, location)."""
    out = ["", "Randomized with seed 40213", "." * max(examples - len(failures), 1) + "F" * len(failures), ""]
    if failures:
        out.append("Failures:")
        for i, (desc, err, loc) in enumerate(failures, 1):
            out += ["", f"  {i}) {desc}", f"     Failure/Error: {err}", f"     # {loc}"]
    out += ["", f"Finished in {secs:.2f} seconds (files took 1.87 seconds to load)"]
    out.append(f"{examples} examples, {len(failures)} failures")
    if failures:
        out.append("")
        for desc, _err, loc in failures:
            out.append(f"rspec {loc.split(':in')[0]} # {desc}")
    return "\n".join(out)


def git_commit(branch: str, sha: str, msg: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
