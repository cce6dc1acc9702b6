"""The scaffolding every fake provider shares: a threaded HTTP server on 127.0.0.1:0 that records each
POST and answers with what the subclass's `respond` returns. It runs in a thread, so a daemon subprocess
can reach it while the test blocks; a delayed reply is cut short when the server stops."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


@dataclass
class Reply:
    status: int
    payload: bytes
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    gate: threading.Event | None = None  # answer only once this is set (or the server stops)


class LocalHTTPServer:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # the stdlib's method name
                raw = self.rfile.read(int(self.headers.get("content-length", 0)))
                with server._lock:
                    reply = server.respond(self.path, dict(self.headers.items()), raw)
                if reply.delay and server._stop.wait(reply.delay):
                    return
                while reply.gate is not None and not reply.gate.wait(0.05):
                    if server._stop.is_set():
                        return
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(reply.payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(reply.payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    def respond(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        """Record the request and decide the reply; called under the server's lock."""
        raise NotImplementedError

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
