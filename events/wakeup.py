"""Sleeping until there is work or the daemon is stopping, for the long-running loops (projections, indexer)."""

from __future__ import annotations

import asyncio


async def wait_for_either(wakeup: asyncio.Event, stop: asyncio.Event) -> None:
    """Return as soon as `wakeup` or `stop` is set; neither event is cleared, no task is left behind."""
    waiter = asyncio.create_task(wakeup.wait())
    stopper = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({waiter, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
        stopper.cancel()
