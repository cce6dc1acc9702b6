"""Gated capability generation inside the daemon: read the gates' inputs, write skills from evidence, log it.

Invariants:
- Nothing is written unless every gate passes (`pipeline/learning/capability_gates.py`), checked on
  projections caught up with the log.
- A skill is written only for a problem some session resolved (a `resolution` event: it hit the problem and
  ended in success with a check passing); it carries those steps, the problem's evidence and the lessons and
  rules that apply (`pipeline/learning/skill_evidence.py`). A problem nobody resolved yet gets no skill (a
  template would only say "reproduce, search, fix"), and neither does one whose fix contradicts a rule in
  force. The pattern is marked `addressed` only then; `signal_patterns` makes it active again if it recurs.
- Each written SKILL.md gets a `generation` event carrying its content hash; a skill keeps the name it was
  first given, and a skill a person edited is never overwritten.
- The LLM, when configured, only adds a short summary of the steps; failing or absent, the evidence stands.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.config import Settings
from events.event import parse_timestamp
from events.projections.signal_patterns import node_of
from events.queries import event_index, signal_patterns
from pipeline.learning.capability_gates import ENV_VAR, Gate, GateInputs, GateThresholds, all_pass, evaluate_gates
from pipeline.learning.lessons import current_bullets
from pipeline.learning.problems.problem_match import KnownProblem
from pipeline.learning.skill_evidence import applying, contradiction, name_words, triggers
from pipeline.learning.skill_writer import (
    FixRecord,
    IndexEntry,
    SkillPattern,
    parse_steps,
    render_skill,
    render_steps,
    skill_name,
    title_of,
    trigger_words,
    write_index,
    write_skill,
)
from pipeline.llm import LLMClient, LLMError
from pipeline.memory_layout import read_text
from pipeline.redact import redact

logger = structlog.get_logger(__name__)

MAX_SKILLS_PER_RUN = 5
EVIDENCE_PER_SKILL = 4
_STEPS_SYSTEM = (
    "You summarise how a coding agent fixed a recurring problem, from the steps it took. Reply with 3 to 7 "
    "short numbered steps and nothing else; use only what the steps show. Never include secrets."
)


def thresholds_of(settings: Settings) -> GateThresholds:
    skills = settings.skills
    return GateThresholds(
        min_hours=skills.min_hours_between,
        min_patterns=skills.min_patterns,
        min_count=skills.min_pattern_count,
        window=skills.success_window,
        min_success_rate=skills.min_success_rate,
    )


@dataclass(frozen=True, slots=True)
class _State:
    last_generation: str | None
    patterns: list[SkillPattern]  # active, count >= min_count (what the gate counts)
    outcomes: tuple[str, ...]
    generations: list[dict[str, Any]]
    skipped: list[dict[str, str]]  # qualifying patterns that get no skill, and why


def _read_state(conn: sqlite3.Connection, thresholds: GateThresholds) -> _State:
    generations = [{"ts": e.ts, **e.data} for e in event_index.of_type(conn, "generation")]
    # Why the receipts: a session's own start time, not when its transcript reached the inbox
    started = {
        str(e.data["session_id"]): str(e.data.get("started") or e.ts)
        for e in event_index.of_type(conn, "session_summary")
        if not e.data.get("agent_id")
    }
    resolutions = [e.data for e in event_index.of_type(conn, "resolution")]
    known = [KnownProblem(p.pattern_id, p.anchors, p.keys) for p in signal_patterns.known_problems(conn)]
    patterns = []
    for pattern in signal_patterns.active(conn, thresholds.min_count):
        texts: list[str] = []
        for text in signal_patterns.evidence(conn, pattern.pattern_id, 20):
            if text and text not in texts:
                texts.append(text)
        said = signal_patterns.said_about(conn, pattern.pattern_id)
        problem = next(
            (k for k in known if k.pattern_id == pattern.pattern_id),
            KnownProblem(pattern.pattern_id, pattern.anchors, ()),
        )
        members = set(pattern.members)
        fixes: dict[str, FixRecord] = {}  # newest first, one per session (a re-read transcript logs another)
        for r in reversed(resolutions):
            if any(node_of({**k, "project": r.get("project")}) in members for k in r.get("keys") or ()):
                fixes.setdefault(str(r["session_id"]), _fix(r))
        earlier = next((g for g in reversed(generations) if g.get("pattern_id") in members), None)
        anchors = problem.anchors or pattern.anchors
        said_texts = signal_patterns.said_texts(conn, pattern.pattern_id)
        patterns.append(
            SkillPattern(
                pattern.pattern_id,
                pattern.kind,
                pattern.key,
                pattern.count,
                pattern.priority,
                tuple(texts[:EVIDENCE_PER_SKILL]),
                triggers=tuple(triggers(problem, said, known)),
                fixes=tuple(fixes.values()),
                sessions=pattern.session_total,
                name=str(earlier["capability_name"]) if earlier else "",
                title_words=tuple(name_words(problem, said_texts, known, _fix_words(fixes.values()))),
                tests=tuple(a[5:] for a in anchors if a.startswith("test:")),
                errors=tuple(dict.fromkeys(a[4:].split("@")[0] for a in anchors if a.startswith("exc:"))),
                said=tuple(said_texts),
                seen_in=tuple(
                    (s, started.get(s, ts)) for s, ts in signal_patterns.sessions_of(conn, pattern.pattern_id)
                ),
                extra={"said": said, "problem": problem},
            )
        )
    outcomes = signal_patterns.recent_outcomes(conn, thresholds.window)
    return _State(generations[-1]["ts"] if generations else None, patterns, outcomes, generations, [])


def _gates(state: _State, thresholds: GateThresholds, now: dt.datetime) -> list[Gate]:
    hours = None
    if state.last_generation is not None:
        hours = (now - parse_timestamp(state.last_generation)).total_seconds() / 3600
    inputs = GateInputs(os.environ.get(ENV_VAR), hours, len(state.patterns), state.outcomes)
    return evaluate_gates(inputs, thresholds)


async def gate_status(app: App) -> list[Gate]:
    thresholds = thresholds_of(app.settings)
    await app.projections_current()
    state = await app.db.read(lambda conn: _read_state(conn, thresholds))
    return _gates(state, thresholds, app.clock())


async def generate_capabilities(app: App, llm: LLMClient | None) -> dict[str, Any]:
    """Run generation if every gate passes. Returns the gates and what was written or skipped."""
    thresholds = thresholds_of(app.settings)
    skills_dir = app.settings.skills_dir
    await app.projections_current()
    state = await app.db.read(lambda conn: _read_state(conn, thresholds))
    now = app.clock()
    gates = _gates(state, thresholds, now)
    result: dict[str, Any] = {"gates": [g.to_json_obj() for g in gates], "passed": all_pass(gates)}
    result.update(generated=[], skipped=[])
    # Why updates pass the other gates: they guard against writing new skills too eagerly; a skill that exists
    # gets the later resolution of its own problem ("Updated DATE") whenever one is recorded.
    updates_only = not result["passed"] and all(g.passed for g in gates if g.name == "env")
    if not result["passed"]:
        logger.info("capabilities_gated", failed=[g.name for g in gates if not g.passed], updates_only=updates_only)
        if not updates_only:
            return result
        result["updates_only"] = True
    knowledge = await asyncio.to_thread(_knowledge_in_force, app.settings.home)
    recorded = {str(g.get("path")): g.get("content_hash") for g in state.generations}
    drafts: list[tuple[str, dict[str, Any]]] = []
    index = {str(g["capability_name"]): _entry(g, str(g["ts"])) for g in state.generations}
    written = 0
    owner = {str(g["capability_name"]): str(g.get("pattern_id")) for g in state.generations}
    for pattern in state.patterns:
        if updates_only and not pattern.name:
            continue  # a new skill waits for every gate
        name = _unique_name(skill_name(pattern), pattern.pattern_id, owner)
        pattern = replace(pattern, name=name)
        if not pattern.fixes:
            result["skipped"].append({"name": name, "reason": "not resolved yet", "pattern_id": pattern.pattern_id})
            continue
        steps = [line for fix in pattern.fixes[:1] for line in render_steps(_without_declined(fix))]
        if rule := contradiction(steps, knowledge.rules):
            result["skipped"].append(
                {"name": name, "reason": f"contradicts the rule: {rule}", "pattern_id": pattern.pattern_id}
            )
            continue
        if written >= MAX_SKILLS_PER_RUN:
            break
        said, problem = pattern.extra["said"], pattern.extra["problem"]
        pattern = replace(pattern, lessons=tuple(applying(problem, said, knowledge.all)))
        summary, source = await _summary(pattern, llm)
        path = skills_dir / name / "SKILL.md"
        done = await asyncio.to_thread(
            write_skill, skills_dir, name, render_skill(pattern, summary), recorded.get(str(path))
        )
        addressed = ("pattern_status", {"pattern_id": pattern.pattern_id, "status": "addressed"})
        if not updates_only or done.status == "written":  # an unchanged skill does not address a recurrence
            drafts.append(addressed)
        if done.status != "written":
            result["skipped"].append({"name": name, "reason": done.status, "path": str(path)})
            continue
        written += 1
        generation = {
            "capability_name": name,
            "type": "Skill",
            "trigger": ", ".join(trigger_words(pattern)),
            "pattern_count": pattern.count,
            "path": str(path),
            "content_hash": done.content_hash,
            "pattern_id": pattern.pattern_id,
            "steps_from": source,
            "resolved_in": [fix.session_id for fix in reversed(pattern.fixes)],
            "sessions": [session for session, _ in pattern.seen_in],
            "title": title_of(pattern),
        }
        if earlier_hash := recorded.get(str(path)):
            generation["replaces_hash"] = earlier_hash
        drafts.append(("generation", generation))
        index[name] = _entry(generation, now.strftime("%Y-%m-%d %H:%M"))
        result["generated"].append({"name": name, "path": str(path), "steps_from": source})
    if drafts:
        await app.record(drafts)
    if result["generated"]:
        await asyncio.to_thread(write_index, skills_dir, list(index.values()))
    logger.info("capabilities_generated", written=len(result["generated"]), skipped=len(result["skipped"]))
    return result


@dataclass(frozen=True, slots=True)
class _Knowledge:
    rules: list[str]  # every project's rules in force
    all: list[str]  # those and MEMORY.md's lessons in force


def _knowledge_in_force(home: Path) -> _Knowledge:
    """Blocking."""
    rules = [
        b for path in sorted((home / "areas" / "projects").glob("*/rules.md")) for b in current_bullets(read_text(path))
    ]
    return _Knowledge(rules, [*current_bullets(read_text(home / "MEMORY.md")), *rules])


def _unique_name(name: str, pattern_id: str, owner: dict[str, str]) -> str:
    """`name`, or `name-2`, `name-3` … when another problem's skill has it (two problems one session fixed
    can be named by the same words); records the choice in `owner`."""
    candidate, number = name, 1
    while owner.get(candidate, pattern_id) != pattern_id:
        number += 1
        candidate = f"{name}-{number}"
    owner[candidate] = pattern_id
    return candidate


def _fix_words(fixes: Any) -> list[str]:
    """What the resolutions touched and ran, as text for naming the problem: file names and commands."""
    return [str(step.get("what", "")) for fix in fixes for step in fix.steps if step.get("do") in ("edit", "run")]


def _fix(resolution: dict[str, Any]) -> FixRecord:
    return FixRecord(
        str(resolution["session_id"]),
        str(resolution.get("ended") or ""),
        tuple(resolution.get("steps") or ()),
        str(resolution.get("verified_by") or ""),
    )


def _without_declined(fix: FixRecord) -> FixRecord:
    """The steps taken (what the person declined agrees with the rules, it is no contradiction)."""
    return replace(fix, steps=tuple(s for s in fix.steps if s.get("do") != "declined"))


def _entry(generation: dict[str, Any], when: str) -> IndexEntry:
    return IndexEntry(
        name=str(generation["capability_name"]),
        trigger=str(generation.get("trigger", "")),
        path=str(generation.get("path", "")),
        generated_at=when[:16].replace("T", " "),
        pattern_count=int(generation.get("pattern_count", 0)),
    )


async def _summary(pattern: SkillPattern, llm: LLMClient | None) -> tuple[list[str], str]:
    """A model's short summary of the fix (and `llm`), or none (and `evidence`)."""
    if llm is None or not pattern.fixes:
        return [], "evidence"
    prompt = (
        f"Problem: {pattern.key}\nSeen in {pattern.sessions} sessions. Evidence:\n"
        + "\n".join(f"- {line}" for line in pattern.evidence)
        + "\nWhat fixed it:\n"
        + "\n".join(render_steps(pattern.fixes[0]))
    )
    try:
        reply = await llm.complete(_STEPS_SYSTEM, prompt, max_tokens=600)
    except LLMError as exc:
        logger.warning("llm_step_failed", step="skill_steps", error=str(exc))
        return [], "evidence"
    if steps := parse_steps(reply.text):
        return [redact(step) for step in steps], "llm"
    logger.warning("llm_step_failed", step="skill_steps", error="reply has no steps")
    return [], "evidence"
