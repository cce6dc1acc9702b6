"""A fake `~/.claude` with real-format Claude Code transcripts (v2.x JSONL), for the import tests and bench/import.py.

Two projects (their working directories are real folders, with CLAUDE.md / AGENTS.md), the learning corpus'
`shop` sessions (subagents beside their parents), a compacted session, a session still being written, a line
that is not JSON, and a secret the person pasted.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import time
from pathlib import Path
from typing import Any

import orjson

from tests.transcript_lines import Transcript, pytest_failure

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "bench" / "learning_corpus" / "sessions"
CORPUS_CWD = "/home/dev/src/shop"
SECRET = "ghp_" + "Q" * 12 + "7" * 12 + "z" * 12  # a GitHub token's shape: redacted everywhere
PAST = time.time() - 30 * 24 * 3600  # every finished transcript was last written a month ago
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def slug_of(cwd: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", cwd)


def session_id(n: int) -> str:
    return f"7a1e0000-0000-4000-8000-{n:012d}"


def at_time(lines: list[dict[str, Any]], start: dt.datetime, cwd: str) -> list[dict[str, Any]]:
    """The lines one minute apart from `start`, in `cwd` (transcript_lines writes one fixed day)."""
    for i, line in enumerate(lines):
        if "timestamp" in line:
            line["timestamp"] = (start + dt.timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        if "cwd" in line:
            line["cwd"] = cwd
    return lines


def write_transcript(
    path: Path, lines: list[dict[str, Any]], *, extra: bytes = b"", mtime: float | None = PAST
) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = b"".join(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE) for line in lines)
    path.write_bytes(body + extra)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


class FakeClaudeHome:
    """Builds `<root>/.claude` and the projects' folders under `<root>/src`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.claude = root / ".claude"
        self.api = root / "src" / "api"  # project 2's working directory (exists: its CLAUDE.md is read)
        self.api.mkdir(parents=True)
        self.projects = self.claude / "projects"

    def transcript_path(self, cwd: str, session: str) -> Path:
        return self.projects / slug_of(cwd) / f"{session}.jsonl"

    def corpus(self, limit: int | None = None, *, copies: int = 1) -> list[Path]:
        """The learning corpus' sessions (and their subagents) under the shop project, each copy with new
        session ids (so `copies` > 1 makes more sessions of the same shape)."""
        written: list[Path] = []
        mains = sorted(CORPUS.glob("*.jsonl"))[:limit]
        for copy in range(copies):
            for main in mains:
                files = [main, *sorted((CORPUS / main.stem / "subagents").glob("agent-*.jsonl"))]
                for source in files:
                    data = source.read_bytes()
                    relative = source.relative_to(CORPUS).as_posix()
                    if copy:
                        data = UUID.sub(lambda m, c=copy: _renamed(m.group(0), c), data)
                        relative = UUID.sub(lambda m, c=copy: _renamed(m.group(0), c), relative.encode()).decode()
                    target = self.projects / slug_of(CORPUS_CWD) / relative
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
                    os.utime(target, (PAST, PAST))
                    written.append(target)
        return written

    def api_sessions(self) -> dict[str, Path]:
        """Project 2: a failing session, a compacted one, one with a malformed line and a secret, and one still
        being written. Returns them by name."""
        cwd = str(self.api)
        day = dt.datetime(2026, 10, 5, 9, 0, tzinfo=dt.UTC)
        out: dict[str, Path] = {}

        t = Transcript(session_id(1))
        t.user("the order sync fails, can you look? Always run `make check` before you commit in this repo")
        t.bash("pytest tests/test_sync.py", pytest_failure("test_sync", "KeyError: 'sku'", "api/sync.py:40"), 1)
        t.say("The sync reads `sku` from a payload that no longer has it.")
        t.user("leave it for now, it still fails")
        out["failing"] = write_transcript(self.transcript_path(cwd, session_id(1)), at_time(t.lines, day, cwd))

        t = Transcript(session_id(2))
        t.user("please rename the helper in api/util.py")
        t.say("Renamed it.")
        t.raw(
            {
                "type": "summary",
                "summary": "Renamed a helper",
                "leafUuid": t.lines[-1]["uuid"],
                "uuid": "u-compaction-boundary",
            }
        )
        t.user(
            "This session is being continued from a previous conversation that ran out of context. "
            "Summary: the user said: never use yarn in this repo.",
            isCompactSummary=True,
            isVisibleInTranscriptOnly=True,
        )
        t.user("rule: always use pnpm for the frontend, never npm")
        t.bash("pnpm test", "All 12 tests passed")
        t.user("great, thanks")
        out["compacted"] = write_transcript(
            self.transcript_path(cwd, session_id(2)), at_time(t.lines, day + dt.timedelta(days=1), cwd)
        )

        t = Transcript(session_id(3))
        t.user(f"deploy with this token {SECRET} and  - always rotate tokens after a deploy")
        t.bash("make deploy", "deployed")
        t.user("perfect, done <private>my salary is 99k</private>")
        lines = at_time(t.lines, day + dt.timedelta(days=2), cwd)
        body = b"".join(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE) for line in lines[:2])
        body += b'{"type": "user", "message": {"role": "user", "content": "torn\n'  # not JSON: skipped, reported
        body += b"".join(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE) for line in lines[2:])
        path = self.transcript_path(cwd, session_id(3))
        path.write_bytes(body)
        os.utime(path, (PAST, PAST))
        out["secret"] = path

        t = Transcript(session_id(4))
        t.user("add a healthcheck endpoint")
        t.say("Working on it.")
        out["running"] = write_transcript(
            self.transcript_path(cwd, session_id(4)), at_time(t.lines, day + dt.timedelta(days=3), cwd), mtime=None
        )  # written just now: a session still running
        return out

    def instructions(self) -> dict[str, Path]:
        """The user's CLAUDE.md, project 2's CLAUDE.md and AGENTS.md, and Claude Code's auto memory of it."""
        files = {
            "user": self.claude / "CLAUDE.md",
            "project": self.api / "CLAUDE.md",
            "agents": self.api / "AGENTS.md",
            "memory": self.projects / slug_of(str(self.api)) / "memory" / "MEMORY.md",
        }
        files["user"].write_text(
            "# My preferences\n\n- Answer in English, even when I write German\n- Prefer small, reviewable commits\n"
            f"- Deploy keys: use {SECRET} for the bot\n<private>\n- My bank is Example Bank\n\n- PIN hint: birthday\n"
            "</private>\n"
            "\n```bash\nrm -rf never-taken-from-a-code-block\n```\n",
            encoding="utf-8",
        )
        files["project"].write_text(
            "# api\n\n@docs/architecture.md\n\n## Conventions\n- Always run `make check` before you commit in this "
            "repo\n- Use httpx, never requests, for outgoing calls\n<!-- a comment, not an instruction -->\n",
            encoding="utf-8",
        )
        files["agents"].write_text(
            "# AGENTS.md\n\nDatabase migrations live in migrations/ and are\nwritten by hand, never autogenerated.\n",
            encoding="utf-8",
        )
        files["memory"].parent.mkdir(parents=True, exist_ok=True)
        files["memory"].write_text(
            "# Memory index\n\n- [debugging.md](debugging.md) - notes on debugging\n"
            "- The staging database is reset every Monday at 06:00 UTC\n",
            encoding="utf-8",
        )
        return files


def _renamed(uuid: bytes, copy: int) -> bytes:
    return uuid[:-4] + f"{copy:04x}".encode()


def codex_rollout(codex: Path, session: str, cwd: str, start: dt.datetime, items: list[dict[str, Any]]) -> Path:
    """A Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`): `session_meta`, the
    `turn_context`, Codex's environment message, then `items` (response item payloads), one second apart."""
    stamp = start.strftime("%Y-%m-%dT%H-%M-%S")
    path = codex / "sessions" / start.strftime("%Y/%m/%d") / f"rollout-{stamp}-{session}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)

    def at(i: int) -> str:
        return (start + dt.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")

    meta = {"id": session, "timestamp": at(0), "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.58.0"}
    lines: list[dict[str, Any]] = [
        {"timestamp": at(0), "type": "session_meta", "payload": meta},
        {"timestamp": at(0), "type": "turn_context", "payload": {"cwd": cwd, "model": "gpt-5-codex"}},
        {
            "timestamp": at(0),
            "type": "response_item",
            "payload": {
                "type": "message",
                "role": "user",
                "content": [
                    {"type": "input_text", "text": f"<environment_context>\n  <cwd>{cwd}</cwd>\n</environment_context>"}
                ],
            },
        },
    ]
    for i, payload in enumerate(items, 1):
        lines.append({"timestamp": at(i), "type": "response_item", "payload": payload})
        if payload.get("type") == "message" and payload.get("role") == "user":  # Codex repeats what was typed
            text = payload["content"][0]["text"]
            lines.append(
                {"timestamp": at(i), "type": "event_msg", "payload": {"type": "user_message", "message": text}}
            )
    return write_transcript(path, lines)


def said(role: str, text: str) -> dict[str, Any]:
    kind = "input_text" if role == "user" else "output_text"
    return {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}


def shell(call_id: str, command: str, output: str, code: int) -> list[dict[str, Any]]:
    arguments = orjson.dumps({"command": ["bash", "-lc", command], "workdir": "."}).decode()
    result = orjson.dumps({"output": output, "metadata": {"exit_code": code, "duration_seconds": 1.2}}).decode()
    return [
        {"type": "function_call", "name": "shell", "arguments": arguments, "call_id": call_id},
        {"type": "function_call_output", "call_id": call_id, "output": result},
    ]


def patch(call_id: str, path: str) -> list[dict[str, Any]]:
    text = (
        f"*** Begin Patch\n*** Update File: {path}\n@@\n-    return a / b\n+    return a / b if b else 0\n*** End Patch"
    )
    return [
        {"type": "custom_tool_call", "name": "apply_patch", "input": text, "call_id": call_id},
        {"type": "custom_tool_call_output", "call_id": call_id, "output": "Exit code: 0\nSuccess. Updated: M " + path},
    ]
