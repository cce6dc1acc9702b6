"""A scripted Anthropic Messages API on 127.0.0.1, standing in for the model behind the real Claude Code CLI.

Claude Code reaches its model through `ANTHROPIC_BASE_URL`; pointed here, every `POST /v1/messages` it makes
is answered from a script instead of a model, streamed as server-sent events when the request asks for
`stream: true` (message_start, content_block_start/delta/stop, message_delta, message_stop) and as one JSON
message otherwise. Every request body is kept, so a test can assert on exactly what the model was shown:
memoryd's injected context, the MCP tools listed, a tool's result.

Which requests follow the script: those of the agent's own loop (they carry the tools, Claude Code's main
system prompt). The CLI also makes side requests of its own (a session title, a quota probe); they get a plain
text answer (`side_reply`), and a compaction's request for a summary gets `summary` in the `<analysis>` /
`<summary>` shape it asks for; neither consumes the script. Anything else it asks
(`count_tokens`, an unknown GET) gets a small sensible answer, and is recorded too.

The server runs in a thread (stdlib `ThreadingHTTPServer`), so the CLI subprocess can reach it while the
test blocks.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

_ids = itertools.count(1)


@dataclass(frozen=True, slots=True)
class ToolUse:
    """One `tool_use` block of a scripted reply: Claude Code runs the tool and sends its result back."""

    name: str
    input: dict[str, Any]
    id: str = ""


@dataclass(frozen=True, slots=True)
class Turn:
    """One scripted model reply: optional text, then tool calls. No tool calls means `end_turn`."""

    text: str = ""
    tools: tuple[ToolUse, ...] = ()

    @property
    def stop_reason(self) -> str:
        return "tool_use" if self.tools else "end_turn"


def say(text: str) -> Turn:
    return Turn(text=text)


def call(name: str, **tool_input: Any) -> Turn:
    return Turn(tools=(ToolUse(name, tool_input),))


@dataclass
class Request:
    """One request the CLI made: its path, headers and (for a POST) its JSON body."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any
    scripted: bool = False  # answered from the script (the agent's own loop)
    at: float = field(default_factory=time.monotonic)  # when it arrived (bench/agent_session.py times turns)
    reply: Turn | None = None  # what the script answered

    def system_text(self) -> str:
        system = self.body.get("system") if isinstance(self.body, dict) else None
        if isinstance(system, str):
            return system
        return "\n".join(b.get("text", "") for b in system or [] if isinstance(b, dict))

    def messages(self) -> list[dict[str, Any]]:
        messages = self.body.get("messages") if isinstance(self.body, dict) else None
        return messages if isinstance(messages, list) else []

    def tool_names(self) -> list[str]:
        tools = self.body.get("tools") if isinstance(self.body, dict) else None
        return [t.get("name", "") for t in tools or [] if isinstance(t, dict)]

    def text(self) -> str:
        """Every text the model was shown in this request (system, messages, tool results), joined."""
        parts = [self.system_text()]
        for message in self.messages():
            parts.extend(_texts(message.get("content")))
        return "\n".join(parts)


def _texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    found: list[str] = []
    for block in content or []:
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("text"), str):
            found.append(block["text"])
        if block.get("type") == "tool_result":
            found.extend(_texts(block.get("content")))
    return found


# The instruction Claude Code appends to the conversation when it asks the model for a compaction summary
# (it offers the tools too, so only this tells the request apart).
COMPACTION_ASK = "create a detailed summary of the conversation"


def is_compaction(request: Request) -> bool:
    messages = request.messages()
    return bool(messages) and COMPACTION_ASK in "\n".join(_texts(messages[-1].get("content")))


def is_agent_loop(request: Request) -> bool:
    """A request of the agent's own conversation (it offers tools); side requests offer none."""
    return isinstance(request.body, dict) and bool(request.body.get("tools")) and not is_compaction(request)


class ScriptedModel:
    """Context manager: a Messages API that answers the agent loop from `script`, in order.

    When the script runs out, the agent loop gets `end_turn` with `fallback` text, so a CLI run never hangs on
    a short script (a test then sees the wrong answer, not a timeout). `pick` may replace the in-order rule:
    it gets each agent-loop request and returns the Turn to answer with (or None for the next in order)."""

    def __init__(
        self,
        script: list[Turn] | None = None,
        *,
        side_reply: str = "Scripted session",
        summary: str = "The person asked about the project; the work is in progress.",
        fallback: str = "Done.",
        pick: Callable[[Request], Turn | None] | None = None,
        input_tokens: int | None = None,
    ) -> None:
        self.script = list(script or [])
        self.side_reply = side_reply
        self.summary = summary
        self.fallback = fallback
        self.pick = pick
        self.input_tokens = input_tokens  # the context size each reply reports (else ~ the body's length / 4)
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # the stdlib's method name
                raw = self.rfile.read(int(self.headers.get("content-length", 0) or 0))
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                model._answer_post(self, body)

            def do_GET(self) -> None:  # the stdlib's method name
                model._record(Request("GET", self.path, _lower(self.headers.items()), None))
                _send_json(self, 200, {"data": [], "has_more": False})

            def do_HEAD(self) -> None:  # the stdlib's method name
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def agent_requests(self) -> list[Request]:
        """The requests of the agent's own loop, in order (what the model was shown, turn by turn)."""
        with self._lock:
            return [r for r in self.requests if r.scripted]

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def _record(self, request: Request) -> None:
        with self._lock:
            self.requests.append(request)

    def _answer_post(self, handler: BaseHTTPRequestHandler, body: Any) -> None:
        path = handler.path.split("?", 1)[0]
        request = Request("POST", handler.path, _lower(handler.headers.items()), body)
        if path.endswith("/count_tokens"):
            self._record(request)
            _send_json(handler, 200, {"input_tokens": max(1, len(json.dumps(body)) // 4)})
            return
        if not path.endswith("/v1/messages"):
            self._record(request)
            _send_json(handler, 404, {"type": "error", "error": {"type": "not_found_error", "message": path}})
            return
        turn = self._next_turn(request)
        request.reply = turn
        self._record(request)
        message = _message(turn, body, self.input_tokens)
        if isinstance(body, dict) and body.get("stream"):
            _send_stream(handler, message)
        else:
            _send_json(handler, 200, message)

    def _next_turn(self, request: Request) -> Turn:
        if is_compaction(request):
            return say(f"<analysis>Scripted.</analysis>\n<summary>{self.summary}</summary>")
        if not is_agent_loop(request):
            return say(self.side_reply)
        request.scripted = True
        with self._lock:
            if self.pick is not None and (chosen := self.pick(request)) is not None:
                return chosen
            return self.script.pop(0) if self.script else say(self.fallback)


def _lower(items: Any) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in items}


def _message(turn: Turn, body: Any, input_tokens: int | None = None) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if turn.text:
        content.append({"type": "text", "text": turn.text})
    for tool in turn.tools:
        content.append(
            {"type": "tool_use", "id": tool.id or f"toolu_{next(_ids):08d}", "name": tool.name, "input": tool.input}
        )
    model = body.get("model") if isinstance(body, dict) else None
    return {
        "id": f"msg_{next(_ids):08d}",
        "type": "message",
        "role": "assistant",
        "model": model or "claude-scripted",
        "content": content,
        "stop_reason": turn.stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens or max(1, len(json.dumps(body)) // 4), "output_tokens": 10},
    }


def _send_json(handler: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
    data = json.dumps(payload).encode()
    try:
        handler.send_response(status)
        handler.send_header("content-type", "application/json")
        handler.send_header("content-length", str(len(data)))
        handler.send_header("request-id", f"req_{next(_ids):08d}")
        handler.end_headers()
        handler.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the CLI gave up on this request


def _send_stream(handler: BaseHTTPRequestHandler, message: dict[str, Any]) -> None:
    """The message as the Messages API streams it: one SSE event per step, chunked transfer."""
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": {**message, "content": [], "stop_reason": None}})
    ]
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            events.append(
                (
                    "content_block_start",
                    {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}},
                )
            )
            events.append(
                (
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": index,
                        "delta": {"type": "text_delta", "text": block["text"]},
                    },
                )
            )
        else:
            start = {**block, "input": {}}
            events.append(
                ("content_block_start", {"type": "content_block_start", "index": index, "content_block": start})
            )
            partial = json.dumps(block["input"])
            events.append(
                (
                    "content_block_delta",
                    {
                        "type": "content_block_delta",
                        "index": index,
                        "delta": {"type": "input_json_delta", "partial_json": partial},
                    },
                )
            )
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    delta = {"stop_reason": message["stop_reason"], "stop_sequence": None}
    events.append(("message_delta", {"type": "message_delta", "delta": delta, "usage": {"output_tokens": 10}}))
    events.append(("message_stop", {"type": "message_stop"}))
    try:
        handler.send_response(200)
        handler.send_header("content-type", "text/event-stream")
        handler.send_header("cache-control", "no-cache")
        handler.send_header("transfer-encoding", "chunked")
        handler.send_header("request-id", f"req_{next(_ids):08d}")
        handler.end_headers()
        for name, data in events:
            chunk = f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()
            handler.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()
    except (BrokenPipeError, ConnectionResetError):
        pass
