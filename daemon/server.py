"""`memoryd serve`: one asyncio process, started and stopped in a fixed order.

Start: instance lock (before bind) -> memory home -> SQLite -> event log -> projections caught up -> services
(index, skills, learning, inbox) -> socket. Stop (SIGTERM/SIGINT): stop accepting, drain in-flight requests
within the grace period, stop background work, close the log and SQLite, unlink the socket, exit 0. The exit
stack unwinds in reverse start order.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal

import structlog

from daemon.api import dispatch
from daemon.app import App
from daemon.config import Settings
from daemon.home import init_home
from daemon.instance_lock import hold_instance_lock
from daemon.rpc.protocol import Request
from daemon.rpc.socket_server import SocketServer
from daemon.services.checks import Checker
from daemon.services.container import Services
from daemon.services.context import ContextService
from daemon.services.edits import EditRecorder
from daemon.services.inbox import start_inbox
from daemon.services.indexing import start_index
from daemon.services.learning.facts import FactStore
from daemon.services.learning.scheduler import start_learning
from daemon.services.project_rules import ProjectRules
from daemon.services.rules_touch import RulesOnTouch
from daemon.services.session_slate import SessionSlate
from daemon.services.sessions import SessionIngest
from daemon.services.skills import start_skills
from events.log import EventLog
from events.projections.runner import Projector
from events.sqlite import Database
from pipeline.llm import make_llm

logger = structlog.get_logger(__name__)

GRACE_S = 10.0


async def start_services(
    app: App, stack: contextlib.AsyncExitStack, tasks: asyncio.TaskGroup, stop: asyncio.Event
) -> Services:
    """Create every service and start its background work (owned by `tasks`, stopped by `stop`)."""
    llm = make_llm(app.settings)
    projects = ProjectRules(app.settings)
    index = await start_index(app, stack, tasks, stop)
    skills = await start_skills(app, tasks, stop, index.embedding)
    edits = EditRecorder(app, projects)
    sessions = SessionIngest(app, llm, projects)
    inbox = start_inbox(app, tasks, stop, sessions, edits)
    learning = await start_learning(app, stack, tasks, stop, llm)
    slate = SessionSlate(app)
    context = ContextService(app, index, skills, projects, slate)
    return Services(
        app=app,
        index=index,
        projects=projects,
        skills=skills,
        context=context,
        slate=slate,
        rules=RulesOnTouch(app.settings, projects, context),
        edits=edits,
        facts=FactStore(app),
        checks=Checker(app.settings, projects),
        learning=learning,
        inbox=inbox,
    )


async def serve(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    grace = settings.daemon.grace_seconds
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
        services = await start_services(app, stack, tasks, stop)

        async def dispatch_request(request: Request) -> object:
            return await dispatch(services, request)

        server = SocketServer(
            settings.socket_path, dispatch_request, max_request_bytes=settings.daemon.max_request_bytes
        )
        await server.start()
        stack.push_async_callback(server.stop, grace)
        logger.info(
            "daemon_ready", socket=str(settings.socket_path), pid=app.pid, home=str(settings.home), replayed=applied
        )
        await stop.wait()
        logger.info("daemon_stopping")
    logger.info("daemon_stopped")
