"""`memoryd import claude-code` (and `codex`): past agent sessions and the instructions already written down
become memory, once. A Codex CLI rollout is first rewritten as Claude Code lines (`pipeline/agent/codex_rollout.py`).

The client drives an import in steps, so it can show progress and be interrupted anywhere: `plan` (what is
there and what is new), `take` one transcript at a time, `instructions`, then `finish` (consolidation and
capability generation, once over the imported weeks, instead of after every session).

A transcript takes the path of a session that ends today (`SessionIngest.learn`: summary, outcome from
evidence, signals, rules and lessons, resolution), with two differences: its events carry the session's own
time (`EventLog.make_events`, `at`), and capability generation waits for `finish`.

Exactly once: the ledger is the log. Each transcript taken appends a `history_import` event (file, bytes read,
their sha256) in the same atomic batch as everything learned from it, so a crash (even SIGKILL mid-append)
leaves both or neither, and the next run takes again exactly what is missing. The files written before the
append (the summary, rules.md, MEMORY.md) are idempotent: the summary is rewritten whole, a rule or lesson
already there is a restatement and not added again. A transcript that grew since (a session resumed, or one
that was still running) is read again whole, and only what is new is logged (signals not logged for the
session yet, an outcome that changed: the same rule as for a transcript handed over twice by the hooks).
A session the hooks already summarised from the same bytes is recorded in the ledger and not learned twice.

Instructions (CLAUDE.md, AGENTS.md, `rules/*.md`, Claude Code's auto memory) go through the same lifecycle as
learned rules (`Knowledge.add`: a restatement is not added again), each source into its own section named after
it, so every item says where it came from: the user's into MEMORY.md, a project's into its rules.md, Claude
Code's notes into MEMORY.md's lessons of that project. The person's own files are only ever read.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App, Draft
from daemon.services.errors import InvalidInput
from daemon.services.learning.consolidation import Consolidator
from daemon.services.learning.knowledge import Knowledge
from daemon.services.project_rules import ProjectRules
from daemon.services.transcripts.sessions import SessionIngest, summary_name
from events.event import parse_timestamp
from events.projections.problem_rows import WINDOW_SESSIONS
from events.queries import event_index, signal_patterns
from pipeline.agent.claude_home import (
    InstructionFile,
    TranscriptFile,
    describe_transcript,
    find_instruction_files,
    find_transcripts,
    instruction_items,
    now_idle,
    read_instructions,
)
from pipeline.agent.codex_rollout import describe_rollout, find_rollouts, to_claude_lines
from pipeline.agent.session_summary import summary_sha256
from pipeline.agent.transcript import NotATranscript, parse_transcript
from pipeline.agent_path import folder_project
from pipeline.heap import release_free_memory
from pipeline.memory_layout import read_text, safe_id
from pipeline.regular_file import read_regular
from pipeline.scrub import scrub

logger = structlog.get_logger(__name__)

# Source -> the folder under the agent's home that holds its sessions.
SESSION_DIRS = {"claude-code": "projects", "codex": "sessions"}
MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024
# While transcripts are being taken, the index embeds nothing in the background (the learning step needs the
# model, and one call runs at a time): renewed by every take, it lapses this long after the last one.
EMBEDDING_HOLD_S = 20.0


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    bytes: int
    sha256: str


@dataclass(frozen=True, slots=True)
class PlanItem:
    """One transcript and what an import would do with it: `new`, `grown` (longer than when it was imported: read
    again whole, only what is new is logged), `done` (the length the ledger has: a transcript only ever grows),
    `in_progress` (written to within the idle window, or mid-line: the session may still be running)."""

    file: TranscriptFile
    status: str

    def to_json_obj(self) -> dict[str, Any]:
        f = self.file
        return {
            "path": str(f.path),
            "status": self.status,
            "bytes": f.size,
            "session_id": f.session_id,
            "agent_id": f.agent_id,
            "cwd": f.cwd,
            "started": f.started,
        }


@dataclass
class Plan:
    items: list[PlanItem] = field(default_factory=list)
    filtered: dict[str, int] = field(default_factory=dict)  # reason -> transcripts left out by --since/--project
    llm: str | None = None  # the provider that would summarise each session (None: the extractive summary)

    def to_json_obj(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for item in self.items:
            counts[item.status] = counts.get(item.status, 0) + 1
        todo = [i for i in self.items if i.status in ("new", "grown")]
        return {
            "items": [i.to_json_obj() for i in self.items],
            "counts": counts,
            "filtered": dict(self.filtered),
            "todo_sessions": len(todo),
            "todo_bytes": sum(i.file.size for i in todo),
            "projects": sorted({i.file.cwd for i in self.items if i.file.cwd}),
            "llm": self.llm,
        }


class HistoryImport:
    """Owned by the daemon's services; one import step at a time (a lock), so two clients cannot race."""

    def __init__(
        self,
        app: App,
        sessions: SessionIngest,
        projects: ProjectRules,
        knowledge: Knowledge,
        consolidator: Consolidator,
        stop: asyncio.Event,
        hold_embedding: Callable[[float], None] = lambda seconds: None,
    ) -> None:
        self.app = app
        self.sessions = sessions
        self.projects = projects
        self.knowledge = knowledge
        self.consolidator = consolidator
        self.stop = stop
        self.hold_embedding = hold_embedding  # the index's background embedding, paused while sessions are taken
        self._lock = asyncio.Lock()
        self._ledger: dict[str, LedgerEntry] | None = None

    async def ledger(self) -> dict[str, LedgerEntry]:
        """Path -> how much of it was imported, from the `history_import` events (loaded once, then kept up
        to date by this process, the log's single writer)."""
        if self._ledger is None:
            await self.app.projections_current()
            rows = await self.app.db.read(lambda conn: list(event_index.of_type(conn, "history_import")))
            ledger: dict[str, LedgerEntry] = {}
            for e in rows:
                entry = LedgerEntry(int(e.data["bytes"]), str(e.data["sha256"]))
                known = ledger.get(str(e.data["file"]))
                if known is None or entry.bytes >= known.bytes:
                    ledger[str(e.data["file"])] = entry
            self._ledger = ledger
        return self._ledger

    async def plan(
        self, source: str, agent_dir: Path, *, since: dt.datetime | None, project: str | None, idle_s: float
    ) -> Plan:
        """What is under `agent_dir` and what an import would take. Reads only the files' heads."""
        finder = find_rollouts if source == "codex" else find_transcripts
        files = await asyncio.to_thread(finder, agent_dir)
        ledger = await self.ledger()
        plan = Plan()
        now = time.time()
        parents: dict[str, str] = {}  # session id -> its start, so subagents sort right after their parent
        kept: list[TranscriptFile] = []
        for f in files:
            if project and not _under(f.cwd, project):
                plan.filtered["other_project"] = plan.filtered.get("other_project", 0) + 1
                continue
            if since is not None and _started(f) < since:
                plan.filtered["before_since"] = plan.filtered.get("before_since", 0) + 1
                continue
            kept.append(f)
            if not f.agent_id:
                parents[f.session_id] = f.started
        kept.sort(key=lambda f: (parents.get(f.session_id, f.started) or "~", f.session_id, bool(f.agent_id)))
        for f in kept:
            plan.items.append(PlanItem(f, _status(f, ledger.get(str(f.path)), now, idle_s)))
        plan.llm = self.sessions.llm.provider if self.sessions.llm is not None else None
        return plan

    async def take(
        self, source: str, agent_dir: Path, path: Path, *, idle_s: float, use_llm: bool = True
    ) -> dict[str, Any]:
        """Import one transcript (or nothing, when the ledger has all of it). Never imports a file outside
        the agent's sessions folder (`~/.claude/projects/`, `~/.codex/sessions/`)."""
        root = agent_dir / SESSION_DIRS[source]
        inside = await asyncio.to_thread(lambda: path.resolve().is_relative_to(root.resolve()))
        if path.suffix != ".jsonl" or not inside:
            raise InvalidInput(f"{path}: not a transcript under {root}")
        async with self._lock:
            self.hold_embedding(EMBEDDING_HOLD_S)
            try:
                taken = await self._take(source, path, idle_s, use_llm)
                # and again from its end: a take can outlast the hold on a loaded machine (15-20 s for one
                # transcript with the model and two benchmarks beside it), and the next take follows at once
                self.hold_embedding(EMBEDDING_HOLD_S)
                return taken
            except BaseException:
                # Why: a request cancelled (the client went away) or failed after its events were appended would
                # leave this copy of the ledger behind the log; the log is the truth, so it is read again.
                self._ledger = None
                raise

    async def _take(self, source: str, path: Path, idle_s: float, use_llm: bool) -> dict[str, Any]:
        ledger = await self.ledger()
        described = await asyncio.to_thread(describe_rollout if source == "codex" else describe_transcript, path)
        if described is None:
            return {"path": str(path), "skipped": "vanished"}
        known = ledger.get(str(path))
        status = _status(described, known, time.time(), idle_s)
        if status in ("done", "in_progress"):
            return {"path": str(path), "skipped": "already_imported" if status == "done" else "in_progress"}
        too_large = {"path": str(path), "skipped": "too_large", "reason": f"over {MAX_TRANSCRIPT_BYTES} bytes"}
        if described.size > MAX_TRANSCRIPT_BYTES:
            return too_large
        data = await asyncio.to_thread(read_regular, path, MAX_TRANSCRIPT_BYTES)
        if len(data) > MAX_TRANSCRIPT_BYTES:
            return too_large
        sha = hashlib.sha256(data).hexdigest()
        entry = {"source": source, "file": str(path), "bytes": len(data), "sha256": sha}
        emails = self.app.redact_emails
        lines = await asyncio.to_thread(to_claude_lines, data) if source == "codex" else data
        try:
            t = await asyncio.to_thread(parse_transcript, lines, safe_id(described.session_id), emails=emails)
        except NotATranscript as exc:
            await self._note(entry | {"status": "not_a_transcript"}, None)
            return {"path": str(path), "skipped": "not_a_transcript", "reason": str(exc)}
        session = safe_id(t.session_id)
        ids = {"session_id": session, **({"agent_id": t.agent_id} if t.agent_id else {})}
        at = _moment(t.ended or t.started, described.mtime)
        summary = await asyncio.to_thread(read_text, self.app.settings.home / summary_name(session, t.agent_id))
        if summary_sha256(summary) == sha:  # the hooks already handed this very session in
            await self._note(entry | ids | {"status": "already_summarised"}, at)
            return {"path": str(path), **ids, "skipped": "already_summarised", "malformed_lines": t.skipped_lines}
        receipt_draft: Draft = ("history_import", entry | ids | {"status": "imported"})
        result, receipt = await self.sessions.learn(
            t, sha, self.stop, at=at, generate=False, receipts=[receipt_draft], use_llm=use_llm
        )
        assert self._ledger is not None
        self._ledger[str(path)] = LedgerEntry(len(data), sha)
        return {
            "path": str(path),
            **result,
            "continued": status == "grown",
            "agent_id": t.agent_id,
            "project": receipt["project"] or folder_project(t.cwd),
            "started": t.started,
            "ended": t.ended,
            "signals": receipt["signals"],
            "rules_added": receipt["rules_added"],
            "lessons_added": receipt["lessons_added"],
            "superseded": receipt["superseded"],
            "malformed_lines": t.skipped_lines,
            "bytes": len(data),
        }

    async def _note(self, entry: dict[str, Any], at: dt.datetime | None) -> None:
        await self.app.record([("history_import", entry)], at=at)
        assert self._ledger is not None
        self._ledger[str(entry["file"])] = LedgerEntry(int(entry["bytes"]), str(entry["sha256"]))

    async def instructions(self, source: str, agent_dir: Path, cwds: list[str], *, dry_run: bool) -> dict[str, Any]:
        """Read CLAUDE.md / AGENTS.md / rules / auto memory into MEMORY.md and the projects' rules.md."""
        files = await asyncio.to_thread(find_instruction_files, agent_dir, cwds, source=source)
        out: list[dict[str, Any]] = []
        for f in files:
            try:
                text = await asyncio.to_thread(read_instructions, f.path)
                # Whole-file scrub first: a <private> block may span lines that become separate items.
                items = instruction_items(scrub(text, emails=self.app.redact_emails))
            except OSError as exc:
                out.append({"path": str(f.path), "scope": f.scope, "skipped": f"unreadable: {exc.strerror or exc}"})
                continue
            target, section = self._target(f)
            row: dict[str, Any] = {"path": str(f.path), "scope": f.scope, "items": len(items), "target": target}
            if not dry_run and items:
                row.update(await self._add_items(f, items, target, section))
            out.append(row)
        return {"files": out}

    def _target(self, f: InstructionFile) -> tuple[str, str]:
        """(memory-home path, section) for a source; the section names the source, so every item is marked."""
        if f.scope == "user":
            return "MEMORY.md", f"Preferences (from {f.label})"
        project = self.projects.project_of(f.cwd) or folder_project(f.cwd)
        if f.scope == "auto_memory":
            return "MEMORY.md", f"Lessons of {project} (from {f.label})"
        return f"areas/projects/{project}/rules.md", f"Rules (from {f.label})"

    async def _add_items(self, f: InstructionFile, items: list[str], target: str, section: str) -> dict[str, Any]:
        home = self.app.settings.home
        when = dt.datetime.fromtimestamp(f.path.stat().st_mtime, dt.UTC).strftime("%Y-%m-%d")
        async with self.app.home_writes:
            changes = await self.knowledge.add(home / target, section, items, when=when)
        kind = "lesson" if target == "MEMORY.md" else "rule"
        drafts: list[Draft] = [
            ("knowledge", {"kind": kind, "action": "added", "path": target, "text": text,
                           "source": str(f.path)})
            for text in changes.added
        ]  # fmt: skip
        drafts += [
            ("knowledge", {"kind": kind, "action": "superseded", "path": target, "text": new,
                           "replaces": old, "source": str(f.path)})
            for old, new in changes.superseded
        ]  # fmt: skip
        if drafts:
            await self.app.record(drafts)
        return {
            "added": len(changes.added),
            "superseded": len(changes.superseded),
            "already_there": len(changes.restated),
        }

    async def finish(self, since: dt.datetime | None) -> dict[str, Any]:
        """Consolidation (facts, lessons, the report) and capability generation, once, over the imported
        weeks; then what the memory now knows (patterns)."""
        self.hold_embedding(EMBEDDING_HOLD_S)  # not yet: consolidation's reading and the model's batches one after
        summary = await self.consolidator.run("import", since=since)  # the other keep the peak lower
        await asyncio.to_thread(release_free_memory)  # what the import's parsing freed goes back to the system
        self.hold_embedding(0)  # the summaries get their vectors now, in the background
        await self.app.projections_current()
        listed = await self.app.db.read(lambda conn: signal_patterns.listed(conn, include_all=True, limit=100_000))
        recurring = [p for p in listed if p.count >= 2]
        return {
            "consolidation": summary,
            "patterns": len(listed),
            "recurring_patterns": len(recurring),
            "high_priority": sum(1 for p in listed if p.priority in ("HIGH", "CRITICAL")),
            "window_sessions": WINDOW_SESSIONS,
        }


def _status(f: TranscriptFile, known: LedgerEntry | None, now: float, idle_s: float) -> str:
    if not now_idle(f, now, idle_s):
        return "in_progress"
    if known is None:
        return "new"
    if f.size == known.bytes:
        return "done"  # same length as what was imported: a transcript only ever grows
    return "grown"


def _started(f: TranscriptFile) -> dt.datetime:
    return _moment(f.started, f.mtime)


def _moment(stamp: str, fallback: float) -> dt.datetime:
    if stamp:
        try:
            return parse_timestamp(stamp)
        except ValueError:
            pass
    return dt.datetime.fromtimestamp(fallback, dt.UTC)


def _under(cwd: str, project: str) -> bool:
    base = project.rstrip("/")
    return bool(cwd) and (cwd == base or cwd.startswith(base + "/"))
