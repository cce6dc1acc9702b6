"""What every page of the web view shares: its one way to the daemon (the socket), its templates, and how a
failure of the daemon becomes a page.

Invariant: the view holds no memory of its own. Every page asks the daemon over its socket, like the CLI, so
it shows exactly what the daemon holds and the daemon stays lean; a daemon that is down or refuses a request
gives a page saying so (503 / 400), never a traceback.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from daemon.client.socket_client import DaemonError, DaemonUnavailable, call

logger = structlog.get_logger(__name__)

HERE = Path(__file__).resolve().parent
PAGE_SIZE = 25
Page = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Ui:
    """What every page needs: the daemon's socket and the templates."""

    socket_path: Path
    templates: Jinja2Templates

    async def ask(self, method: str, params: dict[str, Any] | None = None, *, wait_s: float = 30.0) -> Any:
        """One socket call, off the event loop (the client is blocking; pages make several at once)."""
        return await asyncio.to_thread(call, self.socket_path, method, params, timeout=wait_s)

    def page(self, request: Request, name: str, http_status: int = 200, **context: Any) -> Response:
        return self.templates.TemplateResponse(
            request, name, {"nav": _nav(request), **context}, status_code=http_status
        )


def ui_of(request: Request) -> Ui:
    ui: Ui = request.app.state.ui
    return ui


def _nav(request: Request) -> str:
    path = request.url.path
    for prefix, name in (("/file", "search"), ("/session", "sessions"), ("/cost", "cost"), ("/learned", "learned")):
        if path.startswith(prefix):
            return name
    return "health" if path.startswith("/health") else "search"


def guarded(page: Page) -> Page:
    """A page whose daemon failures become a readable page, with one summary log line per request (the path
    only: query strings carry search text and, on the first request, the token)."""

    async def run(request: Request) -> Response:
        started = time.perf_counter()
        ui = ui_of(request)
        try:
            response = await page(request)
        except DaemonUnavailable as exc:
            response = ui.page(request, "error.html", 503, title="memoryd is not running", message=str(exc))
        except DaemonError as exc:
            response = ui.page(request, "error.html", 400, title="memoryd refused the request", message=exc.message)
        except Exception:  # one request is an isolation boundary: a bug of one page never ends the view
            logger.exception("ui_page_failed", path=request.url.path)
            message = "This page failed; the view's log (its standard error) says why."
            response = ui.page(request, "error.html", 500, title="Page failed", message=message)
        ms = round((time.perf_counter() - started) * 1000, 1)
        logger.info("ui_request", method=request.method, path=request.url.path, status=response.status_code, ms=ms)
        return response

    return run


def short_ts(ts: str | None) -> str:
    """`2026-11-23T18:18:21.308Z` -> `2026-11-23 18:18` (UTC, as the log keeps it)."""
    return ts[:16].replace("T", " ") if ts else ""
