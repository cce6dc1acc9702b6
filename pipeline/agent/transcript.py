"""Reading a Claude Code session transcript (JSONL) into a timeline of what happened.

Format (Claude Code v2.x, `~/.claude/projects/<slug>/<session-id>.jsonl`, and subagents in
`<session-id>/subagents/agent-<id>.jsonl`): one JSON object per line; `type` is `user`, `assistant`, `system`,
`summary`, `file-history-snapshot`, `queue-operation`, `progress`, `attachment`, `ai-title`, ...; message lines
carry `sessionId`, `cwd`, `gitBranch`, `timestamp`, `isSidechain`, `isMeta`, `agentId` and `message` = {`role`,
`content`}, where content is a string or a list of `text`, `thinking`, `tool_use` {id, name, input} and
`tool_result` {tool_use_id, content, is_error} blocks. Harness text is told apart in `harness_text.py`.

The result is a `Transcript`: the person's own words (never harness text, never a compaction summary that
restates them, never a subagent's prompt, which the assistant wrote), the assistant's text, every tool call
paired with what its result says (ok, failed, Claude Code's own error, declined by the person), interrupts,
and todos (TodoWrite lists and TaskCreate/TaskUpdate tasks). A subagent transcript (every message line a
sidechain with an `agentId`) is read as such: its `session_id` is the parent's, `agent_id` names it.

Invariants: every text that leaves this module is scrubbed (no `<private>` span, no secret); an
unparseable line (a torn last line of a transcript still being written) is skipped and counted, never
fatal; a file with no user or assistant message is `NotATranscript`. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from pipeline.agent import harness_text as harness
from pipeline.agent.failure_line import error_line
from pipeline.agent.tool_calls import EDIT_TOOLS, TaskList, ToolCall, read_tool_call
from pipeline.scrub import scrub

__all__ = ["EDIT_TOOLS", "NotATranscript", "Step", "ToolCall", "Transcript", "parse_transcript"]

MAX_TEXT_CHARS = 4000  # per message: a pasted log is evidence, not the summary's body
MAX_RESULT_CHARS = 6000  # per tool result kept for analysis (the head and the tail, where runners summarise)


class NotATranscript(ValueError):
    """The file is JSONL but holds no Claude Code user/assistant message."""


@dataclass(frozen=True, slots=True)
class Step:
    """One thing that happened, in order. `kind`: `user` (the person's words), `assistant` (its text),
    `tool` (a call and its result), `interrupt`. For `tool`: `status` is ok | failed | harness | denied |
    pending (no result yet), `output` the result text (scrubbed, cut), `exit_code` when one was printed."""

    kind: str
    text: str = ""
    call: ToolCall | None = None
    status: str = ""
    output: str = ""
    exit_code: int | None = None
    at: str = ""
    line: int = 0  # the transcript line (1-based) it was read from: where a rule or a failure can be found


@dataclass(frozen=True, slots=True)
class Transcript:
    session_id: str
    cwd: str
    git_branch: str
    started: str
    ended: str
    steps: tuple[Step, ...]
    todos: tuple[tuple[str, str], ...]  # (status, content) of the work left open at the end
    subagents: tuple[str, ...]  # agent ids this session spawned
    agent_id: str  # set when this transcript is a subagent's
    agent_prompt: str  # a subagent's task, as the parent's assistant wrote it
    version: str
    skipped_lines: int
    user_texts: tuple[str, ...] = field(default=())
    assistant_texts: tuple[str, ...] = field(default=())
    tool_calls: tuple[ToolCall, ...] = field(default=())
    errors: tuple[str, ...] = field(default=())  # the line naming the problem, per failed tool result
    skills_opened: tuple[str, ...] = field(default=())  # skills the session invoked or read (`skill:NAME` refs)

    @property
    def is_subagent(self) -> bool:
        return bool(self.agent_id)


_META = ("sid", "cwd", "branch", "start", "end", "v")


@dataclass
class _Reader:
    emails: bool
    meta: dict[str, str] = field(
        default_factory=lambda: dict.fromkeys(("sid", "cwd", "branch", "start", "end", "v"), "")
    )
    steps: list[Step] = field(default_factory=list)
    open_calls: dict[str, int] = field(default_factory=dict)  # tool_use id -> index in steps
    background: dict[str, int] = field(default_factory=dict)  # background task id -> index in steps
    tasks: TaskList = field(default_factory=TaskList)
    subagents: list[str] = field(default_factory=list)
    agent_id: str = ""
    agent_prompt: str = ""
    sidechain_only: bool = True
    messages: int = 0
    skipped: int = 0
    line: int = 0  # the transcript line being read

    def clean(self, text: str, limit: int = MAX_TEXT_CHARS) -> str:
        text = scrub(text, emails=self.emails).strip()
        return text[:limit] + ("…" if len(text) > limit else "")


def parse_transcript(data: bytes, fallback_id: str, *, emails: bool = True) -> Transcript:
    """Parse the JSONL bytes. Raises NotATranscript. Pure."""
    lines: list[dict[str, Any]] = []
    reader = _Reader(emails)
    for number, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:
            reader.skipped += 1
            continue
        if (
            isinstance(line, dict)
            and line.get("type") in ("user", "assistant")
            and isinstance(line.get("message"), dict)
        ):
            line["\x00line"] = number
            lines.append(line)
            if not line.get("isSidechain"):
                reader.sidechain_only = False
    if not lines:
        raise NotATranscript("no user or assistant message (not a Claude Code transcript)")
    subagent = reader.sidechain_only and any(isinstance(line.get("agentId"), str) for line in lines)
    for line in lines:
        _note_meta(reader.meta, line)
        if line.get("isSidechain") and not subagent:
            continue  # older builds put subagent turns into the parent file; they are not the session's
        if line.get("isMeta") or line.get("isCompactSummary") or line.get("isVisibleInTranscriptOnly"):
            continue  # harness text, or a compaction summary restating what was said before
        if subagent and not reader.agent_id:
            reader.agent_id = str(line.get("agentId"))
        reader.line = int(line.get("\x00line", 0))
        _read_line(reader, line, subagent)
    return _finish(reader, fallback_id)


def _note_meta(meta: dict[str, str], line: dict[str, Any]) -> None:
    for key, name in (("sid", "sessionId"), ("cwd", "cwd"), ("branch", "gitBranch"), ("v", "version")):
        value = line.get(name)
        if isinstance(value, str) and value:
            if key == "branch":
                meta[key] = value  # the branch at the end of the session is where the work went
            elif not meta[key]:
                meta[key] = value
    stamp = line.get("timestamp")
    if isinstance(stamp, str) and stamp:
        meta["start"] = meta["start"] or stamp
        meta["end"] = stamp


def _read_line(r: _Reader, line: dict[str, Any], subagent: bool) -> None:
    content = line["message"].get("content")
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    if not isinstance(blocks, list):
        return
    at = str(line.get("timestamp") or "")
    role = line["type"]
    if role == "assistant" and line.get("isApiErrorMessage"):
        return
    for block in blocks:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            r.messages += 1
            if role == "assistant":
                if text := r.clean(block["text"]):
                    r.steps.append(Step("assistant", text, at=at, line=r.line))
            elif subagent and not r.agent_prompt:
                r.agent_prompt = r.clean(block["text"])  # the parent's assistant wrote it: not the person
            else:
                _user_text(r, block["text"], at)
        elif kind == "tool_use" and isinstance(block.get("name"), str):
            r.messages += 1
            call = read_tool_call(str(block.get("id") or ""), block["name"], block.get("input"), r.emails)
            r.open_calls[call.id] = len(r.steps)
            r.steps.append(Step("tool", call=call, status="pending", at=at, line=r.line))
            r.tasks.note_call(call, block.get("input"))
        elif kind == "tool_result":
            _tool_result(r, block, line.get("toolUseResult"), at)


def _user_text(r: _Reader, raw: str, at: str) -> None:
    if harness.is_interrupt(raw):
        r.steps.append(Step("interrupt", at=at, line=r.line))
        return
    for note in harness.notifications(raw):
        _notified(r, note)
    if harness.is_injected(raw):
        return
    if text := r.clean(harness.without_embedded(raw)):
        r.steps.append(Step("user", text, at=at, line=r.line))


def _tool_result(r: _Reader, block: dict[str, Any], raw_result: Any, at: str) -> None:
    index = r.open_calls.pop(str(block.get("tool_use_id") or ""), None)
    call = r.steps[index].call if index is not None else None
    name = call.name if call else ""
    text = _result_text(block.get("content"))
    verdict = harness.classify_result(text, bool(block.get("is_error")), raw_result, name)
    output = r.clean(_head_and_tail(text), MAX_RESULT_CHARS)
    if verdict.background_id and index is not None:
        r.background[verdict.background_id] = index
    if name in ("Agent", "Task") and (agent := harness.agent_id_of(text, raw_result)):
        r.subagents.append(agent)
    if call is not None and verdict.status == "ok":
        r.tasks.note_result(call, text, raw_result)
    if index is not None:
        r.steps[index] = Step(
            "tool",
            call=call,
            status=verdict.status,
            output=output,
            exit_code=verdict.exit_code,
            at=r.steps[index].at,
            line=r.line,  # where its result (a failure's evidence) is
        )
    if verdict.feedback and (words := r.clean(verdict.feedback)):
        r.steps.append(Step("user", words, at=at, line=r.line))  # the person declined and said why: their words


def _notified(r: _Reader, note: harness.Notification) -> None:
    """A background command or agent finished: its call's status becomes what the notification says."""
    index = r.background.pop(note.task_id, None)
    if index is None:
        index = next((i for i, s in enumerate(r.steps) if s.call and s.call.id == note.tool_use_id), None)
    if index is None or (not note.tool_use_id and not note.task_id):
        return
    step = r.steps[index]
    failed = harness.notification_failed(note)
    detail = "\n".join(part for part in (note.summary, note.result) if part)
    r.steps[index] = Step(
        "tool",
        call=step.call,
        status="failed" if failed else "ok",
        output=r.clean(detail, MAX_RESULT_CHARS) or step.output,
        exit_code=note.exit_code,
        at=step.at,
        line=r.line,
    )


def _finish(r: _Reader, fallback_id: str) -> Transcript:
    if not r.messages:
        raise NotATranscript("no user or assistant message (not a Claude Code transcript)")
    steps = tuple(r.steps)
    errors = tuple(
        line for s in steps if s.kind == "tool" and s.status == "failed" and (line := error_line(s.output, r.emails))
    )
    meta = r.meta
    return Transcript(
        session_id=meta["sid"] or fallback_id,
        cwd=meta["cwd"] or "",
        git_branch=meta["branch"] or "",
        started=meta["start"] or "",
        ended=meta["end"] or "",
        steps=steps,
        todos=r.tasks.open_items(),
        subagents=tuple(dict.fromkeys(r.subagents)),
        agent_id=r.agent_id,
        agent_prompt=r.agent_prompt,
        version=meta["v"] or "",
        skipped_lines=r.skipped,
        user_texts=tuple(s.text for s in steps if s.kind == "user"),
        assistant_texts=tuple(s.text for s in steps if s.kind == "assistant"),
        tool_calls=tuple(s.call for s in steps if s.call is not None),
        errors=errors,
        skills_opened=tuple(dict.fromkeys(s.call.skill for s in steps if s.call is not None and s.call.skill)),
    )


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return ""


def _head_and_tail(text: str) -> str:
    """A long output's first and last parts: runners print the command at the top and the verdict last."""
    if len(text) <= MAX_RESULT_CHARS:
        return text
    return text[: MAX_RESULT_CHARS // 3] + "\n…\n" + text[-(MAX_RESULT_CHARS * 2 // 3) :]
