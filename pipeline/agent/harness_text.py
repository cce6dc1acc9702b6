"""What Claude Code itself writes into a transcript, told apart from what the person and the project said.

Claude Code (v2.x) puts harness text into `type: "user"` lines and into `tool_result` blocks: slash-command
echoes, local command output, `<task-notification>` for finished background work, system reminders, IDE
context, interrupts, and its own tool errors (a declined permission, a cancelled parallel call, a read too
large, an edit before a read). None of it is the person asking for something, and none of it is a failure of
the project. The texts below follow the reverse-engineered format collected in the project notes
(`claude-code-transcripts.md`: daaain/claude-code-log's models, the CLI's prompt strings, GitHub issues).

Invariants: pure (no IO); `classify_result` never calls a harness message a project failure, and a real
failure (`Exit code N`, a test run whose summary reports failures even when a pipe hid the exit code) is
never called harness; the person's words inside a rejection ("…the user said:\\n<words>") are recovered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Text blocks of `type: "user"` lines that the harness wrote (never the person typing).
_INJECTED_PREFIX = re.compile(
    r"^\s*(?:<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|"
    r"local-command-caveat|bash-input|bash-stdout|bash-stderr|task-notification|teammate-message|"
    r"system-reminder|user-prompt-submit-hook|post-tool-use-hook|ide_[a-z_]+|bash-notification)\b|"
    r"Caveat: The messages below were generated|"
    r"This session is being continued from a previous conversation|\[Request interrupted by user|"
    r"Base directory for this skill:|Stop hook feedback:)",
)
# Spans the harness embeds inside a real prompt (removed, the prompt kept).
_EMBEDDED = re.compile(
    r"<(system-reminder|ide_[a-z_]+|post-tool-use-hook|user-prompt-submit-hook)\b[^>]*>.*?</\1>", re.DOTALL
)
INTERRUPT = re.compile(r"^\s*\[Request interrupted by user(?: for tool use)?\]")

# Tool results Claude Code writes itself (`is_error: true`), by who caused them.
_DENIED = re.compile(
    r"^(?:The user doesn't want to (?:proceed with this tool use|take this action)|"
    r"Permission for this tool use was denied|Permission to use \S+ (?:has been|was) denied|"
    r"User rejected tool use)",
)
_FEEDBACK = re.compile(r"the user said:\s*\n(.+)\Z", re.DOTALL)
_HARNESS = re.compile(
    r"^(?:<tool_use_error>|Cancelled: parallel tool call|File content \([^)]*\) exceeds maximum allowed|"
    r"File does not exist\.|Error: result \([\d,]+ characters\) exceeds maximum|InputValidationError|"
    r"No such tool available|Tool permission request failed|Claude requested permissions to)",
)
_EXIT = re.compile(r"^(?:Error: )?Exit code (\d+)\b")
_BACKGROUND = re.compile(r"^Command running in background with ID: (\w+)")
_ASYNC_AGENT = re.compile(r"^Async agent launched successfully\.\s*\nagentId: (\w+)")
_AGENT_ID = re.compile(r"\bagentId: (\w+)")
# Test runners that print failures even when a pipe (`| tail`) or `|| true` hid the exit code.
_TEST_FAILURES = re.compile(
    r"^=*\s*(?:\d+ passed, )?\d+ (?:failed|errors?)\b|^FAILED \S+::|^ERROR \S+::|"
    r"^Tests?:\s+\d+ failed|^--- FAIL: |^FAIL\s+\S+|^test result: FAILED",
    re.MULTILINE,
)
_NOTIFICATION = re.compile(r"<task-notification>(.*?)</task-notification>", re.DOTALL)
_TAG = re.compile(r"<([a-z-]+)>(.*?)</\1>", re.DOTALL)
_NOTIFIED_EXIT = re.compile(r"\(exit code (\d+)\)")


@dataclass(frozen=True, slots=True)
class ResultKind:
    """What a tool result says about the work: `ok`, `failed` (the project's problem), `harness` (Claude
    Code's own tool error) or `denied` (the person declined), with the exit code when one was printed."""

    status: str
    exit_code: int | None = None
    feedback: str = ""  # the person's words when they declined with a reason
    background_id: str = ""  # a background command or agent whose outcome arrives later


@dataclass(frozen=True, slots=True)
class Notification:
    """A `<task-notification>`: a background command or agent finished."""

    task_id: str
    tool_use_id: str
    status: str  # completed | failed | killed | ...
    summary: str
    result: str
    exit_code: int | None


def is_injected(text: str) -> bool:
    """True when a `type: "user"` text block was written by Claude Code, not typed by the person."""
    return bool(_INJECTED_PREFIX.match(text))


def without_embedded(text: str) -> str:
    """A typed prompt without the system reminders and IDE context Claude Code embeds beside it."""
    return _EMBEDDED.sub("", text).strip()


def is_interrupt(text: str) -> bool:
    return bool(INTERRUPT.match(text))


def classify_result(text: str, is_error: bool, raw_result: object, tool: str) -> ResultKind:
    """Tell a tool result's cause apart (see ResultKind). `raw_result` is the line's `toolUseResult`."""
    head = text.lstrip()
    if _DENIED.match(head) or raw_result == "User rejected tool use":
        feedback = _FEEDBACK.search(head)
        return ResultKind("denied", feedback=feedback.group(1).strip() if feedback else "")
    if _HARNESS.match(head):
        return ResultKind("harness")
    exit_match = _EXIT.match(head)
    exit_code = int(exit_match.group(1)) if exit_match else None
    if tool == "Bash" and (background := _BACKGROUND.match(head)):
        return ResultKind("ok", background_id=background.group(1))
    if tool in ("Agent", "Task") and (launched := _ASYNC_AGENT.match(head)):
        return ResultKind("ok", background_id=launched.group(1))
    if is_error:
        return ResultKind("failed", exit_code if exit_code is not None else 1)
    if tool == "Bash" and _TEST_FAILURES.search(text):
        return ResultKind("failed", exit_code)  # a failure the pipe's exit code hid
    return ResultKind("ok", exit_code)


def agent_id_of(text: str, raw_result: object) -> str:
    """The subagent an Agent/Task result names (`toolUseResult.agentId`, or its `agentId: X` line)."""
    if isinstance(raw_result, dict) and isinstance(raw_result.get("agentId"), str):
        return str(raw_result["agentId"])
    match = _AGENT_ID.search(text)
    return match.group(1) if match else ""


def notifications(text: str) -> list[Notification]:
    """Every `<task-notification>` in a user text (usually one)."""
    found = []
    for block in _NOTIFICATION.findall(text):
        tags = {name: value.strip() for name, value in _TAG.findall(block)}
        summary = tags.get("summary", "")
        exit_match = _NOTIFIED_EXIT.search(summary)
        found.append(
            Notification(
                task_id=tags.get("task-id", ""),
                tool_use_id=tags.get("tool-use-id", ""),
                status=tags.get("status", ""),
                summary=summary,
                result=tags.get("result", ""),
                exit_code=int(exit_match.group(1)) if exit_match else None,
            )
        )
    return found


def notification_failed(note: Notification) -> bool:
    """A background command that failed (a `killed` one was stopped by someone, which is no failure)."""
    return note.status == "failed" or bool(note.exit_code)
