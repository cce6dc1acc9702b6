"""What every hook handler reads and returns: the payload accessors, `HookContext`, `HookResult`, and the one
daemon call, bounded by the hook's deadline, that turns "no answer" into an `Unanswered` result.

Standard library, orjson and the socket client only: this runs in a fresh process on every hook.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from daemon.client.socket_client import DaemonError, DaemonUnavailable
from daemon.config import Settings

# Claude Code's file-editing tools (its tools reference); MultiEdit is gone since 2.0.32.
EDIT_TOOLS = ("Edit", "Write", "NotebookEdit")
Call = Callable[[str, dict[str, Any]], Any]


@dataclass(frozen=True, slots=True)
class HookContext:
    settings: Settings
    call: Call  # one socket request, bounded by the hook's deadline
    now: dt.datetime  # aware, local


@dataclass(frozen=True, slots=True)
class HookResult:
    """`outcome` goes to the hook log; `output` (when set) is the one JSON object printed on stdout."""

    outcome: str  # ok | empty | skipped | spooled | handed_over | daemon_down | daemon_error | timeout | error
    output: dict[str, Any] | None = None
    detail: dict[str, Any] = field(default_factory=dict)


class Unanswered(Exception):
    """The daemon did not answer (down, hung) or answered with an error; `result` says which."""

    def __init__(self, result: HookResult) -> None:
        super().__init__(result.outcome)
        self.result = result


def additional_context(event: str, text: str, detail: dict[str, Any]) -> HookResult:
    if not text.strip():
        return HookResult("empty", detail=detail)
    output = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}
    return HookResult("ok", output=output, detail={**detail, "chars": len(text)})


def ask(ctx: HookContext, method: str, params: dict[str, Any]) -> dict[str, Any]:
    try:
        result = ctx.call(method, params)
    except DaemonUnavailable as exc:
        raise Unanswered(HookResult("daemon_down", detail={"error": str(exc)[:200]})) from exc
    except DaemonError as exc:
        raise Unanswered(HookResult("daemon_error", detail={"error": exc.message[:200]})) from exc
    return result if isinstance(result, dict) else {}


def file_path_of(payload: dict[str, Any]) -> str | None:
    """The file a tool call works on (`tool_input.file_path`, or `notebook_path` for NotebookEdit)."""
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        return None
    path = tool_input.get("file_path") or tool_input.get("notebook_path")
    return path if isinstance(path, str) and path else None


def payload_str(payload: dict[str, Any], key: str) -> str | None:
    value = payload.get(key)
    return value if isinstance(value, str) and value else None


def drop_none(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def iso(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="seconds")
