"""A Codex CLI session (a "rollout", `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`) rewritten as Claude
Code transcript lines, so it takes the same reading (`transcript.py`) and the same learning as any session.

Format (reverse-engineered, no official schema; Codex CLI 0.4x-0.6x): one JSON object per line, `{"timestamp",
"type", "payload"}`. `session_meta` (payload `id`, `cwd`, `cli_version`) comes first; `turn_context` may move the
`cwd`; `response_item` carries `message` (role `user`, `assistant`, `developer`/`system`, content a list of
`input_text` / `output_text` blocks), `function_call` (`name`, `arguments` as a JSON string, `call_id`),
`function_call_output` (`call_id`, `output`: a JSON string `{"output", "metadata": {"exit_code"}}` in older
versions, text beginning `Process exited with code N` or `Exit code: N` in newer ones) and `reasoning`
(encrypted: ignored). `event_msg` lines repeat what the response items say (ignored).

Mapping: the shell tools (`shell`, `exec_command`, `local_shell_call`, `container.exec`) become `Bash` (the command
joined), `apply_patch` becomes one `Edit` per file the patch names, anything else keeps its name; a failed
command's result says `Exit code N` first, as Claude Code's does. Codex's own context messages (the environment,
AGENTS.md instructions it injects) are harness text, never the person's words.

Invariant: a line that is not JSON is kept as it is (the reader skips and counts it); pure.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson

from pipeline.agent.claude_home import HEAD_BYTES, TranscriptFile

SHELL_TOOLS = ("shell", "exec_command", "local_shell_call", "container.exec", "shell_command")
_HARNESS_PREFIXES = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<user_shell_command>")
_EXITED = re.compile(r"^(?:Process exited with code|Exit code:?)\s*(-?\d+)", re.MULTILINE)
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+?)\s*$", re.MULTILINE)


def rollout_meta(head: bytes) -> tuple[str, str, str]:
    """(session id, cwd, first timestamp) from a rollout's first lines."""
    for raw in head.split(b"\n")[:50]:
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:
            continue
        if isinstance(line, dict) and line.get("type") == "session_meta" and isinstance(line.get("payload"), dict):
            payload = line["payload"]
            stamp = _text(payload.get("timestamp")) or _text(line.get("timestamp"))
            return _text(payload.get("id")), _text(payload.get("cwd")), stamp
    return "", "", ""


def to_claude_lines(data: bytes) -> bytes:
    """The rollout as Claude Code JSONL lines (see the module docstring)."""
    state = {"session": "", "cwd": "", "version": ""}
    names: dict[str, str] = {}  # call_id -> the Claude tool name it became
    out: list[bytes] = []
    for number, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:
            out.append(raw)  # the reader counts it as malformed
            continue
        if not isinstance(line, dict) or not isinstance(line.get("payload"), dict):
            continue
        payload, stamp = line["payload"], _text(line.get("timestamp"))
        kind = line.get("type")
        if kind == "session_meta":
            state["session"] = _text(payload.get("id")) or state["session"]
            state["cwd"] = _text(payload.get("cwd")) or state["cwd"]
            state["version"] = "codex-" + _text(payload.get("cli_version"))
        elif kind == "turn_context":
            state["cwd"] = _text(payload.get("cwd")) or state["cwd"]
        elif kind == "response_item":
            for role, content in _converted(payload, names):
                message = {"role": role, "content": content}
                out.append(
                    orjson.dumps(
                        {
                            "type": role,
                            "uuid": f"codex-{number}",
                            "sessionId": state["session"],
                            "cwd": state["cwd"],
                            "version": state["version"],
                            "timestamp": stamp,
                            "isSidechain": False,
                            "message": message,
                        }
                    )
                )
    return b"\n".join(out) + (b"\n" if out else b"")


def _converted(payload: dict[str, Any], names: dict[str, str]) -> list[tuple[str, Any]]:
    kind = payload.get("type")
    if kind == "message":
        role = payload.get("role")
        texts = [
            b["text"]
            for b in payload.get("content") or []
            if isinstance(b, dict) and isinstance(b.get("text"), str) and b["text"].strip()
        ]
        if role == "user":
            said = [t for t in texts if not t.lstrip().startswith(_HARNESS_PREFIXES)]
            return [("user", [{"type": "text", "text": t} for t in said])] if said else []
        if role == "assistant" and texts:
            return [("assistant", [{"type": "text", "text": t} for t in texts])]
        return []
    if kind in ("function_call", "custom_tool_call", "local_shell_call"):
        call_id = _text(payload.get("call_id")) or _text(payload.get("id"))
        name, args = _tool(payload)
        names[call_id] = name
        if name == "Edit" and args.get("files"):
            blocks = [
                {"type": "tool_use", "id": f"{call_id}#{i}", "name": "Edit", "input": {"file_path": f}}
                for i, f in enumerate(args["files"])
            ]
            names.update({f"{call_id}#{i}": "Edit" for i in range(len(blocks))})
            return [("assistant", blocks)]
        return [("assistant", [{"type": "tool_use", "id": call_id, "name": name, "input": args}])]
    if kind in ("function_call_output", "custom_tool_call_output"):
        call_id = _text(payload.get("call_id"))
        text, code = _output(payload.get("output"))
        failed = code not in (None, 0)
        body = f"Exit code {code}\n{text}" if failed else text
        ids = [i for i in names if i == call_id or i.startswith(call_id + "#")] or [call_id]
        return [("user", [{"type": "tool_result", "tool_use_id": i, "content": body, "is_error": failed} for i in ids])]
    return []


def _tool(payload: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    name = _text(payload.get("name")) or ("local_shell_call" if payload.get("type") == "local_shell_call" else "")
    raw = payload.get("arguments", payload.get("input", payload.get("action")))
    args: Any = raw
    if isinstance(raw, str):
        try:
            args = orjson.loads(raw)
        except orjson.JSONDecodeError:
            args = {"input": raw}
    if not isinstance(args, dict):
        args = {}
    if name in SHELL_TOOLS:
        command = args.get("command", args.get("cmd"))
        if isinstance(command, list):
            parts = [str(p) for p in command]
            command = parts[-1] if len(parts) >= 3 and parts[1] in ("-lc", "-c") else " ".join(parts)
        return "Bash", {"command": str(command or ""), "description": ""}
    if name == "apply_patch":
        patch = str(args.get("input") or args.get("patch") or "")
        return "Edit", {"files": _PATCH_FILE.findall(patch)}
    return name or "tool", args


def _output(raw: Any) -> tuple[str, int | None]:
    """(text, exit code) of a tool's output in any of the shapes Codex wrote."""
    if isinstance(raw, dict):
        raw = raw.get("content") or raw.get("output") or ""
    text = raw if isinstance(raw, str) else ""
    if text.startswith("{"):
        try:
            parsed = orjson.loads(text)
        except orjson.JSONDecodeError:
            parsed = None
        if isinstance(parsed, dict) and "output" in parsed:
            meta = parsed.get("metadata") if isinstance(parsed.get("metadata"), dict) else {}
            code = meta.get("exit_code") if isinstance(meta, dict) else None
            return str(parsed.get("output") or ""), code if isinstance(code, int) else None
    match = _EXITED.search(text[:500])
    return text, int(match.group(1)) if match else None


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def find_rollouts(codex_dir: Path) -> list[TranscriptFile]:
    """Every rollout under `codex_dir/sessions/` (any depth: the date folders changed over versions). Blocking."""
    root = codex_dir / "sessions"
    if not root.is_dir():
        return []
    return [item for path in sorted(root.rglob("*.jsonl")) if (item := describe_rollout(path)) is not None]


def describe_rollout(path: Path) -> TranscriptFile | None:
    """What a rollout's first lines say (None when it is no regular file or cannot be read). Blocking."""
    try:
        if not path.is_file() or path.is_symlink():
            return None
        stat = path.stat()
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            handle.seek(max(stat.st_size - 1, 0))
            complete = not stat.st_size or handle.read(1) == b"\n"
    except OSError:
        return None
    session, cwd, started = rollout_meta(head)
    return TranscriptFile(
        path=path,
        size=stat.st_size,
        mtime=stat.st_mtime,
        session_id=session or path.stem,
        agent_id="",
        cwd=cwd,
        started=started,
        complete_tail=complete,
    )
