"""Fixtures of the end-to-end tests: the pinned Claude Code CLI, and a workspace as a person sets it up (a HOME
of its own, a project folder, a memory home, the real daemon, `memoryd hooks install`, `claude mcp add`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MODEL_CACHE, REPO, Daemon
from tests.e2e.claude_cli import CLI, Run, ensure_cli, offline_env, run_claude, run_turns
from tests.e2e.messages_api import ScriptedModel, Turn

# Tools the scripted sessions use, allowed as a person would allow them (Edit/Write through acceptEdits).
ALLOW = ["Bash", "Read", "Edit", "Write", "mcp__memoryd"]


@pytest.fixture(scope="session")
def claude() -> CLI:
    found = ensure_cli()
    if isinstance(found, str):
        if os.environ.get("MEMORYD_E2E_REQUIRED") == "1":
            pytest.fail(f"MEMORYD_E2E_REQUIRED=1 but the real Claude Code CLI is not available: {found}")
        pytest.skip(f"end-to-end tests with the real Claude Code CLI skipped: {found}")
    return found


class Workspace:
    """HOME, project, memory home and daemon of one test; `session()` runs one `claude -p` in the project."""

    def __init__(self, cli: CLI, tmp: Path, memory_home: Path, daemon: Daemon, socket_path: Path) -> None:
        self.cli = cli
        self.home = tmp / "user"
        self.project = tmp / "src" / "acme-api"  # a folder named like the project: its rules apply here
        self.memory_home = memory_home
        self.daemon = daemon
        self.socket = socket_path
        self.memoryd = Path(sys.executable).parent / "memoryd"
        (self.home / ".claude").mkdir(parents=True)
        self.project.mkdir(parents=True)
        self.settings_path = self.home / ".claude" / "settings.json"
        self.config: dict[str, dict[str, str | int | bool]] = {}
        self.configure("daemon", socket=str(socket_path))
        self.configure("inbox", poll_ms=50, stable_ms=150)

    def configure(self, section: str, **values: str | int | bool) -> None:
        """Set keys of the memory home's config.toml (read by the daemon, the hooks and the MCP server)."""
        self.config.setdefault(section, {}).update(values)
        lines = []
        for name, keys in self.config.items():
            lines.append(f"[{name}]")
            lines.extend(f"{key} = {json.dumps(value)}" for key, value in keys.items())
            lines.append("")
        (self.memory_home / "config.toml").write_text("\n".join(lines), encoding="utf-8")

    def memoryd_env(self) -> dict[str, str]:
        return {**os.environ, "MEMORYD_HOME": str(self.memory_home), "HOME": str(self.home)}

    def install(self, *, hooks: bool = True, mcp: bool = True) -> None:
        """What a person does: settings with their permissions, `memoryd hooks install`, `claude mcp add`."""
        self.settings_path.write_text(json.dumps({"permissions": {"allow": ALLOW}}, indent=2) + "\n")
        if hooks:
            done = subprocess.run(
                [str(self.memoryd), "hooks", "install"],  # into $HOME/.claude/settings.json, as README says
                env=self.memoryd_env(),
                capture_output=True,
                text=True,
                timeout=60,
                cwd=REPO,
            )
            assert done.returncode == 0, done.stderr
        if mcp:
            args = [
                "mcp",
                "add",
                "memoryd",
                "--scope",
                "user",
                "-e",
                f"MEMORYD_HOME={self.memory_home}",
                "--",
                str(self.memoryd),
                "mcp",
            ]
            done = subprocess.run(
                [str(self.cli.path), *args],
                env=offline_env(self.home, "http://127.0.0.1:9"),
                capture_output=True,
                text=True,
                timeout=60,
                cwd=self.project,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 0, done.stdout + done.stderr

    def session(
        self,
        prompts: str | list[str],
        script: list[Turn],
        *,
        args: tuple[str, ...] = (),
        cwd: Path | None = None,
        summary: str = "The person asked about the project; the work is in progress.",
        crash_after: int | None = None,
        wait_for_mcp: bool = False,
        input_tokens: int | None = None,
        timeout: float = 90.0,
    ) -> tuple[Run, ScriptedModel]:
        """One Claude Code session in print mode: one prompt, or several typed one after the other.

        `wait_for_mcp`: Claude Code connects MCP servers in the background, and a server slower than its first
        request (memoryd's takes 0.6 s idle, 2 s on a loaded machine: the mcp SDK's imports) joins from the
        second request on; `MCP_CONNECTION_NONBLOCKING=false` makes the first request wait for it, so a
        script that calls memoryd's tools at once can rely on them."""
        flags = ["--permission-mode", "acceptEdits", "--include-hook-events", *args]
        where = cwd or self.project
        with ScriptedModel(script, summary=summary, input_tokens=input_tokens) as model:
            env = offline_env(self.home, model.url)
            if wait_for_mcp:
                env["MCP_CONNECTION_NONBLOCKING"] = "false"
            if isinstance(prompts, str):
                run = run_claude(self.cli, ["-p", prompts, *flags], cwd=where, env=env, timeout=timeout)
            else:
                run = run_turns(self.cli, prompts, flags, cwd=where, env=env, timeout=timeout, crash_after=crash_after)
        return run, model

    def hook_log(self) -> list[dict[str, Any]]:
        path = self.memory_home / "logs" / "hooks.log"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture
def workspace(claude: CLI, tmp_path: Path, memory_home: Path) -> Iterator[Workspace]:
    sock_dir = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-e2e-")  # AF_UNIX paths are short
    socket_path = Path(sock_dir.name) / "d.sock"
    env = {
        **os.environ,
        "MEMORYD_HOME": str(memory_home),
        "MEMORYD_MODEL_DIR": str(MODEL_CACHE),
        "MEMORYD_LOG_FORMAT": "json",
        "MEMORYD_EMBEDDING": "off",
    }
    daemon = Daemon(memory_home, socket_path, tmp_path / "daemon.log", env)
    space = Workspace(claude, tmp_path, memory_home, daemon, socket_path)
    try:
        yield space
    finally:
        if daemon.proc is not None:
            code = daemon.stop()
            assert code == 0, f"daemon exited {code} on SIGTERM:\n{daemon.log()}"
        sock_dir.cleanup()
