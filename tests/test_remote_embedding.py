"""Remote embedding providers against a 127.0.0.1 server speaking each wire format: success, 429
then success, persistent 500, timeout, malformed JSON, wrong dimension, a missing key; and the daemon's
clean fall back with `status` saying why."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from daemon.config import EmbeddingSettings
from pipeline.embedding.remote import RemoteConfig, RemoteEmbeddingError, connect
from tests.conftest import write_config
from tests.fake_embedding_server import FakeEmbeddingServer

KEY_ENV = "MEMORYD_TEST_EMBED_KEY"


def config(provider: str, url: str, **kw: Any) -> RemoteConfig:
    section = {
        "provider": provider,
        "remote_model": "test-embed",
        "base_url": url,
        "api_key_env": KEY_ENV,
        "timeout_seconds": 1.0,
        "max_retries": 2,
        "backoff_seconds": 0.01,
        "batch_size": 3,
        **kw,
    }
    made = RemoteConfig.from_settings(EmbeddingSettings(**section))
    assert made is not None
    return made


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, "sk-test-123")


@pytest.mark.parametrize("provider", ["openai", "gemini"])
def test_success_batches_normalises_and_keys_by_provider(provider: str) -> None:
    with FakeEmbeddingServer(["ok"]) as server:
        embedder = connect(config(provider, server.url))
        try:
            vectors = embedder.embed_passages([f"text {i}" for i in range(7)])
            query = embedder.embed_query("text 3")
        finally:
            embedder.close()
    assert embedder.name == f"{provider}:test-embed" and embedder.dim == 8
    assert vectors.dtype == np.float32 and vectors.shape == (7, 8)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vectors[3], query, atol=1e-6)  # the response order was reversed; `index` put it back
    assert len(server.requests) == 1 + 3 + 1  # probe, batches of 3, 3, 1, the query
    first = server.requests[1]
    if provider == "openai":
        assert first["path"] == "/v1/embeddings" and first["headers"]["Authorization"] == "Bearer sk-test-123"
        assert first["json"] == {"model": "test-embed", "input": ["text 0", "text 1", "text 2"]}
    else:
        assert first["path"] == "/v1beta/models/test-embed:batchEmbedContents"
        assert first["headers"]["x-goog-api-key"] == "sk-test-123"
        assert first["json"]["requests"][0] == {
            "model": "models/test-embed",
            "content": {"parts": [{"text": "text 0"}]},
            "taskType": "RETRIEVAL_DOCUMENT",
        }


def test_429_then_success_is_retried() -> None:
    with FakeEmbeddingServer(["429", "429", "ok"]) as server:
        embedder = connect(config("openai", server.url))
        embedder.close()
    assert len(server.requests) == 3 and embedder.dim == 8


@pytest.mark.parametrize(
    ("script", "message", "requests"),
    [
        (["500"], "HTTP 500", 3),  # retried max_retries times, then given up
        (["timeout"], "Timeout", 3),
        (["malformed"], "not JSON", 1),  # not retried
    ],
)
def test_failures_raise_with_a_reason(script: list[str], message: str, requests: int) -> None:
    with FakeEmbeddingServer(script, slow_s=2.0) as server:
        started = time.monotonic()
        with pytest.raises(RemoteEmbeddingError, match=message):
            connect(config("openai", server.url, timeout_seconds=0.2))
        assert time.monotonic() - started < 3
    assert len(server.requests) == requests


def test_wrong_dimension_is_refused() -> None:
    with FakeEmbeddingServer(["ok"]) as server:
        with pytest.raises(RemoteEmbeddingError, match="dimension 8, expected 16"):
            connect(config("gemini", server.url, dim=16))
        embedder = connect(config("gemini", server.url))
        server.script = ["wrongdim"]
        with pytest.raises(RemoteEmbeddingError, match="dimension 7, expected 8"):
            embedder.embed_passages(["a later batch"])
        embedder.close()


def test_missing_key_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KEY_ENV)
    with pytest.raises(RemoteEmbeddingError, match=KEY_ENV):
        connect(config("openai", "http://127.0.0.1:9"))


def remote_config(home: Path, url: str, *, local_model: str = "") -> None:
    write_config(
        home,
        f'[embedding]\nprovider = "openai"\nremote_model = "test-embed"\nbase_url = "{url}"\n'
        f'api_key_env = "{KEY_ENV}"\nmax_retries = 1\nbackoff_seconds = 0.01\nmodel = "{local_model}"\n',
    )


def test_daemon_uses_remote_provider_with_its_own_cache_key(daemon_factory: Any, memory_home: Path) -> None:
    with FakeEmbeddingServer(["ok"]) as server:
        remote_config(memory_home, server.url)
        daemon = daemon_factory(embedding=True)
        daemon.env[KEY_ENV] = "sk-test-123"
        daemon.start()
        (memory_home / "notes").mkdir(exist_ok=True)
        (memory_home / "notes" / "deploy.md").write_text("# Deploy\n\nWe deploy with blue green releases.\n")
        status = daemon.wait_for(lambda: (s := daemon.call("status"))["index"]["embedding"]["state"] == "ready" and s)
        assert status["index"]["embedding"]["model"] == "openai:test-embed"
        assert status["index"]["embedding"]["provider"] == "remote"

        # Why wait for the note's vector, answered in vector mode: until then the vector list offers the starter
        # MEMORY.md for any query, and between "ready" and the vectors joining search (the relevance baseline is
        # embedded first, over HTTP) a vector search answers with BM25, which finds the note too
        def note_by_vector() -> bool:
            found = daemon.call("search", {"query": "blue green", "mode": "vector"})
            return found["mode"] == "vector" and any(r["path"] == "notes/deploy.md" for r in found["results"])

        daemon.wait_for(note_by_vector)
        hits = daemon.call("search", {"query": "blue green", "mode": "hybrid"})["results"]
        assert hits[0]["path"] == "notes/deploy.md"
        assert daemon.call("search", {"query": "blue green", "mode": "vector"})["mode"] == "vector"
        assert any(r["path"] == "/v1/embeddings" and len(r["json"]["input"]) >= 1 for r in server.requests[1:])


def test_daemon_falls_back_and_status_says_why(daemon_factory: Any, memory_home: Path) -> None:
    """The provider fails (500) and the local model is not configured: BM25 only, with both reasons."""
    with FakeEmbeddingServer(["500"]) as server:
        remote_config(memory_home, server.url)
        daemon = daemon_factory(embedding=True)
        daemon.env[KEY_ENV] = "sk-test-123"
        daemon.start()
        embedding = daemon.wait_for(
            lambda: (e := daemon.call("status")["index"]["embedding"])["state"] == "failed" and e
        )
    assert "HTTP 500" in embedding["fallback_reason"] and "fell back" in embedding["fallback_reason"]
    assert "HTTP 500" in embedding["reason"]
    assert daemon.call("search", {"query": "anything"})["mode"] == "bm25"
