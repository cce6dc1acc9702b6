"""A 127.0.0.1 HTTP server that speaks the OpenAI and Gemini embedding wire formats, with scripted failures.

Each request takes the next mode from the script (the last one repeats): "ok", "429", "500", "timeout"
(answers after `slow_s`), "malformed" (not JSON), "wrongdim" (vectors one shorter than `dim`). Vectors are
deterministic functions of the text, so the same text always embeds the same way."""

from __future__ import annotations

import hashlib
import json
import threading
from typing import Any

from tests.local_http import LocalHTTPServer, Reply


def vector(text: str, dim: int) -> list[float]:
    digest = hashlib.sha256(text.encode()).digest()
    return [((digest[i % len(digest)] / 255.0) - 0.5) * 3 for i in range(dim)]  # deliberately not unit length


class FakeEmbeddingServer(LocalHTTPServer):
    def __init__(self, script: list[str] | None = None, *, dim: int = 8, slow_s: float = 2.0) -> None:
        super().__init__()
        self.script = list(script or ["ok"])
        self.dim = dim
        self.slow_s = slow_s
        self.gate: threading.Event | None = None  # when set to an Event: hold every reply until it is set

    def respond(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        body = json.loads(raw)
        self.requests.append({"path": path, "headers": headers, "json": body})
        mode = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        status, payload = self.reply(mode, path, body)
        return Reply(
            status,
            payload,
            headers={"retry-after": "0"} if status == 429 else {},
            delay=self.slow_s if mode == "timeout" else 0.0,
            gate=self.gate,
        )

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
