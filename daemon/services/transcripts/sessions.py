"""A Claude Code transcript from the inbox becomes `sessions/ID.md`, events, rules and lessons, and maybe skills.

Flow for one transcript: parse (a file that is no transcript is rejected before anything else) -> keep it
gzipped under `state/transcripts/pending/` and remove it from the inbox -> summarise (LLM when configured,
else extractive; an LLM failure only logs) -> write the summary -> signals from the transcript, keyed
against the known problems (`learning/problem_keys.py`) -> rules to the project's rules.md and lessons to
MEMORY.md (`learning/knowledge.py`: restatements skipped, reversals supersede) -> append `outcome` (with its
confidence and evidence), `signal`, `resolution` (what fixed the session's problems), `knowledge` and
`session_summary` events -> when the session resolved a problem, a gated capability generation run ->
drop the pending copy (or keep it under `state/transcripts/` when `[inbox] keep_transcripts`).

A subagent's transcript (`agent-ID.jsonl`, all sidechain) is summarised into `sessions/PARENT--agent-ID.md`
and linked to its parent session: its signals count for the parent session, it gives no outcome of its own
(the parent's is the session's), and no rules or lessons (its "user" text is the parent assistant's prompt).

Invariants:
- Nothing is lost: until the summary exists, the original bytes exist (in the inbox or pending); a crash
  mid-way is resumed at the next start from `pending/`.
- Re-delivery is idempotent: the same transcript bytes (same sha256 as the summary records) are skipped; a
  longer transcript of the same session rewrites the summary, and only signals not yet logged for that
  session, and an outcome that changed, are appended.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import gzip
import hashlib
import os
import time
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import structlog

from daemon.app import App, Draft
from daemon.services.learning.capabilities import generate_capabilities
from daemon.services.learning.knowledge import Knowledge
from daemon.services.learning.problem_keys import ProblemKeys
from daemon.services.learning.signals import llm_signals
from daemon.services.project_rules import ProjectRules
from events.projections.effectiveness import SKILL_PREFIX
from events.queries import event_index
from pipeline.agent.session_outcome import closing_words
from pipeline.agent.session_summary import (
    LLM_SYSTEM,
    SessionSummary,
    apply_llm_reply,
    extractive_summary,
    llm_prompt,
    render,
    signal_source,
    summary_sha256,
)
from pipeline.agent.transcript import Step, Transcript, parse_transcript
from pipeline.agent_path import folder_project
from pipeline.atomic_file import write_atomic
from pipeline.learning.problems.fix_steps import Resolution, find_resolution
from pipeline.learning.problems.session_signals import session_signals
from pipeline.learning.problems.signal_keys import KeyedSignal, signal_event
from pipeline.learning.rules.earlier_instructions import Instruction, earlier_instructions, instructions_of
from pipeline.llm import LLMClient, LLMError
from pipeline.memory_layout import read_text, safe_id
from pipeline.scrub import scrub_data

logger = structlog.get_logger(__name__)
T = TypeVar("T")


class SessionIngest:
    """Turns transcripts from the inbox into summaries, events and lessons (see the module docstring)."""

    def __init__(self, app: App, llm: LLMClient | None, projects: ProjectRules, knowledge: Knowledge) -> None:
        self.app = app
        self.llm = llm
        self.projects = projects
        self.knowledge = knowledge
        self.problem_keys = ProblemKeys(app, knowledge)
        self.transcripts_dir = app.settings.state_dir / "transcripts"
        self.pending_dir = self.transcripts_dir / "pending"

    async def ingest(self, path: Path, data: bytes, stop: asyncio.Event) -> dict[str, Any]:
        """Take one transcript out of the inbox. Raises NotATranscript (the caller rejects the file)."""
        app, emails = self.app, self.app.redact_emails
        transcript = await asyncio.to_thread(parse_transcript, data, safe_id(path.name.split(".")[0]), emails=emails)
        sha = hashlib.sha256(data).hexdigest()
        session = safe_id(transcript.session_id)
        summary_path = app.settings.home / summary_name(session, transcript.agent_id)
        if summary_sha256(await asyncio.to_thread(read_text, summary_path)) == sha:
            await asyncio.to_thread(path.unlink)
            return {"session_id": session, "skipped": "already_summarised"}
        pending = self.pending_dir / f"{safe_id(path.name.split('.')[0])}.{time.time_ns()}.jsonl.gz"
        await asyncio.to_thread(_keep_compressed, pending, data)
        await asyncio.to_thread(path.unlink)
        return await self.finish(pending, transcript, sha, stop)

    async def resume_pending(self, stop: asyncio.Event) -> list[tuple[Path, Exception]]:
        """Finish transcripts a crash (or a full disk) left in `pending/`. Returns those that failed again, with
        why (the caller rejects them, or keeps them for later when the cause may pass)."""
        failed = []
        emails = self.app.redact_emails
        for gz in sorted(self.pending_dir.glob("*.jsonl.gz")):
            try:
                data = await asyncio.to_thread(_read_gzip, gz)
                transcript = await asyncio.to_thread(parse_transcript, data, gz.name.split(".")[0], emails=emails)
                await self.finish(gz, transcript, hashlib.sha256(data).hexdigest(), stop)
            except Exception as exc:  # isolation boundary: one file
                logger.exception("transcript_resume_failed", path=str(gz))
                failed.append((gz, exc))
        return failed

    async def finish(self, pending: Path, t: Transcript, sha: str, stop: asyncio.Event) -> dict[str, Any]:
        """Learn from a transcript kept in `pending/`, then drop (or keep) the pending copy."""
        app = self.app
        result, _ = await self.learn(t, sha, stop)
        if app.settings.inbox.keep_transcripts:
            name = pending.name.split(".")[0]
            await asyncio.to_thread(os.replace, pending, self.transcripts_dir / f"{name}.jsonl.gz")
        else:
            await asyncio.to_thread(pending.unlink)
        return result

    async def learn(
        self,
        t: Transcript,
        sha: str,
        stop: asyncio.Event,
        *,
        at: dt.datetime | None = None,
        generate: bool = True,
        receipts: Sequence[Draft] = (),
        use_llm: bool = True,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The path every transcript takes, whether it ended just now or is imported history: summary, signals,
        rules and lessons, events. Returns (the short result, the `session_summary` receipt).

        `at`: the events carry this moment (the session's own time, for imported history), not now.
        `generate`: run capability generation when the session resolved a problem (an import runs it once at
        the end instead). `receipts`: extra events appended in the same atomic batch (the import ledger).
        `use_llm=False`: the deterministic summary and signals even when an LLM is configured."""
        app, llm, emails = self.app, self.llm if use_llm else None, self.app.redact_emails
        session = safe_id(t.session_id)
        project = self.projects.project_of(t.cwd)
        words = None if t.is_subagent else closing_words(t)
        heard = await self.knowledge.verdict_by_meaning(words) if words else None
        summary = extractive_summary(t, project=project, sha256=sha, heard=heard)
        usage: dict[str, int] = {}
        if llm is not None:
            summary, usage = await _llm_summary(llm, t, summary, stop)
        if not t.is_subagent and (more := await self.knowledge.rules_by_meaning(t.user_texts)):
            summary = replace(summary, rules=tuple(dict.fromkeys([*summary.rules, *more])))
        if len(summary.rules) > 1:
            summary = replace(summary, rules=tuple(await self.knowledge.distinct(summary.rules)))
        if not t.is_subagent:
            summary = replace(summary, instructions=tuple(instructions_of(t.user_texts, summary.rules)))
        rel_summary = summary_name(session, t.agent_id)
        await asyncio.to_thread(write_atomic, app.settings.home / rel_summary, render(summary, emails=emails))
        found = session_signals(t)
        scope = project or folder_project(t.cwd)
        keyed = await self.problem_keys.key(found, scope, session)
        extra = await until_stopped(llm_signals(signal_source(t, summary), llm, {k.signal.key for k in keyed}), stop)
        keyed += [KeyedSignal(signal, len(t.steps), "llm") for signal in extra or []]
        async with app.home_writes:  # MEMORY.md and rules.md: never while a sync round rewrites them
            knowledge = await self._add_knowledge(summary)
        resolution = find_resolution(
            t, _problems(keyed), summary.outcome, steering=[k.step for k in keyed if k.source == "user"]
        )
        drafts = await _new_events(app, session, summary, keyed, t, scope)
        drafts += _knowledge_events(session, knowledge, t)
        if resolution is not None and not await self._resolved_before(session, t.agent_id, resolution):
            drafts.append(("resolution", _resolution_event(session, t, resolution, scope)))
        receipt = {
            "session_id": session,
            "path": rel_summary,
            "project": project or "",
            "method": summary.method,
            "outcome": summary.outcome,
            "confidence": summary.confidence,
            "started": t.started,
            "ended": t.ended,
            "files": len(summary.files),
            "signals": len(keyed),
            "transcript_sha256": sha,
            "rules_added": sum(1 for k in knowledge if k["kind"] == "rule" and k["action"] == "added"),
            "lessons_added": sum(1 for k in knowledge if k["kind"] == "lesson" and k["action"] == "added"),
            "superseded": sum(1 for k in knowledge if k["action"] == "superseded"),
            **({"agent_id": t.agent_id} if t.agent_id else {}),
            **({"subagents": list(t.subagents)} if t.subagents else {}),
            **usage,
        }
        # Why last: the `session_summary` receipt says the summary, the lessons and the events all exist.
        drafts.append(("session_summary", receipt))
        drafts += receipts
        await app.record([(kind, scrub_data(data, emails=emails)) for kind, data in drafts], at=at)
        if resolution is not None and generate:
            await self._generate(stop)
        logger.info(
            "transcript_summarised",
            session_id=session,
            agent_id=t.agent_id or None,
            method=summary.method,
            outcome=summary.outcome,
            confidence=summary.confidence,
            signals=len(keyed),
            resolved=resolution is not None,
            rules_added=receipt["rules_added"],
            lessons_added=receipt["lessons_added"],
        )
        result = {"session_id": session, "summary": rel_summary, "method": summary.method, "outcome": summary.outcome}
        return result, receipt

    async def _resolved_before(self, session: str, agent_id: str, r: Resolution) -> bool:
        """Whether the session already logged this resolution (a transcript read again after it grew)."""
        keys = [{"kind": kind, "key": key} for kind, key in r.keys]
        events = await self.app.db.read(lambda conn: event_index.of_session(conn, session, ("resolution",)))
        return any(e.data.get("keys") == keys and e.data.get("agent_id") == agent_id for e in events)

    async def _add_knowledge(self, summary: SessionSummary) -> list[dict[str, Any]]:
        """Rules to the project's rules.md (its folder is created from the cwd's name when missing), the person's
        ways of working in every project and lessons to MEMORY.md, with their lifecycle (`knowledge.py`). Returns
        one record per change."""
        home = self.app.settings.home
        when = (summary.ended or summary.started)[:10] or self.app.clock().strftime("%Y-%m-%d")
        changes: list[dict[str, Any]] = []
        project = summary.project or folder_project(summary.cwd)
        started = summary.started or summary.ended

        def earlier(scope: str | None) -> list[Instruction]:
            return earlier_instructions(home / "sessions", scope, before=started, exclude=summary.session_id)

        for target, done in await self.knowledge.add_rules(home, project, summary.rules, when=when, earlier=earlier):
            changes += _change_records("rule", target.relative_to(home).as_posix(), done)
        if summary.lessons:
            done = await self.knowledge.add(home / "MEMORY.md", "Lessons", list(summary.lessons), when=when)
            changes += _change_records("lesson", "MEMORY.md", done)
        return changes

    async def _generate(self, stop: asyncio.Event) -> None:
        """A problem was just resolved: write its skill now if every gate passes (the gates decide)."""
        try:
            await until_stopped(generate_capabilities(self.app, self.llm), stop)
        except Exception:  # isolation boundary: one scheduled job; the session itself is already recorded
            logger.exception("capabilities_after_session_failed")


def summary_name(session: str, agent_id: str) -> str:
    """`sessions/ID.md`, or `sessions/ID--agent-AGENT.md` for a subagent of session ID."""
    return f"sessions/{session}--agent-{safe_id(agent_id)}.md" if agent_id else f"sessions/{session}.md"


def _problems(keyed: list[KeyedSignal]) -> list[tuple[str, str, int]]:
    """The session's problem signals (not the person's corrections of style): what a fix would resolve. A flaky
    test the retry hid is none: the green run that showed it is no fix of it."""
    return [
        (k.signal.kind, k.signal.key, k.step)
        for k in keyed
        if k.source != "flaky"
        and (k.source in ("tool", "retry", "talk", "pasted") or (k.signal.kind != "correction" and k.signal.anchors))
    ]


def _resolution_event(session: str, t: Transcript, r: Resolution, project: str) -> dict[str, Any]:
    return {
        "session_id": session,
        "project": project,
        "agent_id": t.agent_id,
        "keys": [{"kind": kind, "key": key} for kind, key in r.keys],
        "steps": [step.to_json_obj() for step in r.steps],
        "verified_by": r.verified_by,
        "ended": t.ended,
    }


def _change_records(kind: str, path: str, changes: Any) -> list[dict[str, Any]]:
    records = [{"kind": kind, "action": "added", "path": path, "text": text} for text in changes.added]
    records += [
        {"kind": kind, "action": "superseded", "path": path, "text": new, "replaces": old}
        for old, new in changes.superseded
    ]
    records += [
        {"kind": kind, "action": "superseded", "path": path, "text": new, "replaces": old, "replaces_from": session}
        for old, new, session in changes.recovered
    ]
    records += [
        {"kind": kind, "action": "restated", "path": path, "text": text, "restates": other}
        for text, other in changes.restated
        if text.lower() != other.lower()  # the same words again is a transcript read twice, not a restatement
    ]
    return records


def _knowledge_events(session: str, records: list[dict[str, Any]], t: Transcript) -> list[Draft]:
    """One event per change, with the transcript line where the person said it (and the sentence)."""
    drafts: list[Draft] = []
    for record in records:
        origin = said_where(t, record["text"])
        where = {"line": origin.line, "said": _cut(origin.text)} if origin is not None else {}
        drafts.append(("knowledge", {"session_id": session, **record, **where}))
    return drafts


def said_where(t: Transcript, text: str) -> Step | None:
    """The person's step that says `text` (an extracted rule or lesson is a part of what they typed)."""
    wanted = _folded(text)
    return next((s for s in t.steps if s.kind == "user" and wanted and wanted in _folded(s.text)), None)


def _folded(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _cut(text: str, limit: int = 300) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


async def _llm_summary(
    llm: LLMClient, t: Transcript, base: SessionSummary, stop: asyncio.Event
) -> tuple[SessionSummary, dict[str, int]]:
    """The model's summary, or `base` when the call fails, the reply is unusable or the daemon stops."""
    try:
        reply = await until_stopped(llm.complete(LLM_SYSTEM, llm_prompt(t, base), max_tokens=1024), stop)
        if reply is None:
            return base, {}
        return apply_llm_reply(base, reply.text), {
            "llm_input_tokens": reply.input_tokens,
            "llm_output_tokens": reply.output_tokens,
        }
    except (LLMError, ValueError) as exc:
        logger.warning("llm_summary_failed", session_id=t.session_id, error=str(exc))
        return base, {}


async def until_stopped(coro: Coroutine[Any, Any, T], stop: asyncio.Event) -> T | None:
    """Await `coro` unless `stop` is set first (then cancel it and return None): shutdown never waits on a
    slow model."""
    task = asyncio.ensure_future(coro)
    stopper = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
    if task.done():
        return task.result()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    return None


async def _new_events(
    app: App, session: str, summary: SessionSummary, keyed: list[KeyedSignal], t: Transcript, project: str
) -> list[Draft]:
    """The outcome (unless the session already has the same one; never for a subagent), the signals not
    logged for the session yet, and a `ref` for each skill the session opened (effectiveness scores skills by
    the sessions that used them, however they reached the agent)."""
    await app.projections_current()
    events = await app.db.read(lambda conn: event_index.of_session(conn, session, ("outcome", "signal", "ref")))
    logged = {(e.data["kind"], e.data["key"]) for e in events if e.type == "signal"}
    referenced = {str(e.data.get("experience_id")) for e in events if e.type == "ref"}
    outcomes = [e.data for e in events if e.type == "outcome"]
    corrections = sum(1 for k in keyed if k.signal.kind == "correction")
    drafts: list[Draft] = []
    last = outcomes[-1] if outcomes else None
    if not summary.agent_id and (
        last is None or (last.get("outcome"), last.get("corrections")) != (summary.outcome, corrections)
    ):
        outcome = {
            "session_id": session,
            "outcome": summary.outcome,
            "corrections": corrections,
            "confidence": summary.confidence,
            "evidence": list(summary.outcome_evidence),
        }
        if project:
            outcome["project"] = project  # the recurring window is per project (projections/signal_patterns.py)
        drafts.append(("outcome", outcome))
    for k in keyed:
        s = k.signal
        if (s.kind, s.key) in logged:
            continue
        logged.add((s.kind, s.key))
        line = t.steps[k.step].line if 0 <= k.step < len(t.steps) else 0
        drafts.append(("signal", signal_event(k, session, project, line)))
    for name in t.skills_opened:
        if (experience := f"{SKILL_PREFIX}{name}") not in referenced:
            drafts.append(("ref", {"experience_id": experience, "session_id": session, "context": "opened"}))
    return drafts


def _read_gzip(path: Path) -> bytes:
    return gzip.decompress(path.read_bytes())


def _keep_compressed(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, gzip.compress(data, compresslevel=6))
    os.chmod(target, 0o600)  # the raw transcript may hold secrets; only its summary is scrubbed
