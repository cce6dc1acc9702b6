"""The embedding model's life in the daemon: load off the loop, embed off the loop, degrade to BM25.

Invariants:
- The daemon never waits for the model to answer BM25 queries: loading (and the first-start build) runs in
  a worker thread; until it succeeds, `mode` is "bm25" and `reason` says why.
- One embedding call runs at a time (onnxruntime already uses every core); queries and indexing share it.
- An idle local model is released (`release_if_idle`, ~150 MB) and loaded back in the background (`wake`):
  while it is away `ready` is false, so every caller takes its BM25 path at once and never waits for the load.
  Release happens only between calls (the lock is free) and without awaiting in between, so no call that
  found the model ready can find it gone.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import structlog

from pipeline.heap import release_free_memory

logger = structlog.get_logger(__name__)

QUERY_BATCH = 16  # queries embedded in one model call, at most


class EmbeddingService:
    def __init__(
        self,
        model: str,
        models_dir: Path,
        *,
        batch_size: int = 32,
        batch_tokens: int = 2048,
        enabled: bool = True,
        remote: Callable[[], Any] | None = None,
        idle_release_s: float = 0.0,
    ) -> None:
        self.model = model
        self.remote = remote  # builds and probes a hosted embedder (blocking); tried before the local model
        self.provider = "local"
        self.fallback_reason = ""
        self.models_dir = models_dir
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens
        self.enabled = enabled
        self.state = "disabled" if not enabled else "pending"
        self.reason = "embedding disabled by configuration" if not enabled else "model not loaded yet"
        self.dim: int | None = None
        self._embedder: Any = None
        self._lock = asyncio.Lock()
        self._ready = asyncio.Event()
        self._query_cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self.load_seconds: float | None = None
        self.idle_release_s = idle_release_s  # 0: never release
        self.last_used = time.monotonic()
        self.releases = 0
        self.released_at: float | None = None  # time.time() of the last release
        self._reload: asyncio.Task[bool] | None = None
        self._queries: list[tuple[str, asyncio.Future[np.ndarray]]] = []  # waiting for the next model call
        self._query_drain: asyncio.Task[None] | None = None
        self.on_ready: Callable[[], None] | None = None  # told when a released model is back (the indexer's queue)

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    async def wait_ready(self) -> None:
        await self._ready.wait()

    async def load(self) -> bool:
        """Prepare (build on first start) and load the model in a thread. Returns False and records why
        on any failure; the daemon then stays in BM25-only mode."""
        if not self.enabled:
            return False
        self.state, self.reason = "loading", f"loading {self.model}"
        started = time.perf_counter()
        if self.remote is not None and await self._load_remote(started):
            return True
        try:
            from pipeline.embedding.models import load_embedder  # Why lazy: the model build pulls in onnx

            self._embedder = await asyncio.to_thread(
                load_embedder, self.model, self.models_dir, batch_size=self.batch_size, batch_tokens=self.batch_tokens
            )
            # Why the embedder's name: it names the variant (e.g. `multilingual-e5-small/fp32/512`), and the
            # embedding cache is keyed by it, so vectors of another build are never mixed with these.
            self.model, self.dim = str(self._embedder.name), int(self._embedder.dim)
        except Exception as exc:  # isolation boundary: a model that cannot load must not stop the daemon
            self.state, self.reason = "failed", f"{self.model} unavailable: {exc}"
            if self.fallback_reason:
                self.reason = f"{self.fallback_reason}; {self.reason}"
            logger.warning("embedding_unavailable", model=self.model, error=str(exc))
            return False
        await asyncio.to_thread(release_free_memory)  # loading the session leaves ~100 MB of freed blocks
        self.load_seconds = round(time.perf_counter() - started, 2)
        self.last_used = time.monotonic()  # Why: the idle clock starts when the model is there, not at start-up
        self.state, self.reason = "ready", ""
        self._ready.set()
        logger.info("embedding_ready", model=self.model, dim=self.dim, seconds=self.load_seconds)
        return True

    async def _load_remote(self, started: float) -> bool:
        """The hosted model, if it answers its probe; otherwise record why and let the local one load."""
        assert self.remote is not None
        try:
            self._embedder = await asyncio.to_thread(self.remote)
        except Exception as exc:  # isolation boundary: a provider that fails must leave the local model to load
            self.fallback_reason = f"remote embedding unavailable ({exc}); fell back to the local model"
            logger.warning("remote_embedding_unavailable", error=str(exc)[:300])
            return False
        self.model, self.dim, self.provider = str(self._embedder.name), int(self._embedder.dim), "remote"
        self.load_seconds = round(time.perf_counter() - started, 2)
        self.state, self.reason = "ready", ""
        self._ready.set()
        logger.info("embedding_ready", model=self.model, dim=self.dim, seconds=self.load_seconds)
        return True

    def _remote_failed(self, exc: Exception) -> None:
        """A hosted model that stops answering: BM25 only from now on, with `status` saying why."""
        if self.provider == "remote":
            self.state, self.reason = "failed", f"{self.model} failed: {exc}; search uses BM25 only"
            logger.warning("remote_embedding_failed", model=self.model, error=str(exc)[:300])

    async def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not self.ready:
            raise RuntimeError(self.reason)
        self.last_used = time.monotonic()
        async with self._lock:
            try:
                return await asyncio.to_thread(self._embed_and_release, texts)
            except Exception as exc:
                self._remote_failed(exc)
                raise

    def _embed_and_release(self, texts: list[str]) -> np.ndarray:
        """Embed a batch of passages, then hand the model's freed working memory back (pipeline/heap.py)."""
        try:
            vectors: np.ndarray = self._embedder.embed_passages(texts)
            return vectors
        finally:
            release_free_memory()

    async def embed_query(self, text: str) -> np.ndarray:
        """A query's vector; the last 256 queries are cached (agents repeat prompts)."""
        if not self.ready:
            raise RuntimeError(self.reason)
        self.last_used = time.monotonic()
        cached = self._query_cache.get(text)
        if cached is not None:
            self._query_cache.move_to_end(text)
            return cached
        future: asyncio.Future[np.ndarray] = asyncio.get_running_loop().create_future()
        self._queries.append((text, future))
        if self._query_drain is None or self._query_drain.done():
            self._query_drain = asyncio.create_task(self._embed_waiting_queries(), name="query_embedding")
        vector = await future
        self._query_cache[text] = vector
        if len(self._query_cache) > 256:
            self._query_cache.popitem(last=False)
        return vector

    async def _embed_waiting_queries(self) -> None:
        """Embed the queries waiting, as one model call per batch. Why: one call at a time, so with 8 clients
        each query waited for every one before it; a batch of 8 short queries costs little more than one
        (bench/latency.py). A lone query is embedded alone, as before."""
        while self._queries:
            batch, self._queries = self._queries[:QUERY_BATCH], self._queries[QUERY_BATCH:]
            batch = [(text, future) for text, future in batch if not future.done()]
            if not batch:
                continue
            texts = list(dict.fromkeys(text for text, _ in batch))
            try:
                async with self._lock:
                    if not self.ready:  # released or failed while these waited
                        raise RuntimeError(self.reason)
                    if len(texts) == 1:
                        vectors = [await asyncio.to_thread(self._embedder.embed_query, texts[0])]
                    else:
                        vectors = list(await asyncio.to_thread(self._embedder.embed_queries, texts))
            except Exception as exc:  # isolation boundary: one batch; each of its requests gets the error
                self._remote_failed(exc)
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            by_text = dict(zip(texts, vectors, strict=True))
            for text, future in batch:
                if not future.done():
                    future.set_result(by_text[text])

    async def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Vectors of many short texts on the query side (symmetric comparisons: rules, failures), in one batch."""
        if not self.ready:
            raise RuntimeError(self.reason)
        self.last_used = time.monotonic()
        async with self._lock:
            try:
                return await asyncio.to_thread(self._queries_and_release, texts)
            except Exception as exc:
                self._remote_failed(exc)
                raise

    def _queries_and_release(self, texts: list[str]) -> np.ndarray:
        try:
            vectors: np.ndarray = self._embedder.embed_queries(texts)
            return vectors
        finally:
            release_free_memory()

    def touch(self) -> None:
        """An agent is at work (a session started): the idle clock starts again."""
        self.last_used = time.monotonic()

    def release_if_idle(self, *, busy: bool) -> bool:
        """Release the local model's session when it has not been used for `idle_release_s` and nothing is
        `busy` (indexing pending). Synchronous on purpose (see the module docstring). Returns whether it did."""
        idle_for = time.monotonic() - self.last_used
        unload = getattr(self._embedder, "unload", None)  # hosted embedders hold no model here
        if busy or self.state != "ready" or self.idle_release_s <= 0 or idle_for < self.idle_release_s:
            return False
        if unload is None or self.provider != "local" or self._lock.locked():
            return False
        unload()
        self._ready.clear()
        self.releases += 1
        self.released_at = time.time()
        minutes = self.idle_release_s / 60
        self.state, self.reason = "released", f"{self.model} released after {minutes:g} min idle; loads again on use"
        logger.info("embedding_released", model=self.model, idle_s=round(idle_for, 1))
        return True

    def wake(self) -> bool:
        """Load a released model back in the background (a session started, a search wants vectors); returns at
        once. Returns whether the model is on its way back (released or loading), i.e. not ready now."""
        self.last_used = time.monotonic()
        if self.state == "released" and (self._reload is None or self._reload.done()):
            self.state, self.reason = "loading", f"{self.model} loading again after an idle release"
            self._reload = asyncio.create_task(self._load_again(), name="embedding_reload")
        return self.state == "loading"

    async def _load_again(self) -> bool:
        started = time.perf_counter()
        try:
            await asyncio.to_thread(self._embedder.load)
        except Exception as exc:  # isolation boundary: the model that loaded before cannot now: BM25 from here on
            self.state, self.reason = "failed", f"{self.model} could not load again: {exc}"
            logger.warning("embedding_reload_failed", model=self.model, error=str(exc)[:300])
            return False
        await asyncio.to_thread(release_free_memory)
        self.load_seconds = round(time.perf_counter() - started, 2)
        self.last_used = time.monotonic()
        self.state, self.reason = "ready", ""
        self._ready.set()
        logger.info("embedding_ready", model=self.model, dim=self.dim, seconds=self.load_seconds, again=True)
        if self.on_ready is not None:
            self.on_ready()
        return True

    def status(self) -> dict[str, Any]:
        status = {
            "model": self.model,
            "state": self.state,
            "reason": self.reason,
            "dim": self.dim,
            "load_s": self.load_seconds,
            "idle_release_min": round(self.idle_release_s / 60, 3),
            "idle_s": round(time.monotonic() - self.last_used, 1),
            "releases": self.releases,
        }
        if self.remote is not None:
            status.update(provider=self.provider, fallback_reason=self.fallback_reason or None)
        return status
