"""What an agent context was already given: memories, MEMORY.md / rules / summary items, skills, rules files.

The state is the `session_slate` projection of the `injection` events (and `compaction`, which clears a
context's slate), so it survives a daemon restart and needs no state of its own here.

Invariant: for one agent context, "read what was given, assemble, record the injection" is one step: a
context is `claim`ed (its lock taken, the projection read after applying every event already in the log)
and released only once the injection event is in the log, which may be after the reply went out (the
append and its fsync stay off the hook's path). So two hooks of one session that race (a prompt and a file
read) never hand out the same item twice, and a compaction recorded for a session (`settled`) lands after
the injections already handed out, never before them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from daemon.app import App
from events.queries import session_slate

Context = tuple[str, str]  # (session id, agent id; '' for the main conversation)
Release = Callable[[], None]


class SessionSlate:
    def __init__(self, app: App) -> None:
        self.app = app
        self._locks: dict[Context, tuple[asyncio.Lock, int]] = {}  # with the number of holders and waiters

    async def claim(self, session_id: str | None, agent_id: str | None = None) -> tuple[frozenset[str], Release]:
        """Take the context's lock and read its given keys (empty, and no lock, without a session). The caller
        must call the returned release exactly once, after recording what it gave."""
        if not session_id:
            return frozenset(), lambda: None
        context = (session_id, agent_id or "")
        lock, users = self._locks.get(context, (asyncio.Lock(), 0))
        self._locks[context] = (lock, users + 1)
        released = acquired = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            if acquired:
                lock.release()
            held, count = self._locks[context]
            if count <= 1:
                del self._locks[context]
            else:
                self._locks[context] = (held, count - 1)

        try:
            acquired = await lock.acquire()
            await self.app.projections_current()
            given = await self.app.db.read(lambda conn: session_slate.given(conn, *context))
        except BaseException:
            release()
            raise
        return given, release

    @contextlib.asynccontextmanager
    async def hold(self, session_id: str | None, agent_id: str | None = None) -> AsyncIterator[frozenset[str]]:
        """`claim` for a reader that records nothing: released when the block ends."""
        given, release = await self.claim(session_id, agent_id)
        try:
            yield given
        finally:
            release()

    async def settled(self, session_id: str) -> None:
        """Wait until no request of the session is between claim and release (its injections are logged)."""
        for context in [c for c in self._locks if c[0] == session_id]:
            async with self.hold(*context):
                pass
