"""The weekly consolidation job: report, facts and lessons, capabilities, retention, FTS optimize.

Invariants:
- One run at a time (a lock); each run appends `consolidation` `started`, then `completed` with a summary of
  what it did and the tokens it spent, or `failed` with the error. Whether a run is due at start-up is
  derived from these events (`consolidation_due`), never from a scheduler job store.
- MEMORY.md and rules.md are only ever added to (`pipeline/lessons.py`: deduplicated, atomic, backed up).
- The LLM is optional and bounded: one TokenBudget per run (`[consolidation] token_budget`, default 200k);
  a failed, truncated, empty or malformed reply is logged and contributes nothing, and the deterministic
  extractor's result is used instead.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
import time
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.services.learning.capabilities import generate_capabilities
from daemon.services.learning.effectiveness import experience_rows, flagged_skills
from daemon.services.learning.knowledge import Knowledge
from daemon.services.learning.week import rule_conflicts, week_changes, week_sessions
from events.event import parse_timestamp, utc_timestamp
from events.queries import event_index
from pipeline.atomic_file import write_atomic
from pipeline.index_schema import optimize_fts
from pipeline.learning.fact_extraction import (
    EXTRACTION_SYSTEM,
    Extraction,
    SessionDoc,
    extract_deterministic,
    extraction_prompt,
    parse_extraction,
    session_doc,
)
from pipeline.learning.facts import FactsError, add_fact, check_project
from pipeline.learning.retention import archive_old
from pipeline.learning.weekly_report import (
    WeakSkill,
    WeekStats,
    edited_files,
    files_from_summaries,
    render_report,
    report_name,
    session_topic,
)
from pipeline.llm import LLMClient, LLMError, TokenBudget
from pipeline.memory_layout import read_text

logger = structlog.get_logger(__name__)

PROMPT_MAX_CHARS = 60_000


def consolidation_due(conn: sqlite3.Connection, now: dt.datetime, period: dt.timedelta) -> bool:
    """Due when the last completed run is older than `period`; with no run yet, when the log's first event is
    (a fresh memory home is not consolidated at its first start, an old one that never was is)."""
    reference = last_completed(conn) or event_index.first_ts(conn)
    return reference is not None and now - parse_timestamp(reference) >= period


def last_completed(conn: sqlite3.Connection) -> str | None:
    """The timestamp of the last completed consolidation, or None."""
    completed = [e.ts for e in event_index.of_type(conn, "consolidation") if e.data.get("status") == "completed"]
    return completed[-1] if completed else None


class Consolidator:
    """Runs the job; owned by the daemon's learning service."""

    def __init__(self, app: App, llm: LLMClient | None, knowledge: Knowledge | None = None) -> None:
        self.app = app
        self.llm = llm
        self.knowledge = knowledge or Knowledge(None)
        self._lock = asyncio.Lock()
        self.running = False

    async def run(self, reason: str, *, since: dt.datetime | None = None) -> dict[str, Any]:
        """Run once now (waits for a run in progress to finish first). Returns the summary. `since`: the
        start of the span it covers when that is not the last week (an import covers the imported weeks)."""
        async with self._lock:
            self.running = True
            try:
                return await self._run(reason, since)
            finally:
                self.running = False

    async def _run(self, reason: str, span_start: dt.datetime | None = None) -> dict[str, Any]:
        app, settings = self.app, self.app.settings
        started = time.perf_counter()
        now = app.clock()
        budget = TokenBudget(settings.consolidation.token_budget)
        llm = self.llm.with_budget(budget) if self.llm is not None else None
        await app.record([("consolidation", {"status": "started", "summary": {"reason": reason}})])
        summary: dict[str, Any] = {"reason": reason, "now": utc_timestamp(now)}
        try:
            since = min(span_start, now - dt.timedelta(days=7)) if span_start else now - dt.timedelta(days=7)
            await app.projections_current()
            stats = await self._week_stats(since, now)
            docs = await asyncio.to_thread(_week_sessions, settings.home, since, stats.pop("session_ids"))
            stats["topics"] = [topic for doc in docs if (topic := session_topic(doc.text))][:20]
            extraction, llm_errors = await self._extract(docs, llm)
            async with app.home_writes:  # facts, MEMORY.md, rules.md: never while a sync round rewrites them
                summary.update(await self._apply_extraction(extraction))
            capabilities = await generate_capabilities(app, llm)
            summary["capabilities"] = {
                "passed": capabilities["passed"],
                "failed_gates": [g["name"] for g in capabilities["gates"] if not g["passed"]],
                "generated": [g["name"] for g in capabilities["generated"]],
                "skipped": capabilities["skipped"],
            }
            moved = await asyncio.to_thread(
                archive_old,
                settings.home,
                now,
                session_days=settings.consolidation.session_retention_days,
                daily_days=settings.consolidation.daily_retention_days,
            )
            summary["archived"] = [m.target for m in moved]
            summary["fts_optimized"] = await app.db.write(optimize_fts)
            summary["llm"] = {"provider": self.llm.provider if self.llm else None, "errors": llm_errors}
            summary["tokens"] = budget.as_dict()
            await app.projections_current()  # the report shows the statuses generation just set
            stats.update(await app.db.read(lambda conn: week_changes(conn, since)))
            stats["conflicts"] = await asyncio.to_thread(rule_conflicts, settings.home)
            stats["weak_skills"] = [
                WeakSkill(row.label, str(row.flag), row.decay_value, row.stats.total_refs)
                for row in flagged_skills(await experience_rows(app, kind="skill"))
            ]
            stats["gated_by"] = summary["capabilities"]["failed_gates"]
            stats["edited_files"] = files_from_summaries([doc.text for doc in docs]) or stats["edited_files"]
            week = WeekStats(since=since, until=now, notes=_notes(summary), **stats)
            report = settings.home / "reports" / report_name(now)
            await asyncio.to_thread(write_atomic, report, render_report(week))
            summary["report"] = str(report.relative_to(settings.home))
            summary["sessions"] = sum(week.outcomes.values())
        except Exception as exc:  # isolation boundary: one scheduled job
            logger.exception("consolidation_failed", reason=reason)
            summary.update(status="failed", error=f"{type(exc).__name__}: {exc}", tokens=budget.as_dict())
            await app.record([("consolidation", {"status": "failed", "summary": summary})])
            return summary
        summary["took_ms"] = round((time.perf_counter() - started) * 1000, 1)
        summary["status"] = "completed"
        await app.record([("consolidation", {"status": "completed", "summary": summary})])
        logger.info("consolidation_done", reason=reason, took_ms=summary["took_ms"], tokens=budget.used)
        return summary

    async def _week_stats(self, since: dt.datetime, now: dt.datetime) -> dict[str, Any]:
        stats = await self.app.db.read(lambda conn: week_sessions(conn, since))
        daily = await asyncio.to_thread(_week_daily_texts, self.app.settings.home, since, now)
        stats["edited_files"] = edited_files(daily)
        return stats

    async def _extract(self, docs: list[SessionDoc], llm: LLMClient | None) -> tuple[Extraction, int]:
        """The LLM's extraction when it answers with a whole, valid object; the rules' otherwise."""
        if llm is not None and docs:
            try:
                reply = await llm.complete(
                    EXTRACTION_SYSTEM, extraction_prompt(docs, PROMPT_MAX_CHARS), max_tokens=2048
                )
                return parse_extraction(reply.text), 0
            except (LLMError, ValueError) as exc:
                logger.warning("llm_step_failed", step="fact_extraction", error=str(exc))
                return extract_deterministic(docs), 1
        return extract_deterministic(docs), 0

    async def _apply_extraction(self, extraction: Extraction) -> dict[str, Any]:
        """Write facts, lessons and rules. Returns counts for the summary."""
        settings = self.app.settings
        home = settings.home
        now = self.app.clock()
        facts_added = await asyncio.to_thread(self._add_facts, extraction, utc_timestamp(now))
        when = now.strftime("%Y-%m-%d")
        lessons = await self.knowledge.add(home / "MEMORY.md", "Lessons", list(extraction.lessons), when=when)
        rules_added = superseded = len(lessons.superseded)
        by_project: dict[str, list[str]] = {}
        for project, rule in extraction.rules:
            by_project.setdefault(project, []).append(rule)
        for project, rules in sorted(by_project.items()):
            try:
                check_project(project)
            except FactsError as exc:
                logger.warning("rules_skipped", project=project, reason=str(exc))
                continue
            for _, changes in await self.knowledge.add_rules(home, project, rules, when=when):
                rules_added += len(changes.added)
                superseded += len(changes.superseded)
        return {
            "facts_added": facts_added,
            "lessons_added": len(lessons.added),
            "rules_added": rules_added - len(lessons.superseded),
            "superseded": superseded,
        }

    def _add_facts(self, extraction: Extraction, now: str) -> int:
        """Blocking (runs in a thread)."""
        settings = self.app.settings
        thresholds = (settings.lessons.jaccard, settings.lessons.containment)
        added = 0
        for draft in extraction.facts:
            try:
                _, created = add_fact(
                    settings.home, draft.project, draft.fact, now=now, category=draft.category,
                    evidence=draft.evidence, dedupe=thresholds, machine=settings.machine,
                )  # fmt: skip
            except FactsError as exc:
                logger.warning("fact_skipped", project=draft.project, reason=str(exc))
                continue
            added += int(created)
        return added


def _notes(summary: dict[str, Any]) -> list[str]:
    caps = summary.get("capabilities", {})
    tokens = summary.get("tokens", {})
    return [
        f"Facts added: {summary.get('facts_added', 0)}; lessons added to MEMORY.md: "
        f"{summary.get('lessons_added', 0)}; project rules added: {summary.get('rules_added', 0)}.",
        "Capabilities: "
        + (
            ", ".join(caps.get("generated", []))
            or ("none written" if caps.get("passed") else "gated by " + ", ".join(caps.get("failed_gates", [])))
        ),
        f"Archived: {len(summary.get('archived', []))} file(s).",
        f"LLM: {summary['llm']['provider'] or 'not configured'}; tokens used {tokens.get('used', 0)} "
        f"of {tokens.get('limit', 0)}.",
    ]


def _week_sessions(home: Path, since: dt.datetime, session_ids: set[str]) -> list[SessionDoc]:
    """Session summaries of the week: named after a session with an outcome this week, or modified since."""
    folder = home / "sessions"
    if not folder.is_dir():
        return []
    docs = []
    for path in sorted(folder.glob("*.md")):
        modified = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)
        if path.stem in session_ids or modified >= since:
            docs.append(session_doc(path, read_text(path)))
    return docs


def _week_daily_texts(home: Path, since: dt.datetime, until: dt.datetime) -> list[str]:
    texts = []
    for path in sorted((home / "daily").glob("*.md")) if (home / "daily").is_dir() else []:
        try:
            day = dt.datetime.fromisoformat(path.stem[:10]).replace(tzinfo=dt.UTC)
        except ValueError:
            continue
        if since - dt.timedelta(days=1) <= day <= until:
            texts.append(read_text(path))
    return texts
