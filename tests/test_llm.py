"""Both LLM wire formats against a real HTTP server on 127.0.0.1: success, 429 then success, 5xx, 4xx,
timeout, malformed JSON, an unexpected shape, a truncated reply, an empty reply, and the token budget."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from daemon.config import load_settings
from pipeline.llm import BudgetExceeded, LLMClient, LLMError, TokenBudget, make_llm, parse_retry_after
from tests.conftest import write_config
from tests.fake_llm_server import FakeLLMServer, Scripted, ok

PROVIDERS = ("anthropic", "openai")


def client(provider: str, url: str, **kw: object) -> LLMClient:
    options: dict[str, object] = {"timeout": 2.0, "max_retries": 2, "backoff": 0.01, "max_backoff": 0.05}
    options.update(kw)
    return LLMClient(provider, model="test-model", base_url=url, api_key="k-123", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_success_speaks_the_wire_format(provider: str) -> None:
    with FakeLLMServer([ok(provider, "hello there", input_tokens=21, output_tokens=4)]) as server:
        reply = await client(provider, server.url).complete("be brief", "say hi", max_tokens=50)
    assert (reply.text, reply.input_tokens, reply.output_tokens) == ("hello there", 21, 4)
    (request,) = server.requests
    body, headers = request["json"], request["headers"]
    assert body["model"] == "test-model" and body["max_tokens"] == 50
    if provider == "anthropic":
        assert request["path"] == "/v1/messages"
        assert headers["x-api-key"] == "k-123" and headers["anthropic-version"] == "2023-06-01"
        assert body["system"] == "be brief" and body["messages"] == [{"role": "user", "content": "say hi"}]
    else:
        assert request["path"] == "/v1/chat/completions"
        assert headers["authorization"] == "Bearer k-123"
        assert body["messages"][0] == {"role": "system", "content": "be brief"}


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_429_then_success_retries_and_honours_retry_after(provider: str) -> None:
    script = [Scripted(status=429, body={"error": "slow down"}, headers={"retry-after": "0.2"}), ok(provider, "ok")]
    with FakeLLMServer(script) as server:
        started = time.perf_counter()
        reply = await client(provider, server.url, max_backoff=1.0).complete("s", "p")
        waited = time.perf_counter() - started
    assert reply.text == "ok" and len(server.requests) == 2
    assert waited >= 0.2  # Retry-After was honoured (not the 0.01 s backoff)


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_retry_after_is_capped(provider: str) -> None:
    script = [Scripted(status=429, body={}, headers={"retry-after": "3600"}), ok(provider, "ok")]
    with FakeLLMServer(script) as server:
        started = time.perf_counter()
        await client(provider, server.url, max_backoff=0.05).complete("s", "p")
    assert time.perf_counter() - started < 10.0  # uncapped, it would wait an hour


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_500_is_retried_then_fails(provider: str) -> None:
    with (
        FakeLLMServer([Scripted(status=500, body={"error": "boom"})]) as server,
        pytest.raises(LLMError, match="after 3 attempt"),
    ):
        await client(provider, server.url).complete("s", "p")
    assert len(server.requests) == 3  # first try + max_retries=2


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_a_client_error_is_not_retried(provider: str) -> None:
    with (
        FakeLLMServer([Scripted(status=401, body={"error": "bad key"})]) as server,
        pytest.raises(LLMError, match="401"),
    ):
        await client(provider, server.url).complete("s", "p")
    assert len(server.requests) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_timeout_fails_cleanly(provider: str) -> None:
    with FakeLLMServer([Scripted(delay=5.0, body={})]) as server:
        started = time.perf_counter()
        with pytest.raises(LLMError, match="Timeout"):
            await client(provider, server.url, timeout=0.2, max_retries=1).complete("s", "p")
    assert time.perf_counter() - started < 4.5  # without the timeout: two 5 s waits
    assert len(server.requests) == 2


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("body", "message"),
    [(b"{not json", "not valid JSON"), ({"unexpected": True}, "unexpected shape"), ({"content": 5}, "unexpected")],
)
async def test_malformed_replies_are_errors(provider: str, body: object, message: str) -> None:
    with FakeLLMServer([Scripted(body=body)]) as server, pytest.raises(LLMError, match=message):
        await client(provider, server.url).complete("s", "p")


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_a_truncated_reply_is_refused_but_its_tokens_are_charged(provider: str) -> None:
    budget = TokenBudget(10_000)
    with (
        FakeLLMServer([ok(provider, "1. half a st", truncated=True, input_tokens=30, output_tokens=50)]) as server,
        pytest.raises(LLMError, match="truncated"),
    ):
        await client(provider, server.url, budget=budget).complete("s", "p", max_tokens=50)
    assert budget.used == 80 and budget.calls == 1


@pytest.mark.parametrize("provider", PROVIDERS)
async def test_an_empty_reply_is_refused(provider: str) -> None:
    with FakeLLMServer([ok(provider, "   ")]) as server, pytest.raises(LLMError, match="empty"):
        await client(provider, server.url).complete("s", "p")


async def test_the_budget_refuses_a_call_before_anything_is_sent() -> None:
    budget = TokenBudget(1000)
    with FakeLLMServer([ok("openai", "fine", input_tokens=400, output_tokens=100)]) as server:
        llm = client("openai", server.url, budget=budget)
        await llm.complete("s", "p", max_tokens=200)  # ~201 estimated <= 1000
        assert budget.used == 500
        with pytest.raises(BudgetExceeded):
            await llm.complete("s", "p", max_tokens=600)  # 500 + ~601 > 1000
    assert len(server.requests) == 1


def test_retry_after_forms() -> None:
    assert parse_retry_after("2.5") == 2.5
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date in the past: no wait
    assert parse_retry_after("soon") is None


def test_make_llm_is_off_by_default_and_reads_config(memory_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert make_llm(load_settings(memory_home)) is None
    write_config(memory_home, '[llm]\nprovider = "openai"\nbase_url = "http://127.0.0.1:9"\napi_key_env = "MY_KEY"\n')
    monkeypatch.setenv("MY_KEY", "secret-1")
    llm = make_llm(load_settings(memory_home))
    assert llm is not None and (llm.provider, llm.base_url, llm.api_key) == ("openai", "http://127.0.0.1:9", "secret-1")
    write_config(memory_home, '[llm]\nprovider = "anthropic"\n')
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert make_llm(load_settings(memory_home)) is None  # no key for the public API: off, with a warning
