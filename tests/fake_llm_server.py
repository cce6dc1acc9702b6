"""A small HTTP server on 127.0.0.1 that answers like the Anthropic Messages API or an OpenAI-compatible
chat-completions endpoint, from a script of replies. Used by the LLM tests and by daemon tests (it runs in a
thread, so a daemon subprocess can reach it while the test blocks)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Scripted:
    status: int = 200
    body: Any = None  # dict -> JSON; bytes/str -> sent as is
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def anthropic_ok(text: str, *, input_tokens: int = 11, output_tokens: int = 7, stop: str = "end_turn") -> Scripted:
    return Scripted(
        body={
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": text}],
            "stop_reason": stop,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        }
    )


def openai_ok(text: str, *, input_tokens: int = 11, output_tokens: int = 7, finish: str = "stop") -> Scripted:
    return Scripted(
        body={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
            "usage": {"prompt_tokens": input_tokens, "completion_tokens": output_tokens},
        }
    )


def ok(provider: str, text: str, **kw: Any) -> Scripted:
    if provider == "anthropic":
        if "truncated" in kw:
            kw.pop("truncated")
            kw["stop"] = "max_tokens"
        return anthropic_ok(text, **kw)
    if "truncated" in kw:
        kw.pop("truncated")
        kw["finish"] = "length"
    return openai_ok(text, **kw)


class FakeLLMServer:
    """Context manager: serves the script in order; once it runs out, the last reply repeats."""

    def __init__(self, script: list[Scripted] | None = None) -> None:
        self.script = list(script or [])
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # the stdlib's method name
                length = int(self.headers.get("content-length", 0))
                raw = self.rfile.read(length)
                reply = server._next(self.path, dict(self.headers.items()), raw)
                if reply.delay and server._stop.wait(reply.delay):
                    return
                body = reply.body
                payload = json.dumps(body).encode() if isinstance(body, dict) else (body or b"")
                if isinstance(payload, str):
                    payload = payload.encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    def _next(self, path: str, headers: dict[str, str], raw: bytes) -> Scripted:
        with self._lock:
            try:
                body = json.loads(raw)
            except ValueError:
                body = None
            self.requests.append({"path": path, "headers": {k.lower(): v for k, v in headers.items()}, "json": body})
            if not self.script:
                return Scripted(status=500, body={"error": "no script"})
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
