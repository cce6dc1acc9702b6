"""Lessons that check edits: fenced ```check blocks in MEMORY.md or a project's rules.md, parsed and run.

A block holds one or more checks separated by blank lines, each a few `key: value` lines:

    ```check
    glob: src/**/*.py
    pattern: \\bprint\\(
    severity: block
    message: Use the structlog logger, not print().
    ```

`glob` matches the end of the edited file's path (`*` within a component, `**` across them; a glob without
`/` matches the file name), `pattern` is a regular expression searched in the file, `severity` is `block` or
`warn` (default), `message` tells the agent what to do. A check that cannot be parsed is reported, never run.

Invariants: running checks never raises and never overruns its deadline by more than one regex timeout
slice. Patterns run under the `regex` module, whose matcher honours a timeout and releases the GIL, so a
catastrophic pattern costs its own time limit and never stalls the daemon; input is capped in size.
Blocking (file IO, matching): call through `asyncio.to_thread`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import regex

from pipeline.regular_file import read_regular

SEVERITIES = ("block", "warn")
MAX_LINES_REPORTED = 5
_FENCE = re.compile(r"^```check[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
_KEYS = ("glob", "pattern", "severity", "message", "name")


@dataclass(frozen=True, slots=True)
class Check:
    glob: str
    pattern: str
    severity: str
    message: str
    source: str  # where it was written, e.g. "areas/projects/shop/rules.md:12"
    name: str = ""


@dataclass(frozen=True, slots=True)
class Finding:
    check: Check
    lines: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CheckReport:
    path: str
    findings: tuple[Finding, ...] = ()
    timed_out: tuple[str, ...] = ()  # sources of checks that ran out of time (treated as passed)
    errors: tuple[str, ...] = field(default=())

    @property
    def decision(self) -> str:
        """block > warn > pass."""
        severities = {f.check.severity for f in self.findings}
        return "block" if "block" in severities else "warn" if severities else "pass"


def parse_checks(text: str, source: str) -> tuple[list[Check], list[str]]:
    """The checks in every ```check block of `text`, and one error line per check that cannot be used."""
    checks: list[Check] = []
    errors: list[str] = []
    for block in _FENCE.finditer(text):
        first_line = text.count("\n", 0, block.start(1)) + 1
        entry: dict[str, str] = {}
        entry_line = first_line
        lines = [*block.group(1).split("\n"), ""]
        for offset, raw in enumerate(lines):
            line = raw.strip()
            if not line:
                if entry:
                    _add(entry, f"{source}:{entry_line}", checks, errors)
                entry, entry_line = {}, first_line + offset + 1
                continue
            if line.startswith("#"):
                continue
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            if not sep or key not in _KEYS:
                errors.append(f"{source}:{first_line + offset}: expected one of {', '.join(_KEYS)} as 'key: value'")
                continue
            if not entry:
                entry_line = first_line + offset
            entry[key] = value.strip()
    return checks, errors


def _add(entry: dict[str, str], where: str, checks: list[Check], errors: list[str]) -> None:
    missing = [key for key in ("glob", "pattern", "message") if not entry.get(key)]
    severity = entry.get("severity", "warn").lower() or "warn"
    if missing:
        errors.append(f"{where}: check needs {', '.join(missing)}")
        return
    if severity not in SEVERITIES:
        errors.append(f"{where}: severity must be block or warn, not {severity!r}")
        return
    try:
        regex.compile(entry["pattern"], regex.MULTILINE)
    except regex.error as exc:
        errors.append(f"{where}: bad pattern: {exc}")
        return
    checks.append(Check(entry["glob"], entry["pattern"], severity, entry["message"], where, entry.get("name", "")))


def glob_matches(glob: str, path: str) -> bool:
    """Does `glob` match the end of `path` (component-aligned)?"""
    glob = glob.strip().lstrip("./") if glob.startswith("./") else glob.strip()
    if "/" not in glob:
        return _compile_glob(glob).fullmatch(Path(path).name) is not None
    return re.search(r"(?:^|/)" + _compile_glob(glob.lstrip("/")).pattern + r"\Z", path) is not None


def _compile_glob(glob: str) -> re.Pattern[str]:
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append(r"(?:[^/]*/)*")
            i += 3
        elif glob.startswith("**", i):
            out.append(r".*")
            i += 2
        elif glob[i] == "*":
            out.append(r"[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append(r"[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return re.compile("".join(out))


def run_checks(
    checks: list[Check], path: Path, *, time_limit_s: float, max_bytes: int, content: str | None = None
) -> CheckReport:
    """Run the checks whose glob matches `path` on its text, all within `time_limit_s`. Never raises."""
    shown = str(path)
    matching = [c for c in checks if glob_matches(c.glob, shown)]
    if not matching:
        return CheckReport(shown)
    if content is None:
        try:
            data = read_regular(path, max_bytes)
        except OSError as exc:
            return CheckReport(shown, errors=(f"{shown}: cannot read: {exc.strerror or exc}",))
        if len(data) > max_bytes:
            data = data[:max_bytes]  # Why: a huge generated file must not cost a whole scan; its head is checked
        content = data.decode("utf-8", errors="replace")
    deadline = time.monotonic() + time_limit_s
    findings: list[Finding] = []
    timed_out: list[str] = []
    errors: list[str] = []
    for check in matching:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out.append(check.source)
            continue
        try:
            lines = _matching_lines(check.pattern, content, left)
        except TimeoutError:
            timed_out.append(check.source)
            continue
        except Exception as exc:  # isolation boundary: one check; a bad pattern must not stop the others
            errors.append(f"{check.source}: {type(exc).__name__}: {exc}")
            continue
        if lines:
            findings.append(Finding(check, lines))
    return CheckReport(shown, tuple(findings), tuple(timed_out), tuple(errors))


def _matching_lines(pattern: str, content: str, timeout: float) -> tuple[int, ...]:
    compiled = regex.compile(pattern, regex.MULTILINE)
    lines: list[int] = []
    for match in compiled.finditer(content, timeout=timeout):
        line = content.count("\n", 0, match.start()) + 1
        if not lines or lines[-1] != line:
            lines.append(line)
        if len(lines) >= MAX_LINES_REPORTED:
            break
    return tuple(lines)


def describe(report: CheckReport) -> str:
    """The findings as text for the agent: one line per failed check, with where it is written."""
    out = []
    for finding in report.findings:
        where = ", ".join(str(n) for n in finding.lines)
        label = f" [{finding.check.name}]" if finding.check.name else ""
        out.append(
            f"- {finding.check.severity.upper()}{label} {report.path} line {where}: {finding.check.message} "
            f"(check in {finding.check.source})"
        )
    return "\n".join(out)
