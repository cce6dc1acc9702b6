"""Gated capability generation inside the daemon: read the gates' inputs, write skills, log what was done.

Invariants:
- Nothing is written unless every gate passes (`pipeline/capability_gates.py`), checked on projections
  caught up with the log.
- Each written SKILL.md gets a `generation` event carrying its content hash, and each pattern it covers a
  `pattern_status addressed` event (so the next run does not write the same skill again; `recurred` in
  `memoryd patterns` shows whether the problem came back). A skill a person edited is never overwritten.
- The LLM only fills a skill's steps; when it is not configured, fails, or replies without steps, the
  kind's template is used. Its tokens are charged to the caller's TokenBudget.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import sqlite3
from dataclasses import dataclass
from typing import Any

import structlog

from daemon.app import App
from daemon.config import Settings
from events.event import parse_timestamp
from events.queries import event_index, signal_patterns
from pipeline.learning.capability_gates import ENV_VAR, Gate, GateInputs, GateThresholds, all_pass, evaluate_gates
from pipeline.learning.skill_writer import (
    IndexEntry,
    SkillPattern,
    parse_steps,
    render_skill,
    skill_name,
    template_steps,
    trigger_words,
    write_index,
    write_skill,
)
from pipeline.llm import LLMClient, LLMError
from pipeline.redact import redact

logger = structlog.get_logger(__name__)

MAX_SKILLS_PER_RUN = 5
EVIDENCE_PER_SKILL = 3
_STEPS_SYSTEM = (
    "You write short, concrete, numbered steps that a coding agent follows when a known problem shows up "
    "again. Reply with 3 to 7 numbered steps and nothing else. Never include secrets."
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
    patterns: list[SkillPattern]
    outcomes: tuple[str, ...]
    generations: list[dict[str, Any]]


def _read_state(conn: sqlite3.Connection, thresholds: GateThresholds) -> _State:
    generations = [{"ts": e.ts, **e.data} for e in event_index.of_type(conn, "generation")]
    patterns = []
    for pattern in signal_patterns.active(conn, thresholds.min_count):
        texts: list[str] = []
        for text in signal_patterns.evidence(conn, pattern.pattern_id, 20):
            if text and text not in texts:
                texts.append(text)
        patterns.append(
            SkillPattern(
                pattern.pattern_id,
                pattern.kind,
                pattern.key,
                pattern.count,
                pattern.priority,
                tuple(texts[:EVIDENCE_PER_SKILL]),
            )
        )
    outcomes = signal_patterns.recent_outcomes(conn, thresholds.window)
    return _State(generations[-1]["ts"] if generations else None, patterns, outcomes, generations)


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
    if not result["passed"]:
        logger.info("capabilities_gated", failed=[g.name for g in gates if not g.passed])
        return result
    recorded = {str(g.get("path")): g.get("content_hash") for g in state.generations}
    drafts: list[tuple[str, dict[str, Any]]] = []
    index = {str(g["capability_name"]): _entry(g, str(g["ts"])) for g in state.generations}
    for pattern in state.patterns[:MAX_SKILLS_PER_RUN]:
        steps, source = await _steps(pattern, llm)
        name = skill_name(pattern)
        path = skills_dir / name / "SKILL.md"
        written = await asyncio.to_thread(
            write_skill, skills_dir, name, render_skill(pattern, steps), recorded.get(str(path))
        )
        drafts.append(("pattern_status", {"pattern_id": pattern.pattern_id, "status": "addressed"}))
        if written.status != "written":
            result["skipped"].append({"name": name, "reason": written.status, "path": str(path)})
            continue
        generation = {
            "capability_name": name,
            "type": "Skill",
            "trigger": ", ".join(trigger_words(pattern)),
            "pattern_count": pattern.count,
            "path": str(path),
            "content_hash": written.content_hash,
            "pattern_id": pattern.pattern_id,
            "steps_from": source,
        }
        drafts.append(("generation", generation))
        index[name] = _entry(generation, now.strftime("%Y-%m-%d %H:%M"))
        result["generated"].append({"name": name, "path": str(path), "steps_from": source})
    if drafts:
        await app.record(drafts)
    if result["generated"]:
        await asyncio.to_thread(write_index, skills_dir, list(index.values()))
    logger.info("capabilities_generated", written=len(result["generated"]), skipped=len(result["skipped"]))
    return result


def _entry(generation: dict[str, Any], when: str) -> IndexEntry:
    return IndexEntry(
        name=str(generation["capability_name"]),
        trigger=str(generation.get("trigger", "")),
        path=str(generation.get("path", "")),
        generated_at=when[:16].replace("T", " "),
        pattern_count=int(generation.get("pattern_count", 0)),
    )


async def _steps(pattern: SkillPattern, llm: LLMClient | None) -> tuple[list[str], str]:
    """The skill's steps and where they came from: `llm` or `template`."""
    if llm is not None:
        prompt = (
            f"Problem kind: {pattern.kind}\nProblem: {pattern.key}\nSeen in {pattern.count} recent sessions.\n"
            "Evidence:\n" + "\n".join(f"- {line}" for line in pattern.evidence)
        )
        try:
            reply = await llm.complete(_STEPS_SYSTEM, prompt, max_tokens=600)
        except LLMError as exc:
            logger.warning("llm_step_failed", step="skill_steps", error=str(exc))
        else:
            if steps := parse_steps(reply.text):
                return [redact(step) for step in steps], "llm"
            logger.warning("llm_step_failed", step="skill_steps", error="reply has no steps")
    return template_steps(pattern), "template"
