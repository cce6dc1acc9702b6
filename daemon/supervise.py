"""Background loops under supervision: whatever a loop raises is logged, shown by `status`, and the loop is
started again after a capped exponential backoff. The process never exits because a background loop raised.

Why: the daemon's TaskGroup ends the whole process when any of its tasks raises. An inbox file with a name the
filesystem refuses, a full disk or a process out of file descriptors used to do exactly that, and again after
every restart while the cause stayed. A loop is written as if nothing can go wrong between its
isolation boundaries; the supervisor is the boundary around the loop itself.

Invariants:
- A supervised coroutine that returns normally is done (one-shot work, or a loop that saw `stop`); one that
  raises `Exception` is retried after 1 s, 2 s, 4 s ... up to 60 s, the delay falling back to 1 s once it ran
  healthily for a minute. `stop` cuts a backoff short. Cancellation is never swallowed.
- `status()` says, per loop: its state, how often it failed, the last error and when, and when it retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import structlog

from events.event import utc_timestamp

logger = structlog.get_logger(__name__)

BASE_DELAY_S = 1.0
MAX_DELAY_S = 60.0
HEALTHY_AFTER_S = 60.0  # a run this long resets the backoff: the failure was not the same fault again


@dataclass
class LoopHealth:
    state: str = "running"  # running | retrying | done | stopped (or, for one-shot jobs, failed)
    failures: int = 0
    last_error: str | None = None
    last_error_at: str | None = None
    retry_at: float | None = None  # time.monotonic() of the next start while retrying

    def as_dict(self) -> dict[str, Any]:
        retry_in = None if self.retry_at is None else round(max(0.0, self.retry_at - time.monotonic()), 1)
        return {
            "state": self.state,
            "failures": self.failures,
            "last_error": self.last_error,
            "last_error_at": self.last_error_at,
            "retry_in_s": retry_in,
        }


class Supervisor:
    """Runs named background coroutines; one per daemon (owned by `App`)."""

    def __init__(self, *, base_delay: float = BASE_DELAY_S, max_delay: float = MAX_DELAY_S) -> None:
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.loops: dict[str, LoopHealth] = {}

    async def run(self, name: str, factory: Callable[[], Awaitable[object]], stop: asyncio.Event) -> None:
        """Await `factory()` until it returns; after an exception, wait and call it again (until `stop`)."""
        health = self.loops.setdefault(name, LoopHealth())
        delay = self.base_delay
        while not stop.is_set():
            health.state, health.retry_at = "running", None
            started = time.monotonic()
            try:
                await factory()
            except Exception as exc:  # isolation boundary: one background loop
                if time.monotonic() - started >= HEALTHY_AFTER_S:
                    delay = self.base_delay
                self._failed(name, health, exc)
                health.state, health.retry_at = "retrying", time.monotonic() + delay
                logger.exception("loop_failed", loop=name, failures=health.failures, retry_in_s=delay)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(delay):
                        await stop.wait()
                delay = min(delay * 2, self.max_delay)
                continue
            health.state = "stopped" if stop.is_set() else "done"
            return
        health.state, health.retry_at = "stopped", None

    def job_failed(self, name: str, exc: BaseException) -> None:
        """Record the failure of one-shot work that is not retried here (its schedule runs it again)."""
        health = self.loops.setdefault(name, LoopHealth(state="failed"))
        health.state = "failed"
        self._failed(name, health, exc)

    @staticmethod
    def _failed(name: str, health: LoopHealth, exc: BaseException) -> None:
        health.failures += 1
        health.last_error = f"{type(exc).__name__}: {exc}"[:300]
        health.last_error_at = utc_timestamp()

    async def status(self) -> dict[str, Any]:
        return {name: health.as_dict() for name, health in sorted(self.loops.items())}
