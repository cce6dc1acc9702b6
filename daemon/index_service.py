"""Starts the indexing pipeline inside the daemon: schema, model loading, worker, watcher, first scan.

Order matters: the watcher starts before the reconcile scan so nothing changed during the scan is missed,
and both run after the socket is up, so queries (BM25 at first) are answered while a big tree indexes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable
from typing import Any

import structlog

from daemon import api_index
from daemon.app import App
from events.sqlite import open_index
from pipeline.embedding_service import EmbeddingService
from pipeline.index_schema import drop_derived, ensure_schema
from pipeline.indexer import Indexer, IndexOptions
from pipeline.ranking import RankWeights
from pipeline.remote_embedder import RemoteConfig, connect
from pipeline.roots import make_roots
from pipeline.search import Searcher
from pipeline.vector_index import VectorIndex
from pipeline.watcher import watch_roots

logger = structlog.get_logger(__name__)


async def start_index(
    app: App, stack: contextlib.AsyncExitStack, tasks: asyncio.TaskGroup, stop: asyncio.Event
) -> None:
    settings = app.settings
    if await app.db.write(ensure_schema):
        logger.info("index_schema_reset")
    roots = make_roots(settings.home, settings.extra_roots)
    for root in roots[1:]:
        if not root.path.is_dir():
            logger.warning("extra_root_missing", root=root.name, path=str(root.path))
    embedding = EmbeddingService(
        settings.get("embedding", "model"),
        settings.models_dir,
        batch_size=int(settings.get("embedding", "batch_size")),
        enabled=bool(settings.get("embedding", "enabled")),
        remote=_remote_factory(RemoteConfig.from_section(settings.values["embedding"])),
    )
    options = IndexOptions(
        max_file_bytes=int(settings.get("index", "max_file_bytes")),
        chunk_tokens=int(settings.get("index", "chunk_tokens")),
        chunk_overlap=int(settings.get("index", "chunk_overlap")),
        redact_emails=bool(settings.get("redaction", "emails")),
    )
    indexer = Indexer(app.db, roots, embedding, options)
    read_db = await stack.enter_async_context(open_index(settings.db_path, read_only=True))
    searcher = Searcher(
        read_db,
        embedding,
        candidates=int(settings.get("search", "candidates")),
        rrf_k=int(settings.get("search", "rrf_k")),
        list_weights=(float(settings.get("search", "bm25_weight")), float(settings.get("search", "vector_weight"))),
        cjk_list_weights=(
            float(settings.get("search", "cjk_bm25_weight")),
            float(settings.get("search", "cjk_vector_weight")),
        ),
        weights=RankWeights(
            relevance=float(settings.get("search", "weight_relevance")),
            importance=float(settings.get("search", "weight_importance")),
            recency=float(settings.get("search", "weight_recency")),
            effectiveness=float(settings.get("search", "weight_effectiveness")),
        ),
    )
    searcher.lexical = indexer.lexical
    app.components.update(indexer=indexer, searcher=searcher, embedding=embedding)
    app.status_sections["index"] = lambda: api_index.index_status(app)

    async def load_model() -> None:
        if await embedding.load():
            await indexer.attach_vectors()
            searcher.vectors = indexer.vectors

    async def rebuild_index() -> None:
        """`memoryd rebuild`: drop the file-derived tables and index every file again (the cache stays)."""
        await app.db.write(lambda conn: (drop_derived(conn), ensure_schema(conn)))
        indexer.invalidate_lexical()
        if indexer.vectors is not None:
            indexer.vectors = VectorIndex(indexer.vectors.dim)
            searcher.vectors = indexer.vectors
        await indexer.reconcile(force=True)

    app.components.setdefault("rebuild_hooks", []).append(rebuild_index)
    tasks.create_task(indexer.run(stop))
    tasks.create_task(watch_roots(roots, indexer, app.db, stop, int(settings.get("index", "debounce_ms"))))
    tasks.create_task(indexer.reconcile())
    tasks.create_task(load_model())


def _remote_factory(config: RemoteConfig | None) -> Callable[[], Any] | None:
    """Issue 7: `[embedding] provider = "openai" | "gemini"` -> a blocking connect-and-probe, else None."""
    return None if config is None else functools.partial(connect, config)
