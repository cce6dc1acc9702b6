"""A tiny builder for Claude Code (v2.1.x) session transcripts, used by make_corpus.py (second held-out corpus).

Copied from bench/learning_corpus_heldout/transcript_kit.py (itself adapted from the shop corpus's kit) with a new
uuid5 namespace, Sofía's home as the default working directory, and a language guess for English / Spanish
instead of English / Chinese (declared texts carry their language code).

Everything here is deterministic: ids come from uuid5/sha256 of a fixed key, times from the scenario, jitter
from a random.Random seeded with the session key. Shapes follow the reverse-engineered v2.x format (see README.md):
one assistant content block per line (lines of one API call share message.id and requestId), tool results
as user lines with toolUseResult and sourceToolAssistantUUID, subagents in <session>/subagents/agent-<id>.jsonl.

The builder also records, per session, the ground truth the scenario declares (outcome, problems, rules,
lessons, decisions, non-rules), and checks as it goes that each declared text really is in what the user typed,
that an Edit's old_string is in the file as last read, and that no file is edited before it is read (the
"File has not been read yet" case is the only exception, and it is flagged as the error Claude Code returns).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

# The working directory of the session being built (tools are built before they are run, so paths resolve
# against the project of the session that was created last; a subagent shares its parent's).
_CTX = {"cwd": "/home/sofia/dev/huerta-android"}
NAMESPACE = uuid.UUID("3c9e57a2-0b4d-4e61-8f1a-d27c5b9e0a36")
WORD = re.compile(r"[A-Za-záéíóúñüÁÉÍÓÚÑ¿¡']+")
# Words that only (or nearly only) occur in one of the two languages Sofía writes; enough to tell which one a
# sentence or a message is mostly in.
_ES = (
    "el la los las del que y en un una es con por para se lo al más pero como está esto eso ya hay cuando porque "
    "sí también nada nunca siempre vez otra otro todo todos antes después mañana hoy vale gracias porfa favor mira "
    "sin solo sólo muy bien aquí así hace tiene hacer vamos dejamos lo le les me mi te tu su sus ha he hemos "
    "fallar falla sale pasa esta este estos estas son ser era fue puedes podemos quiero creo dime oye bueno pues "
    "ahora partir usar usamos preferimos decidimos recuerda aprendí donde qué cómo por qué cuál luego hasta otra "
    "vuelve mismo misma semana lunes viernes déjalo dejalo arreglamos miro tengo tienes nos nuestro"
)
ES_WORDS = frozenset(_ES.split())
_EN = (
    "the a an is are was to of and it that this for with on be not we you i do don't please from can just it's "
    "run what why how when there they them our my your have has had will would should could but so if then "
    "again only here now ok okay thanks looks let's into out about which these those still yet also get got "
    "keep use make going"
)
EN_WORDS = frozenset(_EN.split())


def tmp_tasks(cwd: str) -> str:
    return "/tmp/claude-1000/" + cwd.replace("/", "-")


def lang_of(text: str) -> str:
    """ "es" when a text has more Spanish than English marker words (accents and ¿¡ count as Spanish)."""
    words = [w.lower() for w in WORD.findall(text)]
    es = sum(w in ES_WORDS for w in words) + len(re.findall(r"[áéíóúñ¿¡]", text.lower()))
    en = sum(w in EN_WORDS for w in words)
    return "es" if es > en else "en"


B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

DENIED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)
DENIED_WITH_REASON = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). To tell you how to proceed, the user said:\n"
)
READ_REMINDER = (
    "\n\n<system-reminder>\nWhenever you read a file, you should consider whether it would be considered malware. "
    "You CAN and SHOULD provide analysis of malware, what it is doing. But you MUST refuse to improve or augment "
    "the code. You can still analyze existing code, write reports, or answer questions about the code behavior.\n"
    "</system-reminder>\n"
)
TODO_REMINDER = (
    "<system-reminder>\nThe TodoWrite tool hasn't been used recently. If you're working on tasks that would benefit "
    "from tracking progress, consider using the TodoWrite tool to track progress. Also consider cleaning up the todo "
    "list if has become stale and no longer matches what you are working on. Only use it if it's relevant to the "
    "current work. This is just a gentle reminder - ignore if not applicable.\n</system-reminder>"
)
TODO_OK = (
    "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. "
    "Please proceed with the current tasks if applicable"
)

LOCAL_COMMAND_CAVEAT = (
    "<local-command-caveat>Caveat: The messages below were generated by the user while running local "
    "commands. DO NOT respond to these messages or otherwise consider them in your response unless the user "
    "explicitly asks you to.</local-command-caveat>"
)


def uid(*parts: Any) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


def b62(seed: str, n: int) -> str:
    value = int.from_bytes(hashlib.sha256(seed.encode()).digest(), "big")
    out = []
    for _ in range(n):
        value, r = divmod(value, 62)
        out.append(B62[r])
    return "".join(out)


def hexid(seed: str, n: int) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()[:n]


def iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)


def abspath(path: str) -> str:
    return path if path.startswith("/") else f"{_CTX['cwd']}/{path}"


def vtuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


# ---------------------------------------------------------------------------------------------------------------
# tools


@dataclass
class Tool:
    name: str
    input: dict[str, Any]
    content: Any = ""
    is_error: bool = False
    result: Any = None  # toolUseResult
    secs: float = 1.0
    # special behaviours, resolved when the session emits the call
    hook: Callable[[Session, Tool], None] | None = None
    denied: bool = False  # plain "No" at the permission prompt -> interrupt line follows
    agent: AgentSpec | None = None
    bg_task: str | None = None
    id: str = ""
    error_bash: bool = False  # a Bash that exited non-zero (a real failure, not harness noise)


def Bash(
    command: str,
    out: str = "",
    *,
    code: int = 0,
    desc: str | None = None,
    secs: float | None = None,
    timeout: int | None = None,
    bg: bool = False,
) -> Tool:
    inp: dict[str, Any] = {"command": command}
    if timeout:
        inp["timeout"] = timeout
    if desc:
        inp["description"] = desc
    if bg:
        inp["run_in_background"] = True
        t = Tool("Bash", inp, secs=secs or 0.4)
        t.bg_task = "b" + b62("bg" + command, 8).lower()
        return t
    out = out.strip("\n")
    if code:
        text = f"Exit code {code}\n{out}" if out else f"Exit code {code}"
        return Tool("Bash", inp, text, True, f"Error: {text}", secs or 2.0, error_bash=True)
    return Tool(
        "Bash", inp, out, False, {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}, secs or 1.2
    )


def numbered(text: str, start: int = 1) -> str:
    return "\n".join(f"{i:>6}→{line}" for i, line in enumerate(text.split("\n"), start))


def Read(
    path: str,
    text: str,
    *,
    offset: int | None = None,
    limit: int | None = None,
    total: int | None = None,
    reminder: bool = False,
) -> Tool:
    p = abspath(path)
    inp: dict[str, Any] = {"file_path": p}
    start = 1
    if offset is not None:
        inp["offset"] = offset
        start = offset
    if limit is not None:
        inp["limit"] = limit
    text = text.strip("\n")
    n = text.count("\n") + 1
    body = numbered(text, start) + (READ_REMINDER if reminder else "")
    res = {
        "type": "text",
        "file": {
            "filePath": p,
            "content": text,
            "numLines": n,
            "startLine": start,
            "totalLines": max(total or 0, start + n - 1),
        },
    }
    t = Tool("Read", inp, body, False, res, 0.2)
    t.hook = lambda s, tool: s.files.__setitem__(p, text)
    return t


def ReadTooBig(path: str, tokens: int) -> Tool:
    p = abspath(path)
    msg = (
        f"File content ({tokens} tokens) exceeds maximum allowed tokens (25000). Use offset and limit parameters "
        "to read specific portions of the file, or search for specific content instead of reading the whole file."
    )
    return Tool("Read", {"file_path": p}, msg, True, f"Error: {msg}", 0.2)


def Edit(
    path: str,
    old: str,
    new: str,
    *,
    line: int = 1,
    not_read: bool = False,
    not_found: bool = False,
    replace_all: bool = False,
) -> Tool:
    p = abspath(path)
    inp = {"file_path": p, "old_string": old, "new_string": new, "replace_all": replace_all}
    if not_read:
        msg = "File has not been read yet. Read it first before writing to it."
        return Tool("Edit", inp, f"<tool_use_error>{msg}</tool_use_error>", True, f"Error: {msg}", 0.1)
    if not_found:
        msg = f"String to replace not found in file.\nString: {old}"
        return Tool("Edit", inp, f"<tool_use_error>{msg}</tool_use_error>", True, f"Error: {msg}", 0.1)
    t = Tool("Edit", inp, f"The file {p} has been updated successfully.", False, None, 0.3)

    def hook(s: Session, tool: Tool) -> None:
        if p not in s.files:
            raise ValueError(f"{s.key}: Edit of {p} before it was read")
        original = s.files[p]
        if old not in original:
            raise ValueError(f"{s.key}: Edit old_string not in {p}: {old[:60]!r}")
        s.files[p] = original.replace(old, new) if replace_all else original.replace(old, new, 1)
        old_lines, new_lines = old.split("\n"), new.split("\n")
        start = original[: original.index(old)].count("\n") + 1
        tool.result = {
            "filePath": p,
            "oldString": old,
            "newString": new,
            "originalFile": original,
            "structuredPatch": [
                {
                    "oldStart": start,
                    "oldLines": len(old_lines),
                    "newStart": start,
                    "newLines": len(new_lines),
                    "lines": [f"-{x}" for x in old_lines] + [f"+{x}" for x in new_lines],
                }
            ],
            "userModified": False,
            "replaceAll": replace_all,
        }

    t.hook = hook
    return t


def Write(path: str, content: str) -> Tool:
    p = abspath(path)
    t = Tool(
        "Write",
        {"file_path": p, "content": content},
        f"File created successfully at: {p}",
        False,
        {"type": "create", "filePath": p, "content": content, "structuredPatch": [], "originalFile": None},
        0.3,
    )
    t.hook = lambda s, tool: s.files.__setitem__(p, content)
    return t


def Grep(
    pattern: str,
    lines: list[str],
    *,
    path: str | None = None,
    glob: str | None = None,
    mode: str = "files_with_matches",
) -> Tool:
    inp: dict[str, Any] = {"pattern": pattern}
    if path:
        inp["path"] = abspath(path)
    if glob:
        inp["glob"] = glob
    inp["output_mode"] = mode
    if mode == "content":
        inp["-n"] = True
        full = [abspath(x) for x in lines]
        content = "\n".join(full) if full else "No matches found"
        files = sorted({x.split(":", 1)[0] for x in full})
        res = {
            "mode": "content",
            "numFiles": len(files),
            "filenames": [],
            "content": "\n".join(full),
            "numLines": len(full),
        }
    else:
        full = [abspath(x) for x in lines]
        content = (
            (f"Found {len(full)} file{'s' if len(full) != 1 else ''}\n" + "\n".join(full)) if full else "No files found"
        )
        res = {"mode": "files_with_matches", "filenames": full, "numFiles": len(full)}
    return Tool("Grep", inp, content, False, res, 0.3)


def Glob(pattern: str, files: list[str]) -> Tool:
    full = [abspath(x) for x in files]
    content = "\n".join(full) if full else "No files found"
    return Tool(
        "Glob",
        {"pattern": pattern},
        content,
        False,
        {"filenames": full, "durationMs": 14 + len(full), "numFiles": len(full), "truncated": False},
        0.1,
    )


def TodoWrite(todos: list[tuple[str, str, str]]) -> Tool:
    """todos: (content, status, activeForm)."""
    items = [{"content": c, "status": st, "activeForm": a} for c, st, a in todos]
    t = Tool("TodoWrite", {"todos": items}, TODO_OK, False, None, 0.1)

    def hook(s: Session, tool: Tool) -> None:
        tool.result = {"oldTodos": s.todos, "newTodos": items}
        s.todos = items

    t.hook = hook
    return t


def TaskCreate(subject: str, description: str, active: str) -> Tool:
    t = Tool("TaskCreate", {"subject": subject, "description": description, "activeForm": active}, "", False, None, 0.1)

    def hook(s: Session, tool: Tool) -> None:
        n = str(len(s.tasks) + 1)
        s.tasks[n] = "pending"
        tool.content = f"Task #{n} created successfully: {subject}"
        tool.result = {"task": {"id": n, "subject": subject}}

    t.hook = hook
    return t


def TaskUpdate(task_id: str, status: str) -> Tool:
    t = Tool("TaskUpdate", {"taskId": task_id, "status": status}, f"Updated task #{task_id} status", False, None, 0.1)

    def hook(s: Session, tool: Tool) -> None:
        before = s.tasks[task_id]
        s.tasks[task_id] = status
        tool.result = {
            "success": True,
            "taskId": task_id,
            "updatedFields": ["status"],
            "statusChange": {"from": before, "to": status},
        }

    t.hook = hook
    return t


def Denied(tool: Tool, said: str | None = None) -> Tool:
    """The person pressed No at the permission prompt (optionally typing why)."""
    tool.hook = None
    tool.is_error = True
    if said is None:
        tool.content, tool.result, tool.denied = DENIED, "User rejected tool use", True
    else:
        tool.content, tool.result = DENIED_WITH_REASON + said, "User rejected tool use"
    tool.error_bash = False
    tool.secs = 6.0
    return tool


def Sibling(tool: Tool) -> Tool:
    tool.hook = None
    tool.is_error = True
    tool.content = "<tool_use_error>Sibling tool call errored</tool_use_error>"
    tool.result = "Error: Sibling tool call errored"
    tool.error_bash = False
    tool.secs = 0.0
    return tool


@dataclass
class AgentSpec:
    description: str
    prompt: str
    subagent_type: str
    build: Callable[[Session], None]
    background: bool = False
    model: str = "claude-haiku-4-5-20251001"
    child: Session | None = None


def Agent(
    description: str,
    prompt: str,
    subagent_type: str,
    build: Callable[[Session], None],
    *,
    background: bool = False,
    model: str | None = None,
) -> Tool:
    inp: dict[str, Any] = {"description": description, "prompt": prompt, "subagent_type": subagent_type}
    if background:
        inp["run_in_background"] = True
    spec = AgentSpec(
        description,
        prompt,
        subagent_type,
        build,
        background,
        model or ("claude-haiku-4-5-20251001" if subagent_type == "Explore" else "claude-sonnet-4-6"),
    )
    return Tool("Agent", inp, agent=spec, secs=0.0)


# ---------------------------------------------------------------------------------------------------------------
# sessions


@dataclass
class Truth:
    outcome: str = ""
    why: str = ""
    problems: list[str] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)
    one_offs: list[str] = field(default_factory=list)
    rules: list[tuple[str, str, str | None]] = field(default_factory=list)  # (rule id, text, supersedes id)
    lessons: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    non_rules: list[str] = field(default_factory=list)
    not_person: list[tuple[str, str]] = field(default_factory=list)  # (text, where)
    second_fixes: list[str] = field(default_factory=list)


class Session:
    def __init__(
        self,
        key: str,
        start: str,
        version: str,
        branch: str,
        slug: str,
        *,
        model: str = "claude-opus-4-6",
        session_id: str | None = None,
        agent_id: str | None = None,
        cwd: str | None = None,
        project: str = "",
    ):
        self.key = key
        self.cwd = cwd or _CTX["cwd"]
        self.project = project
        if agent_id is None:
            _CTX["cwd"] = self.cwd
        self.id = session_id or uid("session", key)
        self.agent_id = agent_id
        self.sidechain = agent_id is not None
        self.t = parse_time(start) if isinstance(start, str) else start
        self.started = iso(self.t)
        self.version = version
        self.branch = branch
        self.slug = slug
        self.model = model
        self.lines: list[dict[str, Any]] = []
        self.prev: str | None = None
        self.n = 0
        self.calls = 0
        self.rng = random.Random(key)
        self.files: dict[str, str] = {}
        self.todos: list[dict[str, Any]] = []
        self.tasks: dict[str, str] = {}
        self.tracked: dict[str, int] = {}
        self.children: list[tuple[Session, AgentSpec, str]] = []  # (child, spec, parent tool_use id)
        self.pending_bg: dict[str, Tool] = {}
        self.pending_agents: dict[str, tuple[Session, AgentSpec, Tool]] = {}
        self.last_prompt_t = self.t
        self.truth = Truth()
        self.typed: list[str] = []  # what the person typed (for the completeness check)

    # -- plumbing ---------------------------------------------------------------------------------------------
    def _advance(self, secs: float) -> None:
        jitter = self.rng.uniform(0.85, 1.2) if secs > 0.5 else 1.0
        self.t += timedelta(seconds=secs * jitter, milliseconds=self.rng.randint(3, 400))

    def _uuid(self) -> str:
        self.n += 1
        return uid(self.key, "line", self.n)

    def _envelope(self, typ: str) -> dict[str, Any]:
        d: dict[str, Any] = {"parentUuid": self.prev, "isSidechain": self.sidechain}
        if self.sidechain:
            d["agentId"] = self.agent_id
        d.update(
            userType="external",
            cwd=self.cwd,
            sessionId=self.id,
            version=self.version,
            gitBranch=self.branch,
            slug=self.slug,
            type=typ,
        )
        return d

    def _push(self, d: dict[str, Any], **extra: Any) -> str:
        u = self._uuid()
        d.update(extra)
        d["uuid"] = u
        d["timestamp"] = iso(self.t)
        self.lines.append(d)
        self.prev = u
        return u

    def _snapshot(self, message_id: str) -> None:
        backups = {
            path.replace(self.cwd + "/", ""): {
                "backupFileName": f"{hexid(self.key + path, 16)}@v{v}",
                "version": v,
                "backupTime": iso(self.t),
            }
            for path, v in self.tracked.items()
        }
        self.lines.append(
            {
                "type": "file-history-snapshot",
                "messageId": message_id,
                "snapshot": {"messageId": message_id, "trackedFileBackups": backups, "timestamp": iso(self.t)},
                "isSnapshotUpdate": False,
            }
        )

    # -- what the person does ---------------------------------------------------------------------------------
    def user(
        self,
        text: str,
        *,
        after: float | None = None,
        blocks_before: list[str] | None = None,
        blocks_after: list[str] | None = None,
        rules: list[tuple[str, str] | tuple[str, str, str]] = (),
        lessons: list[str] = (),
        decisions: list[str] = (),
        non_rules: list[str] = (),
    ) -> None:
        self._advance(after if after is not None else self.rng.uniform(20, 75))
        low = text.lower()
        for r in rules:
            assert r[1].lower() in low, (self.key, r[1])
            self.truth.rules.append((r[0], r[1], r[2] if len(r) > 2 else None))
        for kind, items in (("lesson", lessons), ("decision", decisions), ("non_rule", non_rules)):
            for item in items:
                assert item.lower() in low, (self.key, kind, item)
        self.truth.lessons += list(lessons)
        self.truth.decisions += list(decisions)
        self.truth.non_rules += list(non_rules)
        self.typed.append(text)
        if not self.sidechain:
            self._snapshot(uid(self.key, "line", self.n + 1))
        content: Any = text
        if blocks_before or blocks_after:
            content = (
                [{"type": "text", "text": b} for b in blocks_before or []]
                + [{"type": "text", "text": text}]
                + [{"type": "text", "text": b} for b in blocks_after or []]
            )
        self._push(self._envelope("user") | {"message": {"role": "user", "content": content}})
        self.last_prompt_t = self.t

    def queued_start(self, text: str) -> None:
        """The prompt was typed while the CLI was still starting: queue-operation lines come first."""
        for op in ("enqueue", "dequeue"):
            line: dict[str, Any] = {
                "type": "queue-operation",
                "operation": op,
                "timestamp": iso(self.t),
                "sessionId": self.id,
            }
            if op == "enqueue":
                line["content"] = text
            self.lines.append(line)
            self._advance(0.2)

    def interrupt(self, *, after: float = 3.0) -> None:
        self._advance(after)
        self._push(
            self._envelope("user")
            | {"message": {"role": "user", "content": [{"type": "text", "text": "[Request interrupted by user]"}]}}
        )

    def _caveat(self) -> None:
        """The meta line Claude Code writes before what the person ran locally (a slash command, `!command`)."""
        self._push(
            self._envelope("user") | {"message": {"role": "user", "content": LOCAL_COMMAND_CAVEAT}},
            isMeta=True,
        )

    def local_command(self, name: str, args: str, stdout: str, *, after: float = 10.0) -> None:
        self._advance(after)
        self._caveat()
        self._advance(0.05)
        self._push(
            self._envelope("user")
            | {
                "message": {
                    "role": "user",
                    "content": (
                        f"<command-name>/{name}</command-name>\n<command-message>{name}</command-message>\n"
                        f"<command-args>{args}</command-args>"
                    ),
                }
            }
        )
        self._advance(0.05)
        self._push(
            self._envelope("user")
            | {"message": {"role": "user", "content": f"<local-command-stdout>{stdout}</local-command-stdout>"}}
        )

    def shell_escape(self, command: str, stdout: str, *, after: float = 15.0) -> None:
        """The person ran `!command` in the prompt: caveat, <bash-input>, then <bash-stdout>/<bash-stderr>."""
        self._advance(after)
        self._caveat()
        self._advance(0.05)
        self._push(
            self._envelope("user") | {"message": {"role": "user", "content": f"<bash-input>{command}</bash-input>"}}
        )
        self._advance(0.4)
        self._push(
            self._envelope("user")
            | {
                "message": {
                    "role": "user",
                    "content": f"<bash-stdout>{stdout}</bash-stdout><bash-stderr></bash-stderr>",
                }
            }
        )

    def compact(self, trigger: str, summary: str, pre_tokens: int, post_tokens: int) -> None:
        self._advance(25.0)
        logical = self.prev
        self.prev = None
        self._push(
            self._envelope("system")
            | {
                "subtype": "compact_boundary",
                "content": "Conversation compacted",
                "isMeta": False,
                "level": "info",
                "compactMetadata": {
                    "trigger": trigger,
                    "preTokens": pre_tokens,
                    "postTokens": post_tokens,
                    "durationMs": self.rng.randint(21000, 48000),
                },
            },
            logicalParentUuid=logical,
        )
        self._advance(0.1)
        self._push(
            self._envelope("user") | {"message": {"role": "user", "content": summary}},
            isVisibleInTranscriptOnly=True,
            isCompactSummary=True,
        )
        if trigger == "manual":
            self.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=0.2)

    def turn_done(self) -> None:
        ms = int((self.t - self.last_prompt_t).total_seconds() * 1000)
        self._advance(0.05)
        self._push(self._envelope("system") | {"subtype": "turn_duration", "durationMs": ms, "isMeta": False})

    def title(self, text: str) -> None:
        self.lines.append({"type": "ai-title", "aiTitle": text, "sessionId": self.id})

    # -- what the assistant does ------------------------------------------------------------------------------
    def act(
        self, text: str | None = None, *tools: Tool, think: str | None = None, latency: float | None = None
    ) -> None:
        """One API response: optional thinking, optional text, then tool calls (run in parallel if several)."""
        self.calls += 1
        msg_id = "msg_01" + b62(f"{self.key}/msg/{self.calls}", 22)
        req_id = "req_011C" + b62(f"{self.key}/req/{self.calls}", 18)
        blocks: list[dict[str, Any]] = []
        if think:
            blocks.append(
                {
                    "type": "thinking",
                    "thinking": think,
                    "signature": "Eq" + b62(f"{self.key}/sig/{self.calls}", 40) + "==",
                }
            )
        if text:
            blocks.append({"type": "text", "text": text})
        for i, tool in enumerate(tools):
            tool.id = "toolu_01" + b62(f"{self.key}/tool/{self.calls}/{i}", 22)
            blocks.append({"type": "tool_use", "id": tool.id, "name": tool.name, "input": tool.input})
        assert blocks
        self._advance(latency if latency is not None else self.rng.uniform(2.5, 9.0))
        base_in = 2000 + 900 * self.calls
        source: dict[str, str] = {}
        for j, block in enumerate(blocks):
            last = j == len(blocks) - 1
            stop = ("tool_use" if tools else "end_turn") if last else None
            out_tokens = max(12, len(json.dumps(block)) // 4)
            message = {
                "id": msg_id,
                "type": "message",
                "role": "assistant",
                "model": self.model,
                "content": [block],
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": {
                    "input_tokens": self.rng.randint(3, 9),
                    "cache_creation_input_tokens": self.rng.randint(150, 2400),
                    "cache_read_input_tokens": base_in + self.rng.randint(0, 800),
                    "output_tokens": out_tokens,
                    "service_tier": "standard",
                },
            }
            if j:
                self._advance(self.rng.uniform(0.4, 2.5))
            u = self._push(self._envelope("assistant") | {"message": message}, requestId=req_id)
            if block["type"] == "tool_use":
                source[block["id"]] = u
        denied = False
        for tool in tools:
            if tool.agent is not None:
                self._run_agent(tool)
            elif tool.bg_task:
                out_file = f"{tmp_tasks(self.cwd)}/{self.id}/tasks/{tool.bg_task}.output"
                tool.content = (
                    f"Command running in background with ID: {tool.bg_task}. Output is being written to: "
                    f"{out_file}. You will be notified when it completes. To check interim output, "
                    "use Read on that file path."
                )
                tool.result = {
                    "stdout": "",
                    "stderr": "",
                    "interrupted": False,
                    "isImage": False,
                    "backgroundTaskId": tool.bg_task,
                }
                self.pending_bg[tool.bg_task] = tool
            if tool.hook:
                tool.hook(self, tool)
            if tool.name in ("Edit", "Write") and not tool.is_error:
                p = tool.input["file_path"]
                self.tracked[p] = self.tracked.get(p, 0) + 1
            self._advance(tool.secs)
            block: dict[str, Any] = {"tool_use_id": tool.id, "type": "tool_result", "content": tool.content}
            if tool.is_error or tool.name == "Bash":
                block["is_error"] = tool.is_error
            self._push(
                self._envelope("user") | {"message": {"role": "user", "content": [block]}},
                toolUseResult=tool.result,
                sourceToolAssistantUUID=source[tool.id],
            )
            denied = denied or tool.denied
        if denied:
            self._advance(0.05)
            self._push(
                self._envelope("user")
                | {
                    "message": {
                        "role": "user",
                        "content": [{"type": "text", "text": "[Request interrupted by user for tool use]"}],
                    }
                }
            )

    def say(self, text: str, *, think: str | None = None, latency: float | None = None) -> None:
        self.act(text, think=think, latency=latency)

    # -- subagents and background work ------------------------------------------------------------------------
    def _run_agent(self, tool: Tool) -> None:
        spec = tool.agent
        assert spec is not None
        aid = "a" + hexid(f"{self.key}/agent/{tool.id}", 16)
        child = Session(
            f"{self.key}/agent-{aid}",
            self.t + timedelta(milliseconds=400),
            self.version,
            self.branch,
            self.slug,
            model=spec.model,
            session_id=self.id,
            agent_id=aid,
            cwd=self.cwd,
            project=self.project,
        )
        child.user(spec.prompt, after=0.0)
        spec.build(child)
        if not child.truth.outcome:
            child.outcome("success", f"subagent finished its task: {spec.description}")
        spec.child = child
        self.children.append((child, spec, tool.id))
        final = next(
            b["text"]
            for line in reversed(child.lines)
            if line.get("type") == "assistant"
            for b in line["message"]["content"]
            if b["type"] == "text"
        )
        uses = sum(
            1
            for line in child.lines
            if line.get("type") == "assistant"
            for b in line["message"]["content"]
            if b["type"] == "tool_use"
        )
        tokens = 9000 + 2300 * uses + len(final) // 3
        dur = int((child.t - self.t).total_seconds() * 1000)
        if spec.background:
            out_file = f"{tmp_tasks(self.cwd)}/{self.id}/tasks/{aid}.output"
            tool.content = [
                {
                    "type": "text",
                    "text": (
                        f"Async agent launched successfully.\nagentId: {aid} (internal ID - do not mention to user. Use to "
                        f"resume later if needed.)\noutput_file: {out_file}\nThe agent is working in the background. You will "
                        "be notified when it completes—no need to check. Continue with other tasks.\nTo check progress "
                        "before completion (optional), use Read or Bash tail on the output file."
                    ),
                }
            ]
            tool.result = {
                "isAsync": True,
                "status": "async_launched",
                "agentId": aid,
                "description": spec.description,
                "prompt": spec.prompt,
                "outputFile": out_file,
            }
            tool.secs = 0.6
            self.pending_agents[aid] = (child, spec, tool)
            return
        tool.content = [
            {"type": "text", "text": final},
            {
                "type": "text",
                "text": (
                    f"agentId: {aid} (use SendMessage with to: '{aid}' to continue this agent)\n"
                    f"<usage>total_tokens: {tokens}\ntool_uses: {uses}\nduration_ms: {dur}</usage>"
                ),
            },
        ]
        tool.result = {
            "status": "completed",
            "prompt": spec.prompt,
            "agentId": aid,
            "content": [{"type": "text", "text": final}],
            "totalDurationMs": dur,
            "totalTokens": tokens,
            "totalToolUseCount": uses,
        }
        self.t = child.t
        tool.secs = 0.5

    def agent_done(self, *, after: float = 5.0) -> None:
        """The background agent's <task-notification> arrives (via the queue)."""
        aid, (child, spec, tool) = next(iter(self.pending_agents.items()))
        del self.pending_agents[aid]
        if self.t < child.t:
            self.t = child.t
        self._advance(after)
        final = next(
            b["text"]
            for line in reversed(child.lines)
            if line.get("type") == "assistant"
            for b in line["message"]["content"]
            if b["type"] == "text"
        )
        uses = sum(
            1
            for line in child.lines
            if line.get("type") == "assistant"
            for b in line["message"]["content"]
            if b["type"] == "tool_use"
        )
        dur = int((child.t - parse_time(child.started[:19])).total_seconds() * 1000)
        text = (
            f"<task-notification>\n<task-id>{aid}</task-id>\n<tool-use-id>{tool.id}</tool-use-id>\n"
            f'<status>completed</status>\n<summary>Agent "{spec.description}" completed</summary>\n'
            f"<result>{final}</result>\n<usage>total_tokens: {12000 + 2100 * uses}\ntool_uses: {uses}\n"
            f"duration_ms: {dur}</usage>\n</task-notification>\n"
            f"Full transcript available at: {tmp_tasks(self.cwd)}/{self.id}/tasks/{aid}.output"
        )
        self._notify(text)

    def bash_done(self, task_id: str, *, status: str = "completed", code: int = 0, after: float = 5.0) -> None:
        tool = self.pending_bg.pop(task_id)
        self._advance(after)
        out_file = f"{tmp_tasks(self.cwd)}/{self.id}/tasks/{task_id}.output"
        desc = tool.input.get("description", tool.input["command"])
        summary = (
            f'Background command "{desc}" completed (exit code {code})'
            if status == "completed"
            else f'Background command "{desc}" failed with exit code {code}'
        )
        text = (
            f"<task-notification>\n<task-id>{task_id}</task-id>\n<tool-use-id>{tool.id}</tool-use-id>\n"
            f"<output-file>{out_file}</output-file>\n<status>{status}</status>\n<summary>{summary}</summary>\n"
            f"</task-notification>\nRead the output file to retrieve the result: {out_file}"
        )
        self._notify(text)

    def _notify(self, text: str) -> None:
        for op in ("enqueue", "dequeue"):
            line: dict[str, Any] = {
                "type": "queue-operation",
                "operation": op,
                "timestamp": iso(self.t),
                "sessionId": self.id,
            }
            if op == "enqueue":
                line["content"] = text
            self.lines.append(line)
            self._advance(0.3)
        self._push(self._envelope("user") | {"message": {"role": "user", "content": text}})

    # -- ground truth -----------------------------------------------------------------------------------------
    def outcome(self, outcome: str, why: str) -> None:
        assert outcome in ("success", "failed", "unknown")
        self.truth.outcome, self.truth.why = outcome, why

    def hit(self, problem: str, *, fixed: bool = False) -> None:
        self.truth.problems.append(problem)
        if fixed:
            self.truth.fixes.append(problem)

    def second_fix(self, problem: str) -> None:
        """This session resolves an already-fixed problem a second time, differently."""
        self.truth.second_fixes.append(problem)

    def one_off(self, description: str) -> None:
        self.truth.one_offs.append(description)

    def not_person(self, text: str, where: str) -> None:
        """Rule-like text in this session that the person did not say (checked on disk by the validator)."""
        assert where in ("assistant_text", "tool_output", "pasted_log", "subagent_prompt", "compaction_summary")
        assert text in self.text_blob() or json.dumps(text, ensure_ascii=False)[1:-1] in self.text_blob(), text
        self.truth.not_person.append((text, where))

    # -- output -----------------------------------------------------------------------------------------------
    def jsonl(self) -> str:
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.lines)

    def text_blob(self) -> str:
        return json.dumps(self.lines, ensure_ascii=False)


_SENT = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text) if s.strip()]
