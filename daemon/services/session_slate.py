"""What an agent context was already given: memories, MEMORY.md / rules / summary items, skills, rules files.

The state is the `session_slate` projection of the `injection` events (and `compaction`, which clears a
context's slate), so it survives a daemon restart and needs no state of its own here.

Invariant: for one agent context, "read what was given, assemble, record the injection" is one step: `hold`
serialises it per context, and reads the projection after applying every event already in the log, so two
hooks of one session that race (a prompt and a file read) never hand out the same item twice.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from daemon.app import App
from events.queries import session_slate

Context = tuple[str, str]  # (session id, agent id; '' for the main conversation)


class SessionSlate:
    def __init__(self, app: App) -> None:
        self.app = app
        self._locks: dict[Context, tuple[asyncio.Lock, int]] = {}  # with the number of holders and waiters

    @contextlib.asynccontextmanager
    async def hold(self, session_id: str | None, agent_id: str | None = None) -> AsyncIterator[frozenset[str]]:
        """Yield the context's given keys (empty without a session) while no other request of it runs."""
        if not session_id:
            yield frozenset()
            return
        context = (session_id, agent_id or "")
        lock, users = self._locks.get(context, (asyncio.Lock(), 0))
        self._locks[context] = (lock, users + 1)
        try:
            async with lock:
                await self.app.projections_current()
                yield await self.app.db.read(lambda conn: session_slate.given(conn, *context))
        finally:
            lock, users = self._locks[context]
            if users <= 1:
                del self._locks[context]
            else:
                self._locks[context] = (lock, users - 1)
