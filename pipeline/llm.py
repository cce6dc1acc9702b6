"""Optional LLM providers over httpx: the Anthropic Messages API and any OpenAI-compatible chat endpoint.

Invariants:
- Every failure is an `LLMError` (HTTP error, timeout, malformed JSON, a reply cut at max_tokens, an empty
  reply), so each caller has exactly one thing to catch before it falls back to its deterministic path.
- A call never starts when it could push a `TokenBudget` past its limit (the prompt's size is estimated
  generously, plus `max_tokens`), and the tokens a reply used are charged even when the reply is refused
  (a truncated reply still cost money).
- Retries only on 429, 5xx and transport errors (timeouts included), with exponential backoff that honours
  `Retry-After`, every wait capped at `max_backoff`.
Nothing here touches disk; the caller records token usage in its events (e.g. the `consolidation` summary).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import email.utils
import os
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
import orjson
import structlog

logger = structlog.get_logger(__name__)

PROVIDERS = ("anthropic", "openai")
ANTHROPIC_VERSION = "2023-06-01"
DEFAULT_BASE_URL = {"anthropic": "https://api.anthropic.com", "openai": "https://api.openai.com"}
DEFAULT_MODEL = {"anthropic": "claude-haiku-4-5", "openai": "gpt-4o-mini"}
DEFAULT_KEY_ENV = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}
CHARS_PER_TOKEN_ESTIMATE = 3  # Why 3 and not 4: over-estimating keeps the budget a hard ceiling


class LLMError(Exception):
    """An LLM call failed or its reply cannot be used. Callers log it and fall back."""


class BudgetExceeded(LLMError):
    """The call would have pushed the run past its token budget; nothing was sent."""


@dataclass(frozen=True, slots=True)
class LLMReply:
    text: str
    input_tokens: int
    output_tokens: int


class TokenBudget:
    """A hard ceiling on the tokens one run may spend. Not thread-safe; one per run."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self.calls = 0

    @property
    def remaining(self) -> int:
        return max(self.limit - self.used, 0)

    def reserve(self, estimated_tokens: int) -> None:
        """Raise BudgetExceeded when a call of this size could exceed the limit."""
        if self.used + estimated_tokens > self.limit:
            raise BudgetExceeded(
                f"token budget: {self.used} used + ~{estimated_tokens} for this call > limit {self.limit}"
            )

    def charge(self, input_tokens: int, output_tokens: int) -> None:
        self.used += input_tokens + output_tokens
        self.calls += 1

    def as_dict(self) -> dict[str, int]:
        return {"limit": self.limit, "used": self.used, "calls": self.calls}


def estimate_tokens(*texts: str) -> int:
    return sum(len(t) for t in texts) // CHARS_PER_TOKEN_ESTIMATE + 1


class LLMClient:
    """One provider endpoint. Holds no connection: each `complete` opens and closes its own httpx client."""

    def __init__(
        self,
        provider: str,
        *,
        model: str,
        base_url: str = "",
        api_key: str = "",
        timeout: float = 60.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        max_backoff: float = 30.0,
        budget: TokenBudget | None = None,
    ) -> None:
        if provider not in PROVIDERS:
            raise ValueError(f"unknown LLM provider {provider!r}; known: {', '.join(PROVIDERS)}")
        self.provider = provider
        self.model = model
        self.base_url = (base_url or DEFAULT_BASE_URL[provider]).rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.budget = budget

    def with_budget(self, budget: TokenBudget) -> LLMClient:
        """The same endpoint, charging `budget` (one per consolidation run)."""
        return LLMClient(
            self.provider,
            model=self.model,
            base_url=self.base_url,
            api_key=self.api_key,
            timeout=self.timeout,
            max_retries=self.max_retries,
            backoff=self.backoff,
            max_backoff=self.max_backoff,
            budget=budget,
        )

    async def complete(self, system: str, prompt: str, *, max_tokens: int = 1024) -> LLMReply:
        """One completion. Raises LLMError (BudgetExceeded before anything is sent)."""
        if self.budget is not None:
            self.budget.reserve(estimate_tokens(system, prompt) + max_tokens)
        url, headers, body = self._request(system, prompt, max_tokens)
        payload = await self._post_with_retries(url, headers, body)
        text, input_tokens, output_tokens, cut = self._parse(payload)
        if self.budget is not None:
            self.budget.charge(input_tokens, output_tokens)
        if cut:
            raise LLMError(f"{self.provider} reply truncated at max_tokens={max_tokens}")
        if not text.strip():
            raise LLMError(f"{self.provider} reply is empty")
        return LLMReply(text=text, input_tokens=input_tokens, output_tokens=output_tokens)

    def _request(self, system: str, prompt: str, max_tokens: int) -> tuple[str, dict[str, str], dict[str, Any]]:
        if self.provider == "anthropic":
            headers = {"anthropic-version": ANTHROPIC_VERSION, "content-type": "application/json"}
            if self.api_key:
                headers["x-api-key"] = self.api_key
            body: dict[str, Any] = {
                "model": self.model,
                "max_tokens": max_tokens,
                "system": system,
                "messages": [{"role": "user", "content": prompt}],
            }
            return f"{self.base_url}/v1/messages", headers, body
        headers = {"content-type": "application/json"}
        if self.api_key:  # Ollama and local servers take no key
            headers["authorization"] = f"Bearer {self.api_key}"
        body = {
            "model": self.model,
            "max_tokens": max_tokens,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
        }
        return f"{self.base_url}/v1/chat/completions", headers, body

    async def _post_with_retries(self, url: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
        attempt = 0
        async with httpx.AsyncClient(timeout=self.timeout) as client:
            while True:
                delay: float
                try:
                    response = await client.post(url, headers=headers, content=orjson.dumps(body))
                except httpx.TransportError as exc:  # connect errors and timeouts
                    failure = f"{type(exc).__name__}: {exc}".rstrip(": ")
                    delay = self._backoff(attempt, None)
                else:
                    if response.status_code < 300:
                        return _json(response)
                    failure = f"HTTP {response.status_code}: {_short(response.text)}"
                    if response.status_code != 429 and response.status_code < 500:
                        raise LLMError(f"{self.provider} refused the request: {failure}")
                    delay = self._backoff(attempt, response.headers.get("retry-after"))
                if attempt >= self.max_retries:
                    raise LLMError(f"{self.provider} failed after {attempt + 1} attempt(s): {failure}")
                logger.warning("llm_retry", provider=self.provider, attempt=attempt + 1, delay_s=delay, error=failure)
                await asyncio.sleep(delay)
                attempt += 1

    def _backoff(self, attempt: int, retry_after: str | None) -> float:
        wait = self.backoff * (2**attempt)
        if retry_after is not None and (asked := parse_retry_after(retry_after)) is not None:
            wait = asked
        return float(min(max(wait, 0.0), self.max_backoff))

    def _parse(self, payload: Any) -> tuple[str, int, int, bool]:
        """(text, input tokens, output tokens, truncated). Raises LLMError on an unexpected shape."""
        try:
            if self.provider == "anthropic":
                text = "".join(block["text"] for block in payload["content"] if block.get("type", "text") == "text")
                usage = payload.get("usage") or {}
                tokens = int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0))
                return text, *tokens, payload.get("stop_reason") == "max_tokens"
            choice = payload["choices"][0]
            text = choice["message"].get("content") or ""
            usage = payload.get("usage") or {}
            tokens = int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))
            return str(text), *tokens, choice.get("finish_reason") == "length"
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise LLMError(f"{self.provider} reply has an unexpected shape: {exc!r}") from exc


def parse_retry_after(value: str) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date); None when unreadable."""
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max((moment - dt.datetime.now(dt.UTC)).total_seconds(), 0.0)


def _json(response: httpx.Response) -> Any:
    try:
        return orjson.loads(response.content)
    except orjson.JSONDecodeError as exc:
        raise LLMError(f"reply is not valid JSON: {_short(response.text)}") from exc


def _short(text: str, limit: int = 200) -> str:
    return " ".join(text.split())[:limit]


class LLMConfig(Protocol):
    """The `[llm]` settings this module reads (the daemon's `LLMSettings` has this shape)."""

    @property
    def provider(self) -> str: ...
    @property
    def base_url(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def api_key_env(self) -> str: ...
    @property
    def timeout_seconds(self) -> float: ...
    @property
    def max_retries(self) -> int: ...
    @property
    def backoff_seconds(self) -> float: ...
    @property
    def max_backoff_seconds(self) -> float: ...


class HasLLMConfig(Protocol):
    @property
    def llm(self) -> LLMConfig: ...


def make_llm(settings: HasLLMConfig) -> LLMClient | None:
    """The configured client, or None when `[llm] provider` is empty (the default) or unusable (logged)."""
    provider = settings.llm.provider
    if not provider:
        return None
    if provider not in PROVIDERS:
        logger.warning("llm_disabled", reason="unknown_provider", provider=provider)
        return None
    key_env = settings.llm.api_key_env or DEFAULT_KEY_ENV[provider]
    api_key = os.environ.get(key_env, "")
    base_url = settings.llm.base_url
    if provider == "anthropic" and not api_key and not base_url:
        logger.warning("llm_disabled", reason="no_api_key", provider=provider, env=key_env)
        return None
    return LLMClient(
        provider,
        model=settings.llm.model or DEFAULT_MODEL[provider],
        base_url=base_url,
        api_key=api_key,
        timeout=settings.llm.timeout_seconds,
        max_retries=settings.llm.max_retries,
        backoff=settings.llm.backoff_seconds,
        max_backoff=settings.llm.max_backoff_seconds,
    )
