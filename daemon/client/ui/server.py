"""`memoryd ui`: serve the web view on 127.0.0.1 until Ctrl-C or SIGTERM.

The first line of output is the URL with this run's token (a script or a test reads it there); the token
file `run/ui.json` (0600) holds the same while the view runs. The socket is bound here, before uvicorn starts,
so the port is known (and free) before the URL is printed, and only 127.0.0.1 is ever listened on.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path

import structlog
import uvicorn
from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from daemon.client.socket_client import DaemonError, DaemonUnavailable, call
from daemon.client.ui import pages_health, pages_learned, pages_search, pages_sessions
from daemon.client.ui.access import ASGIApp, TokenFile, TokenGate, new_token
from daemon.client.ui.app import HERE, Ui, short_ts
from daemon.config import Settings
from daemon.log_setup import configure_logging

logger = structlog.get_logger(__name__)

HOST = "127.0.0.1"


def build_app(socket_path: Path, token: str, port: int) -> ASGIApp:
    """The whole view behind its token gate."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.globals["short_ts"] = short_ts
    templates.env.globals["memory_link"] = pages_sessions.memory_link
    routes: list[BaseRoute] = [
        *pages_search.ROUTES,
        *pages_sessions.ROUTES,
        *pages_learned.ROUTES,
        *pages_health.ROUTES,
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.ui = Ui(socket_path, templates)
    return TokenGate(app, token, port)


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1 (port 0: a free one)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def run(settings: Settings, *, port: int, open_browser: bool) -> int:
    """Serve until interrupted. Returns the exit code (2: the port cannot be had)."""
    configure_logging(settings.daemon.log_level, settings.daemon.log_format)
    try:
        sock = bind(port)
    except OSError as exc:
        print(f"memoryd ui: cannot listen on {HOST}:{port}: {exc.strerror}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    token = new_token()
    url = f"http://{HOST}:{port}/?token={token}"
    token_file = TokenFile.in_run_dir(settings.run_dir)
    token_file.write(token, url, port)
    print(url, flush=True)
    print(f"memoryd ui: serving {HOST}:{port} for {settings.home} (Ctrl-C to stop)", file=sys.stderr, flush=True)
    try:
        call(settings.socket_path, "status", timeout=5.0)
    except (DaemonUnavailable, DaemonError) as exc:
        print(f"memoryd ui: {exc}; the pages will say so until it answers", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        build_app(settings.socket_path, token, port),
        log_config=None,  # our structlog setup; uvicorn's access log would write the query string (the token)
        access_log=False,
        log_level="warning",
        lifespan="off",
        server_header=False,
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    if open_browser:
        threading.Thread(target=_open_when_ready, args=(server, url), daemon=True).start()
    logger.info("ui_started", port=port, home=str(settings.home))
    # Why: uvicorn stops gracefully on SIGTERM, then raises the signal again once it restored the previous
    # handler; with the default handler that would kill the process before the token file is removed.
    signal.signal(signal.SIGTERM, _stop)
    try:
        asyncio.run(server.serve(sockets=[sock]))
    except (KeyboardInterrupt, Stopped):
        pass
    finally:
        sock.close()
        token_file.remove_if_ours(token)
    logger.info("ui_stopped", port=port)
    return 0


class Stopped(Exception):
    """SIGTERM outside uvicorn's own handling (before it starts serving, or re-raised once it stopped)."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped


def _open_when_ready(server: uvicorn.Server, url: str) -> None:
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    webbrowser.open(url)
