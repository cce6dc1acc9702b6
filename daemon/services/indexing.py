"""The indexing pipeline inside the daemon: schema, model loading, worker, watcher, first scan, and search.

Order matters: the watcher starts before the reconcile scan so nothing changed during the scan is missed,
and both run after the socket is up, so queries (BM25 at first) are answered while a big tree indexes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.config import Settings
from daemon.services.errors import InvalidInput
from events.sqlite import open_index
from pipeline.embedding.remote import RemoteConfig, connect
from pipeline.embedding.service import EmbeddingService
from pipeline.embedding.spec import Embedder
from pipeline.heap import release_free_memory
from pipeline.index_queries import chunk_count, file_count, skipped_files
from pipeline.index_schema import ensure_schema, reset_index
from pipeline.ingest.indexer import Indexer, IndexOptions
from pipeline.ingest.roots import OutsideRoots, Root, confine, make_roots, resolve_request_path, walk
from pipeline.ingest.watcher import watch_roots
from pipeline.retrieval.query_time import TimeWeights
from pipeline.retrieval.ranking import RankWeights
from pipeline.retrieval.reranker import RerankOptions
from pipeline.retrieval.search import Searcher
from pipeline.retrieval.vector_index import VectorIndex

logger = structlog.get_logger(__name__)


@dataclass
class IndexService:
    """The index's parts, as the rest of the daemon uses them."""

    app: App
    indexer: Indexer
    searcher: Searcher
    embedding: EmbeddingService

    @property
    def roots(self) -> list[Root]:
        return list(self.indexer.roots.values())

    def root_named(self, name: str) -> Root:
        return self.indexer.roots[name]

    def confine(self, raw: str) -> tuple[Root, str, Path]:
        """(root, path relative to it, real path) of a user path inside a configured root."""
        try:
            return confine(self.roots, raw)
        except OutsideRoots as exc:
            raise InvalidInput(str(exc)) from exc

    async def reindex(self, raw: str | None) -> int:
        """Queue a file, every file of a folder, or (None) everything for re-reading. Returns how many."""
        if raw is None:
            return await self.indexer.reconcile(force=True)
        found = resolve_request_path(self.indexer.roots, raw)
        if found is None:
            raise InvalidInput(f"{raw} is not inside the memory home or a configured root")
        root, relative = found
        target = root.path / relative
        if target.is_dir():
            subs = list(walk(Root(root.name, target, root.writable)))
            for sub in subs:
                self.indexer.enqueue(root.name, f"{relative}/{sub}".lstrip("./"), force=True)
            return len(subs)
        self.indexer.enqueue(root.name, relative, force=True)
        return 1

    async def rebuild(self) -> None:
        """`memoryd rebuild`: drop the file-derived tables and index every file again (the cache stays)."""
        await self.app.db.write(reset_index)
        self.indexer.invalidate_lexical()
        if self.indexer.vectors is not None:
            self.indexer.vectors = VectorIndex(self.indexer.vectors.dim)
            self.searcher.vectors = self.indexer.vectors
        await self.indexer.reconcile(force=True)

    async def load_model(self) -> None:
        """Load (or build) the embedding model off the loop; then vectors join search."""
        if await self.embedding.load():
            try:
                await self.searcher.load_null_vectors()
            except Exception as exc:  # isolation boundary: relevance then judges by the lexical evidence alone
                logger.warning("relevance_baseline_unavailable", error=str(exc)[:200])
            await self.indexer.attach_vectors()
            self.searcher.vectors = self.indexer.vectors

    async def shed_idle_model(self, stop: asyncio.Event) -> None:
        """Release the model when no agent has used it for `[embedding] idle_release_minutes` and no indexing
        is pending; bring it back when texts are waiting for vectors. Run under the supervisor."""
        embedding, indexer = self.embedding, self.indexer
        interval = min(30.0, max(0.25, embedding.idle_release_s / 4))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(interval):
                    await stop.wait()
            waiting = bool(indexer.to_embed) or indexer.backfill_pending
            if embedding.state == "released" and waiting:
                embedding.wake()
            elif embedding.release_if_idle(busy=indexer.pending > 0 or waiting):
                self.searcher.reranker.release()  # Why with it: the reranker is used only beside the embedder
                await asyncio.to_thread(_collect_and_trim)

    async def status(self) -> dict[str, Any]:
        indexer, searcher, embedding = self.indexer, self.searcher, self.embedding
        files, chunks, skipped = await self.app.db.read(
            lambda conn: (file_count(conn), chunk_count(conn), skipped_files(conn, 100))
        )
        mode = "hybrid" if searcher.vector_ready() else "bm25"
        # Why the second reason: between the model's load and its vectors joining search (the relevance baseline is
        # embedded first) the model says nothing is wrong, and a bare "bm25" would look like a fault
        reason = embedding.reason or ("the model is loaded, its vectors are joining search" if embedding.ready else "")
        return {
            "roots": {name: str(root.path) for name, root in indexer.roots.items()},
            "files": files,
            "chunks": chunks,
            "embedded": len(searcher.vectors) if searcher.vectors is not None else 0,
            "embedded_since_start": indexer.embedded_total,
            "model": embedding.model if embedding.enabled else None,
            "dim": embedding.dim,
            "mode": mode,
            "mode_reason": None if mode == "hybrid" else reason or None,
            "embedding": embedding.status(),
            "pending": indexer.pending,
            "deferred": indexer.deferred,  # daily notes waiting for `[index] daily_delay_ms` (counted in pending)
            "backfilling": indexer.embedding_behind,
            "embed_queue": len(indexer.to_embed),
            "embedding_held_s": round(indexer.embedding_held_s, 1),  # an import holds background embedding
            "progress": indexer.progress.as_dict(indexer.pending),
            "skipped": [{"root": s.root, "path": s.path, "reason": s.reason, "at": s.at} for s in skipped],
            "last_indexed": indexer.last_indexed,
            "lexical": indexer.lexical.stats(),
            "rerank": searcher.reranker.status(),
        }


def make_searcher(settings: Settings, read_db: Any, embedding: EmbeddingService) -> Searcher:
    search = settings.search
    return Searcher(
        read_db,
        embedding,
        candidates=search.candidates,
        rrf_k=search.rrf_k,
        list_weights=(search.bm25_weight, search.vector_weight),
        cjk_list_weights=(search.cjk_bm25_weight, search.cjk_vector_weight),
        weights=RankWeights(
            relevance=search.weight_relevance,
            importance=search.weight_importance,
            recency=search.weight_recency,
            effectiveness=search.weight_effectiveness,
        ),
        time_weights=TimeWeights(
            window=search.time_window_weight,
            when=search.time_when_weight,
            latest=search.time_latest_weight,
            slack_days=search.time_slack_days,
        ),
        chunks_per_file=search.chunks_per_file,
        rerank=RerankOptions(
            enabled=search.rerank,
            depth=search.rerank_depth,
            weight=search.rerank_weight,
            context=search.rerank_context,
            model_dir=search.rerank_model_dir,
        ),
    )


async def start_index(
    app: App, stack: contextlib.AsyncExitStack, tasks: asyncio.TaskGroup, stop: asyncio.Event
) -> IndexService:
    settings = app.settings
    if await app.db.write(ensure_schema):
        logger.info("index_schema_reset")
    roots = make_roots(settings.home, settings.extra_roots)
    for root in roots[1:]:
        if not root.path.is_dir():
            logger.warning("extra_root_missing", root=root.name, path=str(root.path))
    embedding = EmbeddingService(
        settings.embedding.model,
        settings.models_dir,
        batch_size=settings.embedding.batch_size,
        batch_tokens=settings.embedding.batch_tokens,
        enabled=settings.embedding.enabled,
        remote=_remote_factory(RemoteConfig.from_settings(settings.embedding)),
        idle_release_s=settings.embedding.idle_release_minutes * 60,
    )
    options = IndexOptions(
        max_file_bytes=settings.index.max_file_bytes,
        chunk_tokens=settings.index.chunk_tokens,
        chunk_overlap=settings.index.chunk_overlap,
        conversation_chunk_tokens=settings.index.conversation_chunk_tokens,
        conversation_chunk_overlap=settings.index.conversation_chunk_overlap,
        redact_emails=settings.redaction.emails,
    )
    indexer = Indexer(app.db, roots, embedding, options)
    embedding.on_ready = indexer.wake_embedding
    read_db = await stack.enter_async_context(open_index(settings.db_path, read_only=True))
    searcher = make_searcher(settings, read_db, embedding)
    searcher.lexical = indexer.lexical
    service = IndexService(app, indexer, searcher, embedding)
    app.status_sections["index"] = service.status
    restarted = False

    async def watch() -> None:
        nonlocal restarted
        if restarted:  # Why: nothing was watched while the watcher was down; catch up with the tree first
            await indexer.reconcile()
        restarted = True
        await watch_roots(roots, indexer, app.db, stop, settings.index.debounce_ms, settings.index.daily_delay_ms)

    app.supervise(tasks, "indexer", lambda: indexer.run(stop), stop)
    app.supervise(tasks, "embedder", lambda: indexer.run_embedding(stop), stop)
    app.supervise(tasks, "watcher", watch, stop)
    app.supervise(tasks, "reconcile", indexer.reconcile, stop)
    app.supervise(tasks, "embedding_model", service.load_model, stop)
    if embedding.idle_release_s > 0:
        app.supervise(tasks, "model_idle", lambda: service.shed_idle_model(stop), stop)
    return service


def _remote_factory(config: RemoteConfig | None) -> Callable[[], Embedder] | None:
    """`[embedding] provider = "openai" | "gemini"` -> a blocking connect-and-probe, else None."""
    return None if config is None else functools.partial(connect, config)


def _collect_and_trim() -> None:
    """Free what the released model leaves in reference cycles (fastembed's objects, the tokenizer's word cache),
    then give the freed blocks back to the system."""
    gc.collect()
    release_free_memory()
