"""Health: the daemon's `status` (loops, warnings, index progress, model) and sync (remote, last round,
conflicts kept aside); and `/api/stamp`, which the pages poll to reload themselves when the data changed."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from daemon.client.socket_client import DaemonError
from daemon.client.ui.app import guarded, ui_of


async def health_page(request: Request) -> Response:
    ui = ui_of(request)
    status = await ui.ask("status", wait_s=10.0)
    # Why only when enabled: `sync_status` asks git about the repository; without sync there is none.
    sync = await _sync_status(request) if (status.get("sync") or {}).get("enabled") else None
    return ui.page(request, "health.html", title="Health", status=status, sync=sync)


async def _sync_status(request: Request) -> dict[str, Any]:
    try:
        result: dict[str, Any] = await ui_of(request).ask("sync_status", wait_s=10.0)
    except DaemonError as exc:
        return {"error": exc.message}
    return result


async def stamp(request: Request) -> Response:
    """What changed since the page was drawn: the newest event (and, for health, the index counters). Cheap:
    one indexed row, so polling every few seconds costs the daemon nothing worth measuring."""
    ui = ui_of(request)
    newest = await ui.ask("events", {"limit": 1}, wait_s=5.0)
    parts = [e["id"] for e in newest["events"]]
    if request.query_params.get("page") == "health":
        index = (await ui.ask("status", wait_s=5.0)).get("index") or {}
        parts += [str(index.get(k)) for k in ("files", "chunks", "embedded", "pending")]
    return JSONResponse({"stamp": "|".join(parts)})


ROUTES = [
    Route("/health", guarded(health_page), name="health"),
    Route("/api/stamp", guarded(stamp), name="stamp"),
]
