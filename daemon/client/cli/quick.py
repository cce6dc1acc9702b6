"""The CLI's quick path: `memoryd search` and `memoryd status`, the commands people and agents type most,
without argparse, orjson or the settings module (~30 ms of imports against ~25 ms of `python -c pass`).

Invariant: the quick path answers exactly as the full CLI (`cli/main.py`) would, or not at all. It takes only the
plain forms it knows (the options below, each spelt out); anything else (`--help`, an abbreviation, a bad number,
a broken config.toml) returns None and the full CLI parses, reports and exits as it always did. Same output,
same exit codes (0 ok, 1 the daemon reported an error, 3 the daemon is not running).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # Why not typing's: see daemon/main.py
if TYPE_CHECKING:
    from typing import Any

EXIT_OK, EXIT_FAILED, EXIT_DOWN = 0, 1, 3
SEARCH_OPTIONS = {
    "-k": int,
    "--mode": ("hybrid", "bm25", "vector"),
    "--root": str,
    "--path": str,
    "--source": ("memory", "sessions", "daily", "areas", "extra"),
    "--since": str,
    "--min-relevance": float,
}
SEARCH_FLAGS = ("--json", "--explain")


class QuickCommand:
    """A parsed quick command (a plain class: `dataclasses` costs ~7 ms to import)."""

    __slots__ = ("command", "json", "params", "socket")

    def __init__(self, command: str, socket: str | None, params: dict[str, Any], json: bool) -> None:
        self.command = command
        self.socket = socket
        self.params = params
        self.json = json


def parse(argv: list[str]) -> QuickCommand | None:
    """The command if `argv` is one of the quick forms, else None (the full CLI takes it)."""
    socket, rest = None, list(argv)
    if rest[:1] == ["--socket"] and len(rest) >= 2:
        socket, rest = rest[1], rest[2:]
    elif rest[:1] and rest[0].startswith("--socket="):
        socket, rest = rest[0].partition("=")[2], rest[1:]
    if rest == ["status"] or rest == ["status", "--json"]:
        return QuickCommand("status", socket, {}, json=len(rest) == 2)
    if rest[:1] != ["search"]:
        return None
    params: dict[str, Any] = {"mode": "hybrid", "explain": False}
    query, flags, items = None, set(), iter(rest[1:])
    for item in items:
        name, eq, inline = item.partition("=") if item.startswith("--") else (item, "", "")
        if item in SEARCH_FLAGS:
            flags.add(item)
        elif name in SEARCH_OPTIONS:
            raw = inline if eq else next(items, None)
            value = _option_value(SEARCH_OPTIONS[name], raw)
            if value is None:
                return None
            params[name.lstrip("-").replace("-", "_")] = value
        elif item.startswith("-") or query is not None:
            return None
        else:
            query = item
    if query is None:
        return None
    params["query"] = query
    params["explain"] = "--explain" in flags
    return QuickCommand("search", socket, params, json="--json" in flags)


def _option_value(kind: Any, raw: str | None) -> Any:
    if raw is None or raw.startswith("-"):  # argparse would read it as an option: let it say so
        return None
    if isinstance(kind, tuple):
        return raw if raw in kind else None
    try:
        return kind(raw)
    except ValueError:
        return None


def run_quick(argv: list[str]) -> int | None:
    """Run a quick command and return its exit code; None when `argv` is not one (or the config is broken)."""
    command = parse(argv)
    if command is None:
        return None
    from daemon.client import lean_json
    from daemon.hook_settings_file import load_hook_settings

    socket = (os.path.expanduser(command.socket) or ".") if command.socket is not None else None
    settings, config_error = load_hook_settings(socket, lean_json.loads)
    if config_error is not None:
        return None  # the full CLI names the key and exits 2
    from daemon.client.cli.output import print_json, render_search, render_status
    from daemon.client.socket_client import DaemonError, DaemonUnavailable, call

    try:
        timeout = 10.0 if command.command == "status" else 30.0
        result = call(settings.socket_path, command.command, command.params, timeout=timeout)
        if command.json:
            print_json(result)
        elif command.command == "status":
            print(render_status(result))
        else:
            out, notes = render_search(
                result, explain=command.params["explain"], min_relevance=command.params.get("min_relevance")
            )
            if out:
                print(out)
            print(notes, file=sys.stderr)
        sys.stdout.flush()
        return EXIT_OK
    except BrokenPipeError:  # `memoryd search x | head`: as cli/main.py
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except DaemonUnavailable as exc:
        print(f"memoryd: {exc}. Start it with `memoryd serve` (or `memoryd service install`).", file=sys.stderr)
        return EXIT_DOWN
    except DaemonError as exc:
        print(f"memoryd: {exc.message}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
