"""Sync of the memory home through git (README "Several machines"): rounds on a schedule, on demand and around
the weekly consolidation; one at a time; backoff while the remote cannot be reached; what `status` reports.

A round: fetch -> (under `app.home_writes`, so memoryd's own writers and git never overwrite each other) commit
this machine's changes and merge the remote's -> push; a rejected push fetches and merges again (never forced).
Then other machines' events are applied to the projections, and the watcher reindexes the files the merge
changed (conflict copies included).

Invariants: the memory keeps working whatever git does (a failed round is logged, reported and retried with
backoff, never raised into the daemon); a round never runs twice at once; credentials are git's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import sys
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import structlog
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.interval import IntervalTrigger

from daemon.app import App
from daemon.services.errors import InvalidInput
from daemon.services.learning.consolidation import last_completed
from events.event import parse_timestamp, utc_timestamp
from pipeline.sync import offline_merge
from pipeline.sync import round as sync_round
from pipeline.sync.git import Git, GitError, git_available
from pipeline.sync.layout import conflict_files
from pipeline.sync.repository import (
    SyncConfig,
    SyncError,
    ahead_behind,
    branch_of,
    describe,
    git_for,
    init_repository,
    is_initialised,
    refresh_layout,
)

logger = structlog.get_logger(__name__)

JOB_ID = "sync"
PUSH_ATTEMPTS = 3
DEFAULT_RETRY_SECONDS = 60.0  # the first retry when rounds run only on demand ([sync] interval = 0)
CONSOLIDATION_STAGGER_SECONDS = 600  # scheduled weekly runs of several machines start up to this far apart


def driver_command() -> tuple[str, ...]:
    """How git calls this memoryd's merge drivers: the `memoryd` script beside this Python, else `python -m daemon`."""
    script = Path(sys.executable).with_name("memoryd")
    return (str(script),) if script.is_file() else (sys.executable, "-m", "daemon")


@dataclass
class RoundState:
    """What the last rounds did, for `status` and `sync status`."""

    rounds: int = 0
    last_round: dict[str, Any] | None = None
    last_success_at: str | None = None
    error: str | None = None
    offline: bool = False
    failures: int = 0
    next_attempt_at: str | None = None
    conflicts: list[str] = field(default_factory=list)


class SyncService:
    def __init__(self, app: App, stop: asyncio.Event) -> None:
        self.app = app
        self.stop = stop
        settings = app.settings.sync
        self.config = SyncConfig(
            home=app.settings.home,
            machine=app.settings.machine,
            remote=settings.remote,
            branch=settings.branch,
            exclude=settings.exclude,
            timeout=settings.timeout_seconds,
            driver_command=driver_command(),
        )
        self.state = RoundState()
        self.initialised = False
        self.scheduler: AsyncIOScheduler | None = None
        self._round_lock = asyncio.Lock()
        self._stack: contextlib.AsyncExitStack | None = None
        self._branch = ""
        self._who: dict[str, str] | None = None
        self._merge_tree: bool | None = None  # git >= 2.38: merges are made aside (`offline_merge`)
        self._next_attempt = 0.0  # monotonic time before which scheduled rounds are skipped (backoff)

    # ---- life cycle ------------------------------------------------------------------------------

    async def start(self, stack: contextlib.AsyncExitStack) -> None:
        """Schedule rounds when `sync init` ran for this home (and git exists); run the first one soon."""
        self.app.status_sections["sync"] = self.status_section
        self._stack = stack
        if not git_available():
            return
        try:
            self.initialised = await asyncio.to_thread(is_initialised, self.config)
        except GitError as exc:
            logger.warning("sync_check_failed", error=str(exc))
            return
        if self.initialised:  # a newer memoryd may merge differently, or live elsewhere: refresh both
            await asyncio.to_thread(refresh_layout, self.config)
            self._schedule()
            self.app.spawn(self._scheduled("start"), name="sync_round")

    def _schedule(self) -> None:
        interval = self.app.settings.sync.interval
        if interval <= 0 or self.scheduler is not None or self._stack is None:
            return
        scheduler = AsyncIOScheduler()
        scheduler.add_job(
            self._fire,
            IntervalTrigger(seconds=interval),
            id=JOB_ID,
            name="sync round",
            replace_existing=True,
            coalesce=True,
            max_instances=1,
            misfire_grace_time=max(int(interval), 1),
        )
        scheduler.start()
        self._stack.callback(scheduler.shutdown, wait=False)
        self.scheduler = scheduler

    async def _fire(self) -> None:
        """The job. A coroutine: APScheduler's AsyncIOExecutor runs plain functions in a worker thread, where
        there is no event loop to spawn the round on."""
        if not self.stop.is_set():
            self.app.spawn(self._scheduled("scheduled"), name="sync_round")

    async def _scheduled(self, reason: str) -> None:
        """A round unless one is running or the last failures asked us to wait (backoff)."""
        if self._round_lock.locked() or time.monotonic() < self._next_attempt or self.stop.is_set():
            return
        await self.round(reason)

    # ---- the commands ----------------------------------------------------------------------------

    async def init(self, url: str, branch: str) -> dict[str, Any]:
        """`memoryd sync init --remote URL`: set the repository up, then run the first round (joining the
        remote's memory with this one). Raises InvalidInput with what to do when it cannot."""
        if not git_available():
            raise InvalidInput("git is not installed; memoryd sync drives the git command line")
        config = dataclasses.replace(self.config, branch=branch) if branch else self.config
        async with self._round_lock:
            try:
                result = await asyncio.to_thread(init_repository, config, url)
            except (SyncError, GitError) as exc:
                raise InvalidInput(str(exc)) from exc
        self.initialised = True
        self._who = None  # read the branch and the identity again
        self._schedule()
        first = await self.round("init")
        return {"init": asdict(result), "round": first}

    async def round(self, reason: str = "manual") -> dict[str, Any]:
        """Run one round now (after any round in progress). Never raises for git trouble: the result says."""
        if not self.initialised:
            raise InvalidInput("this memory home is not synced yet: run `memoryd sync init --remote URL` first")
        async with self._round_lock:
            started = time.perf_counter()
            summary: dict[str, Any] = {"reason": reason, "started_at": utc_timestamp(self.app.clock())}
            try:
                await self._steps(summary)
                summary["ok"] = True
            except (GitError, SyncError, OSError) as exc:
                summary.update(ok=False, error=str(exc), offline=isinstance(exc, GitError) and exc.offline)
            except Exception as exc:  # isolation boundary: one round; reported like any failure, retried later
                logger.exception("sync_round_crashed")
                summary.update(ok=False, error=f"{type(exc).__name__}: {exc} (see the daemon log)", offline=False)
            applied = await self.app.projector.catch_up() if summary.get("received") else 0
            if summary["ok"] and summary.get("committed"):
                packed = time.perf_counter()  # `gc --auto` packs loose objects once there are enough (else a no-op)
                # Why not detached (git's default): a gc still pruning in the background when the next round writes
                # objects removes the folders they go into.
                gc = ["-c", "gc.autoDetach=false", "gc", "--auto", "--quiet"]
                await asyncio.to_thread(git_for(self.config).run, gc, check=False)
                summary["gc_ms"] = round((time.perf_counter() - packed) * 1000, 1)
            summary["events_applied"] = applied
            summary["conflicts_present"] = await asyncio.to_thread(conflict_files, self.config.home)
            summary["took_ms"] = round((time.perf_counter() - started) * 1000, 1)
            self._remember(summary)
            return summary

    async def _steps(self, out: dict[str, Any]) -> None:
        """Fetch; commit; merge (the only step under the home lock); push; again if the push was rejected. Fills
        `out` as it goes, so a failure still reports what was done."""
        config = self.config
        git = git_for(config)
        if self._who is None:  # read once: the branch init chose, and who commits (git's identity, else memoryd's)
            self._branch = await asyncio.to_thread(branch_of, config, git)
            self._who = await asyncio.to_thread(sync_round.identity, git, config.machine)
        branch, who = self._branch, self._who
        out.update(committed=None, merged=[], received=[], conflicts=[], pushed=False, home_lock_ms=0.0)

        async def commit() -> None:
            committed = await asyncio.to_thread(sync_round.commit, config, git, who)
            if committed is not None:
                previous = out["committed"] or {"files": 0, "events": 0}
                out["committed"] = _committed(committed, previous)

        for _ in range(PUSH_ATTEMPTS):
            try:
                upstream = await asyncio.to_thread(sync_round.fetch, config, git, branch)
            except GitError:
                await commit()  # offline: our changes are still committed, and pushed once the remote is back
                raise
            await commit()
            plan = await asyncio.to_thread(sync_round.plan_merge, config, git, branch) if upstream else None
            if plan is not None:
                merged = await self._merge(git, plan, who, commit, out)
                out["merged"].append(merged.head[:12])
                out["received"] += [p for p in merged.received if p not in out["received"]]
                out["conflicts"] += [asdict(c) for c in merged.conflicts]
                for conflict in merged.conflicts:
                    logger.warning(
                        "sync_conflict_kept", path=conflict.path, copy=conflict.copy, machine=conflict.machine
                    )
            counts = await asyncio.to_thread(ahead_behind, git, branch, config.remote)
            if upstream and counts is not None and counts[0] == 0:
                break  # nothing of ours the remote lacks
            if await asyncio.to_thread(sync_round.push, config, git, branch):
                out["pushed"] = True
                break
            logger.info("sync_push_rejected_retry", branch=branch)
        else:
            raise SyncError(f"the remote kept moving: push rejected {PUSH_ATTEMPTS} times; next round tries again")
        out["ahead"], out["behind"] = 0, 0  # merged what was fetched, and the remote has all of ours

    async def _merge(
        self,
        git: Git,
        plan: sync_round.MergePlan,
        who: dict[str, str],
        commit: Callable[[], Awaitable[None]],
        out: dict[str, Any],
    ) -> sync_round.Merged:
        """Merge aside and apply under the home lock (ms); with an older git, merge in place under the lock."""
        config, app = self.config, self.app
        if self._merge_tree is None:
            self._merge_tree = await asyncio.to_thread(offline_merge.supported, git)
        prepared = await asyncio.to_thread(offline_merge.prepare, config, git, plan, who) if self._merge_tree else None
        if prepared is not None:
            await asyncio.to_thread(offline_merge.apply_outside_lock, config, prepared)
        async with app.home_writes:
            locked = time.perf_counter()
            try:
                if prepared is not None:
                    return await asyncio.to_thread(offline_merge.apply, config, git, prepared)
                try:
                    return await asyncio.to_thread(sync_round.merge, config, git, plan, who)
                except sync_round.LocalChanges:  # a file changed since the commit; nothing changes it now
                    await commit()
                    return await asyncio.to_thread(sync_round.merge, config, git, plan, who)
            finally:
                out["home_lock_ms"] += round((time.perf_counter() - locked) * 1000, 1)

    def _remember(self, summary: dict[str, Any]) -> None:
        state = self.state
        state.rounds += 1
        state.last_round = summary
        state.conflicts = list(summary.get("conflicts_present", []))
        if summary["ok"]:
            state.last_success_at, state.error, state.offline, state.failures = summary["started_at"], None, False, 0
            self._next_attempt, state.next_attempt_at = 0.0, None
            logger.info(
                "sync_round_done",
                reason=summary["reason"],
                took_ms=summary["took_ms"],
                committed=bool(summary.get("committed")),
                received=len(summary.get("received", [])),
                conflicts=len(summary.get("conflicts", [])),
                events_applied=summary["events_applied"],
            )
            return
        state.error, state.offline, state.failures = summary["error"], bool(summary.get("offline")), state.failures + 1
        base = self.app.settings.sync.interval or DEFAULT_RETRY_SECONDS
        delay = min(self.app.settings.sync.max_backoff_seconds, base * 2 ** (state.failures - 1))
        self._next_attempt = time.monotonic() + delay
        state.next_attempt_at = utc_timestamp(self.app.clock() + dt.timedelta(seconds=delay))
        logger.warning("sync_round_failed", error=state.error, offline=state.offline, retry_in_s=round(delay))

    # ---- status ----------------------------------------------------------------------------------

    async def status_section(self) -> dict[str, Any]:
        """The `status` section: cheap (no git call), from the last round."""
        state = self.state
        last = state.last_round or {}
        return {
            "enabled": self.initialised,
            "machine": self.config.machine,
            "interval_seconds": self.app.settings.sync.interval if self.initialised else None,
            "last_round_at": last.get("started_at"),
            "last_round_ok": last.get("ok"),
            "last_success_at": state.last_success_at,
            "error": state.error,
            "offline": state.offline,
            "failures": state.failures,
            "next_attempt_at": state.next_attempt_at,
            "conflicts": state.conflicts,
        }

    async def status(self) -> dict[str, Any]:
        """`memoryd sync status`: the repository as it is now (remote, ahead/behind, conflicts) and the last round."""
        try:
            repository = await asyncio.to_thread(describe, self.config)
        except GitError as exc:
            repository = {"initialised": self.initialised, "machine": self.config.machine, "error": str(exc)}
        return {**repository, "state": await self.status_section(), "last_round": self.state.last_round}

    # ---- around the weekly consolidation ---------------------------------------------------------

    async def before_consolidation(self, reason: str) -> bool:
        """Sync first; False when another machine has consolidated in the last half period (its report, facts
        and lessons arrive with the merge, so doing it again would only duplicate them)."""
        if not self.initialised:
            return True
        if reason == "scheduled":  # several machines on one cron line: the first to finish wins, the rest skip
            stagger = zlib.crc32(self.config.machine.encode()) % CONSOLIDATION_STAGGER_SECONDS
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), timeout=stagger)
            if self.stop.is_set():
                return False
        await self.round(f"before consolidation ({reason})")
        latest = await self.app.db.read(last_completed)
        period = dt.timedelta(days=self.app.settings.consolidation.period_days)
        if latest is not None and self.app.clock() - parse_timestamp(latest) < period / 2:
            logger.info("consolidation_skipped_done_elsewhere", last_completed=latest, reason=reason)
            return False
        return True

    async def after_consolidation(self, reason: str) -> None:
        if self.initialised:
            await self.round(f"after consolidation ({reason})")


def _committed(committed: sync_round.Committed, before: dict[str, Any]) -> dict[str, Any]:
    """This round's commits so far, summed (the last one's sha)."""
    files, events = before["files"] + committed.files, before["events"] + committed.events
    return {"sha": committed.sha[:12], "files": files, "events": events}
