"""Claude Code hook payloads as documented in its hooks reference (https://code.claude.com/docs/en/hooks,
"Hook input"), and helpers that run a hook command the way Claude Code does: JSON on stdin, a fresh
process, stdout and the exit code read back."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from daemon.client.hooks.install import ENTRY_SCRIPT
from tests.conftest import REPO

SESSION = "3f2b8c1e-7d4a-4e9b-a1c2-5d6e7f8a9b0c"
CWD = "/home/dev/src/acme-api"
SAMPLE_TRANSCRIPT = REPO / "tests" / "data" / "transcript_sample.jsonl"


def common(event: str, *, session: str = SESSION, cwd: str = CWD, transcript: str | None = None) -> dict[str, Any]:
    return {
        "session_id": session,
        "transcript_path": transcript or f"/home/dev/.claude/projects/-home-dev-src-acme-api/{session}.jsonl",
        "cwd": cwd,
        "permission_mode": "default",
        "hook_event_name": event,
    }


def session_start(source: str = "startup", **kw: Any) -> dict[str, Any]:
    return {**common("SessionStart", **kw), "source": source}


def user_prompt(prompt: str, **kw: Any) -> dict[str, Any]:
    return {**common("UserPromptSubmit", **kw), "prompt": prompt}


def edit(file_path: str, **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUse", **kw),
        "tool_name": "Edit",
        "tool_input": {"file_path": file_path, "old_string": "a = 1", "new_string": "a = 2", "replace_all": False},
        "tool_response": {
            "filePath": file_path,
            "oldString": "a = 1",
            "newString": "a = 2",
            "originalFile": "a = 1\n",
            "structuredPatch": [
                {"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-a = 1", "+a = 2"]}
            ],
            "userModified": False,
            "replaceAll": False,
        },
        "tool_use_id": "toolu_01EditEditEditEditEdit",
    }


def write(file_path: str, content: str = "x\n", **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUse", **kw),
        "tool_name": "Write",
        "tool_input": {"file_path": file_path, "content": content},
        "tool_response": {"type": "create", "filePath": file_path, "content": content, "structuredPatch": []},
        "tool_use_id": "toolu_01WriteWriteWriteWrite",
    }


def notebook_edit(notebook_path: str, **kw: Any) -> dict[str, Any]:
    """NotebookEdit names its file `notebook_path` (agent SDK reference, NotebookEditInput)."""
    return {
        **common("PostToolUse", **kw),
        "tool_name": "NotebookEdit",
        "tool_input": {"notebook_path": notebook_path, "cell_id": "c1", "new_source": "x = 1", "edit_mode": "replace"},
        "tool_response": {"new_source": "x = 1", "cell_id": "c1", "cell_type": "code", "edit_mode": "replace"},
        "tool_use_id": "toolu_01NotebookNotebookNote",
    }


def bash(command: str, **kw: Any) -> dict[str, Any]:
    return {
        **common("PostToolUse", **kw),
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "run it"},
        "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False, "isImage": False},
        "tool_use_id": "toolu_01BashBashBashBashBash",
    }


def pre_compact(trigger: str = "auto", custom_instructions: str = "", **kw: Any) -> dict[str, Any]:
    return {**common("PreCompact", **kw), "trigger": trigger, "custom_instructions": custom_instructions}


def session_end(reason: str = "prompt_input_exit", **kw: Any) -> dict[str, Any]:
    return {**common("SessionEnd", **kw), "reason": reason}


def stop(**kw: Any) -> dict[str, Any]:
    return {**common("Stop", **kw), "stop_hook_active": False}


@dataclass(frozen=True)
class HookRun:
    code: int
    stdout: str
    stderr: str
    seconds: float

    def context(self) -> str:
        """The additionalContext Claude Code would add, checking the documented output shape on the way."""
        out = orjson.loads(self.stdout)
        assert set(out) == {"hookSpecificOutput"}
        specific = out["hookSpecificOutput"]
        assert set(specific) == {"hookEventName", "additionalContext"}
        return str(specific["additionalContext"])


# The command `memoryd hooks install` writes (this interpreter without `site`, on the hook's entry script), and
# the `memoryd` console script's equivalent, which settings written by an older memoryd still run.
INSTALLED = (sys.executable, "-S", str(ENTRY_SCRIPT))
CONSOLE = (sys.executable, "-m", "daemon")


def run_hook(
    home: Path,
    socket: Path,
    event: str,
    payload: dict[str, Any],
    *,
    env: dict[str, str] | None = None,
    command: tuple[str, ...] = INSTALLED,
) -> HookRun:
    """`COMMAND --socket S hook EVENT` with the payload on stdin, timed from spawn to exit."""
    environment = dict(env or os.environ)
    environment["MEMORYD_HOME"] = str(home)
    started = time.monotonic()
    proc = subprocess.run(
        [*command, "--socket", str(socket), "hook", event],
        input=orjson.dumps(payload),
        capture_output=True,
        env=environment,
        cwd=REPO,
        timeout=30,
    )
    elapsed = time.monotonic() - started
    return HookRun(proc.returncode, proc.stdout.decode(), proc.stderr.decode(), elapsed)


def hook_log(home: Path) -> list[dict[str, Any]]:
    path = home / "logs" / "hooks.log"
    return [orjson.loads(line) for line in path.read_bytes().splitlines()] if path.exists() else []
