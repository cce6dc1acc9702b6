"""Reading a Claude Code session transcript (JSONL) into what a summary needs.

Format (one JSON object per line, as Claude Code writes `~/.claude/projects/<slug>/<session-id>.jsonl`):
`type` is `user`, `assistant`, `system`, `summary`, `file-history-snapshot`, ...; message lines carry
`sessionId`, `cwd`, `gitBranch`, `timestamp`, `isSidechain`, and `message` = {`role`, `content`}, where content
is a string or a list of blocks: `text`, `thinking`, `tool_use` {id, name, input} (assistant) and
`tool_result` {tool_use_id, content, is_error} (user). Only user and assistant lines are read.

Invariants: every text that leaves this module is scrubbed (no `<private>` span, no secret), so the summary,
the signals and any LLM prompt built from it are clean; an unparseable line (a torn last line of a transcript
still being written) is skipped and counted, never fatal; a file with no user or assistant message is
`NotATranscript`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import orjson

from pipeline.scrub import scrub

EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
MAX_TEXT_CHARS = 4000  # per message: a pasted log is evidence, not the summary's body
# Claude Code injects these as "user" text; they are not the person speaking.
_INJECTED = re.compile(
    r"^\s*(?:<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|"
    r"system-reminder|user-prompt-submit-hook)>|Caveat: The messages below were generated|"
    r"This session is being continued from a previous conversation|\[Request interrupted by user)",
)


class NotATranscript(ValueError):
    """The file is JSONL but holds no Claude Code user/assistant message."""


@dataclass(frozen=True, slots=True)
class ToolCall:
    name: str
    files: tuple[str, ...]
    todos: tuple[tuple[str, str], ...]  # (status, content) from TodoWrite


@dataclass(frozen=True, slots=True)
class Transcript:
    session_id: str
    cwd: str
    git_branch: str
    started: str
    ended: str
    user_texts: tuple[str, ...]
    assistant_texts: tuple[str, ...]
    tool_calls: tuple[ToolCall, ...]
    errors: tuple[str, ...]  # tool results flagged is_error, first line each
    last_result_failed: bool
    skipped_lines: int


def parse_transcript(data: bytes, fallback_id: str, *, emails: bool = True) -> Transcript:
    """Parse the JSONL bytes. Raises NotATranscript. Pure."""
    meta: dict[str, str] = {"session_id": "", "cwd": "", "git_branch": "", "started": "", "ended": ""}
    users: list[str] = []
    assistants: list[str] = []
    calls: list[ToolCall] = []
    errors: list[str] = []
    last_failed = False
    skipped = 0
    for raw in data.splitlines():
        if not raw.strip():
            continue
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:
            skipped += 1
            continue
        if not isinstance(line, dict) or line.get("type") not in ("user", "assistant"):
            continue
        message = line.get("message")
        if not isinstance(message, dict):
            continue
        _note_meta(meta, line)
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            continue
        sidechain = bool(line.get("isSidechain")) or bool(line.get("isMeta"))
        for block in blocks:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text" and isinstance(block.get("text"), str):
                text = _clean(block["text"], emails)
                if not text or sidechain:
                    continue
                if line["type"] == "user":
                    if not _INJECTED.match(block["text"]):
                        users.append(text)
                else:
                    assistants.append(text)
            elif kind == "tool_use" and isinstance(block.get("name"), str):
                calls.append(_tool_call(block["name"], block.get("input"), emails))
            elif kind == "tool_result":
                last_failed = bool(block.get("is_error"))
                if last_failed and (line_text := error_line(_result_text(block.get("content")), emails)):
                    errors.append(line_text)
    if not users and not assistants:
        raise NotATranscript("no user or assistant message (not a Claude Code transcript)")
    return Transcript(
        session_id=meta["session_id"] or fallback_id,
        cwd=meta["cwd"],
        git_branch=meta["git_branch"],
        started=meta["started"],
        ended=meta["ended"],
        user_texts=tuple(users),
        assistant_texts=tuple(assistants),
        tool_calls=tuple(calls),
        errors=tuple(errors),
        last_result_failed=last_failed,
        skipped_lines=skipped,
    )


def _note_meta(meta: dict[str, str], line: dict[str, Any]) -> None:
    for key, field in (("session_id", "sessionId"), ("cwd", "cwd"), ("git_branch", "gitBranch")):
        value = line.get(field)
        if isinstance(value, str) and value and not meta[key]:
            meta[key] = value
    stamp = line.get("timestamp")
    if isinstance(stamp, str) and stamp:
        meta["started"] = meta["started"] or stamp
        meta["ended"] = stamp


def _clean(text: str, emails: bool) -> str:
    text = scrub(text, emails=emails).strip()
    return text[:MAX_TEXT_CHARS] + ("…" if len(text) > MAX_TEXT_CHARS else "")


def _tool_call(name: str, raw_input: Any, emails: bool) -> ToolCall:
    tool_input = raw_input if isinstance(raw_input, dict) else {}
    files: tuple[str, ...] = ()
    if name in EDIT_TOOLS:
        path = tool_input.get("file_path") or tool_input.get("notebook_path")
        if isinstance(path, str) and path:
            files = (scrub(path, emails=emails),)
    todos: tuple[tuple[str, str], ...] = ()
    if name == "TodoWrite" and isinstance(tool_input.get("todos"), list):
        todos = tuple(
            (str(item.get("status", "")), _clean(str(item.get("content", "")), emails))
            for item in tool_input["todos"]
            if isinstance(item, dict) and item.get("content")
        )
    return ToolCall(name=name, files=files, todos=todos)


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return ""


# Most telling first: an exception's name, then an error/failure marker, then any failure word.
_ERROR_TIERS = (
    re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b|Traceback"),
    re.compile(r"\b(?:FAILED|ERROR|error:|fatal:|panic:)|command not found|No such file|[Pp]ermission denied"),
    re.compile(r"error|failed|fatal|not found|denied", re.IGNORECASE),
)


def error_line(text: str, emails: bool = True) -> str:
    """The line of a failed tool's output that names the problem (the last line of the most telling kind,
    else the first line)."""
    lines = [line.strip() for line in scrub(text, emails=emails).splitlines() if line.strip()]
    if not lines:
        return ""
    for tier in _ERROR_TIERS:
        named = [line for line in lines if tier.search(line)]
        if named:
            return named[-1][:300]
    return lines[0][:300]
