"""A 127.0.0.1 HTTP server that speaks the OpenAI and Gemini embedding wire formats, with scripted failures.

Each request takes the next mode from the script (the last one repeats): "ok", "429", "500", "timeout"
(answers after `slow_s`), "malformed" (not JSON), "wrongdim" (vectors one shorter than `dim`). Vectors are
deterministic functions of the text, so the same text always embeds the same way."""

from __future__ import annotations

import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def vector(text: str, dim: int) -> list[float]:
    digest = hashlib.sha256(text.encode()).digest()
    return [((digest[i % len(digest)] / 255.0) - 0.5) * 3 for i in range(dim)]  # deliberately not unit length


class FakeEmbeddingServer:
    def __init__(self, script: list[str] | None = None, *, dim: int = 8, slow_s: float = 2.0) -> None:
        self.script = list(script or ["ok"])
        self.dim = dim
        self.slow_s = slow_s
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # the stdlib's method name
                raw = self.rfile.read(int(self.headers.get("content-length", 0)))
                body = json.loads(raw)
                with server._lock:
                    server.requests.append({"path": self.path, "headers": dict(self.headers.items()), "json": body})
                    mode = server.script.pop(0) if len(server.script) > 1 else server.script[0]
                if mode == "timeout" and server._stop.wait(server.slow_s):
                    return
                status, payload = server.reply(mode, self.path, body)
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    if status == 429:
                        self.send_header("retry-after", "0")
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    def reply(self, mode: str, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
        if mode in ("429", "500"):
            return int(mode), b'{"error": {"message": "try later"}}'
        if mode == "malformed":
            return 200, b"<html>oops</html>"
        dim = self.dim - 1 if mode == "wrongdim" else self.dim
        if path.endswith("/v1/embeddings"):
            data = [
                {"object": "embedding", "index": i, "embedding": vector(t, dim)} for i, t in enumerate(body["input"])
            ]
            data.reverse()  # the API documents `index`; order must not be relied on
            return 200, json.dumps({"object": "list", "data": data, "model": body["model"]}).encode()
        texts = [r["content"]["parts"][0]["text"] for r in body["requests"]]
        return 200, json.dumps({"embeddings": [{"values": vector(t, dim)} for t in texts]}).encode()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> FakeEmbeddingServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
