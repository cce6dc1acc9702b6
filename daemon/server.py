"""`memoryd serve`: one asyncio process, started and stopped in a fixed order.

Start: schedule checked -> umask 077 -> instance lock (before bind) -> memory home (made owner-only) -> socket
path claimed (its own lock; refused if another daemon answers there) -> event log (a torn tail fenced: the
first write) -> SQLite -> projections caught up -> services (index, skills, inbox, sync, learning) -> socket
bound.
Stop (SIGTERM/SIGINT): stop accepting, drain in-flight requests within the grace period, stop background work,
close the log and SQLite, unlink the socket, exit 0. The exit stack unwinds in reverse start order. A start
that cannot go on raises `StartupFailed` (or `AlreadyRunning`, `SocketUnavailable`, `ConfigError`) with a
message for the user; `daemon/main.py` prints it, without a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3

import structlog

from daemon import hook_settings_file
from daemon.api import dispatch
from daemon.app import App
from daemon.config import ConfigError, Settings
from daemon.env_file import EnvFileReport
from daemon.home import init_home, make_private
from daemon.instance_lock import hold_instance_lock
from daemon.rpc.protocol import Request
from daemon.rpc.socket_server import SocketServer, connection_cap, raise_descriptor_limit
from daemon.services.checks import Checker
from daemon.services.container import Services
from daemon.services.context import ContextService
from daemon.services.edits import EditRecorder
from daemon.services.indexing import start_index
from daemon.services.learning.facts import FactStore
from daemon.services.learning.knowledge import Knowledge
from daemon.services.learning.scheduler import ConsolidationHooks, make_trigger, start_learning
from daemon.services.project_rules import ProjectRules
from daemon.services.rules_touch import RulesOnTouch
from daemon.services.session_slate import SessionSlate
from daemon.services.skills import start_skills
from daemon.services.sync import SyncService
from daemon.services.transcripts.history_import import HistoryImport
from daemon.services.transcripts.inbox import start_inbox
from daemon.services.transcripts.sessions import SessionIngest
from events.log import DISK_FULL_ERRNOS, EventLog
from events.projections.runner import Projector
from events.sqlite import Database
from pipeline.llm import make_llm

logger = structlog.get_logger(__name__)

GRACE_S = 10.0


def log_env_file(report: EnvFileReport) -> None:
    """Names only, never values: which variables the service's environment file provided, and problems."""
    if report.problem:
        logger.warning("env_file_ignored", path=report.path, reason=report.problem)
    else:
        logger.info("env_file_loaded", path=report.path, variables=list(report.loaded), overridden=list(report.kept))
    for error in report.errors:
        logger.warning("env_file_line_skipped", path=report.path, error=error)


class StartupFailed(RuntimeError):
    """The daemon cannot start; the message says why (and what to do), without a traceback."""


def check_schedule(settings: Settings) -> None:
    """A wrong `[consolidation] cron` stops start-up, as README promises (config.toml is read by the CLI too,
    which must not import APScheduler, so this check lives here)."""
    if not settings.consolidation.enabled:
        return
    try:
        make_trigger(settings.consolidation.cron)
    except ValueError as exc:
        raise ConfigError(
            f"{settings.home / 'config.toml'}: [consolidation] cron {settings.consolidation.cron!r}"
            f" is not a crontab line: {exc}"
        ) from exc


async def start_services(
    app: App, stack: contextlib.AsyncExitStack, tasks: asyncio.TaskGroup, stop: asyncio.Event
) -> Services:
    """Create every service and start its background work (owned by `tasks`, stopped by `stop`)."""
    llm = make_llm(app.settings)
    projects = ProjectRules(app.settings)
    index = await start_index(app, stack, tasks, stop)
    skills = await start_skills(app, tasks, stop, index.embedding)
    edits = EditRecorder(app, projects)
    knowledge = Knowledge(index.embedding)
    sessions = SessionIngest(app, llm, projects, knowledge)
    inbox = start_inbox(app, tasks, stop, sessions, edits)
    sync = SyncService(app, stop)
    await sync.start(stack)  # before learning: a catch-up consolidation syncs first
    hooks = ConsolidationHooks(sync.before_consolidation, sync.after_consolidation)
    learning = await start_learning(app, stack, tasks, stop, llm, knowledge, hooks)
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
        sync=sync,
        history=HistoryImport(
            app, sessions, projects, knowledge, learning.consolidator, stop, index.indexer.hold_embedding
        ),
    )


async def serve(settings: Settings, env_report: EnvFileReport | None = None) -> None:
    """Run until SIGTERM/SIGINT. `env_report` says what the service's environment file provided."""
    if env_report is not None:
        log_env_file(env_report)
    check_schedule(settings)
    os.umask(0o077)  # every file and folder the daemon creates is owner-only
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with contextlib.AsyncExitStack() as stack:
        app, _server = await start(settings, stack, stop)
        logger.info(
            "daemon_ready",
            socket=str(settings.socket_path),
            pid=app.pid,
            home=str(settings.home),
            replayed=app.replayed,
        )
        await stop.wait()
        logger.info("daemon_stopping")
    logger.info("daemon_stopped")


async def start(settings: Settings, stack: contextlib.AsyncExitStack, stop: asyncio.Event) -> tuple[App, SocketServer]:
    """Everything up to the socket, in order; what is started is stopped by `stack`. Raises StartupFailed
    (naming the step) for an OS or SQLite error, e.g. a full disk."""
    grace = settings.daemon.grace_seconds
    step = "taking the instance lock"
    try:
        stack.enter_context(hold_instance_lock(settings.run_dir))
        step = "creating the memory home"
        created = init_home(settings.home)
        if created:
            logger.info("home_initialised", home=str(settings.home), created=created)
        if tightened := make_private(settings.home):
            logger.info("home_made_private", home=str(settings.home), changed=tightened)
        # Why here: the first hook of a session then finds its settings without importing daemon.config
        hook_settings_file.write_at_start(str(settings.home))
        step = "claiming the socket"
        server = SocketServer(
            settings.socket_path,
            dispatch=_unavailable,
            max_request_bytes=settings.daemon.max_request_bytes,
            max_connections=connection_cap(settings.daemon.max_connections, raise_descriptor_limit()),
            idle_timeout=settings.daemon.idle_timeout_seconds,
        )
        server.claim()  # before anything else starts: a socket another daemon serves is never taken over
        stack.callback(server.release)
        for warning in settings.warnings:
            logger.warning("config_warning", message=warning)
        step = "opening the event log"
        machine = settings.machine
        log = await stack.enter_async_context(EventLog.open(settings.events_dir, host=machine, fsync=settings.fsync))
        local_log = await stack.enter_async_context(
            EventLog.open(settings.events_dir, host=machine, fsync=settings.fsync, local=True)
        )
        log.share_durable_ends(local_log)  # the projector reads the local segments through `log`
        step = "opening the database"
        db = await stack.enter_async_context(Database.open(settings.db_path))
        projector = Projector(db, log)
        await projector.setup()
        step = "replaying the event log"
        applied = await projector.catch_up()  # a broken schema fails here, before any client connects
    except (OSError, sqlite3.Error) as exc:
        raise StartupFailed(startup_message(step, exc)) from exc
    app = App(settings=settings, db=db, log=log, projector=projector, local_log=local_log, replayed=applied)
    stack.push_async_callback(app.drain_background, grace)  # runs after the socket drained
    tasks = await stack.enter_async_context(asyncio.TaskGroup())
    stack.callback(stop.set)  # whatever exits the stack first, background tasks see stop
    app.supervise(tasks, "projection_pump", lambda: app.run_projection_pump(stop), stop)
    try:
        services = await start_services(app, stack, tasks, stop)
    except (OSError, sqlite3.Error) as exc:
        raise StartupFailed(startup_message("starting the services", exc)) from exc

    async def dispatch_request(request: Request) -> object:
        return await dispatch(services, request)

    async def server_status() -> dict[str, object]:
        return server.status()

    server.dispatch = dispatch_request
    await server.start()
    stack.push_async_callback(server.stop, grace)
    app.status_sections["socket_server"] = server_status
    return app, server


async def _unavailable(request: Request) -> object:
    raise RuntimeError("the daemon is still starting")  # never reached: the socket is bound after the services


def startup_message(step: str, exc: BaseException) -> str:
    disk_full = (isinstance(exc, OSError) and exc.errno in DISK_FULL_ERRNOS) or (
        isinstance(exc, sqlite3.Error) and "full" in str(exc)
    )
    if disk_full:
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"cannot start: disk full while {step} ({detail}); free some space and start again"
    return f"cannot start: {step} failed: {exc}"
