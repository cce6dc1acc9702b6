"""What every hook handler reads and returns: the payload accessors, `HookContext`, `HookResult`, and the one
daemon call, bounded by the hook's deadline, that turns "no answer" into an `Unanswered` result.

Standard library only (os, time), and not even `typing`, `dataclasses`, `datetime` or `pathlib` at run time:
this runs in a fresh process on every hook, where each of those costs 2-8 ms of imports (`python -X
importtime`). Hence plain slotted classes here instead of the frozen dataclasses used elsewhere, and paths as
strings.
"""

import os
import time

from daemon.client.socket_client import DaemonError, DaemonUnavailable

TYPE_CHECKING = False  # Why not typing.TYPE_CHECKING: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from daemon.client.hooks.hook_settings import HookSettings

    Call = Callable[[str, dict[str, Any]], Any]

# Claude Code's file-editing tools (its tools reference); MultiEdit is gone since 2.0.32.
EDIT_TOOLS = ("Edit", "Write", "NotebookEdit")


class HookContext:
    __slots__ = ("call", "now", "settings")

    def __init__(self, settings: "HookSettings", call: "Call", now: float) -> None:
        self.settings = settings
        self.call = call  # one socket request, bounded by the hook's deadline
        self.now = now  # time.time() when the hook started


class HookResult:
    """`outcome` goes to the hook log; `output` (when set) is the one JSON object printed on stdout."""

    __slots__ = ("detail", "outcome", "output")

    def __init__(self, outcome: str, output: "dict[str, Any] | None" = None, detail: "dict[str, Any] | None" = None):
        # ok | empty | skipped | spooled | handed_over | daemon_down | daemon_error | timeout | error
        self.outcome = outcome
        self.output = output
        self.detail: dict[str, Any] = {} if detail is None else detail

    def __repr__(self) -> str:
        return f"HookResult({self.outcome!r}, {self.output!r}, {self.detail!r})"


class Unanswered(Exception):
    """The daemon did not answer (down, hung) or answered with an error; `result` says which."""

    def __init__(self, result: HookResult) -> None:
        super().__init__(result.outcome)
        self.result = result


def additional_context(event: str, text: str, detail: "dict[str, Any]") -> HookResult:
    if not text.strip():
        return HookResult("empty", detail=detail)
    output = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}
    return HookResult("ok", output=output, detail={**detail, "chars": len(text)})


def ask(ctx: HookContext, method: str, params: "dict[str, Any]") -> "dict[str, Any]":
    try:
        result = ctx.call(method, params)
    except DaemonUnavailable as exc:
        raise Unanswered(HookResult("daemon_down", detail={"error": str(exc)[:200]})) from exc
    except DaemonError as exc:
        raise Unanswered(HookResult("daemon_error", detail={"error": exc.message[:200]})) from exc
    return result if isinstance(result, dict) else {}


def file_path_of(payload: "dict[str, Any]") -> str | None:
    """The file a tool call works on (`tool_input.file_path`, or `notebook_path` for NotebookEdit)."""
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        return None
    path = tool_input.get("file_path") or tool_input.get("notebook_path")
    return path if isinstance(path, str) and path else None


def payload_str(payload: "dict[str, Any]", key: str) -> str | None:
    value = payload.get(key)
    return value if isinstance(value, str) and value else None


def drop_none(**values: "Any") -> "dict[str, Any]":
    return {k: v for k, v in values.items() if v is not None}


def iso(moment: float) -> str:
    """Local time with its UTC offset, to the second: `2026-11-25T14:20:05+01:00` (what `datetime.isoformat`
    gives, without importing datetime)."""
    local = time.localtime(moment)
    offset = local.tm_gmtoff or 0
    sign = "-" if offset < 0 else "+"
    hours, minutes = divmod(abs(offset) // 60, 60)
    return time.strftime("%Y-%m-%dT%H:%M:%S", local) + f"{sign}{hours:02d}:{minutes:02d}"


def private_dir(path: str) -> None:
    """`daemon.home.private_dirs`, imported only when the folder is missing (the home layout's imports, with
    pathlib, cost several ms; on most hooks the folder exists)."""
    if not os.path.isdir(path):
        from pathlib import Path

        from daemon.home import private_dirs

        private_dirs(Path(path))
