"""Socket methods of `memoryd sync`: sync_init, sync (one round now), sync_status."""

from __future__ import annotations

from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services


@api.method("sync_init")
async def sync_init(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Make the memory home a git repository shared through `remote` (or adopt it), then run the first round."""
    p = Params(params, ("remote", "branch"))
    remote = p.str("remote", required=True) or ""
    return await services.sync.init(remote, p.str("branch") or "")


@api.method("sync")
async def sync_now(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """Run one round now (commit, fetch, merge, push) and return what it did."""
    Params(params, ())
    return await services.sync.round("manual")


@api.method("sync_status")
async def sync_status(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    Params(params, ())
    return await services.sync.status()
