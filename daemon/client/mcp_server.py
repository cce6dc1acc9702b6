"""`memoryd mcp`: an MCP server on stdio (the official `mcp` SDK's MCPServer) backed by the daemon's socket.

Tools: memory_search, memory_get, memory_context, memory_record. Resource: `memory://MEMORY.md`.

Invariants:
- Every tool is one socket request (run in a worker thread, so the stdio session never blocks); the daemon
  stays the single writer of the log and the index.
- Every parameter is described, with its range or its choices, in the schema the client lists (the SDK
  reads `Annotated[..., Field(description=...)]`, not docstrings).
- A failure is a `ToolError` the model can read: the daemon not running (how to start it, or `[mcp]
  autostart = true`, which starts `memoryd serve` once per MCP session), the daemon not answering within
  CALL_TIMEOUT_S (hung or overloaded: said so, in seconds, not "not running"), or a reply it cannot use.
  The MEMORY.md resource falls back to the file.
- The project of `memory_context` is taken from `CLAUDE_PROJECT_DIR` when Claude Code sets it (the project
  root the session started in), else the working directory.
- stdout belongs to the MCP protocol: nothing here prints; logs go to stderr.
- Tools answer text only (`structured_output=False`): a `-> str` tool would otherwise also declare an output
  schema and send `structuredContent` `{"result": TEXT}`, which Claude Code (2.1.332) hands to the model
  instead of the text: one JSON string with escaped newlines rather than the readable lines.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from daemon import __version__
from daemon.client.socket_client import DaemonError, DaemonNotAnswering, DaemonUnavailable, call
from daemon.config import Settings
from daemon.home import private_dirs
from pipeline.memory_layout import read_text
from pipeline.scrub import scrub, scrub_data

# Why 5 s: search and context answer in well under a second even at 10^5 chunks; a daemon that takes longer
# is stuck, and the model is better told so than left waiting (Claude Code would wait for hours).
CALL_TIMEOUT_S = 5.0
DOWN_HINT = (
    "memoryd is not running (nothing answers on {socket}). Start it with `memoryd serve` (foreground) or "
    "`memoryd service install` (systemd/launchd), or set `[mcp] autostart = true` in $MEMORYD_HOME/config.toml."
)
HUNG_HINT = (
    "memoryd is running but not answering ({error}); it may be busy or stuck. Try again shortly; "
    "`memoryd status` shows what it is doing, and its log is $MEMORYD_HOME/logs/daemon.log."
)
INSTRUCTIONS = (
    "memoryd is the user's local long-term memory (Markdown notes, project rules, session summaries). Search it "
    "before answering questions about past work, conventions or decisions; record outcomes and signals."
)

# Module level: with `from __future__ import annotations` the SDK resolves these names from the module.
Source = Literal["memory", "sessions", "daily", "areas", "extra"]
Query = Annotated[str, Field(description="What to look for, in words: a question or keywords.", min_length=1)]
K = Annotated[int, Field(description="How many results to return, 1 to 50.", ge=1, le=50)]
SourceParam = Annotated[
    Source | None,
    Field(
        description="Search only one part of the memory: 'memory' (MEMORY.md and loose notes), 'sessions' "
        "(session summaries), 'daily' (daily notes), 'areas' (projects, patterns, tools), 'extra' (the "
        "extra folders configured in [index] extra_roots). Omit to search everything."
    ),
]
PathGlob = Annotated[
    str | None,
    Field(
        description="A glob on the file path relative to its root, e.g. 'areas/projects/atlas/*' or "
        "'sessions/2026-*'. Omit for every path."
    ),
]
MinRelevance = Annotated[
    float | None,
    Field(
        description="Only results whose relevance (an absolute estimate from 0 to 1 that a result is about "
        "the query) is at least this. Omit for the best results whatever their relevance.",
        ge=0.0,
        le=1.0,
    ),
]
GetPath = Annotated[
    str,
    Field(description="The file: a path relative to the memory home (e.g. 'MEMORY.md'), or inside a configured root."),
]
FromLine = Annotated[int, Field(description="The first line to read, 1-based.", ge=1)]
Lines = Annotated[int, Field(description="How many lines to read, 1 to 2000.", ge=1, le=2000)]
Budget = Annotated[
    int | None,
    Field(
        description="The block's size in characters, 200 to 100000. Omit for the configured [context] budget.",
        ge=200,
        le=100_000,
    ),
]
Project = Annotated[
    str | None,
    Field(
        description="The project whose rules to include (a folder under areas/projects/). Omit to detect it "
        "from the project directory."
    ),
]
SessionId = Annotated[
    str,
    Field(
        description="The agent session reading the file, if known: the read then counts as that session using "
        "this memory (it feeds the memory's effectiveness). Leave empty otherwise.",
        max_length=200,
    ),
]
EventType = Annotated[
    str,
    Field(
        description="The event type, lowercase: e.g. 'outcome' (data: session_id, outcome 'success' or "
        "'failed'), 'signal' (data: session_id, kind, key, text), 'ref' (data: experience_id, session_id).",
        min_length=1,
    ),
]
EventData = Annotated[dict[str, Any], Field(description="The event's payload, a JSON object.")]


class DaemonLink:
    """Socket calls from async tools, with the not-running or not-answering message, or a one-time autostart."""

    def __init__(self, settings: Settings, timeout: float = CALL_TIMEOUT_S) -> None:
        self.settings = settings
        self.timeout = timeout
        self.autostart = settings.mcp.autostart
        self.started_daemon = False

    async def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        try:
            return await self._call(method, params)
        except DaemonNotAnswering as exc:
            raise ToolError(HUNG_HINT.format(error=exc)) from None
        except DaemonUnavailable:
            if not self.autostart or self.started_daemon:
                raise ToolError(DOWN_HINT.format(socket=self.settings.socket_path)) from None
        await anyio.to_thread.run_sync(self._start_daemon)
        try:
            return await self._call(method, params)
        except DaemonUnavailable:
            raise ToolError("memoryd was started but does not answer yet; see $MEMORYD_HOME/logs/daemon.log") from None

    async def _call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        socket = self.settings.socket_path
        try:
            result = await anyio.to_thread.run_sync(lambda: call(socket, method, params, timeout=self.timeout))
        except DaemonError as exc:
            raise ToolError(f"memoryd: {exc.message}") from None
        if not isinstance(result, dict):
            raise ToolError(f"memoryd gave an unexpected reply to {method}; see $MEMORYD_HOME/logs/daemon.log")
        return result

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


def project_dir() -> str:
    """Where the agent works: Claude Code's project root when it set one, else this process's cwd."""
    return os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()


def field_of(reply: dict[str, Any], key: str) -> Any:
    """A required field of a daemon reply; a reply without it is reported, not a bare exception."""
    if key not in reply:
        raise ToolError(f"memoryd's reply lacks '{key}'; see $MEMORYD_HOME/logs/daemon.log")
    return reply[key]


def build_server(settings: Settings, link: DaemonLink | None = None) -> MCPServer[Any]:
    server: MCPServer[Any] = MCPServer("memoryd", instructions=INSTRUCTIONS, version=__version__)
    link = link or DaemonLink(settings)
    emails = settings.redaction.emails  # what the agent reads is scrubbed like what is written

    @server.tool(
        structured_output=False,
        description="Search the memory (BM25 and vectors). Returns paths with line ranges, each result's "
        "relevance (0-1) and a snippet; read more of a file with memory_get.",
    )
    async def memory_search(
        query: Query,
        k: K = 8,
        source: SourceParam = None,
        path: PathGlob = None,
        min_relevance: MinRelevance = None,
    ) -> str:
        params: dict[str, Any] = {"query": query, "k": k}
        for key, value in (("source", source), ("path", path), ("min_relevance", min_relevance)):
            if value is not None and value != "":
                params[key] = value
        result = await link.call("search", params)
        hits = field_of(result, "results")
        if not hits:
            floor = f" at relevance {min_relevance:g} or more" if min_relevance is not None else ""
            return f"No memory matches {query!r}{floor}."
        reranked = ", reranked" if result.get("reranked") else ""
        lines = [f"{len(hits)} result(s) ({result.get('mode')}{reranked}):"]
        for hit in hits:
            where = f"{hit['path']}:{hit['start_line']}-{hit['end_line']}"
            prefix = "" if hit.get("root") == "memory" else f"{hit['root']}:"
            relevance = hit.get("relevance")
            shown = f"relevance {relevance:.2f}" if isinstance(relevance, int | float) else "relevance unknown"
            lines.append(f"- {prefix}{where} ({shown})\n  {scrub(str(hit['snippet']), emails=emails)}")
        return "\n".join(lines)

    @server.tool(
        structured_output=False,
        description="Read lines of a memory file (relative to the memory home, or inside a configured root).",
    )
    async def memory_get(path: GetPath, from_line: FromLine = 1, lines: Lines = 200, session_id: SessionId = "") -> str:
        params: dict[str, Any] = {"path": path, "from": from_line, "lines": lines}
        if session_id:
            params["session_id"] = session_id  # the read then counts as this session referencing the file
        result = await link.call("get", params)
        header = (
            f"{field_of(result, 'path')} lines {field_of(result, 'from')}-{field_of(result, 'to')} "
            f"of {field_of(result, 'total_lines')}"
        )
        return f"{header}\n\n{scrub(str(field_of(result, 'text')), emails=emails)}"

    @server.tool(
        structured_output=False,
        description="The Markdown memory block for a task: MEMORY.md essentials, the project's rules and the "
        "memories relevant to the query (only those that clear the relevance floor).",
    )
    async def memory_context(query: Query, budget: Budget = None, project: Project = None) -> str:
        params: dict[str, Any] = {"query": query, "cwd": project_dir()}
        if budget is not None:
            params["budget"] = budget
        if project:
            params["project"] = project
        result = await link.call("context", params)
        return str(result.get("markdown") or "(no memory for this query)")

    @server.tool(
        structured_output=False,
        description="Append one event to memoryd's log (an outcome, a signal, a reference, ...).",
    )
    async def memory_record(type: EventType, data: EventData) -> str:
        clean = scrub_data(data, emails=emails)
        result = await link.call("record", {"type": type, "data": clean})
        return "recorded " + ", ".join(field_of(result, "ids"))

    @server.resource(
        "memory://MEMORY.md",
        name="MEMORY.md",
        description="The user's tacit knowledge: preferences, lessons, best practices.",
        mime_type="text/markdown",
    )
    async def memory_md() -> str:
        try:
            text = str(field_of(await link.call("get", {"path": "MEMORY.md", "lines": 2000}), "text"))
        except ToolError:  # the daemon is down or stuck: the file itself is plain Markdown
            text = await anyio.to_thread.run_sync(read_text, settings.home / "MEMORY.md")
        return scrub(text, emails=emails)

    return server


def run(settings: Settings) -> int:
    """Serve MCP on stdin/stdout until the client closes the stream or sends SIGINT, then leave at once.

    Why: a session's end waits for its MCP servers. Claude Code (2.1.332) ends them with SIGINT, polls, and
    sends SIGTERM ~100 ms later; under the SDK a SIGINT raised KeyboardInterrupt into an event loop whose stdin
    reader thread never returns, so every session's end waited for the SIGTERM. And after stdin closes, the
    interpreter's teardown of the SDK's modules took ~0.2 s (0.01 s with `os._exit`). Nothing is left to run
    at exit: a tool call still running has no one to answer, and a daemon this server started runs in its own
    session."""
    signal.signal(signal.SIGINT, _leave)
    build_server(settings).run("stdio")
    _leave()
    return 0


def _leave(*_: object) -> None:
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(0)
