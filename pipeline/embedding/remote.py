"""Hosted embedding models (OpenAI, Gemini) behind the same `Embedder` seam as the local model.

Wire formats:
- OpenAI: POST {base_url}/v1/embeddings, `Authorization: Bearer KEY`, {"model", "input": [...]} ->
  {"data": [{"index", "embedding": [...]}, ...]}.
- Gemini: POST {base_url}/v1beta/models/{model}:batchEmbedContents, `x-goog-api-key: KEY`,
  {"requests": [{"model": "models/M", "content": {"parts": [{"text"}]}, "taskType"}]} ->
  {"embeddings": [{"values": [...]}, ...]}.

Invariants: every vector that leaves is float32, unit length and of the probed (or configured) dimension;
`name` is "PROVIDER:MODEL", so the embedding cache never mixes hosted and local vectors. 429, 5xx, timeouts
and connection errors are retried with exponential backoff (honouring a numeric Retry-After, capped);
anything else (401, malformed JSON, a wrong dimension) fails at once with `RemoteEmbeddingError`, whose
message is what `status` shows. All calls block: the daemon runs them through `asyncio.to_thread`.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
import numpy as np
import structlog

from pipeline.embedding.spec import unit_rows

logger = structlog.get_logger(__name__)

DEFAULTS = {
    "openai": ("https://api.openai.com", "text-embedding-3-small", "OPENAI_API_KEY"),
    "gemini": ("https://generativelanguage.googleapis.com", "gemini-embedding-001", "GEMINI_API_KEY"),
}
RETRY_STATUS = frozenset({408, 429, 500, 502, 503, 504})
MAX_RETRY_AFTER_S = 10.0
PROBE_TEXT = "memoryd embedding probe"


class RemoteEmbeddingError(Exception):
    """The provider cannot be used; the message says why (shown in `status`)."""


class RemoteSettings(Protocol):
    """The `[embedding]` settings this module reads (the daemon's `EmbeddingSettings` has this shape)."""

    @property
    def provider(self) -> str: ...
    @property
    def remote_model(self) -> str: ...
    @property
    def base_url(self) -> str: ...
    @property
    def api_key_env(self) -> str: ...
    @property
    def dim(self) -> int: ...
    @property
    def timeout_seconds(self) -> float: ...
    @property
    def max_retries(self) -> int: ...
    @property
    def backoff_seconds(self) -> float: ...
    @property
    def batch_size(self) -> int: ...


@dataclass(frozen=True, slots=True)
class RemoteConfig:
    provider: str
    model: str
    base_url: str
    api_key_env: str
    dim: int
    timeout_s: float
    max_retries: int
    backoff_s: float
    batch_size: int

    @classmethod
    def from_settings(cls, section: RemoteSettings) -> RemoteConfig | None:
        """From the `[embedding]` settings; None for the local provider."""
        provider = section.provider or "local"
        if provider not in DEFAULTS:
            return None
        base, model, env = DEFAULTS[provider]
        return cls(
            provider=provider,
            model=section.remote_model or model,
            base_url=(section.base_url or base).rstrip("/"),
            api_key_env=section.api_key_env or env,
            dim=section.dim,
            timeout_s=section.timeout_seconds,
            max_retries=section.max_retries,
            backoff_s=section.backoff_seconds,
            batch_size=max(1, section.batch_size),
        )


class RemoteEmbedder:
    """An `Embedder` over HTTP. Build it with `connect`, which probes the dimension."""

    def __init__(self, config: RemoteConfig, api_key: str) -> None:
        self.config = config
        self.name = f"{config.provider}:{config.model}"
        self.dim = config.dim
        self._api_key = api_key
        self._client = httpx.Client(timeout=config.timeout_s)

    def close(self) -> None:
        self._client.close()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed(texts, "RETRIEVAL_DOCUMENT")

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._embed([text], "RETRIEVAL_QUERY")[0]
        return vector

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._embed(texts, "RETRIEVAL_QUERY")

    def _embed(self, texts: list[str], task: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows: list[list[float]] = []
        size = self.config.batch_size
        for start in range(0, len(texts), size):
            rows += self._batch(texts[start : start + size], task)
        vectors = np.asarray(rows, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(texts):
            raise RemoteEmbeddingError(f"{self.name} returned {vectors.shape[0]} vectors for {len(texts)} texts")
        if not self.dim:
            self.dim = int(vectors.shape[1])
        if vectors.shape[1] != self.dim:
            raise RemoteEmbeddingError(f"{self.name} returned dimension {vectors.shape[1]}, expected {self.dim}")
        normalised = unit_rows(vectors)
        if normalised is None:
            raise RemoteEmbeddingError(f"{self.name} returned a zero or non-finite vector")
        return normalised

    def _batch(self, texts: list[str], task: str) -> list[list[float]]:
        url, headers, body = self._request(texts, task)
        data = self._post_with_retries(url, headers, body)
        try:
            if self.config.provider == "openai":
                items = sorted(data["data"], key=lambda item: int(item.get("index", 0)))
                rows = [[float(x) for x in item["embedding"]] for item in items]
            else:
                rows = [[float(x) for x in item["values"]] for item in data["embeddings"]]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RemoteEmbeddingError(f"{self.name}: unexpected response shape ({type(exc).__name__}: {exc})") from exc
        if len(rows) != len(texts):
            raise RemoteEmbeddingError(f"{self.name} returned {len(rows)} vectors for {len(texts)} texts")
        return rows

    def _request(self, texts: list[str], task: str) -> tuple[str, dict[str, str], dict[str, Any]]:
        config = self.config
        if config.provider == "openai":
            headers = {"Authorization": f"Bearer {self._api_key}"}
            return f"{config.base_url}/v1/embeddings", headers, {"model": config.model, "input": texts}
        requests = [
            {"model": f"models/{config.model}", "content": {"parts": [{"text": t}]}, "taskType": task} for t in texts
        ]
        url = f"{config.base_url}/v1beta/models/{config.model}:batchEmbedContents"
        return url, {"x-goog-api-key": self._api_key}, {"requests": requests}

    def _post_with_retries(self, url: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
        attempts = self.config.max_retries + 1
        for attempt in range(attempts):
            last = attempt == attempts - 1
            try:
                response = self._client.post(url, headers=headers, json=body)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                if last:
                    raise RemoteEmbeddingError(f"{self.name}: {type(exc).__name__} after {attempts} attempts") from exc
                self._sleep(attempt, None, reason=type(exc).__name__)
                continue
            if response.status_code in RETRY_STATUS and not last:
                self._sleep(attempt, response.headers.get("retry-after"), reason=str(response.status_code))
                continue
            if response.status_code >= 400:
                raise RemoteEmbeddingError(
                    f"{self.name}: HTTP {response.status_code} from {url}: {response.text[:200]!r}"
                    + (f" after {attempts} attempts" if response.status_code in RETRY_STATUS else "")
                )
            try:
                return response.json()
            except ValueError as exc:
                raise RemoteEmbeddingError(f"{self.name}: response is not JSON: {response.text[:100]!r}") from exc
        raise AssertionError("unreachable")

    def _sleep(self, attempt: int, retry_after: str | None, *, reason: str) -> None:
        delay = self.config.backoff_s * (2**attempt)
        if retry_after:
            with contextlib.suppress(ValueError):
                delay = max(delay, min(float(retry_after), MAX_RETRY_AFTER_S))
        logger.warning("remote_embedding_retry", provider=self.name, attempt=attempt + 1, reason=reason, delay=delay)
        time.sleep(delay)


def connect(config: RemoteConfig) -> RemoteEmbedder:
    """Make an embedder and probe it once (which fixes or verifies the dimension). Blocking.

    Raises `RemoteEmbeddingError` when the key is missing or the provider does not answer correctly.
    """
    api_key = os.environ.get(config.api_key_env, "")
    if not api_key:
        raise RemoteEmbeddingError(f"{config.provider}: environment variable {config.api_key_env} is not set")
    embedder = RemoteEmbedder(config, api_key)
    try:
        embedder.embed_passages([PROBE_TEXT])
    except BaseException:
        embedder.close()
        raise
    return embedder
