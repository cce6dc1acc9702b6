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

import re
from dataclasses import dataclass, field
from typing import Any

import orjson

from pipeline.agent import harness_text as harness
from pipeline.agent.tool_calls import EDIT_TOOLS, TaskList, ToolCall, read_tool_call
from pipeline.scrub import scrub

__all__ = ["EDIT_TOOLS", "NotATranscript", "Step", "ToolCall", "Transcript", "error_line", "parse_transcript"]

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


# Most telling first: a failure stated with its message (an exception and what it says, a panic, a compiler
# error code), an exception's name or an assertion, a linter's finding, an error/failure marker, any failure
# word. Each tier says whether its last match (a traceback ends with the cause) or its first (a linter lists
# the findings in file order) is kept.
_ERROR_TIERS = (
    (
        re.compile(
            r"\bpanicked at\b.*\S|^panic: \S|\b[A-Z]\w*(?:Error|Exception)\b:\s*\S|\berror\[E\d{4}\]:|"
            r"\berror TS\d{4,5}:|\bWARNING: DATA RACE|"
            r"^(?:Error|error):\s.*\bE(?:CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE)\b|"
            # Godot's own report of a script's parse or runtime error (what GUT then only says it skipped)
            r"^SCRIPT ERROR:\s*\S"
        ),
        True,
    ),
    # C and C++: a sanitizer's report ("ERROR: AddressSanitizer: heap-use-after-free on address …", UBSan's
    # "file.cpp:11:13: runtime error: signed integer overflow …") and the linker's missing symbol (collect2's
    # "ld returned 1 exit status" only says the link failed); the first one is the cause
    (
        re.compile(
            r"(?:Address|Thread|Memory|Leak|UndefinedBehavior|Hardware)Sanitizer:\s*[a-z]|: runtime error: \S|"
            r"\bundefined reference to\b|\bundefined symbol\b|\bmultiple definition of\b"
        ),
        False,
    ),
    (
        re.compile(
            r"\b[A-Z]\w*(?:Error|Exception)\b|Traceback|\bFailed: Timeout|\bassertion\b.*\bfailed\b|"
            r"^\s*expect\(.*\)\.\w+\(|\btimed out\b|\bConnection (?:refused|reset)\b|\bFailure in (?:test|model)\b|"
            r"\bexceeded the maximum execution time\b|^[A-Za-z_][\w.]*(?:Interrupt|Exit)\b|"
            # ctest's verdict on one test ("2/2 Test #2: FrameReaderTest.ManyFrames ...***Timeout 60.02 sec"),
            # a debugger's or a shell's report of a crash
            r"\*\*\*(?:Failed|Timeout|Exception)\b|\bProgram received signal SIG[A-Z]+|\bSegmentation fault\b|"
            # dotnet test puts the assertion under a label ("Error Message:" / "Assert.Single() Failure: …");
            # Unity (C) reports a failed assertion as "file.c:74:test_x:FAIL: Expected 'V' Was '0'"; an ESP32 crash
            r"^Error Message:\s*\S|^\S+:\d+:\w+:FAIL\b|\bGuru Meditation Error\b"
        ),
        True,
    ),
    # a value that went non-finite ("step 4120 loss=nan grad_norm=inf", "20 consecutive non-finite losses"):
    # a training run's failure, whether it crashed or kept going
    (re.compile(r"\b\w+\s*[=:]\s*-?(?:nan|inf)\b|\bnon-finite\b|\breturned nan\b", re.IGNORECASE), True),
    (re.compile(r"^\S+:\d+:\d+: [A-Z]{1,4}\d{2,4}\b"), False),
    # detekt's findings: "LongMethod - 74/60 - [migrateLegacy] at /p/LegacyPrefs.kt:41:5", "WildcardImport -
    # [Screen.kt:5:1] - …" (Gradle's "> Analysis failed with 1 weighted issues." only counts them)
    (re.compile(r"^[A-Z][A-Za-z]+ - (?:[\d/]+ - )?\[[^\]]+\](?: at \S+:\d+:\d+| - \S)"), False),
    # a compiler's diagnostic with no error word (Go: "internal/http/rooms.go:41:22: room.Capacity undefined");
    # the first one is the cause, the rest follow from it
    (re.compile(r"^[\w./-]+\.[A-Za-z]{1,6}:\d+:\d+: (?!(?:warning|note|info)\b)\S"), False),
    (
        re.compile(
            r"\b(?:FAILED|ERROR|error:|fatal:|panic:)|command not found|[Nn]o such file|[Pp]ermission denied|"
            r"^\[?(?:SEVERE|CRITICAL|FATAL)\]?:?\s"  # log levels that name a failure (build_runner's "[SEVERE] …")
        ),
        True,
    ),
    (re.compile(r"error|failed|fatal|not found|denied|\bunable to\b|\bcould not\b", re.IGNORECASE), True),
)
# Claude Code's exit line, progress dots, rules, and what runners print *about* a failure rather than the
# failure itself (summaries, re-run hints, stack frames, build tools' own exit lines).
_NOT_EVIDENCE = re.compile(
    r"^(?:Error: )?Exit code \d+$|^[.FEsx]+\s*(?:\[\s*\d+%\])?$|^[=_!*~+ -]{8,}|"
    r"^test result: FAILED|^FAILED \((?:failures|errors)=|^=*\s*(?:\d+ (?:failed|passed|errors?|skipped)\b,?\s*)+"
    r"(?:in [\d.]+s)?\s*=*$|^(?:Tests?|Test Files|Test Suites):\s+\d+ failed|^FAIL\s*$|^FAIL\s+\S+\s+[\d.]+s$|"
    r"^error: (?:test failed, to rerun|\d+ targets? failed|could not compile)|^make(?:\[\d+\])?: \*\*\*|"
    r"^npm ERR!|\bELIFECYCLE\b|^error Command failed with exit code|"
    r"^(?:##\[error\]|Error: )?Process completed with exit|^# [\w.-]+(?:/[\w.-]+)+$|^\s*at\s+\S|^failures:$|"
    r"^note: run with `RUST_BACKTRACE|^=+ short test summary info =+$|^ERR_PNPM_\w+|\bDone\. PASS=\d|"
    r"^Traceback \(most recent call last\):?$|^File \"[^\"]+\", line \d+|^(?:[\d:]+\s+)?Encountered an error:?$|"
    r"\bMarking task as (?:FAILED|UP_FOR_RETRY)\b|^(?:[\d:]+\s+)?Completed with \d+ errors?\b|"
    # Gradle and Maven around a failure: "BUILD FAILED in 19s", "* What went wrong:", "Execution failed for task"
    r"^BUILD FAILED in\b|^> Task :\S+ FAILED$|^FAILURE: Build failed with an exception|^\* (?:What went wrong|Try):?$|"
    r"^> Run with --|^> Get more help at|^Try (?:re-?running|running) (?:the command )?with --\w+|"
    # Godot and GUT around a script that did not load: the SCRIPT ERROR line above them says why
    r"^ERROR: Failed to load script \"[^\"]+\" with error|^\[ERROR\]:\s+Could not load script\b|"
    r"^\d+ actionable tasks?:|^Execution failed for task '[^']+'\.?$|"
    r"^\[ERROR\] (?:BUILD FAILURE|-> \[Help|Re-run Maven|To see the full stack trace|For more information)|"
    # xcodebuild's verdicts ("** TEST FAILED **", "▸ ** ARCHIVE FAILED **") and a tool's hint on how to see more
    # ("Set the environment variable X=1 for a complete stack trace.", "Run with --stacktrace")
    r"^.{0,30}\*\* [A-Z ]+ FAILED \*\*|"
    r"^.*\bfor (?:a |the )?(?:complete|full|more) (?:stack ?trace|traceback|details|log)\b|"
    # ctest, the C/C++ linker drivers and RSpec around a failure: headers, counts, rerun hints
    r"^The following tests FAILED:?$|^Errors while running CTest|^\d+% tests passed, \d+ tests? failed|"
    r"^Total Test time|^Output from these tests are in:|^Use \"--rerun-failed|"
    r"^collect2: error: ld returned \d+ exit status|"
    r"^(?:clang|clang\+\+|g\+\+|gcc|c\+\+)(?:-\d+)?: error: linker command|"
    r"^ninja: build stopped|^g?make(?:\[\d+\])?: \*\*\*|^Failed examples:?$|^Finished in [\d.]+ (?:seconds?|minutes?)|"
    r"^\d+ examples?, \d+ failures?|"
    # a log level that says nothing failed ("[INFO] Generating build script completed"); the Dart/Flutter test
    # runner's and others' closing count ("00:14 +3 -1: Some tests failed.")
    r"^\[?(?:INFO|DEBUG|TRACE|FINE|FINER|FINEST|CONFIG|NOTICE)\]?:?\s|"
    r"^(?:[\d:]+ \+\d+(?: ~\d+)? -\d+: )?Some tests failed\.?$|"
    # dotnet test around a failure: its verdict line, the labels and markers of a stack trace
    r"^(?:Failed|Passed)!\s+-\s+Failed:|^Stack Trace:$|^--- End of (?:inner exception )?stack trace\b|"
    # PowerShell around its message: the prompt echoed with the command, where it failed, the code and carets
    # echoed, the error record's fields
    r"^PS [A-Za-z]:\\[^>]*>|^At (?:line:\d+ char:\d+|[A-Za-z]:\\.*:\d+ char:\d+)$|^\+ |"
    r"^\+?\s*(?:CategoryInfo|FullyQualifiedErrorId)\s+:|"
    # kubeconform's and similar validators' closing count; kubelet's events that only name the state the failure
    # above them left ("Error: ErrImagePull", "Back-off pulling image …")
    # PHPStan's progress bar, its table's header and closing count; ninja's failed target (the cause follows it)
    r"^\d+/\d+ \[[^\]]*\]\s+\d+%$|^Line\s+\S+\.php$|^\[ERROR\] Found \d+ errors?$|^FAILED: \S+$|"
    r"^Summary: \d+ resources? found|^.*?\bkubelet\s+(?:Error: (?:ErrImagePull|ImagePullBackOff|CrashLoopBackOff)\s*$|"
    r"Back-off (?:pulling image|restarting failed container)\b)"
)
_FRAMED_ERROR = re.compile(r"^│\s*Error: \S")
_LABEL_ONLY = re.compile(
    r"(?:^|\b)(?:error|errors|error message|exception|failure|fatal|caused by)\s*:$|^error$|"
    # a PHP exception named alone on its line (Laravel, Pest), its message on the next
    r"^(?:[A-Z]\w*\\)+[A-Z]\w*(?:Exception|Error)$",
    re.IGNORECASE,
)
_FIELD = re.compile(r"^[A-Z][\w ]{0,20}:\s+\S")


def _with_what_follows(lines: list[str], index: int) -> str:
    """A label line with the line after it, and a second one when both are "Field: value" lines."""
    said = lines[index + 1 : index + 3]
    if len(said) == 2 and not (_FIELD.match(said[0]) and _FIELD.match(said[1])):
        said = said[:1]
    return " ".join([lines[index], *said])


_OPENS_OBJECT = re.compile(r"\b(?:error|failed|failure|exception)\b.*[{]$", re.IGNORECASE)
_OBJECT_FIELD = re.compile(
    r"^[\"']?(?:message|code|reason|error|msg)[\"']?\s*:\s*(?!null\b|undefined\b)(?P<v>\S.*?),?$"
)


def _objects_joined(lines: list[str]) -> list[str]:
    """Each error object's opening line with its message and code fields, up to its closing brace (the lines
    of the object taken into it)."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        line, index = lines[index], index + 1
        if not _OPENS_OBJECT.search(line):
            out.append(line)
            continue
        fields, end = [], index
        while end < len(lines) and end < index + 12 and not lines[end].startswith("}"):
            if found := _OBJECT_FIELD.match(lines[end]):
                fields.append(found["v"].strip("\"'"))
            end += 1
        if fields:
            out.append(" ".join([line.rstrip("{ "), *fields]))
            index = end + 1  # past the closing brace
        else:
            out.append(line)
    return out


_PANIC_AT = re.compile(r"\bpanicked at \S+:\s*$")


def says_nothing(line: str) -> bool:
    """A line that is about a failure, not the failure: an exit code, a summary, a wrapper's own announcement
    ("Process completed with exit code 1", "Encountered an error:")."""
    return bool(_NOT_EVIDENCE.match(line.strip()))


# What log multiplexers put before every line: docker compose's "worker-1  | ", Turborepo's "web:typecheck: ",
# Vercel's and CI's "[17:31:58.311] " / "2026-11-05T17:42:13.884Z ", kubectl's "[pod/api-7d9f/api] "
_MUX_PREFIX = re.compile(
    r"^(?:[\w.-]+\s*\|\s?|[@\w/.-]+:[\w-]+: ?|\[\d{1,2}:\d\d:\d\d(?:\.\d+)?\]\s*|"
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\s+|\[pod/[\w.-]+/[\w.-]+\]\s+)"
)
MIN_PREFIXED_LINES = 3


def without_log_prefixes(text: str) -> str:
    """The text without the prefix a log multiplexer put before most of its lines (half of them, three at least),
    so a traceback or a compiler's error reads as it was printed: what runs first in each line is then the tool's."""
    lines = text.splitlines()
    prefixed = [line for line in lines if _MUX_PREFIX.match(line)]
    if len(prefixed) < MIN_PREFIXED_LINES or len(prefixed) * 2 < len([line for line in lines if line.strip()]):
        return text
    return "\n".join(_MUX_PREFIX.sub("", line, count=1) for line in lines)


# docker compose's service prefix on a pasted line or two ("web-1  | exec …"), too few for `without_log_prefixes`
_COMPOSE_PREFIX = re.compile(r"^[\w.-]+-\d+\s*\|\s?")


def error_line(text: str, emails: bool = True) -> str:
    """The line of a failed tool's output that names the problem (see the tiers above), else the first line
    that is not Claude Code's `Exit code N`."""
    lines = [line.strip() for line in without_log_prefixes(scrub(text, emails=emails)).splitlines() if line.strip()]
    lines = [_COMPOSE_PREFIX.sub("", line, count=1) for line in lines]
    if not lines:
        return ""
    # Why: Rust prints a panic's message on the line after "panicked at FILE:LINE:COL:"
    lines = [
        f"{line} {lines[i + 1]}" if _PANIC_AT.search(line) and i + 1 < len(lines) else line
        for i, line in enumerate(lines)
    ]
    # Why: many tools print a bare label and put the error under it ("ERROR:" / "  Code: DeadlineExceeded" /
    # "  Message: …" from grpcurl, testify's "Error: Received unexpected error:" / "list orders: timeout …")
    lines = [
        _with_what_follows(lines, i) if _LABEL_ONLY.search(line) and not _NOT_EVIDENCE.match(line) else line
        for i, line in enumerate(lines)
    ]
    # Why: a logged error object ("[Error] insert order_events failed {" / "code: '42501'," / "message: 'new row
    # violates row-level security policy …'" / "}"): its message and code are the failure, the line only opens it
    lines = _objects_joined(lines)
    # Terraform, OpenTofu and other HashiCorp tools frame a diagnostic in "╷ │ … ╵" and open it with its
    # summary ("│ Error: Error acquiring the state lock"); what follows is detail (request ids, wrapped text)
    if framed := [line.lstrip("│ ").strip() for line in lines if _FRAMED_ERROR.match(line)]:
        return framed[0][:300]
    for tier, last in _ERROR_TIERS:
        found = [line for line in lines if tier.search(line) and not _NOT_EVIDENCE.match(line)]
        if found:
            return (found[-1] if last else found[0])[:300]
    rest = [line for line in lines if not _NOT_EVIDENCE.match(line)]
    return (rest or lines)[0][:300]
