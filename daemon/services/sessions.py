"""A Claude Code transcript from the inbox becomes `sessions/ID.md`, events, and lessons.

Flow for one transcript: parse (a file that is no transcript is rejected before anything else) -> keep it
gzipped under `state/transcripts/pending/` and remove it from the inbox -> summarise (LLM when configured,
else extractive; an LLM failure only logs) -> write the summary -> append `outcome`, `signal` and
`session_summary` events -> add new rules to the project's rules.md and lessons to MEMORY.md -> drop the
pending copy (or keep it under `state/transcripts/` when `[inbox] keep_transcripts`).

Invariants:
- Nothing is lost: until the summary exists, the original bytes exist (in the inbox or pending); a crash
  mid-way is resumed at the next start from `pending/`.
- Re-delivery is idempotent: the same transcript bytes (same sha256 as the summary records) are skipped; a
  longer transcript of the same session rewrites the summary, and only signals not yet logged for that
  session, and an outcome that changed, are appended.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import os
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import structlog

from daemon.app import App, Draft
from daemon.services.learning.signals import find_signals
from daemon.services.project_rules import ProjectRules
from events.queries import event_index
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
from pipeline.agent.transcript import Transcript, parse_transcript
from pipeline.atomic_file import write_atomic
from pipeline.learning.lessons import add_lessons
from pipeline.learning.signals import Signal, extract_signals
from pipeline.llm import LLMClient, LLMError
from pipeline.memory_layout import read_text, safe_id
from pipeline.scrub import scrub_data

logger = structlog.get_logger(__name__)
T = TypeVar("T")


class SessionIngest:
    """Turns transcripts from the inbox into summaries, events and lessons (see the module docstring)."""

    def __init__(self, app: App, llm: LLMClient | None, projects: ProjectRules) -> None:
        self.app = app
        self.llm = llm
        self.projects = projects
        self.transcripts_dir = app.settings.state_dir / "transcripts"
        self.pending_dir = self.transcripts_dir / "pending"

    async def ingest(self, path: Path, data: bytes, stop: asyncio.Event) -> dict[str, Any]:
        """Take one transcript out of the inbox. Raises NotATranscript (the caller rejects the file)."""
        app, emails = self.app, self.app.redact_emails
        transcript = await asyncio.to_thread(parse_transcript, data, safe_id(path.name.split(".")[0]), emails=emails)
        sha = hashlib.sha256(data).hexdigest()
        session = safe_id(transcript.session_id)
        summary_path = app.settings.home / "sessions" / f"{session}.md"
        if summary_sha256(await asyncio.to_thread(read_text, summary_path)) == sha:
            await asyncio.to_thread(path.unlink)
            return {"session_id": session, "skipped": "already_summarised"}
        pending = self.pending_dir / f"{session}.{time.time_ns()}.jsonl.gz"
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
        app, llm, emails = self.app, self.llm, self.app.redact_emails
        session = safe_id(t.session_id)
        project = self.projects.project_of(t.cwd)
        summary = extractive_summary(t, project=project, sha256=sha)
        usage: dict[str, int] = {}
        if llm is not None:
            summary, usage = await _llm_summary(llm, t, summary, stop)
        rel_summary = f"sessions/{session}.md"
        await asyncio.to_thread(write_atomic, app.settings.home / rel_summary, render(summary, emails=emails))
        source = signal_source(t, summary)
        found = await until_stopped(find_signals(source, llm), stop)
        signals = found[0] if found is not None else extract_signals(source)
        added = await asyncio.to_thread(_add_knowledge, app, summary)
        drafts = await _new_events(app, session, summary, signals)
        receipt = {
            "session_id": session,
            "path": rel_summary,
            "project": project or "",
            "method": summary.method,
            "outcome": summary.outcome,
            "files": len(summary.files),
            "signals": len(signals),
            "transcript_sha256": sha,
            **added,
            **usage,
        }
        # Why last: the `session_summary` receipt says the summary, the lessons and the events all exist.
        drafts.append(("session_summary", receipt))
        await app.record([(kind, scrub_data(data, emails=emails)) for kind, data in drafts])
        if app.settings.inbox.keep_transcripts:
            await asyncio.to_thread(os.replace, pending, self.transcripts_dir / f"{session}.jsonl.gz")
        else:
            await asyncio.to_thread(pending.unlink)
        logger.info(
            "transcript_summarised",
            session_id=session,
            method=summary.method,
            outcome=summary.outcome,
            signals=len(signals),
            **added,
        )
        return {"session_id": session, "summary": rel_summary, "method": summary.method, **added}


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


async def _new_events(app: App, session: str, summary: SessionSummary, signals: list[Signal]) -> list[Draft]:
    """The outcome (unless the session already has the same one) and the signals not logged for it yet."""
    await app.projections_current()
    events = await app.db.read(lambda conn: event_index.of_session(conn, session, ("outcome", "signal")))
    logged = {(e.data["kind"], e.data["key"]) for e in events if e.type == "signal"}
    outcomes = [e.data for e in events if e.type == "outcome"]
    corrections = sum(1 for s in signals if s.kind == "correction")
    outcome = {"session_id": session, "outcome": summary.outcome, "corrections": corrections}
    drafts: list[Draft] = []
    last = outcomes[-1] if outcomes else None
    if last is None or (last.get("outcome"), last.get("corrections")) != (summary.outcome, corrections):
        drafts.append(("outcome", outcome))
    drafts += [
        ("signal", {"session_id": session, "kind": s.kind, "key": s.key, "text": s.text})
        for s in signals
        if (s.kind, s.key) not in logged
    ]
    return drafts


def _add_knowledge(app: App, summary: SessionSummary) -> dict[str, int]:
    """Rules go to the project's rules.md (its folder is created from the cwd's name when missing), lessons
    to MEMORY.md; both deduplicated by `add_lessons`. Blocking."""
    home = app.settings.home
    jaccard = app.settings.lessons.jaccard
    containment = app.settings.lessons.containment
    added = {"rules_added": 0, "lessons_added": 0}
    if summary.rules:
        project = summary.project or _folder_name(summary.cwd)
        if project:
            target, section = home / "areas" / "projects" / project / "rules.md", "Rules"
        else:
            target, section = home / "MEMORY.md", "Preferences"
        added["rules_added"] = len(
            add_lessons(target, list(summary.rules), section=section, jaccard=jaccard, containment=containment)
        )
    if summary.lessons:
        added["lessons_added"] = len(
            add_lessons(home / "MEMORY.md", list(summary.lessons), jaccard=jaccard, containment=containment)
        )
    return added


def _folder_name(cwd: str) -> str | None:
    name = safe_id(Path(cwd).name) if cwd else ""
    return name if name and name != "session" else None


def _read_gzip(path: Path) -> bytes:
    return gzip.decompress(path.read_bytes())


def _keep_compressed(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, gzip.compress(data, compresslevel=6))
    os.chmod(target, 0o600)  # the raw transcript may hold secrets; only its summary is scrubbed
