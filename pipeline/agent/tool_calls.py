"""A tool call of a Claude Code transcript, read into what learning needs: files, the command, the change
made, todos and tasks.

- Edit/MultiEdit/Write/NotebookEdit: the file, and the lines the call added (what a fix changed, kept short
  and scrubbed, for a skill's steps); an Edit also a digest of the text it replaced and the text it put in, so
  an edit that puts back what an earlier one changed is seen as an undo. Bash: the command and its description.
  Agent/Task: the subagent's task.
- Todos: TodoWrite carries the whole list each time (the last one wins); TaskCreate/TaskUpdate (the default
  since ~2.1.150) create tasks whose ids arrive in the result ("Task #3 created successfully: …") and change
  their status later. `TaskList` folds both into the work left open at the end.
Pure.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from pipeline.scrub import scrub

EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
MAX_CHANGE_LINES = 8
MAX_CHANGE_CHARS = 160
_TASK_CREATED = re.compile(r"Task #(\w+) created")
_TRIVIAL = re.compile(r'^(?:#|//|/\*|\*|"""|\'\'\'|import\s|from\s\S+\simport\s|[)\]}]+,?$|pass$|else:$|try:$)')


@dataclass(frozen=True, slots=True)
class ToolCall:
    id: str
    name: str
    files: tuple[str, ...] = ()
    todos: tuple[tuple[str, str], ...] = ()  # (status, content) from TodoWrite
    command: str = ""  # Bash
    description: str = ""
    changes: tuple[str, ...] = ()  # lines an edit added (significant ones first)
    background: bool = False
    task: str = ""  # Agent/Task: the subagent's description; TaskCreate: the subject
    skill: str = ""  # the skill this call opened: Skill's `skill`, or the folder of a SKILL.md it read
    # an Edit's (text replaced, text put in), digested: an edit that swaps them puts back what an earlier one changed
    swap: tuple[str, str] | None = None

    @property
    def edits(self) -> bool:
        return self.name in EDIT_TOOLS


def read_tool_call(call_id: str, name: str, raw_input: Any, emails: bool) -> ToolCall:
    args = raw_input if isinstance(raw_input, dict) else {}

    def text(key: str, limit: int = 2000) -> str:
        value = args.get(key)
        return scrub(value, emails=emails).strip()[:limit] if isinstance(value, str) else ""

    files: tuple[str, ...] = ()
    changes: tuple[str, ...] = ()
    if name in EDIT_TOOLS:
        path = text("file_path") or text("notebook_path")
        files = (path,) if path else ()
        changes = _changes(name, args, emails)
    todos: tuple[tuple[str, str], ...] = ()
    if name == "TodoWrite" and isinstance(args.get("todos"), list):
        todos = tuple(
            (str(item.get("status", "")), scrub(str(item.get("content", "")), emails=emails).strip()[:300])
            for item in args["todos"]
            if isinstance(item, dict) and item.get("content")
        )
    task = text("description", 300) if name in ("Agent", "Task") else text("subject", 300)
    skill = ""
    if name == "Skill":
        skill = text("skill", 200).split(":")[-1]  # a plugin's skill is `plugin:name`
    elif name == "Read" and (read := text("file_path")).replace("\\", "/").endswith("/SKILL.md"):
        skill = read.replace("\\", "/").split("/")[-2]
    swap: tuple[str, str] | None = None
    if name == "Edit" and isinstance(args.get("old_string"), str) and isinstance(args.get("new_string"), str):
        swap = (_digest(args["old_string"]), _digest(args["new_string"]))
    return ToolCall(
        id=call_id,
        name=name,
        files=files,
        todos=todos,
        command=text("command") if name == "Bash" else "",
        description=text("description", 300) if name == "Bash" else "",
        changes=changes,
        background=bool(args.get("run_in_background")),
        task=task,
        skill=skill,
        swap=swap,
    )


def _digest(text: str) -> str:
    return hashlib.blake2b(" ".join(text.split()).encode(), digest_size=8).hexdigest()


def _changes(name: str, args: dict[str, Any], emails: bool) -> tuple[str, ...]:
    """The lines an edit added: new lines not in the old text, significant ones (code, not imports or
    comments) first, at most MAX_CHANGE_LINES."""
    pairs: list[tuple[str, str]] = []
    if name == "Edit":
        pairs.append((str(args.get("old_string") or ""), str(args.get("new_string") or "")))
    elif name == "MultiEdit" and isinstance(args.get("edits"), list):
        pairs += [
            (str(e.get("old_string") or ""), str(e.get("new_string") or ""))
            for e in args["edits"]
            if isinstance(e, dict)
        ]
    elif name == "Write":
        pairs.append(("", str(args.get("content") or "")))
    elif name == "NotebookEdit":
        pairs.append(("", str(args.get("new_source") or "")))
    added: list[str] = []
    for old, new in pairs:
        before = {line.strip() for line in old.splitlines()}
        added += [line.strip() for line in new.splitlines() if line.strip() and line.strip() not in before]
    significant = [line for line in added if not _TRIVIAL.match(line)]
    lines = significant[:MAX_CHANGE_LINES] or added[:2]
    return tuple(scrub(line, emails=emails)[:MAX_CHANGE_CHARS] for line in dict.fromkeys(lines))


@dataclass
class TaskList:
    """Folds TodoWrite lists and TaskCreate/TaskUpdate calls into the work left open."""

    todo_list: tuple[tuple[str, str], ...] = ()
    tasks: dict[str, list[str]] = field(default_factory=dict)  # id -> [status, subject]
    pending_subjects: dict[str, str] = field(default_factory=dict)  # TaskCreate call id -> subject
    updates: dict[str, str] = field(default_factory=dict)  # TaskUpdate call id -> "id\0status"

    def note_call(self, call: ToolCall, raw_input: Any) -> None:
        if call.name == "TodoWrite" and call.todos:
            self.todo_list = call.todos
        elif call.name == "TaskCreate" and call.task:
            self.pending_subjects[call.id] = call.task
        elif call.name == "TaskUpdate" and isinstance(raw_input, dict):
            task_id, status = str(raw_input.get("taskId") or ""), str(raw_input.get("status") or "")
            if task_id and status:
                self.updates[call.id] = f"{task_id}\0{status}"

    def note_result(self, call: ToolCall, text: str, raw_result: Any) -> None:
        """A TaskCreate result names the new task's id; a TaskUpdate result confirms a status change."""
        if call.name == "TaskCreate" and call.id in self.pending_subjects:
            task_id = ""
            if isinstance(raw_result, dict) and isinstance(raw_result.get("task"), dict):
                task_id = str(raw_result["task"].get("id") or "")
            if not task_id and (match := _TASK_CREATED.search(text)):
                task_id = match.group(1)
            self.tasks[task_id or call.id] = ["pending", self.pending_subjects.pop(call.id)]
        elif call.name == "TaskUpdate" and call.id in self.updates:
            task_id, status = self.updates.pop(call.id).split("\0")
            if task_id in self.tasks and status:
                self.tasks[task_id][0] = status

    def open_items(self) -> tuple[tuple[str, str], ...]:
        items = [(status, content) for status, content in self.todo_list if status != "completed"]
        items += [
            (status, subject) for status, subject in self.tasks.values() if status not in ("completed", "deleted")
        ]
        return tuple(items)
