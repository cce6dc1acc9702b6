"""`memoryd mcp`: an MCP server on stdio (the official `mcp` SDK's MCPServer) backed by the daemon's socket.

Tools: memory_search, memory_get, memory_context, memory_record. Resource: `memory://MEMORY.md`.

Invariants:
- Every tool is one socket request (run in a worker thread, so the stdio session never blocks); the daemon
  stays the single writer of the log and the index.
- When the daemon is not running, a tool answers with an error result that says how to start it, unless
  `[mcp] autostart = true`, in which case the first failing call starts `memoryd serve` (once per MCP
  session) and waits up to `autostart_wait_seconds` for it. The MEMORY.md resource falls back to the file.
- stdout belongs to the MCP protocol: nothing here prints; logs go to stderr.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from daemon import __version__
from daemon.client.socket_client import DaemonError, DaemonUnavailable, call
from daemon.config import Settings
from daemon.home import private_dirs
from pipeline.memory_layout import read_text
from pipeline.scrub import scrub, scrub_data

CALL_TIMEOUT_S = 30.0
DOWN_HINT = (
    "memoryd is not running (nothing answers on {socket}). Start it with `memoryd serve` (foreground) or "
    "`memoryd service install` (systemd/launchd), or set `[mcp] autostart = true` in $MEMORYD_HOME/config.toml."
)
INSTRUCTIONS = (
    "memoryd is the user's local long-term memory (Markdown notes, project rules, session summaries). Search it "
    "before answering questions about past work, conventions or decisions; record outcomes and signals."
)


class DaemonLink:
    """Socket calls from async tools, with the not-running message or a one-time autostart."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.autostart = settings.mcp.autostart
        self.started_daemon = False

    async def call(self, method: str, params: dict[str, Any]) -> Any:
        try:
            return await self._call(method, params)
        except DaemonUnavailable:
            if not self.autostart or self.started_daemon:
                raise ToolError(DOWN_HINT.format(socket=self.settings.socket_path)) from None
        await anyio.to_thread.run_sync(self._start_daemon)
        try:
            return await self._call(method, params)
        except DaemonUnavailable:
            raise ToolError("memoryd was started but does not answer yet; see $MEMORYD_HOME/logs/daemon.log") from None

    async def _call(self, method: str, params: dict[str, Any]) -> Any:
        socket = self.settings.socket_path
        try:
            return await anyio.to_thread.run_sync(lambda: call(socket, method, params, timeout=CALL_TIMEOUT_S))
        except DaemonError as exc:
            raise ToolError(f"memoryd: {exc.message}") from None

    def _start_daemon(self) -> None:
        """Start `memoryd serve` detached (its own session, output to logs/daemon.log) and wait for it."""
        self.started_daemon = True
        logs = self.settings.home / "logs"
        private_dirs(logs)
        command = [sys.executable, "-m", "daemon"]
        if self.settings.socket_override is not None:
            command += ["--socket", str(self.settings.socket_override)]
        env = {**os.environ, "MEMORYD_HOME": str(self.settings.home)}
        with (logs / "daemon.log").open("ab") as log:
            subprocess.Popen(  # our own interpreter and module, no shell
                [*command, "serve"], stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env, start_new_session=True
            )
        deadline = time.monotonic() + self.settings.mcp.autostart_wait_seconds
        while time.monotonic() < deadline:
            try:
                call(self.settings.socket_path, "status", timeout=1.0)
                return
            except (DaemonUnavailable, DaemonError):
                time.sleep(0.1)


def build_server(settings: Settings) -> MCPServer[Any]:
    server: MCPServer[Any] = MCPServer("memoryd", instructions=INSTRUCTIONS, version=__version__)
    link = DaemonLink(settings)
    emails = settings.redaction.emails  # what the agent reads is scrubbed like what is written

    @server.tool(description="Search the memory (hybrid BM25 + vectors). Returns paths with line ranges and snippets.")
    async def memory_search(query: str, k: int = 8, source: str | None = None, path: str | None = None) -> str:
        """source: memory | sessions | daily | areas | extra; path: a glob such as 'areas/projects/x/*'."""
        params: dict[str, Any] = {"query": query, "k": k}
        if source:
            params["source"] = source
        if path:
            params["path"] = path
        result = await link.call("search", params)
        hits = result.get("results") or []
        if not hits:
            return f"No memories match {query!r}."
        lines = [f"{len(hits)} result(s) ({result.get('mode')}):"]
        for hit in hits:
            where = f"{hit['path']}:{hit['start_line']}-{hit['end_line']}"
            prefix = "" if hit.get("root") == "memory" else f"{hit['root']}:"
            lines.append(f"- {prefix}{where} (score {hit['score']:.3f})\n  {hit['snippet']}")
        return "\n".join(lines)

    @server.tool(description="Read lines of a memory file (relative to the memory home, or inside a configured root).")
    async def memory_get(path: str, from_line: int = 1, lines: int = 200, session_id: str = "") -> str:
        params: dict[str, Any] = {"path": path, "from": from_line, "lines": lines}
        if session_id:
            params["session_id"] = session_id  # the read then counts as this session referencing the file
        result = await link.call("get", params)
        header = f"{result['path']} lines {result['from']}-{result['to']} of {result['total_lines']}"
        return f"{header}\n\n{scrub(result['text'], emails=emails)}"

    @server.tool(description="The Markdown memory block for a task: MEMORY.md essentials, project rules, top memories.")
    async def memory_context(query: str, budget: int | None = None, project: str | None = None) -> str:
        params: dict[str, Any] = {"query": query, "cwd": os.getcwd()}
        if budget is not None:
            params["budget"] = budget
        if project:
            params["project"] = project
        result = await link.call("context", params)
        return str(result.get("markdown") or "(no memory for this query)")

    @server.tool(
        description="Append one event to memoryd's log, e.g. type 'outcome' with data "
        '{"session_id": "...", "outcome": "success"} or type \'signal\' with session_id, kind, key, text.'
    )
    async def memory_record(type: str, data: dict[str, Any]) -> str:
        clean = scrub_data(data, emails=emails)
        result = await link.call("record", {"type": type, "data": clean})
        return "recorded " + ", ".join(result.get("ids") or [])

    @server.resource(
        "memory://MEMORY.md",
        name="MEMORY.md",
        description="The user's tacit knowledge: preferences, lessons, best practices.",
        mime_type="text/markdown",
    )
    async def memory_md() -> str:
        try:
            text = str((await link.call("get", {"path": "MEMORY.md", "lines": 2000}))["text"])
        except ToolError:  # the daemon is down: the file itself is plain Markdown
            text = await anyio.to_thread.run_sync(read_text, settings.home / "MEMORY.md")
        return scrub(text, emails=emails)

    return server


def run(settings: Settings) -> int:
    """Serve MCP on stdin/stdout until the client closes the stream."""
    build_server(settings).run("stdio")
    return 0
