"""A small HTTP server on 127.0.0.1 that answers like the Anthropic Messages API or an OpenAI-compatible
chat-completions endpoint, from a script of replies. Used by the LLM tests and by daemon tests (it runs in a
thread, so a daemon subprocess can reach it while the test blocks)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tests.local_http import LocalHTTPServer, Reply


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


class FakeLLMServer(LocalHTTPServer):
    """Context manager: serves the script in order; once it runs out, the last reply repeats."""

    def __init__(self, script: list[Scripted] | None = None) -> None:
        super().__init__()
        self.script = list(script or [])

    def respond(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        self.requests.append({"path": path, "headers": {k.lower(): v for k, v in headers.items()}, "json": body})
        if not self.script:
            reply = Scripted(status=500, body={"error": "no script"})
        else:
            reply = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        payload = json.dumps(reply.body).encode() if isinstance(reply.body, dict) else (reply.body or b"")
        if isinstance(payload, str):
            payload = payload.encode()
        return Reply(reply.status, payload, dict(reply.headers), reply.delay)
