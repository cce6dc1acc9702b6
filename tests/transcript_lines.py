"""Build Claude Code transcript lines (v2.x JSONL) for tests, in the shapes the format notes describe."""

from __future__ import annotations

import itertools
from typing import Any

import orjson

SESSION = "5b0e1c2d-0000-4000-8000-000000000001"
CWD = "/home/dev/src/shop"
_ids = itertools.count(1)


class Transcript:
    """Lines of one transcript; `agent` makes it a subagent's (every line a sidechain with that agentId)."""

    def __init__(self, session: str = SESSION, *, agent: str = "", version: str = "2.1.170", cwd: str = CWD) -> None:
        self.session, self.agent, self.version, self.cwd = session, agent, version, cwd
        self.lines: list[dict[str, Any]] = []
        self.minute = 0

    def _line(self, kind: str, message: dict[str, Any], **extra: Any) -> dict[str, Any]:
        self.minute += 1
        line = {
            "parentUuid": self.lines[-1]["uuid"] if self.lines else None,
            "isSidechain": bool(self.agent),
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": self.version,
            "gitBranch": "main",
            "type": kind,
            "message": message,
            "uuid": f"u-{next(_ids)}",
            "timestamp": f"2026-09-08T08:{self.minute:02d}:00.000Z",
            **({"agentId": self.agent} if self.agent else {}),
            **extra,
        }
        self.lines.append(line)
        return line

    def user(self, text: str, **extra: Any) -> Transcript:
        self._line("user", {"role": "user", "content": text}, **extra)
        return self

    def blocks(self, *texts: str) -> Transcript:
        self._line("user", {"role": "user", "content": [{"type": "text", "text": t} for t in texts]})
        return self

    def say(self, text: str) -> Transcript:
        self._line("assistant", {"role": "assistant", "content": [{"type": "text", "text": text}]})
        return self

    def tool(
        self, name: str, args: dict[str, Any], result: str, *, is_error: bool | None = None, raw: Any = None
    ) -> Transcript:
        call_id = f"toolu_{next(_ids)}"
        self._line(
            "assistant",
            {"role": "assistant", "content": [{"type": "tool_use", "id": call_id, "name": name, "input": args}]},
        )
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id, "content": result}
        if is_error is not None:
            block["is_error"] = is_error
        extra = {"toolUseResult": raw} if raw is not None else {}
        self._line("user", {"role": "user", "content": [block]}, **extra)
        return self

    def bash(self, command: str, output: str, code: int = 0) -> Transcript:
        text = f"Exit code {code}\n{output}" if code else output
        return self.tool("Bash", {"command": command, "description": "run"}, text, is_error=bool(code))

    def edit(self, path: str, old: str, new: str) -> Transcript:
        """An Edit of `path`, relative to the cwd (with the cwd's separator)."""
        sep = "\\" if "\\" in self.cwd else "/"
        full = self.cwd + sep + path.replace("/", sep)
        args = {"file_path": full, "old_string": old, "new_string": new}
        return self.tool("Edit", args, f"The file {full} has been updated successfully.")

    def raw(self, line: dict[str, Any]) -> Transcript:
        self.lines.append(line)
        return self

    def bytes(self) -> bytes:
        return b"".join(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE) for line in self.lines)


DENIED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)


def pytest_failure(test: str, exc: str, where: str, *, file: str = "tests/integration/test_consumer.py") -> str:
    return (
        f"..F\n\n=================================== FAILURES ===================================\n"
        f"____________________ {test} ____________________\n\n"
        f"{where}: in run\n    await self._consumer.commit()\n"
        f"E   {exc}\n"
        f"=========================== short test summary info ============================\n"
        f"FAILED {file}::{test} - {exc}\n1 failed, 2 passed in 48.31s"
    )
