"""Generated skills: `SKILLS_DIR/NAME/SKILL.md` for one recurring problem, and the `auto-capabilities.md` index.

A skill carries evidence, not a template: what the problem looked like (the signals' evidence), what resolved
it (the steps of the sessions that hit it and then ended in success with a passing check: edits, commands,
what the person declined and said; `fix_steps.py`), and the lessons and rules that apply. Its trigger words
are the problem's own nouns (tests, exceptions, modules, the person's words for it) that no other known
problem shares, never boilerplate.

Invariants:
- The front matter is always rendered here, never by an LLM: `name` is a slug, `description` a double-quoted
  YAML string naming the trigger words, `triggers` a list, so a model's reply can only ever add a summary.
- A SKILL.md is replaced only when its current bytes hash to the `content_hash` of the last generation that
  wrote it. A file a person edited (or wrote) is left alone and reported as `edited`.
- Every write is atomic (temp file + os.replace).
Blocking (file IO): call from a thread.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from pipeline.atomic_file import write_atomic

INDEX_NAME = "auto-capabilities.md"
MAX_NAME_CHARS = 48
MAX_STEPS = 10
MAX_EVIDENCE = 4
_SLUG = re.compile(r"[^a-z0-9]+")
_STEP = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(.+\S)\s*$")
_NAME_NOISE = re.compile(r"^(?:(?:failed|error|errors|e)\s+)+")
_KIND_TITLE = {
    "error": "error",
    "correction": "correction from the user",
    "capability_gap": "capability gap",
    "recurring_issue": "recurring issue",
    "environment_issue": "environment issue",
    "dependency_issue": "dependency issue",
    "performance_issue": "performance issue",
    "security_issue": "security issue",
    "retry": "retried command",
}


@dataclass(frozen=True, slots=True)
class FixRecord:
    """What one session did to resolve the problem (a `resolution` event)."""

    session_id: str
    ended: str
    steps: tuple[dict[str, Any], ...]  # {do, what, lines?}
    verified_by: str


@dataclass(frozen=True, slots=True)
class SkillPattern:
    """The recurring problem a skill is generated from, with its evidence (redacted signal texts)."""

    pattern_id: str
    kind: str
    key: str
    count: int
    priority: str
    evidence: tuple[str, ...]
    triggers: tuple[str, ...] = ()
    fixes: tuple[FixRecord, ...] = ()  # newest first
    lessons: tuple[str, ...] = ()  # lessons and rules that apply
    sessions: int = 0  # sessions that hit it, ever
    name: str = ""  # the name an earlier generation gave it (kept so the skill stays one file)
    extra: dict[str, Any] = field(default_factory=dict)


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
    """The name an earlier generation gave the problem, else a slug of its kind and key, e.g.
    `error-commanderror-multiple-head-revisions`."""
    if pattern.name:
        return pattern.name
    key = _NAME_NOISE.sub("", pattern.key)
    slug = _SLUG.sub("-", f"{pattern.kind} {key}".lower()).strip("-")
    if len(slug) > MAX_NAME_CHARS:
        slug = slug[:MAX_NAME_CHARS].rsplit("-", 1)[0]
    return slug or f"pattern-{pattern.pattern_id}"


def trigger_words(pattern: SkillPattern, limit: int = 16) -> list[str]:
    return list(pattern.triggers[:limit]) or [pattern.kind.replace("_", " ")]


def parse_steps(text: str) -> list[str]:
    """Numbered or bulleted lines of a model's reply; [] when it has none."""
    steps = [m.group(1) for line in text.splitlines() if (m := _STEP.match(line))]
    return [" ".join(step.split()) for step in steps[:MAX_STEPS]]


def render_skill(pattern: SkillPattern, summary: list[str] | None = None) -> str:
    """The SKILL.md text. `summary`: a model's short steps, shown above the evidence (optional)."""
    name = skill_name(pattern)
    triggers = trigger_words(pattern)
    title = _KIND_TITLE.get(pattern.kind, pattern.kind)
    primary = pattern.fixes[0] if pattern.fixes else None
    seen_as = "; ".join(line[:120] for line in pattern.evidence[:2])
    description = (
        f"What fixed the recurring {title} '{pattern.key}' before, step by step"
        + (f" (seen as: {seen_as})" if seen_as else "")
        + f". Trigger words: {', '.join(triggers)}."
    )
    lines = [
        "---",
        f"name: {name}",
        f"description: {orjson.dumps(description).decode()}",
        f"triggers: {orjson.dumps(triggers).decode()}",
        "---",
        "",
        f"# Recurring {title}: {pattern.key}",
        "",
        f"Generated by memoryd from pattern `{pattern.pattern_id}`, hit in {pattern.sessions or pattern.count} "
        f"session(s) ({pattern.count} of the last ones, priority {pattern.priority})"
        + (f", resolved in session `{primary.session_id}` ({primary.ended[:10]})" if primary else "")
        + ". Edit freely: memoryd never overwrites a SKILL.md you changed.",
        "",
        "## When to use",
        f"- The task or its output mentions: {', '.join(triggers)}.",
        "",
        "## What it looked like",
        *([f"- {line}" for line in pattern.evidence[:MAX_EVIDENCE]] or ["- (no evidence text recorded)"]),
        "",
    ]
    if summary:
        lines += ["## In short", *[f"{i}. {step}" for i, step in enumerate(summary, 1)], ""]
    if primary is not None:
        lines += [f"## What fixed it (session `{primary.session_id}`, {primary.ended[:10]})", *render_steps(primary)]
        lines += [f"- Verified by: `{primary.verified_by}` (passed)", ""]
    others = pattern.fixes[1:3]
    if others:
        lines.append("## Other sessions that resolved it")
        for fix in others:
            runs = [f"`{s['what']}`" for s in fix.steps if s.get("do") == "run"][:4]
            lines.append(f"- `{fix.session_id}` ({fix.ended[:10]}): " + (", ".join(runs) or "see its summary"))
        lines.append("")
    if pattern.lessons:
        lines += ["## Lessons and rules that apply", *[f"- {lesson}" for lesson in pattern.lessons], ""]
    lines += [
        "## When it is solved",
        f"- memoryd marks pattern `{pattern.pattern_id}` addressed after a session that resolved it, and active "
        "again when it comes back; `memoryd patterns` shows both.",
        "",
    ]
    return "\n".join(lines)


def render_steps(fix: FixRecord) -> list[str]:
    out: list[str] = []
    for number, step in enumerate(fix.steps, 1):
        do, what = str(step.get("do", "")), str(step.get("what", ""))
        if do == "edit":
            out.append(f"{number}. Edit `{what}`:")
            changed = [str(line) for line in step.get("lines") or []]
            if changed:
                out += ["   ```", *[f"   + {line}" for line in changed], "   ```"]
        elif do == "run":
            out.append(f"{number}. Run `{what}`")
        elif do == "declined":
            out.append(f"{number}. Not this (the user declined it): `{what}`")
        elif do == "said":
            out.append(f'{number}. The user said: "{what}"')
    return out


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
