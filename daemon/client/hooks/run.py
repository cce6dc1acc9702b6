"""`memoryd hook EVENT`: the process Claude Code starts on every hook, reading its JSON on stdin.

Invariants (an agent waits on this process, so it must be boring):
- Exit code 0, always: Claude Code treats exit 2 as "block" (a blocked prompt, a Stop that never ends) and
  shows other codes as errors. A broken config.toml, a bad payload, a dead or hung daemon, a bug: still 0.
- Nothing on stdout but the one JSON object of `daemon/hook_events.py`; a stray print is captured and
  dropped. Nothing on stderr either (no traceback ever leaves this module).
- Done within `[hooks] deadline_ms` (default 750) of the process's start, so the wall time Claude Code sees
  stays under 1 s even when a loaded machine makes Python itself start slowly: every socket call gets the
  smaller of `timeout_ms` and the time left, and a SIGALRM timer stops whatever else overran. (The start
  time comes from /proc on Linux; elsewhere the clock starts when `main` does.)
- One JSON line per invocation in `$MEMORYD_HOME/logs/hooks.log` (event, outcome, ms, session), rotated to
  `hooks.log.1` past `log_max_bytes`.
The import list is the budget, since imports are most of a hook's time: `os`, the C modules under `signal`,
`json` and `socket` (`_signal`, `_json` via lean_json, `_socket`), and memoryd's own hook modules. Not
pathlib, re, enum, json or contextlib (each pulls in `re` or `enum`: ~12 ms together, measured under
`python -S`, which is how the installed command starts; see entry.py), nor orjson, typing, dataclasses,
datetime or `daemon.config` (the settings come from `hook_settings`' cache); no asyncio, SQLite, numpy or
fastembed. Nor `__future__`: `from __future__ import annotations` imports that module (a .py file, ~0.7 ms of
each hook), so the hook path's modules quote the annotations that name what only type checking imports.
SessionEnd/Stop and error paths import more, lazily. `python -S -X importtime daemon/client/hooks/entry.py
hook PreToolUse </dev/null` shows what is left; tests/test_hooks.py guards it.
"""

import _signal  # type: ignore[import-not-found]  # Why not `signal`: its enums load `enum` (~4 ms)
import io
import os
import sys
import time

from daemon.client import lean_json
from daemon.client.hooks.events import EVENTS, HANDLERS, HookContext, HookResult, Unanswered, private_dir
from daemon.client.socket_client import DaemonUnavailable, call
from daemon.hook_settings_file import HookSettings, load_hook_settings

TYPE_CHECKING = False  # Why not typing's: see events
if TYPE_CHECKING:
    from typing import Any, BinaryIO

    from daemon.client.hooks.events import Call

MAX_STDIN_BYTES = 32 * 1024 * 1024
SAFETY_MARGIN_S = 0.05  # what a socket call leaves for answering and logging


class HookDeadline(Exception):
    """The hook ran out of time; raised by the SIGALRM handler wherever the process was."""


def main(argv: list[str]) -> int:
    """Run one hook. Returns 0 whatever happens (see the module docstring)."""
    try:
        return _run(argv)
    except BaseException:  # the last line of defence: even a deadline striking during cleanup exits 0
        return 0


def _run(argv: list[str]) -> int:
    started = time.monotonic() - process_age_s()
    event, socket_path = parse_args(argv)
    settings, config_error = load_hook_settings(socket_path, lean_json.loads)
    deadline_s = settings.deadline_ms / 1000
    payload: dict[str, Any] = {}
    result = HookResult("error")
    real_stdout = sys.stdout
    sys.stdout = io.StringIO()  # Why: only our one JSON line may reach Claude Code
    previous = _signal.signal(_signal.SIGALRM, _on_deadline)
    _signal.setitimer(_signal.ITIMER_REAL, max(deadline_s - (time.monotonic() - started), 0.05))
    try:
        if event not in EVENTS:
            result = HookResult("skipped", detail={"reason": f"unknown event {event[:40]!r}"})
        else:
            payload = read_payload(sys.stdin.buffer)
            context = HookContext(settings, _caller(settings, started, deadline_s), time.time())
            result = handle(event, payload, context)
    except HookDeadline:
        result = HookResult("timeout")
    except Exception as exc:  # isolation boundary: one hook invocation; the agent must never see it fail
        result = HookResult("error", detail={"error": f"{type(exc).__name__}: {exc}"[:300]})
    finally:
        _signal.setitimer(_signal.ITIMER_REAL, 0)
        _signal.signal(_signal.SIGALRM, previous)
        sys.stdout = real_stdout
    if result.output is not None:
        sys.stdout.write(lean_json.dumps(result.output) + "\n")
        sys.stdout.flush()
    try:  # noqa: SIM105  (contextlib costs a hook its import)
        write_log(settings, event, payload, result, time.monotonic() - started, config_error)
    except OSError:
        pass  # a home that cannot be written loses the log line, never the answer
    return 0


def handle(event: str, payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """The event's handler (events.py, or rules.py for the rules and the edit), its `Unanswered` as a result."""
    handler = HANDLERS.get(event)
    if handler is None:  # Why lazily: only these events need rules.py (~0.3 ms of imports)
        from daemon.client.hooks import rules

        handler = rules.HANDLERS[event]
    try:
        return handler(payload, ctx)
    except Unanswered as unanswered:
        return unanswered.result


def process_age_s() -> float:
    """Seconds since this process started (Linux: /proc/self/stat field 22 against /proc/uptime), else 0."""
    try:
        with open("/proc/self/stat", "rb") as stat, open("/proc/uptime", "rb") as uptime:
            start_ticks = int(stat.read().rsplit(b")", 1)[1].split()[19])  # after "(comm)", field 22 is index 19
            since_boot = float(uptime.read().split()[0])
        age = since_boot - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0
    return age if 0.0 <= age < 2.0 else 0.0  # Why: a clock that disagrees (a container's?) must not starve us


def parse_args(argv: list[str]) -> tuple[str, str | None]:
    """`[--socket PATH] EVENT` (the CLI's global `--socket` may come first)."""
    socket_path: str | None = None
    rest: list[str] = []
    items = iter(argv)
    for item in items:
        if item == "--socket":
            socket_path = os.path.expanduser(next(items, "")) or "."
        elif item.startswith("--socket="):
            socket_path = os.path.expanduser(item.partition("=")[2]) or "."
        elif item != "hook":
            rest.append(item)
    return (rest[0] if rest else ""), socket_path


def read_payload(stream: "BinaryIO") -> "dict[str, Any]":
    """The hook's JSON object from stdin; `{}` when it is missing, too big or not an object."""
    raw = stream.read(MAX_STDIN_BYTES + 1)
    if not raw or len(raw) > MAX_STDIN_BYTES:
        return {}
    try:
        payload = lean_json.loads(raw)
    except ValueError:  # not JSON, or not UTF-8
        return {}
    return payload if isinstance(payload, dict) else {}


def _caller(settings: HookSettings, started: float, deadline_s: float) -> "Call":
    per_call = settings.timeout_ms / 1000

    def ask(method: str, params: "dict[str, Any]") -> "Any":
        left = deadline_s - (time.monotonic() - started) - SAFETY_MARGIN_S
        if left <= 0.01:
            raise DaemonUnavailable("no time left before the hook's deadline")
        return call(settings.socket_path, method, params, timeout=min(per_call, left))

    return ask


def _on_deadline(signum: int, frame: "Any") -> None:
    raise HookDeadline()


def write_log(
    settings: HookSettings,
    event: str,
    payload: "dict[str, Any]",
    result: HookResult,
    elapsed_s: float,
    config_error: str | None,
) -> None:
    """Append one JSON line to logs/hooks.log with O_APPEND (atomic for a line this size)."""
    logs = os.path.join(settings.home, "logs")
    private_dir(logs)
    path = os.path.join(logs, "hooks.log")
    try:
        if os.stat(path).st_size > settings.log_max_bytes:
            os.replace(path, os.path.join(logs, "hooks.log.1"))
    except FileNotFoundError:
        pass
    line: dict[str, Any] = {
        "ts": utc_stamp(time.time()),
        "event": event[:40],
        "outcome": result.outcome,
        "ms": round(elapsed_s * 1000, 1),
    }
    if isinstance(session := payload.get("session_id"), str):
        line["session_id"] = session[:80]
    line.update({k: v for k, v in result.detail.items() if v is not None})
    if config_error:
        line["config_error"] = config_error
    if result.outcome in ("error", "daemon_error") or config_error:
        from pipeline.scrub import scrub_data  # such messages may quote input; only then pay for the regexes

        line = scrub_data(line, emails=settings.emails)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, lean_json.dumps(line, default=str).encode(errors="replace") + b"\n")
    finally:
        os.close(fd)


def utc_stamp(moment: float) -> str:
    """`2026-11-25T14:20:05.123Z` (what `datetime.isoformat(timespec="milliseconds")` gives for UTC)."""
    millis = int(moment * 1000) % 1000
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(moment)) + f".{millis:03d}Z"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
