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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import orjson

from pipeline.atomic_file import write_atomic
from pipeline.learning.problems.problem_identity import readable_failure

INDEX_NAME = "auto-capabilities.md"
MAX_NAME_CHARS = 48
MAX_STEPS = 10
MAX_EVIDENCE = 4
MAX_LISTED_SESSIONS = 8
_SLUG = re.compile(r"[^a-z0-9]+")
_STEP = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(.+\S)\s*$")
_NAME_NOISE = re.compile(r"^(?:(?:failed|error|errors|e)\s+)+")


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
    title_words: tuple[str, ...] = ()  # what a person would call the problem (`skill_evidence.name_words`)
    tests: tuple[str, ...] = ()  # its failing tests
    errors: tuple[str, ...] = ()  # its specific exceptions and error codes
    said: tuple[str, ...] = ()  # what the person said about it, in their words
    seen_in: tuple[tuple[str, str], ...] = ()  # (session, date) of the sessions that hit it, oldest first
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
    """The name an earlier generation gave the problem, else a slug of what a person would call it
    (`kafka-consumer-group`, `alembic-multiple-heads`), else of its kind and key."""
    if pattern.name:
        return pattern.name
    words = " ".join(pattern.title_words) or f"{pattern.kind} {_NAME_NOISE.sub('', pattern.key)}"
    slug = _SLUG.sub("-", words.lower()).strip("-")
    if len(slug) > MAX_NAME_CHARS:
        slug = slug[:MAX_NAME_CHARS].rsplit("-", 1)[0]
    return slug or f"pattern-{pattern.pattern_id}"


def title_of(pattern: SkillPattern) -> str:
    """The problem's name as a heading: "Kafka consumer group"."""
    words = " ".join(pattern.title_words) or pattern.key
    return words[:1].upper() + words[1:]


def trigger_words(pattern: SkillPattern, limit: int = 16) -> list[str]:
    return list(pattern.triggers[:limit]) or [pattern.kind.replace("_", " ")]


def parse_steps(text: str) -> list[str]:
    """Numbered or bulleted lines of a model's reply; [] when it has none."""
    steps = [m.group(1) for line in text.splitlines() if (m := _STEP.match(line))]
    return [" ".join(step.split()) for step in steps[:MAX_STEPS]]


def render_skill(pattern: SkillPattern, summary: list[str] | None = None) -> str:
    """The SKILL.md text. `summary`: a model's short steps, shown above the evidence (optional).

    The first resolution is "what fixed it"; a later one that did something the earlier ones did not is an
    update, with the date, the session and only its new steps; one that repeated them is listed as such."""
    name = skill_name(pattern)
    triggers = trigger_words(pattern)
    title = title_of(pattern)
    ordered = list(reversed(pattern.fixes))  # oldest first
    first = ordered[0] if ordered else None
    updates = _updates(ordered)
    seen_as = "; ".join(readable_failure(line)[:100] for line in pattern.evidence[:2])
    description = (
        f"{title}: what fixed this recurring problem before, step by step"
        + (f" (seen as: {seen_as})" if seen_as else "")
        + f". Use it when it shows up again. Trigger words: {', '.join(triggers)}."
    )
    lines = [
        "---",
        f"name: {name}",
        f"description: {orjson.dumps(description).decode()}",
        f"triggers: {orjson.dumps(triggers).decode()}",
        "---",
        "",
        f"# {title}: a recurring problem and what fixed it",
        "",
        f"Generated by memoryd from pattern `{pattern.pattern_id}`, hit in {pattern.sessions or pattern.count} "
        f"session(s) ({pattern.count} of the last ones, priority {pattern.priority})"
        + (f", resolved in session `{first.session_id}` ({first.ended[:10]})" if first else "")
        + (f", updated from session `{updates[-1][0].session_id}` ({updates[-1][0].ended[:10]})" if updates else "")
        + ". Edit freely: memoryd never overwrites a SKILL.md you changed.",
        "",
        "## When to use",
        *_when_lines(pattern, triggers),
        "",
        "## What it looked like",
        *([f"- {line}" for line in pattern.evidence[:MAX_EVIDENCE]] or ["- (no evidence text recorded)"]),
        "",
    ]
    if summary:
        lines += ["## In short", *[f"{i}. {step}" for i, step in enumerate(summary, 1)], ""]
    if first is not None:
        lines += [f"## What fixed it (session `{first.session_id}`, {first.ended[:10]})", *render_steps(first)]
        lines += [f"- Verified by: `{first.verified_by}` (passed)", ""]
    for fix, steps in updates:
        lines += [
            f"## Updated {fix.ended[:10]}: a later resolution (session `{fix.session_id}`) also did this",
            *render_steps(replace(fix, steps=steps)),
            f"- Verified by: `{fix.verified_by}` (passed)",
            "",
        ]
    lines += ["## Sessions", *_session_lines(pattern, ordered, {f.session_id for f, _ in updates}), ""]
    if pattern.lessons:
        lines += ["## Lessons and rules that apply", *[f"- {lesson}" for lesson in pattern.lessons], ""]
    lines += [
        "## When it is solved",
        f"- memoryd marks pattern `{pattern.pattern_id}` addressed after a session that resolved it, and active "
        "again when it comes back; `memoryd patterns --explain` shows both.",
        "",
    ]
    return "\n".join(lines)


def _when_lines(pattern: SkillPattern, triggers: list[str]) -> list[str]:
    out = []
    if pattern.tests:
        out.append("- These tests fail: " + ", ".join(f"`{t}`" for t in pattern.tests[:4]))
    if pattern.errors:
        out.append("- The output shows: " + ", ".join(f"`{e}`" for e in pattern.errors[:4]))
    if pattern.said:
        out.append("- It was described as: " + "; ".join(f'"{s[:90]}"' for s in pattern.said[:2]))
    out.append(f"- The task or its output mentions: {', '.join(triggers)}.")
    return out


def _session_lines(pattern: SkillPattern, fixes: list[FixRecord], updated: set[str]) -> list[str]:
    out = []
    if pattern.seen_in:
        out.append("- Hit in: " + ", ".join(f"`{s}` ({d[:10]})" for s, d in pattern.seen_in[-MAX_LISTED_SESSIONS:]))
    for fix in fixes[1:]:
        if fix.session_id not in updated:
            runs = [f"`{s['what']}`" for s in fix.steps if s.get("do") == "run"][:3]
            out.append(
                f"- Also resolved in `{fix.session_id}` ({fix.ended[:10]}) the same way"
                + (f": {', '.join(runs)}" if runs else "")
            )
    return out or ["- (no sessions recorded)"]


def _updates(fixes: list[FixRecord]) -> list[tuple[FixRecord, tuple[dict[str, Any], ...]]]:
    """The later resolutions that did something the earlier ones did not, each with only those new steps."""
    known: set[str] = set()
    out = []
    for index, fix in enumerate(fixes):
        fresh = tuple(s for s in fix.steps if _step_key(s) not in known and s.get("do") in ("edit", "run"))
        if index and fresh:
            out.append((fix, fresh))
        known |= {_step_key(s) for s in fix.steps}
    return out


def _step_key(step: dict[str, Any]) -> str:
    lines = " ".join(str(line) for line in step.get("lines") or ())
    return " ".join(f"{step.get('do')} {step.get('what')} {lines}".lower().split())


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
