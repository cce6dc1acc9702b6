"""The real Claude Code CLI for the end-to-end tests: pinned, installed with npm into a cache (never globally),
and run the way a person runs it in print mode, against the scripted model of `messages_api.py`.

`ensure_cli()` returns the binary or the plain reason it cannot be had (no npm, the registry unreachable, a
failed install); the tests skip with that reason, unless `MEMORYD_E2E_REQUIRED=1` (set by `.ci/run`), which
turns it into a failure, so CI cannot pass by skipping them. `MEMORYD_E2E_CLAUDE=/path/to/claude` tests
another build instead of the pinned one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PINNED_VERSION = "2.1.332"  # README, "Use with Claude Code": the tested version
PACKAGE = "@anthropic-ai/claude-code"
INSTALL_TIMEOUT_S = 600.0


def cache_dir() -> Path:
    return Path(os.environ.get("MEMORYD_E2E_CACHE") or Path.home() / ".cache" / "memoryd-e2e")


def pinned_binary(version: str = PINNED_VERSION) -> Path:
    return cache_dir() / f"claude-code-{version}" / "node_modules" / ".bin" / "claude"


@dataclass(frozen=True, slots=True)
class CLI:
    path: Path
    version: str


def ensure_cli(version: str = PINNED_VERSION) -> CLI | str:
    """The CLI to test, installed first when missing; or why there is none (a sentence)."""
    if explicit := os.environ.get("MEMORYD_E2E_CLAUDE"):
        found = _version_of(Path(explicit))
        return CLI(Path(explicit), found) if found else f"MEMORYD_E2E_CLAUDE={explicit} does not run `--version`"
    binary = pinned_binary(version)
    if _version_of(binary) == version:
        return CLI(binary, version)
    npm = shutil.which("npm")
    if npm is None:
        return f"npm is not installed: the end-to-end tests with the real Claude Code CLI ({PACKAGE}) need it"
    prefix = binary.parent.parent.parent
    prefix.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(prefix),
                "--no-save",
                "--no-fund",
                "--no-audit",
                "--loglevel=error",
                f"{PACKAGE}@{version}",
            ],
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return f"`npm install {PACKAGE}@{version}` did not finish in {INSTALL_TIMEOUT_S:.0f} s"
    if done.returncode != 0:
        return f"`npm install {PACKAGE}@{version}` failed: {done.stderr.strip()[-300:]}"
    found = _version_of(binary)
    if found != version:
        return f"{PACKAGE}@{version} installed into {prefix} but `claude --version` says {found or 'nothing'}"
    return CLI(binary, version)


def _version_of(binary: Path) -> str | None:
    if not binary.exists():
        return None
    try:
        done = subprocess.run(
            [str(binary), "--version"],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "DISABLE_AUTOUPDATER": "1"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = done.stdout.split()
    return words[0] if done.returncode == 0 and words else None


def offline_env(home: Path, base_url: str) -> dict[str, str]:
    """The environment of a CLI run: its own HOME, the scripted model, nothing sent anywhere else."""
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TMPDIR", "USER", "LOGNAME")}
    return {
        **keep,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": "sk-ant-e2e-dummy-key",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "DISABLE_BUG_COMMAND": "1",
        "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
        "TERM": "dumb",
    }


@dataclass
class Run:
    """One `claude -p` process: its exit code, its stream-json events, its stderr and wall time."""

    code: int
    events: list[dict[str, Any]]
    stdout: str
    stderr: str
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def result(self) -> dict[str, Any]:
        found = [e for e in self.events if e.get("type") == "result"]
        return found[-1] if found else {}

    @property
    def session_id(self) -> str:
        return str(self.result.get("session_id") or "")

    def of_type(self, kind: str, subtype: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("type") == kind and (subtype is None or e.get("subtype") == subtype)]

    def tool_results(self) -> list[dict[str, Any]]:
        """The `tool_result` blocks Claude Code sent back to the model, in order."""
        blocks: list[dict[str, Any]] = []
        for event in self.of_type("user"):
            content = (event.get("message") or {}).get("content")
            blocks.extend(b for b in content or [] if isinstance(b, dict) and b.get("type") == "tool_result")
        return blocks


def run_claude(
    cli: CLI, args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 90.0, stdin: str | None = None
) -> Run:
    """`claude ARGS --output-format stream-json --verbose`, stdin closed (print mode), output parsed."""
    started = time.monotonic()
    done = subprocess.run(
        [str(cli.path), *args, "--output-format", "stream-json", "--verbose"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
    )
    seconds = time.monotonic() - started
    events = []
    for line in done.stdout.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict):
            events.append(item)
    return Run(done.returncode, events, done.stdout, done.stderr, seconds)


def user_line(prompt: str) -> str:
    """One prompt in `--input-format stream-json`."""
    return json.dumps({"type": "user", "message": {"role": "user", "content": prompt}}) + "\n"


def run_turns(
    cli: CLI,
    prompts: list[str],
    args: list[str],
    *,
    cwd: Path,
    env: dict[str, str],
    timeout: float = 90.0,
    crash_after: int | None = None,
) -> Run:
    """One session of several prompts, as a person types them: the next prompt is sent only once Claude Code
    has answered the previous one (its `result` event); prompts queued earlier would be merged into one turn.
    stdin closes after the last answer, which ends the session (SessionEnd). `crash_after=N`: SIGKILL the CLI
    once it has answered N prompts instead, as a crash or a closed terminal would (no SessionEnd)."""
    started = time.monotonic()
    command = [
        str(cli.path),
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        *args,
    ]
    proc = subprocess.Popen(
        command, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stderr: list[str] = []
    reader = threading.Thread(target=lambda: stderr.append(proc.stderr.read()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    killer = threading.Timer(timeout, proc.kill)
    killer.start()
    events: list[dict[str, Any]] = []
    lines: list[str] = []
    pending = list(prompts)
    sent: list[float] = []  # when each prompt was typed, and when each answer came (monotonic)
    answered: list[float] = []
    try:
        sent.append(time.monotonic())
        proc.stdin.write(user_line(pending.pop(0)))
        proc.stdin.flush()
        for line in proc.stdout:
            lines.append(line)
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if not isinstance(item, dict):
                continue
            events.append(item)
            if item.get("type") == "result":
                answered.append(time.monotonic())
                if crash_after is not None and len(answered) >= crash_after:
                    proc.kill()
                    break
                if pending:
                    sent.append(time.monotonic())
                    proc.stdin.write(user_line(pending.pop(0)))
                    proc.stdin.flush()
                elif not proc.stdin.closed:
                    proc.stdin.close()
        code = proc.wait()
    finally:
        killer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join(5)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()
    ended = time.monotonic()
    timing = {"started": started, "sent": sent, "answered": answered, "ended": ended}
    return Run(code, events, "".join(lines), "".join(stderr), ended - started, timing)
