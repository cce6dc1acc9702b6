"""`memoryd`: the command line. Client commands are thin wrappers over one socket method each.

Exit codes: 0 ok, 1 the daemon reported an error or a check failed, 2 bad usage, 3 the daemon is not running.
Invariant: the client path imports nothing heavy (no asyncio server, SQLite, numpy or fastembed), so
`memoryd status` starts in well under 300 ms.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from daemon import __version__
from daemon.client.cli import agent as cli_agent
from daemon.client.cli import facts as cli_facts
from daemon.client.cli import history_import as cli_import
from daemon.client.cli import index as cli_index
from daemon.client.cli import learning as cli_learning
from daemon.client.cli import memory as cli_memory
from daemon.client.cli import rules as cli_rules
from daemon.client.cli import sync as cli_sync
from daemon.client.cli import ui as cli_ui
from daemon.client.cli.output import print_json, render_effectiveness, render_events, render_status
from daemon.client.socket_client import DaemonError, DaemonUnavailable, call
from daemon.config import ConfigError, Settings, load_settings

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_DOWN = 0, 1, 2, 3


@dataclass(frozen=True)
class ClientCommand:
    """A CLI command that calls one socket method and prints its result."""

    method: str
    params: Callable[[argparse.Namespace], dict[str, Any]]
    render: Callable[[Any], str]
    exit_code: Callable[[Any], int] = lambda result: EXIT_OK
    timeout: float = 30.0


def _record_params(args: argparse.Namespace) -> dict[str, Any]:
    try:
        data = orjson.loads(args.data)
    except orjson.JSONDecodeError as exc:
        raise UsageError(f"--data is not valid JSON: {exc}") from exc
    return {"type": args.type, "data": data}


def _rebuild_render(result: dict[str, Any]) -> str:
    if result.get("verified"):
        if result["identical"]:
            return "identical"
        return "differs: " + ", ".join(result["differing_tables"])
    return f"rebuilt: replayed {result['events']} events in {result['took_ms']} ms"


def _drop_none(**params: Any) -> dict[str, Any]:
    return {k: v for k, v in params.items() if v is not None}


CLIENT_COMMANDS: dict[str, ClientCommand] = {
    "status": ClientCommand("status", lambda a: {}, render_status, timeout=10.0),
    "record": ClientCommand("record", _record_params, lambda r: "\n".join(r["ids"])),
    "events": ClientCommand(
        "events",
        lambda a: _drop_none(type=a.type, session_id=a.session, since=a.since, until=a.until, limit=a.limit),
        render_events,
    ),
    "effectiveness": ClientCommand(
        "effectiveness", lambda a: _drop_none(experience_id=a.experience, kind=a.kind), render_effectiveness
    ),
    "rebuild": ClientCommand(
        "rebuild",
        lambda a: {"verify": a.verify},
        _rebuild_render,
        exit_code=lambda r: EXIT_FAILED if r.get("verified") and not r["identical"] else EXIT_OK,
        timeout=3600.0,
    ),
}

EXTRA_COMMANDS: list[Callable[[Any], None]] = [
    cli_index.add_commands,
    cli_memory.add_commands,
    cli_learning.add_commands,
    cli_facts.add_commands,
    cli_agent.add_commands,
    cli_rules.add_commands,
    cli_sync.add_commands,
    cli_ui.add_commands,
    cli_import.add_commands,
]


class UsageError(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="memoryd", description="Local memory for AI coding agents.")
    parser.add_argument("--version", action="version", version=f"memoryd {__version__}")
    parser.add_argument("--socket", help="socket path (default: $MEMORYD_HOME/run/memoryd.sock)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("init", help="create the memory-home layout (never overwrites files)")
    p = sub.add_parser("serve", help="run the daemon in the foreground")
    p.add_argument("--env-file", help="read secrets (KEY=VALUE, mode 0600) from this file first (services use it)")

    p = sub.add_parser("status", help="daemon, event log, projection and index status")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("record", help="append one event to the log")
    p.add_argument("type", help="event type, e.g. outcome, ref, signal")
    p.add_argument("--data", required=True, help="the event payload as a JSON object")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("events", help="list events, newest first")
    p.add_argument("--type")
    p.add_argument("--session")
    p.add_argument("--since")
    p.add_argument("--until")
    p.add_argument("--limit", type=int)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("effectiveness", help="how each memory, rule, lesson and skill given to agents has done")
    p.add_argument("--experience")
    p.add_argument("--kind", choices=("memory", "rule", "lesson", "item", "skill", "file"))
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("rebuild", help="drop and replay every projection")
    p.add_argument("--verify", action="store_true", help="rebuild beside the live db and compare row by row")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("service", help="install the systemd user unit / launchd agent")
    p.add_argument("action", choices=("install", "uninstall", "status"))
    p.add_argument("--no-enable", action="store_true", help="write the unit but do not enable/start it")
    p.add_argument(
        "--pass-env",
        action="append",
        default=[],
        metavar="NAME",
        help="copy this variable (e.g. ANTHROPIC_API_KEY) from your environment into the service's 0600 env file",
    )
    p.add_argument("--env-file", help="the service's environment file (default $MEMORYD_HOME/service.env)")
    p.add_argument("--json", action="store_true")

    for add in EXTRA_COMMANDS:
        add(sub)
    return parser


@dataclass(frozen=True)
class InProcess:
    """The commands that run server-side code in this process (`serve`, `model build`), handed in by the
    entry point (`daemon/main.py`), so that this client package never imports the server."""

    serve: Callable[[Settings, Path | None], int]  # (settings, --env-file)
    build_model: Callable[[Settings], int]


def run_cli(argv: list[str], local: InProcess) -> int:
    """Parse `argv`, load the settings and run one command. Returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        settings = load_settings(socket=_socket_arg(args))
        code = _run(args, settings, local)
        sys.stdout.flush()  # Why here: a closed pipe (`memoryd patterns | head`) must raise inside the try
        return code
    except BrokenPipeError:
        # The reader went away (`| head`): that is not an error of ours. Point stdout at /dev/null so the
        # interpreter's own flush at exit does not raise again (the recipe in Python's `signal` docs).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except ConfigError as exc:
        print(f"memoryd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except UsageError as exc:
        print(f"memoryd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except DaemonUnavailable as exc:
        print(f"memoryd: {exc}. Start it with `memoryd serve` (or `memoryd service install`).", file=sys.stderr)
        return EXIT_DOWN
    except DaemonError as exc:
        print(f"memoryd: {exc.message}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130


def _socket_arg(args: argparse.Namespace) -> Path | None:
    return Path(args.socket).expanduser() if args.socket else None


def _run(args: argparse.Namespace, settings: Settings, local: InProcess) -> int:
    if args.command == "init":
        from daemon.home import init_home

        created = init_home(settings.home)
        print(f"memory home {settings.home}: " + (f"created {', '.join(created)}" if created else "already set up"))
        return EXIT_OK
    if args.command == "serve":
        return local.serve(settings, Path(args.env_file).expanduser() if args.env_file else None)
    if args.command == "model":
        return local.build_model(settings)
    if args.command == "service":
        return _service(args, settings)
    command = CLIENT_COMMANDS.get(args.command)
    if command is None:
        handler = getattr(args, "handler", None)
        if handler is None:
            raise UsageError(f"unknown command {args.command}")
        return int(handler(args, settings))
    result = call(settings.socket_path, command.method, command.params(args), timeout=command.timeout)
    if getattr(args, "json", False):
        print_json(result)
    else:
        print(command.render(result))
    return command.exit_code(result)


def _service(args: argparse.Namespace, settings: Settings) -> int:
    from daemon.client import service_install as service

    env_file = Path(args.env_file).expanduser() if args.env_file else None
    try:
        if args.action == "install":
            lines = service.install(
                settings.home, enable=not args.no_enable, env_file=env_file, pass_env=tuple(args.pass_env)
            )
        elif args.action == "uninstall":
            lines = service.uninstall(settings.home)
        else:
            found = service.status(settings.home)
            try:
                socket_pid = call(settings.socket_path, "status", timeout=2.0).get("pid")
            except (DaemonUnavailable, DaemonError):
                socket_pid = None
            found["answering"] = service.answering(found.get("pid"), socket_pid)
            if getattr(args, "json", False):
                print_json(found)
                return EXIT_OK
            lines = [f"{k}: {v}" for k, v in found.items()]
    except service.ServiceError as exc:
        print(f"memoryd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print("\n".join(lines))
    return EXIT_OK
