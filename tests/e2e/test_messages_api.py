"""The scripted Messages API itself (no CLI needed): its plain replies read by memoryd's own Anthropic client,
its streamed replies reassembled from the server-sent events into the same message, every request kept."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from pipeline.llm import LLMClient
from tests.e2e.messages_api import ScriptedModel, call, say

TOOLS = [{"name": "Read", "description": "read a file", "input_schema": {"type": "object"}}]


def post(url: str, body: dict[str, Any]) -> tuple[str, bytes]:
    request = urllib.request.Request(
        f"{url}/v1/messages?beta=true", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers["content-type"], response.read()


def reassemble(stream: bytes) -> dict[str, Any]:
    """The message a client builds from the events (the Messages API's streaming format)."""
    message: dict[str, Any] = {}
    partial: dict[int, str] = {}
    for chunk in stream.decode().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in chunk.splitlines() if ": " in line)
        if not lines:
            continue
        data = json.loads(lines["data"])
        assert data["type"] == lines["event"]
        if data["type"] == "message_start":
            message = data["message"]
        elif data["type"] == "content_block_start":
            message["content"].append(data["content_block"])
        elif data["type"] == "content_block_delta" and data["delta"]["type"] == "text_delta":
            message["content"][data["index"]]["text"] += data["delta"]["text"]
        elif data["type"] == "content_block_delta":
            partial[data["index"]] = partial.get(data["index"], "") + data["delta"]["partial_json"]
        elif data["type"] == "content_block_stop" and data["index"] in partial:
            message["content"][data["index"]]["input"] = json.loads(partial[data["index"]])
        elif data["type"] == "message_delta":
            message.update(data["delta"])
    return message


async def test_plain_replies_reach_memoryds_own_anthropic_client() -> None:
    with ScriptedModel([say("scripted")], side_reply="a side answer") as model:
        llm = LLMClient("anthropic", model="m", base_url=model.url, api_key="k", timeout=5.0, max_retries=0)
        reply = await llm.complete("be brief", "summarise this")
    assert reply.text == "a side answer"  # no tools offered: a side request, the script is not used
    assert model.script == [say("scripted")] and model.agent_requests() == []
    assert model.requests[0].body["messages"][0]["content"] == "summarise this"


def test_streamed_and_plain_replies_carry_the_same_scripted_turns() -> None:
    turn = call("Read", file_path="/tmp/x.py")
    with ScriptedModel([turn, turn, say("done")]) as model:
        body = {"model": "m", "max_tokens": 100, "tools": TOOLS, "messages": [{"role": "user", "content": "go"}]}
        kind, plain = post(model.url, body)
        assert kind == "application/json"
        kind, streamed = post(model.url, {**body, "stream": True})
        assert kind == "text/event-stream"
        _, last = post(model.url, body)
    plain_message, streamed_message = json.loads(plain), reassemble(streamed)
    for message in (plain_message, streamed_message):
        (block,) = message["content"]
        assert (block["type"], block["name"], block["input"]) == ("tool_use", "Read", {"file_path": "/tmp/x.py"})
        assert message["stop_reason"] == "tool_use"
    assert json.loads(last)["content"] == [{"type": "text", "text": "done"}]
    assert json.loads(last)["stop_reason"] == "end_turn"
    assert [r.body["messages"][0]["content"] for r in model.agent_requests()] == ["go", "go", "go"]
