"""What each Claude Code hook event does, and the exact JSON it answers with.

Formats as documented in Claude Code's hooks reference, https://code.claude.com/docs/en/hooks, sections
"Hook input" and "Hook output" (checked against the 2026-08 reference; tests/e2e run the real Claude Code 2.1.332):
- stdin, every event: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, and for some events
  `permission_mode`; inside a subagent also `agent_id` and `agent_type`. Plus SessionStart `source`
  (startup|resume|clear|compact|fork), UserPromptSubmit `prompt` (and, in newer builds, `source`:
  user|sdk|system|loop_wakeup|schedule_wakeup|poll_event), PostToolUse `tool_name`, `tool_input`
  (Edit/Write: `file_path`; NotebookEdit: `notebook_path`), `tool_response`, `tool_use_id`, PreCompact
  `trigger` (manual|auto) and `custom_instructions` (may be null), SessionEnd `reason`
  (clear|resume|logout|prompt_input_exit|other), Stop `stop_hook_active`.
- stdout, exit code 0: SessionStart and UserPromptSubmit may print
  `{"hookSpecificOutput": {"hookEventName": EVENT, "additionalContext": TEXT}}`, which Claude Code adds to the
  model's context. Every other event here prints nothing: for Stop, any `decision: "block"` would keep the
  agent running, and exit code 2 would block a prompt; memoryd never blocks.

Invariant: a handler never needs the daemon to be well. Down or hung, it answers nothing (context hooks) or
spools what it had to say into the inbox as an `*.events.jsonl` file (edits, compactions), which the daemon
imports when it is back; SessionEnd and Stop only hand the transcript to the inbox and need no daemon at all.
A spooled event carries the same idempotency key as the request that timed out, so when the daemon applied
that request after all, the import skips it: one event, not two.
Also what every handler reads and returns (the payload accessors, `HookContext`, `HookResult`, and the one
daemon call, bounded by the hook's deadline, that turns "no answer" into an `Unanswered` result), here
rather than in a module of their own: each module a hook imports costs it ~0.3 ms.
Standard library and the socket client only (no typing, orjson, shutil, json, dataclasses, datetime or
pathlib at run time; plain slotted classes, paths as strings): this runs in a fresh process on every hook,
so imports are most of its cost (see run.py).
"""

import os
import time

from daemon.client import lean_json
from daemon.client.socket_client import DaemonError, DaemonUnavailable

TYPE_CHECKING = False  # Why not typing.TYPE_CHECKING: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from daemon.hook_settings_file import HookSettings

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


EVENTS = (
    "SessionStart",
    "UserPromptSubmit",
    "PostToolUse",
    "PreCompact",
    "SessionEnd",
    "Stop",
    "PreToolUse",  # project rules on the first read of a project file (rules.py)
    "SubagentStart",  # the project's rules for a subagent's fresh context (rules.py)
)
MAX_INSTRUCTIONS_CHARS = 1000
LIVE_SESSION_SUFFIX = ".stop.jsonl"  # pipeline.memory_layout's (tests/test_hooks.py checks), without its imports
_SAFE_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
# Prompts typed by a person or sent through the SDK; task notifications and loop wake-ups are the machine's.
PROMPT_SOURCES = ("user", "sdk")


def session_start(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    params = drop_none(cwd=payload_str(payload, "cwd"), session_id=payload_str(payload, "session_id"))
    result = ask(ctx, "session_context", {**params, "source": payload_str(payload, "source") or "startup"})
    detail = {"project": result.get("project"), "source": payload_str(payload, "source")}
    return additional_context("SessionStart", str(result.get("markdown") or ""), detail)


def user_prompt_submit(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    prompt = (payload_str(payload, "prompt") or "").strip()
    source = payload_str(payload, "source")
    if source is not None and source not in PROMPT_SOURCES:
        return HookResult("skipped", detail={"reason": "not_a_user_prompt", "source": source[:40]})
    if prompt.startswith("/"):
        return HookResult("skipped", detail={"reason": "slash_command"})
    if len(prompt) < ctx.settings.min_prompt_chars:
        return HookResult("skipped", detail={"reason": "short_prompt"})
    params = drop_none(query=prompt, cwd=payload_str(payload, "cwd"), session_id=payload_str(payload, "session_id"))
    result = ask(ctx, "prompt_context", params)
    detail = {"memories": len(result.get("memories") or [])}
    return additional_context("UserPromptSubmit", str(result.get("markdown") or ""), detail)


def pre_compact(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """A `compaction` event; it also clears the context's slate, so what memoryd gave comes back afterwards."""
    data = drop_none(
        session_id=payload_str(payload, "session_id"),
        agent_id=payload_str(payload, "agent_id"),
        trigger=payload_str(payload, "trigger"),
        cwd=payload_str(payload, "cwd"),
        at=iso(ctx.now),
        idempotency_key=idempotency_key("PreCompact", payload),
    )
    if instructions := payload_str(payload, "custom_instructions"):
        from pipeline.scrub import scrub  # Why lazy: its regexes cost ms that the other events need not pay

        emails = ctx.settings.emails
        data["custom_instructions"] = scrub(instructions, emails=emails)[:MAX_INSTRUCTIONS_CHARS]
    try:
        result = ask(ctx, "record", {"type": "compaction", "data": data})
    except Unanswered as unanswered:
        return spool_instead(ctx, unanswered.result, [("compaction", data)])
    return HookResult("ok", detail={"event_id": (result.get("ids") or [None])[0]})


def session_end(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """The session is over: `ID.jsonl`, summarised as soon as it is stable (an `ID.stop.jsonl` is dropped)."""
    return hand_over_transcript(payload, ctx, final=True)


def stop(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """Stop fires after every answer: `ID.stop.jsonl`, which the inbox takes only once the session is idle
    (`[inbox] session_idle_ms`), so a crash that skips SessionEnd still gets its session summarised."""
    if not ctx.settings.transcript_on_stop:
        return HookResult("skipped", detail={"reason": "transcript_on_stop is false"})
    return hand_over_transcript(payload, ctx, final=False)


def hand_over_transcript(payload: "dict[str, Any]", ctx: HookContext, *, final: bool) -> HookResult:
    """Put the transcript into the inbox under the session's id and return at once (no daemon needed)."""
    source = payload_str(payload, "transcript_path")
    if not source or not os.path.isfile(source := os.path.expanduser(source)):
        return HookResult("skipped", detail={"reason": "no_transcript"})
    stem = os.path.splitext(os.path.basename(source))[0]
    session = session_file_id(payload_str(payload, "session_id") or stem)
    inbox = os.path.join(ctx.settings.home, "inbox")
    target = hand_over(source, inbox, f"{session}.jsonl" if final else f"{session}{LIVE_SESSION_SUFFIX}")
    subagents: list[str] = []
    if final:
        try:  # noqa: SIM105  (contextlib costs a hook its import)
            os.unlink(os.path.join(inbox, f"{session}{LIVE_SESSION_SUFFIX}"))  # superseded by the final copy
        except FileNotFoundError:
            pass
        subagents = [
            hand_over(path, inbox, f"{session}.{os.path.basename(path)}") for path in subagent_transcripts(source)
        ]
    detail: dict[str, Any] = {"file": target, "reason": payload_str(payload, "reason")}
    if subagents:
        detail["subagents"] = subagents
    return HookResult("handed_over", detail=detail)


def session_file_id(raw: str) -> str:
    """`pipeline.memory_layout.safe_id(raw)`: a session id as a file name. Claude Code's ids are UUIDs, which
    it returns unchanged; only another id pays for importing memory_layout (with re and pathlib)."""
    if 0 < len(raw) <= 120 and raw.strip(".-") == raw and all(c in _SAFE_ID_CHARS for c in raw):
        return raw
    from pipeline.memory_layout import safe_id

    return safe_id(raw)


def subagent_transcripts(transcript: str) -> list[str]:
    """The session's subagent transcripts: `<session>/subagents/agent-<id>.jsonl` beside the transcript
    (Claude Code >= 2.1; older builds wrote `agent-<id>.jsonl` next to it, not linked by path). Compaction
    agents (`agent-acompact-*`) are Claude Code's own, not the session's work."""
    folder = os.path.join(os.path.splitext(transcript)[0], "subagents")
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith("agent-") and n.endswith(".jsonl"))
    except OSError:
        return []
    paths = [os.path.join(folder, n) for n in names if not n.startswith("agent-acompact-")]
    return [path for path in paths if os.path.isfile(path)]


def hand_over(source: str, inbox: str, name: str) -> str:
    """Link (or, across filesystems, copy) `source` into the inbox under a temp name, then rename it into
    place: the inbox never sees half a file, and a newer hand-over of the same session replaces an older one
    still waiting. A link costs nothing whatever the transcript's size; the inbox still waits until the size
    is stable, so a transcript Claude Code keeps appending to is taken whole. Returns `name`."""
    private_dir(inbox)  # owner-only, like everything in the memory home
    temp = os.path.join(inbox, f".{name}.{os.getpid()}.tmp")
    try:
        try:
            os.link(source, temp)
        except OSError:  # EXDEV, or a filesystem without hard links
            import shutil  # Why lazy: only this fallback needs it

            shutil.copyfile(source, temp)
        os.replace(temp, os.path.join(inbox, name))
    finally:
        try:  # noqa: SIM105  (contextlib costs a hook its import)
            os.unlink(temp)
        except FileNotFoundError:
            pass
    return name


def idempotency_key(event: str, payload: "dict[str, Any]") -> str:
    """A key for the one event this hook invocation records: from the tool call's id when there is one (the
    same call is one edit), else random. The request and its spooled copy share it."""
    session = payload_str(payload, "session_id") or ""
    tool_use = payload_str(payload, "tool_use_id")
    return f"{event}:{session}:{tool_use}" if tool_use else f"{event}:{session}:{os.urandom(12).hex()}"


def spool(inbox: str, drafts: "list[tuple[str, dict[str, Any]]]") -> str:
    """Write events for the daemon to import later: `inbox/hook-NS-PID.events.jsonl`, atomically. Returns the
    file's name."""
    private_dir(inbox)
    name = f"hook-{time.time_ns()}-{os.getpid()}.events.jsonl"
    temp = os.path.join(inbox, f".{name}.tmp")
    body = b"".join(lean_json.dumps({"type": t, "data": d}).encode() + b"\n" for t, d in drafts)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            while body:
                body = body[os.write(fd, body) :]
        finally:
            os.close(fd)
        os.replace(temp, os.path.join(inbox, name))
    finally:
        try:  # noqa: SIM105  (contextlib costs a hook its import)
            os.unlink(temp)
        except FileNotFoundError:
            pass
    return name


def spool_instead(ctx: HookContext, failed: HookResult, drafts: "list[tuple[str, dict[str, Any]]]") -> HookResult:
    if failed.outcome != "daemon_down":
        return failed  # the daemon answered with an error: the input is bad, spooling would not help
    name = spool(os.path.join(ctx.settings.home, "inbox"), drafts)
    return HookResult("spooled", detail={**failed.detail, "file": name})


# PreToolUse, SubagentStart and PostToolUse: rules.HANDLERS (run.handle imports rules.py only for them)
HANDLERS: "dict[str, Callable[[dict[str, Any], HookContext], HookResult]]" = {
    "SessionStart": session_start,
    "UserPromptSubmit": user_prompt_submit,
    "PreCompact": pre_compact,
    "SessionEnd": session_end,
    "Stop": stop,
}
