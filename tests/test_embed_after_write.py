"""One large note must not stall indexing for everyone.

The embedding provider is a real HTTP server on 127.0.0.1 that holds every reply until the test releases it, so
"embedding is slow" is a state the test controls rather than a race: while it is held, a new note must already be
keyword-searchable, and a large note deleted meanwhile must not be embedded beyond the batch in flight.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from tests.conftest import write_config
from tests.fake_embedding_server import FakeEmbeddingServer

KEY_ENV = "MEMORYD_TEST_EMBED_KEY"
BATCH = 8


def big_note(chunks: int) -> str:
    words = [
        "alpha",
        "bravo",
        "charlie",
        "delta",
        "echo",
        "foxtrot",
        "golf",
        "hotel",
        "india",
        "juliet",
        "kilo",
        "lima",
    ]
    paragraphs = [f"walrus{i} " + " ".join(words[(i + j) % len(words)] for j in range(14)) for i in range(chunks)]
    return "# Big\n\n" + "\n\n".join(paragraphs) + "\n"


def test_keyword_search_does_not_wait_for_embeddings_and_deleted_text_is_not_embedded(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. embedding ready (a remote provider on 127.0.0.1), then every reply held; 2. a 200-chunk note is saved and
    deleted 0.5 s later; 3. a small note saved after it is BM25-searchable while the provider still holds its
    reply; 4. released: the small note gets its vector, and of the big note's texts only the one batch in flight
    when it was deleted was ever sent to the provider."""
    with FakeEmbeddingServer(["ok"]) as server:
        write_config(
            memory_home,
            f'[embedding]\nprovider = "openai"\nremote_model = "test-embed"\nbase_url = "{server.url}"\n'
            f'api_key_env = "{KEY_ENV}"\nbatch_size = {BATCH}\ntimeout_seconds = 120\n'
            "[index]\nchunk_tokens = 24\nchunk_overlap = 0\ndebounce_ms = 50\n",
        )
        daemon = daemon_factory(embedding=True)
        daemon.env[KEY_ENV] = "sk-test-123"
        daemon.start()
        daemon.wait_for(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready")
        daemon.wait_for(lambda: daemon.call("status")["index"]["embedded"] >= 1)  # MEMORY.md
        gate = threading.Event()
        server.gate = gate
        notes = memory_home / "notes"
        notes.mkdir()
        try:
            (notes / "big.md").write_text(big_note(200))
            daemon.wait_for(lambda: daemon.call("search", {"query": "walrus7", "mode": "bm25"})["results"])
            (notes / "big.md").unlink()
            (notes / "small.md").write_text("# Small\n\nThe pangolin note must be findable at once.\n")
            hits = daemon.wait_for(lambda: daemon.call("search", {"query": "pangolin", "mode": "bm25"})["results"])
            assert hits[0]["path"] == "notes/small.md"
            daemon.wait_for(lambda: not daemon.call("search", {"query": "walrus7", "mode": "bm25"})["results"])
        finally:
            gate.set()
        daemon.wait_for(
            lambda: any(
                r["path"] == "notes/small.md"
                for r in daemon.call("search", {"query": "pangolin", "mode": "vector"})["results"]
            )
        )
        daemon.wait_for(lambda: daemon.call("status")["index"]["pending"] == 0)
        sent = [text for r in server.requests for text in r["json"].get("input", [])]
        big_sent = [t for t in sent if "walrus" in t]
        assert len(big_sent) <= BATCH, len(big_sent)


def test_the_newest_text_is_embedded_first(daemon_factory: Any, memory_home: Path) -> None:
    """1. a 40-chunk note is saved while every reply is held (its first batch waits in flight); 2. another note is
    saved; 3. released: the newer note's text goes to the provider before the rest of the older one."""
    with FakeEmbeddingServer(["ok"]) as server:
        write_config(
            memory_home,
            f'[embedding]\nprovider = "openai"\nremote_model = "test-embed"\nbase_url = "{server.url}"\n'
            f'api_key_env = "{KEY_ENV}"\nbatch_size = {BATCH}\ntimeout_seconds = 120\n'
            "[index]\nchunk_tokens = 24\nchunk_overlap = 0\ndebounce_ms = 50\n",
        )
        daemon = daemon_factory(embedding=True)
        daemon.env[KEY_ENV] = "sk-test-123"
        daemon.start()
        daemon.wait_for(lambda: daemon.call("status")["index"]["embedded"] >= 1)
        gate = threading.Event()
        server.gate = gate
        notes = memory_home / "notes"
        notes.mkdir()
        try:
            before = len(server.requests)
            (notes / "older.md").write_text(big_note(40).replace("walrus", "aardvark"))
            daemon.wait_for(lambda: len(server.requests) > before)  # its first batch is in flight, held
            (notes / "newer.md").write_text("# Newer\n\nThe badger note, saved second.\n")
            daemon.wait_for(lambda: daemon.call("search", {"query": "badger", "mode": "bm25"})["results"])
        finally:
            gate.set()
        daemon.wait_for(lambda: daemon.call("status")["index"]["embed_queue"] == 0)
        daemon.wait_for(lambda: not daemon.call("status")["index"]["backfilling"])
        batches = [" ".join(r["json"].get("input", [])) for r in server.requests[before:]]
        newer = next(i for i, text in enumerate(batches) if "badger" in text)
        older = [i for i, text in enumerate(batches) if "aardvark" in text]
        assert older[0] < newer < older[-1], (older, newer)
