"""Generated skills: `SKILLS_DIR/NAME/SKILL.md` for one recurring pattern, and the `auto-capabilities.md` index.

Invariants:
- The front matter is always rendered here, never by an LLM: `name` is a slug, `description` a double-quoted
  YAML string naming the trigger words, so a model's reply can only ever fill the steps.
- A SKILL.md is replaced only when its current bytes hash to the `content_hash` of the last generation that
  wrote it. A file a person edited (or wrote) is left alone and reported as `edited`.
- Every write is atomic (temp file + os.replace).
Blocking (file IO): call from a thread.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import orjson

from pipeline.atomic_file import write_atomic

INDEX_NAME = "auto-capabilities.md"
MAX_NAME_CHARS = 48
MAX_STEPS = 10
_SLUG = re.compile(r"[^a-z0-9]+")
_STEP = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(.+\S)\s*$")
_TRIGGER_STOP = frozenset(("no", "not", "with", "from", "line", "file", "that", "this", "error", "issue"))

_KIND_TITLE = {
    "error": "error",
    "correction": "correction from the user",
    "capability_gap": "capability gap",
    "recurring_issue": "recurring issue",
    "environment_issue": "environment issue",
    "dependency_issue": "dependency issue",
    "performance_issue": "performance issue",
    "security_issue": "security issue",
}
_KIND_STEPS = {
    "error": [
        "Reproduce the failure with the smallest command that shows it, and read the whole message or traceback.",
        "Search memory (`memoryd search`) for the error text: an earlier session may have fixed it already.",
        "Fix the cause, then run the same command again to confirm it passes.",
    ],
    "correction": [
        "The user corrected this before: follow the correction quoted under Evidence instead of the default.",
        "Before a similar action, check MEMORY.md and the project's rules.md for the preferred way.",
        "If unsure, ask the user before repeating the corrected behaviour.",
    ],
    "capability_gap": [
        "Say plainly what cannot be done with the current tools, before attempting workarounds.",
        "Look for an installed tool, script or MCP server that covers it (`memoryd search` for the task).",
        "Propose the smallest addition (a script, a dependency, a skill) that would close the gap.",
    ],
    "recurring_issue": [
        "This problem came back across sessions: look for the root cause, not another one-off fix.",
        "Check what the earlier fixes changed (session summaries, git log) and why they did not hold.",
        "Record the root cause and the lasting fix as a lesson in MEMORY.md.",
    ],
    "environment_issue": [
        "Check the environment first: the tool on PATH (`command -v`), required variables, the active "
        "virtualenv or runtime version, running services.",
        "Use the project's own environment (its .venv, node_modules, container) rather than global tools.",
        "Write the working set-up step into the project's rules.md so the next session starts right.",
    ],
    "dependency_issue": [
        "Check the dependency manifest and lock file (pyproject.toml, package.json, go.mod, ...) for the package "
        "named in the evidence.",
        "Install it into the project's environment with the project's package manager, not globally.",
        "Pin the version that works and note it in the project's rules.md.",
    ],
    "performance_issue": [
        "Measure before changing anything: time the slow step and note the number.",
        "Look for the usual causes: missing index, N+1 queries, unbounded work, no caching, too-short timeouts.",
        "Change one thing at a time and measure again.",
    ],
    "security_issue": [
        "Stop and do not commit: check that no secret or credential is in the diff or the history.",
        "Move secrets to environment variables or a secret store; rotate anything that was exposed.",
        "Add a check (pre-commit hook, linter rule) so this cannot slip in again.",
    ],
}


@dataclass(frozen=True, slots=True)
class SkillPattern:
    """The recurring pattern a skill is generated from, with its evidence (redacted signal texts)."""

    pattern_id: str
    kind: str
    key: str
    count: int
    priority: str
    evidence: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SkillWrite:
    status: str  # written | unchanged | edited
    path: Path
    content_hash: str


@dataclass(frozen=True, slots=True)
class IndexEntry:
    name: str
    trigger: str
    path: str
    generated_at: str
    pattern_count: int


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def skill_name(pattern: SkillPattern) -> str:
    """A stable slug from kind and key, e.g. `dependency-issue-modulenotfounderror-no-module-named`."""
    slug = _SLUG.sub("-", f"{pattern.kind} {pattern.key}".lower()).strip("-")
    if len(slug) > MAX_NAME_CHARS:
        slug = slug[:MAX_NAME_CHARS].rsplit("-", 1)[0]
    return slug or f"pattern-{pattern.pattern_id}"


def trigger_words(pattern: SkillPattern, limit: int = 6) -> list[str]:
    words: list[str] = []
    for word in pattern.key.split():
        if len(word) > 2 and word not in _TRIGGER_STOP and word not in words:
            words.append(word)
    return words[:limit] or [pattern.kind.replace("_", " ")]


def template_steps(pattern: SkillPattern) -> list[str]:
    return list(_KIND_STEPS.get(pattern.kind, _KIND_STEPS["error"]))


def parse_steps(text: str) -> list[str]:
    """Numbered or bulleted lines of a model's reply; [] when it has none (the caller then uses the template)."""
    steps = [m.group(1) for line in text.splitlines() if (m := _STEP.match(line))]
    return [" ".join(step.split()) for step in steps[:MAX_STEPS]]


def render_skill(pattern: SkillPattern, steps: list[str]) -> str:
    name = skill_name(pattern)
    triggers = trigger_words(pattern)
    title = _KIND_TITLE.get(pattern.kind, pattern.kind)
    description = (
        f"Use when the recurring {title} '{pattern.key}' shows up again. Trigger words: {', '.join(triggers)}."
    )
    lines = [
        "---",
        f"name: {name}",
        f"description: {orjson.dumps(description).decode()}",
        "---",
        "",
        f"# Recurring {title}: {pattern.key}",
        "",
        f"Generated by memoryd from pattern `{pattern.pattern_id}`, seen in {pattern.count} of the last sessions "
        f"(priority {pattern.priority}). Edit freely: memoryd never overwrites a SKILL.md you changed.",
        "",
        "## When to use",
        f"- The task or its output mentions: {', '.join(triggers)}.",
        "",
        "## Evidence",
        *([f"- {line}" for line in pattern.evidence] or ["- (no evidence text recorded)"]),
        "",
        "## Steps",
        *[f"{i}. {step}" for i, step in enumerate(steps, 1)],
        "",
        "## When it is solved",
        f"- Run `memoryd pattern addressed {pattern.pattern_id}` and add the lasting fix to MEMORY.md.",
        "",
    ]
    return "\n".join(lines)


def write_skill(skills_dir: Path, name: str, text: str, recorded_hash: str | None) -> SkillWrite:
    """Write `skills_dir/name/SKILL.md` unless a person changed it since memoryd last wrote it."""
    path = skills_dir / name / "SKILL.md"
    new_hash = content_hash(text)
    if path.exists():
        current = content_hash(path.read_text(encoding="utf-8", errors="surrogateescape"))
        if current == new_hash:
            return SkillWrite("unchanged", path, new_hash)
        if current != recorded_hash:
            return SkillWrite("edited", path, current)
    write_atomic(path, text)
    return SkillWrite("written", path, new_hash)


def render_index(entries: list[IndexEntry]) -> str:
    lines = [
        "# Auto-generated capabilities",
        "",
        "Skills memoryd generated from recurring patterns (`memoryd patterns`). This index is rewritten on "
        "every generation; the SKILL.md files themselves are never overwritten once you edit them.",
        "",
        "| skill | trigger words | patterns | generated | path |",
        "|---|---|---|---|---|",
    ]
    for entry in sorted(entries, key=lambda e: e.name):
        trigger = entry.trigger.replace("|", "/")
        lines.append(f"| {entry.name} | {trigger} | {entry.pattern_count} | {entry.generated_at} | {entry.path} |")
    return "\n".join(lines) + "\n"


def write_index(skills_dir: Path, entries: list[IndexEntry]) -> Path:
    path = skills_dir / INDEX_NAME
    write_atomic(path, render_index(entries))
    return path
