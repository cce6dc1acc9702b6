"""What resolved a problem in a session: the steps between hitting it and the check that passed after.

A session resolves its problems when it ended in success and a check (tests, type check, lint, CI) passed
after the last failure of those problems. The steps are what the session did from the moment the problem
first showed up to that passing check: the edits it made (file and the lines it added), the commands it ran
(not the read-only ones, not the git bookkeeping), what the person declined, and what the person said that
steered the work (a correction, a rule, a decision). These are the evidence a generated skill carries
(`skill_writer.py`), instead of a template. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.agent.check_commands import is_check
from pipeline.agent.transcript import Step, Transcript
from pipeline.agent_path import relative_to

MAX_STEPS = 14
MAX_SAID_CHARS = 240
_READ_ONLY = re.compile(
    r"^\s*(?:git (?:status|log|diff|show|branch|fetch|stash list)|ls|cat|head|tail|grep|rg|find|wc|echo|pwd|which|"
    r"docker ps|gh (?:pr (?:view|list|checks)|run (?:view|list)))\b"
)
_BOOKKEEPING = re.compile(
    r"^\s*(?:git (?:add|commit|push|switch|checkout -b|reset --soft|rebase)|gh pr (?:create|merge))\b"
)


@dataclass(frozen=True, slots=True)
class FixStep:
    do: str  # edit | run | declined | said
    what: str  # the file, the command, or the person's words
    lines: tuple[str, ...] = ()  # for an edit: the lines it added
    line: int = 0  # the transcript line it was read from

    def to_json_obj(self) -> dict[str, object]:
        obj: dict[str, object] = {"do": self.do, "what": self.what}
        if self.lines:
            obj["lines"] = list(self.lines)
        if self.line:
            obj["line"] = self.line
        return obj


@dataclass(frozen=True, slots=True)
class Resolution:
    keys: tuple[tuple[str, str], ...]  # (kind, key) of the signals resolved
    steps: tuple[FixStep, ...]
    verified_by: str  # the check that passed


def find_resolution(
    t: Transcript, problems: Sequence[tuple[str, str, int]], outcome: str, steering: Sequence[int] = ()
) -> Resolution | None:
    """`problems` are (kind, key, first step) of the session's problem signals; `steering` the steps where the
    person said something that steered the work. None unless the session resolved them (see the docstring)."""
    if outcome != "success" or not problems:
        return None
    steps = t.steps
    start = min(step for _, _, step in problems)
    last_failure = max(
        (i for i, s in enumerate(steps) if i >= start and s.kind == "tool" and s.status == "failed"), default=start
    )
    verify = next(
        (i for i in range(len(steps) - 1, last_failure, -1) if is_check(steps[i]) and steps[i].status == "ok"), None
    )
    if verify is None:
        return None
    out: list[FixStep] = []
    for index in range(start, verify + 1):
        step = steps[index]
        fix = _fix_step(step, t.cwd, index in steering)
        if fix is not None and (not out or (out[-1].do, out[-1].what, out[-1].lines) != (fix.do, fix.what, fix.lines)):
            out.append(fix)
    keys = tuple(dict.fromkeys((kind, key) for kind, key, _ in problems))
    return Resolution(keys, tuple(_capped(out)), _command(steps[verify]))


def _fix_step(step: Step, cwd: str, steering: bool) -> FixStep | None:
    if step.kind == "user":
        return FixStep("said", _cut(step.text), line=step.line) if steering else None
    call = step.call
    if step.kind != "tool" or call is None:
        return None
    if step.status == "denied":
        what = _command(step) if call.command else f"{call.name} {_files(call.files, cwd)}"
        return FixStep("declined", what, line=step.line)
    if step.status != "ok":
        return None
    if call.edits and call.files:
        return FixStep("edit", _files(call.files, cwd), call.changes, step.line)
    if call.command and not _READ_ONLY.match(call.command) and not _BOOKKEEPING.match(call.command):
        return FixStep("run", _command(step), line=step.line)
    return None


def _capped(steps: list[FixStep]) -> list[FixStep]:
    """At most MAX_STEPS: the person's words and the runs are kept before the oldest edits go."""
    while len(steps) > MAX_STEPS:
        victim = next((i for i, s in enumerate(steps) if s.do == "edit"), 0)
        steps.pop(victim)
    return steps


def _command(step: Step) -> str:
    call = step.call
    return " ".join((call.command if call else "").split())[:300] if call else ""


def _files(files: tuple[str, ...], cwd: str) -> str:
    return ", ".join(relative_to(path, cwd) for path in files)


def _cut(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= MAX_SAID_CHARS else line[: MAX_SAID_CHARS - 1] + "…"
