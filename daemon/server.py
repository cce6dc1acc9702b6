"""`memoryd serve`: one asyncio process, started and stopped in a fixed order.

Start: instance lock (before bind) -> memory home -> SQLite -> event log -> projections caught up -> socket.
Stop (SIGTERM/SIGINT): stop accepting, drain in-flight requests within GRACE_S, stop background work, close
the log and SQLite, unlink the socket, exit 0. The exit stack unwinds in reverse start order.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

import structlog

from daemon import (  # noqa: F401  (registers methods)
    api_agent,
    api_checks,
    api_events,
    api_facts,
    api_index,
    api_learning,
    api_memory,
    project_rules,
    skills_service,
)
from daemon.app import App
from daemon.config import Settings
from daemon.home import init_home
from daemon.inbox_service import start_inbox
from daemon.index_service import start_index
from daemon.instance_lock import hold_instance_lock
from daemon.learning_service import start_learning
from daemon.rpc import dispatch
from daemon.skills_service import start_skills
from daemon.socket_server import SocketServer
from events.log import EventLog
from events.projections.runner import Projector
from events.sqlite import Database

logger = structlog.get_logger(__name__)

GRACE_S = 10.0


async def serve(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    grace = float(settings.get("daemon", "grace_seconds"))
    async with contextlib.AsyncExitStack() as stack:
        stack.enter_context(hold_instance_lock(settings.run_dir))
        created = init_home(settings.home)
        if created:
            logger.info("home_initialised", home=str(settings.home), created=created)
        for warning in settings.warnings:
            logger.warning("config_warning", message=warning)
        db = await stack.enter_async_context(Database.open(settings.db_path))
        log = await stack.enter_async_context(EventLog.open(settings.events_dir, fsync=settings.fsync))
        projector = Projector(db, log)
        await projector.setup()
        applied = await projector.catch_up()  # a broken schema fails here, before any client connects
        app = App(settings=settings, db=db, log=log, projector=projector)
        stack.push_async_callback(app.drain_background, grace)  # runs after the socket drained
        tasks = await stack.enter_async_context(asyncio.TaskGroup())
        stack.callback(stop.set)  # whatever exits the stack first, background tasks see stop
        tasks.create_task(app.run_projection_pump(stop))
        await start_index(app, stack, tasks, stop)
        await start_inbox(app, stack, tasks, stop)
        await start_learning(app, stack, tasks, stop)
        await start_skills(app, tasks, stop)

        async def dispatch_request(request: Any) -> Any:
            return await dispatch(app, request)

        server = SocketServer(
            settings.socket_path,
            dispatch_request,
            max_request_bytes=int(settings.get("daemon", "max_request_bytes")),
        )
        await server.start()
        stack.push_async_callback(server.stop, grace)
        logger.info(
            "daemon_ready", socket=str(settings.socket_path), pid=app.pid, home=str(settings.home), replayed=applied
        )
        await stop.wait()
        logger.info("daemon_stopping")
    logger.info("daemon_stopped")
