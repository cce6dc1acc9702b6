"""The daemon's runtime core: settings, the writer database, the event log, the projector and the clock.

Every service gets this object; nothing here knows about any particular service. Services register a
`status` section (a coroutine returning a dict) that the `status` method includes under their name.

Invariants: every background task has an owner (this object's task set, drained on shutdown, or the daemon's
TaskGroup); every background loop runs under `loops` (daemon/supervise.py), so none can end the process.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import structlog

from daemon.config import Settings
from daemon.supervise import Supervisor
from events.event import Event
from events.log import EventLog
from events.projections.event_keys import key_of
from events.projections.runner import Projector
from events.queries import event_keys
from events.sqlite import Database
from events.wakeup import wait_for_either

logger = structlog.get_logger(__name__)

StatusSection = Callable[[], Awaitable[dict[str, Any]]]
Clock = Callable[[], dt.datetime]
Draft = tuple[str, dict[str, Any]]
# Event types written to this machine's local-only segments when a batch holds nothing else (`memoryd sync`
# never shares them). Why `access`: one per search hit, the bulk of the log; it says what a person looked for
# (query hashes, chunks), which a shared repository should not carry; importance and recency from it describe
# this machine's use. A batch that mixes them with other types stays whole in the shared log.
LOCAL_TYPES = frozenset({"access"})


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class App:
    settings: Settings
    db: Database
    log: EventLog
    projector: Projector
    local_log: EventLog | None = None  # this machine's local-only segments (None: everything is shared)
    replayed: int = 0  # events applied to the projections at start
    clock: Clock = utc_now  # the daemon's "now" for scheduling and gates; tests put a controllable one here
    started_at: float = field(default_factory=time.time)
    pid: int = field(default_factory=os.getpid)
    status_sections: dict[str, StatusSection] = field(default_factory=dict)
    # Held by memoryd's own read-modify-write of shared memory files (daily notes, facts, lessons and rules) and by
    # a sync round while git rewrites the working tree, so neither overwrites the other's change.
    home_writes: asyncio.Lock = field(default_factory=asyncio.Lock)
    loops: Supervisor = field(default_factory=Supervisor)
    _projection_wakeup: asyncio.Event = field(default_factory=asyncio.Event)
    _background: set[asyncio.Task[Any]] = field(default_factory=set)
    _keys_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        self.status_sections["supervisor"] = self.loops.status

    @property
    def redact_emails(self) -> bool:
        """`[redaction] emails`: whether e-mail addresses are scrubbed too (secrets and <private> always are)."""
        return self.settings.redaction.emails

    def supervise(
        self, tasks: asyncio.TaskGroup, name: str, factory: Callable[[], Awaitable[object]], stop: asyncio.Event
    ) -> None:
        """Run `factory()` in `tasks` under the supervisor: restarted with backoff if it raises, never fatal."""
        tasks.create_task(self.loops.run(name, factory, stop), name=name)

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run work off the request path (e.g. access events). Owned here; drained at shutdown."""
        task = asyncio.create_task(coro, name=name)
        self._background.add(task)
        task.add_done_callback(self._background_done)
        return task

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            logger.error("background_task_failed", task=task.get_name(), error=repr(exc))
            self.loops.job_failed(task.get_name(), exc)

    async def drain_background(self, grace_seconds: float) -> None:
        if not self._background:
            return
        try:
            async with asyncio.timeout(grace_seconds):
                await asyncio.gather(*self._background, return_exceptions=True)
        except TimeoutError:
            logger.warning("background_tasks_abandoned", count=len(self._background))

    async def record(self, drafts: list[Draft], *, at: dt.datetime | None = None) -> list[str]:
        """Append events durably, then wake the projection pump. Returns the ids, one per draft (see
        `record_once` for drafts that carry an idempotency key). `at`: the events happened then, not now
        (imported history; see `EventLog.make_events`)."""
        return [event_id for event_id, _ in await self.record_once(drafts, at=at)]

    async def record_once(
        self,
        drafts: list[Draft],
        *,
        at: dt.datetime | None = None,
        alongside: Callable[[list[int]], Awaitable[None]] | None = None,
    ) -> list[tuple[str, bool]]:
        """Append the drafts whose `data.idempotency_key` is not in the log yet (drafts without a key always).
        Returns (event id, appended now) per draft; a draft already in the log gets its first event's id.
        `alongside(indices of the drafts appended now)`, when given, runs while they are written and fsynced,
        and has finished when this returns (if the append fails, what it did stays done).

        Why: a hook that timed out spools its event, though the daemon may have applied the request anyway;
        the request and the spooled copy carry the same key, and only the first of them reaches the log.
        Why `alongside`: the edit's daily note is fsynced too, and the two waits were one after the other on
        the agent's PostToolUse (~3 ms each on this machine's disk).
        """
        keys = [key for _, data in drafts if isinstance(data, dict) and (key := key_of(data)) is not None]
        log = self.log
        if self.local_log is not None and drafts and all(t in LOCAL_TYPES for t, _ in drafts):
            log = self.local_log  # this machine's access events: never synced, never keyed
        if not keys:
            events = await self._append_beside(log, drafts, list(range(len(drafts))), at, alongside)
            self._projection_wakeup.set()
            return [(e.id, True) for e in events]
        async with self._keys_lock:  # the check and the append are one step for keyed drafts
            await self.projections_current()
            known = await self.db.read(lambda conn: event_keys.seen(conn, keys))
            fresh: list[Draft] = []
            fresh_at: list[int] = []
            fresh_keys: set[str] = set()
            for index, (event_type, data) in enumerate(drafts):
                key = key_of(data) if isinstance(data, dict) else None
                if key is None or (key not in known and key not in fresh_keys):
                    fresh.append((event_type, data))
                    fresh_at.append(index)
                    fresh_keys.update([key] if key else [])
            events = await self._append_beside(log, fresh, fresh_at, at, alongside)
            self._projection_wakeup.set()
        appended = iter(events)
        out: list[tuple[str, bool]] = []
        taken: dict[str, str] = {}
        for _, data in drafts:
            key = key_of(data) if isinstance(data, dict) else None
            if key is not None and key in known:
                out.append((known[key], False))
            elif key is not None and key in taken:
                out.append((taken[key], False))
            else:
                event = next(appended)
                out.append((event.id, True))
                if key is not None:
                    taken[key] = event.id
        return out

    @staticmethod
    async def _append_beside(
        log: EventLog,
        drafts: list[Draft],
        indices: list[int],
        at: dt.datetime | None,
        alongside: Callable[[list[int]], Awaitable[None]] | None,
    ) -> list[Event]:
        """`log.append(drafts)`, with `alongside(indices)` running meanwhile (see `record_once`)."""
        if alongside is None or not drafts:
            return await log.append(drafts, at=at) if drafts else []
        beside = asyncio.ensure_future(alongside(indices))
        try:
            events = await log.append(drafts, at=at)
        except BaseException:
            await asyncio.wait([beside])  # Why not cancel: its thread would go on writing, outside its lock
            raise
        await beside
        return events

    async def projections_current(self) -> None:
        """Read-your-writes: apply whatever is in the log before answering a projection query."""
        await self.projector.catch_up()

    async def run_projection_pump(self, stop: asyncio.Event) -> None:
        """Apply new events shortly after they are appended, off the request path. Run under `supervise`."""
        while not stop.is_set():
            await wait_for_either(self._projection_wakeup, stop)
            self._projection_wakeup.clear()
            try:
                await self.projector.catch_up()
            except Exception:  # isolation boundary: one scheduled job
                logger.exception("projection_pump_failed")
