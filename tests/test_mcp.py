"""`memoryd mcp` with a real MCP client session over stdio (the official SDK's stdio_client + ClientSession),
backed by the real daemon; and what it says, or does, when the daemon is not running.

The tests are synchronous and run each client conversation with `anyio.run`, so the daemon's set-up and
tear-down (blocking, subprocesses) stay outside the event loop."""

from __future__ import annotations

import json
import os
import signal
import socket as sock
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

from daemon.client.socket_client import DaemonUnavailable, call
from tests.conftest import MODEL_CACHE, REPO, Daemon, write_config

T = TypeVar("T")


@asynccontextmanager
async def mcp_session(
    home: Path, socket: Path, errlog: Any, extra_env: dict[str, str] | None = None
) -> AsyncIterator[ClientSession]:
    env = {
        "MEMORYD_HOME": str(home),
        "MEMORYD_EMBEDDING": "off",
        "MEMORYD_MODEL_DIR": str(MODEL_CACHE),
        "MEMORYD_LOG_FORMAT": "json",
        **(extra_env or {}),
    }
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "daemon", "--socket", str(socket), "mcp"], env=env, cwd=REPO
    )
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def converse(
    home: Path, socket: Path, body: Callable[[ClientSession], Awaitable[T]], env: dict[str, str] | None = None
) -> T:
    """Start `memoryd mcp` as a client would, run `body` in one session, close it."""

    async def main() -> T:
        async with mcp_session(home, socket, quiet, env) as session:
            return await body(session)

    with open(os.devnull, "w") as quiet:  # the server's own log lines go to its stderr
        return anyio.run(main)


def text_of(result: Any) -> str:
    return "\n".join(block.text for block in result.content)


def test_an_mcp_client_searches_reads_and_records_through_the_daemon(daemon_factory: Any, memory_home: Path) -> None:
    memory_home.mkdir(exist_ok=True)
    (memory_home / "MEMORY.md").write_text(
        "# Memory\n\n## Lessons\n- Pin the zeppelin client to 4.x.\n<private>my pin 1234</private>\n"
    )
    (memory_home / "zeppelin.md").write_text("# Zeppelin\n\nThe zeppelin migration runs on Fridays.\n")
    project = memory_home / "areas" / "projects" / "airship"
    project.mkdir(parents=True)
    (project / "rules.md").write_text("# Rules\n\n- Helium only, never hydrogen.\n")
    daemon: Daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "zeppelin migration"})["results"])
    data = {"session_id": "mcp-1", "outcome": "success"}

    async def body(session: ClientSession) -> None:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(tools) == {"memory_search", "memory_get", "memory_context", "memory_record"}
        assert tools["memory_search"].input_schema["required"] == ["query"]
        for tool in tools.values():  # the model reads what each parameter means, and its range or choices
            for name, schema in tool.input_schema["properties"].items():
                assert schema.get("description"), (tool.name, name)
        search = tools["memory_search"].input_schema["properties"]
        assert search["source"]["anyOf"][0]["enum"] == ["memory", "sessions", "daily", "areas", "extra"]
        assert (search["k"]["minimum"], search["k"]["maximum"]) == (1, 50) and "glob" in search["path"]["description"]
        budget = tools["memory_context"].input_schema["properties"]["budget"]["anyOf"][0]
        assert (budget["minimum"], budget["maximum"]) == (200, 100_000)

        found = await session.call_tool("memory_search", {"query": "zeppelin migration", "k": 3})
        assert not found.is_error and "zeppelin.md:1-3" in text_of(found) and "Fridays" in text_of(found)

        lines = await session.call_tool("memory_get", {"path": "zeppelin.md", "from_line": 3, "lines": 1})
        assert text_of(lines) == "zeppelin.md lines 3-3 of 3\n\nThe zeppelin migration runs on Fridays."

        block = await session.call_tool("memory_context", {"query": "zeppelin"})
        assert "Pin the zeppelin client to 4.x." in text_of(block) and "1234" not in text_of(block)
        assert "Helium only" in text_of(block)  # the project comes from CLAUDE_PROJECT_DIR, not the cwd
        none = await session.call_tool("memory_search", {"query": "zzzqqqxxyy"})
        assert not none.is_error and text_of(none) == "No memory matches 'zzzqqqxxyy'."

        recorded = await session.call_tool("memory_record", {"type": "outcome", "data": data})
        assert text_of(recorded).startswith("recorded ")
        bad = await session.call_tool("memory_record", {"type": "outcome", "data": {"session_id": "mcp-1"}})
        assert bad.is_error and "outcome.data.outcome" in text_of(bad)

        resources = (await session.list_resources()).resources
        assert [str(r.uri) for r in resources] == ["memory://MEMORY.md"]
        memory = (await session.read_resource("memory://MEMORY.md")).contents[0]
        assert "Pin the zeppelin client" in memory.text and "my pin 1234" not in memory.text

    converse(memory_home, daemon.socket, body, {"CLAUDE_PROJECT_DIR": "/home/dev/src/airship"})
    assert daemon.call("events", {"session_id": "mcp-1"})["events"][0]["data"] == data


def test_with_the_daemon_hung_a_tool_says_so_within_seconds(memory_home: Path) -> None:
    """A socket that accepts and never answers: the tool answers in about CALL_TIMEOUT_S (5 s), saying the
    daemon is running but not answering, not that it is not running."""
    memory_home.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir="/tmp", prefix="md-hung-") as folder:
        path = Path(folder) / "d.sock"
        server = sock.socket(sock.AF_UNIX, sock.SOCK_STREAM)
        server.bind(str(path))
        server.listen(8)

        async def body(session: ClientSession) -> tuple[Any, float]:
            started = time.monotonic()
            result = await session.call_tool("memory_search", {"query": "anything"})
            return result, time.monotonic() - started

        try:
            result, seconds = converse(memory_home, path, body)
        finally:
            server.close()
    assert result.is_error and "not answering" in text_of(result) and "not running" not in text_of(result)
    assert seconds < 10


def test_with_the_daemon_down_tools_say_how_to_start_it(memory_home: Path, tmp_path: Path) -> None:
    memory_home.mkdir(exist_ok=True)
    (memory_home / "MEMORY.md").write_text("# Memory\n\n- Offline lesson.\n")

    async def body(session: ClientSession) -> None:
        result = await session.call_tool("memory_search", {"query": "anything"})
        assert result.is_error
        assert "memoryd is not running" in text_of(result) and "memoryd serve" in text_of(result)
        memory = (await session.read_resource("memory://MEMORY.md")).contents[0]
        assert "Offline lesson." in memory.text  # the resource falls back to the file

    converse(memory_home, tmp_path / "nothing.sock", body)


def test_autostart_starts_the_daemon_on_the_first_call(memory_home: Path) -> None:
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, "[mcp]\nautostart = true\nautostart_wait_seconds = 30.0\n")
    sock_dir = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-auto-")  # AF_UNIX paths are short on macOS
    socket = Path(sock_dir.name) / "d.sock"
    outcome = {"session_id": "auto-1", "outcome": "failed"}

    async def body(session: ClientSession) -> Any:
        return await session.call_tool("memory_record", {"type": "outcome", "data": outcome})

    try:
        result = converse(memory_home, socket, body)
        assert not result.is_error, text_of(result)
        assert call(socket, "events", {"session_id": "auto-1"})["events"][0]["data"] == outcome
    finally:
        try:
            pid = call(socket, "status", timeout=5)["pid"]  # the daemon the MCP server started for this test
        except DaemonUnavailable:
            pid = None
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + 30
            while socket.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
        sock_dir.cleanup()


def test_sigint_ends_the_server_at_once(memory_home: Path, tmp_path: Path) -> None:
    """Claude Code ends its MCP servers with SIGINT and sends SIGTERM only ~100 ms later; every session's end
    waits for it. The server, once serving, exits 0 at once on SIGINT (it used to wait for the SIGTERM)."""
    memory_home.mkdir(exist_ok=True)
    env = {**os.environ, "MEMORYD_HOME": str(memory_home), "MEMORYD_LOG_FORMAT": "json"}
    command = [sys.executable, "-m", "daemon", "--socket", str(tmp_path / "nothing.sock"), "mcp"]
    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    with subprocess.Popen(
        command, env=env, cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}).encode())
        server.stdin.write(b"\n")
        server.stdin.flush()
        assert json.loads(server.stdout.readline())["result"]["serverInfo"]["name"] == "memoryd"  # serving
        started = time.monotonic()
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
    assert time.monotonic() - started < 1.0  # a behavioural budget: a session's end waits for this
