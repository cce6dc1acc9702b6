"""Starts the learning loop inside the daemon: the optional LLM, the consolidator and its weekly schedule.

The schedule is APScheduler 3's AsyncIOScheduler (started inside the running loop) with one cron job:
`id`, `replace_existing`, `coalesce`, `max_instances=1` and a `misfire_grace_time` of hours (the 3.x default
of 1 s would skip a run the laptop slept through). The job store is in memory and forgets everything on
restart, so whether a run is overdue is derived from `consolidation` events at start (catch-up). The job
itself only hands the run to `app.spawn`, so the task has an owner that drains it at shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import structlog
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from tzlocal import get_localzone

from daemon.app import App
from daemon.services.learning.consolidation import Consolidator, consolidation_due, last_completed
from daemon.services.learning.knowledge import Knowledge
from pipeline.llm import LLMClient

logger = structlog.get_logger(__name__)

JOB_ID = "weekly_consolidation"


def make_trigger(cron: str) -> CronTrigger:
    """A crontab line in local time. Raises ValueError naming the problem."""
    return CronTrigger.from_crontab(cron, timezone=get_localzone())


def make_scheduler(job: Callable[[], Any], cron: str, misfire_grace_hours: float) -> AsyncIOScheduler:
    """An AsyncIOScheduler with the weekly job added (not started)."""
    scheduler = AsyncIOScheduler(timezone=get_localzone())
    scheduler.add_job(
        job,
        make_trigger(cron),
        id=JOB_ID,
        name="weekly consolidation",
        replace_existing=True,
        coalesce=True,
        max_instances=1,
        misfire_grace_time=max(int(misfire_grace_hours * 3600), 1),
    )
    return scheduler


@dataclass(frozen=True, slots=True)
class ConsolidationHooks:
    """Run around a scheduled or catch-up consolidation (sync: a round before and after). `before` returning
    False skips the run (another machine just did it)."""

    before: Callable[[str], Awaitable[bool]]
    after: Callable[[str], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Learning:
    """The learning loop as the rest of the daemon sees it: the optional LLM and the consolidator."""

    llm: LLMClient | None
    consolidator: Consolidator
    knowledge: Knowledge


async def start_learning(
    app: App,
    stack: contextlib.AsyncExitStack,
    tasks: asyncio.TaskGroup,
    stop: asyncio.Event,
    llm: LLMClient | None = None,
    knowledge: Knowledge | None = None,
    hooks: ConsolidationHooks | None = None,
) -> Learning:
    """Set up the consolidator, start the schedule and run a catch-up when a run is overdue."""
    settings = app.settings
    knowledge = knowledge or Knowledge(None)
    consolidator = Consolidator(app, llm, knowledge)
    scheduler: AsyncIOScheduler | None = None
    if settings.consolidation.enabled:

        async def scheduled() -> None:  # a coroutine: a plain function would run in a thread with no loop
            if stop.is_set():
                return
            app.spawn(_run_logged(app, consolidator, "scheduled", hooks), name="consolidation")

        try:
            scheduler = make_scheduler(
                scheduled,
                settings.consolidation.cron,
                settings.consolidation.misfire_grace_hours,
            )
        except ValueError as exc:
            logger.warning("consolidation_schedule_invalid", cron=settings.consolidation.cron, error=str(exc))
        else:
            scheduler.start()
            stack.callback(scheduler.shutdown, wait=False)
            await catch_up(app, consolidator, hooks)

    async def status() -> dict[str, Any]:
        job = scheduler.get_job(JOB_ID) if scheduler is not None else None
        next_run = getattr(job, "next_run_time", None)
        return {
            "llm": llm.provider if llm else None,
            "schedule": settings.consolidation.cron if scheduler else None,
            "next_consolidation": next_run.isoformat() if next_run else None,
            "last_consolidation": await app.db.read(last_completed),
            "consolidation_running": consolidator.running,
        }

    app.status_sections["learning"] = status
    return Learning(llm, consolidator, knowledge)


async def catch_up(app: App, consolidator: Consolidator, hooks: ConsolidationHooks | None = None) -> bool:
    """Spawn a run when the last completed one is older than `[consolidation] period_days`. Returns whether."""
    period = dt.timedelta(days=app.settings.consolidation.period_days)
    now = app.clock()
    await app.projections_current()
    due = await app.db.read(lambda conn: consolidation_due(conn, now, period))
    if due:
        logger.info("consolidation_catch_up", period_days=period.days)
        app.spawn(_run_logged(app, consolidator, "catch_up", hooks), name="consolidation")
    return due


async def _run_logged(
    app: App, consolidator: Consolidator, reason: str, hooks: ConsolidationHooks | None = None
) -> None:
    """One run, between the sync hooks; a run that did not complete is logged and shown by `status`
    (`supervisor.consolidation`). It is not retried here: the next scheduled run, or the catch-up at the next
    start, runs it again."""
    if hooks is not None and not await hooks.before(reason):
        return
    summary = await consolidator.run(reason)
    if summary.get("status") != "completed":
        logger.warning("consolidation_not_completed", reason=reason, error=summary.get("error"))
        app.loops.job_failed("consolidation", RuntimeError(str(summary.get("error") or "not completed")))
    if hooks is not None:
        await hooks.after(reason)
