"""Socket methods of the index: `search` (first form), `reindex`, and the `index` section of `status`."""

from __future__ import annotations

import time
from typing import Any

from daemon.api_memory import record_access
from daemon.app import App
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from events.event import parse_timestamp
from pipeline.indexer import Indexer, resolve_request_path
from pipeline.search import Filters, Searcher, make_snippet

MODES = ("hybrid", "bm25", "vector")
SOURCES = ("memory", "sessions", "daily", "areas", "extra")


def _since(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return parse_timestamp(value).timestamp()
    except ValueError as exc:
        raise BadParams("param 'since' must be a date like 2026-11-01 or an ISO time") from exc


def result_of(hit: Any, query: str, explain: bool) -> dict[str, Any]:
    item = {
        "path": hit.path,
        "root": hit.root,
        "start_line": hit.start_line,
        "end_line": hit.end_line,
        "heading": hit.heading,
        "snippet": make_snippet(hit.text, query),
        "score": round(hit.score, 6),
        "chunk_id": hit.chunk_id,
    }
    if explain:
        item["explain"] = {k: (round(v, 6) if isinstance(v, float) else v) for k, v in hit.explain.items()}
    return item


@method("search")
async def search(app: App, params: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    p = Params(params, ("query", "k", "mode", "path", "root", "source", "since", "explain"))
    query = p.str("query", required=True) or ""
    if not query.strip():
        raise BadParams("param 'query' must not be empty")
    k = p.int("k", int(app.settings.get("search", "default_k")), minimum=1, maximum=200)
    mode = p.str("mode", "hybrid") or "hybrid"
    if mode not in MODES:
        raise BadParams(f"param 'mode' must be one of {', '.join(MODES)}")
    source = p.str("source")
    if source is not None and source not in SOURCES:
        raise BadParams(f"param 'source' must be one of {', '.join(SOURCES)}")
    filters = Filters(root=p.str("root"), path_glob=p.str("path"), source=source, since_mtime=_since(p.str("since")))
    searcher: Searcher = app.components["searcher"]
    hits, used, fallback = await searcher.search(query, k, mode, filters)
    record_access(app, query, hits)
    result: dict[str, Any] = {
        "results": [result_of(h, query, p.bool("explain")) for h in hits],
        "mode": used,
        "took_ms": round((time.perf_counter() - started) * 1000, 2),
    }
    if fallback:
        result["fallback"] = fallback
    return result


@method("reindex")
async def reindex(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("path",))
    indexer: Indexer = app.components["indexer"]
    raw = p.str("path")
    if raw is None:
        queued = await indexer.reconcile(force=True)
        return {"queued": queued}
    found = resolve_request_path(indexer.roots, raw)
    if found is None:
        raise BadParams(f"{raw} is not inside the memory home or a configured root")
    root, relative = found
    target = root.path / relative
    if target.is_dir():
        from pipeline.roots import walk

        subs = list(walk(type(root)(root.name, target, root.writable)))
        for sub in subs:
            indexer.enqueue(root.name, f"{relative}/{sub}".lstrip("./"), force=True)
        return {"queued": len(subs)}
    indexer.enqueue(root.name, relative, force=True)
    return {"queued": 1}


async def index_status(app: App) -> dict[str, Any]:
    indexer: Indexer = app.components["indexer"]
    searcher: Searcher = app.components["searcher"]
    embedding = indexer.embedding
    files, chunks, skipped = await app.db.read(
        lambda conn: (
            conn.execute("SELECT count(*) FROM files").fetchone()[0],
            conn.execute("SELECT count(*) FROM chunks").fetchone()[0],
            conn.execute("SELECT root, path, reason, at FROM skipped ORDER BY at DESC LIMIT 100").fetchall(),
        )
    )
    mode = "hybrid" if searcher.vector_ready() else "bm25"
    return {
        "roots": {name: str(root.path) for name, root in indexer.roots.items()},
        "files": files,
        "chunks": chunks,
        "embedded": len(searcher.vectors) if searcher.vectors is not None else 0,
        "embedded_since_start": indexer.embedded_total,
        "model": embedding.model if embedding.enabled else None,
        "dim": embedding.dim,
        "mode": mode,
        "mode_reason": None if mode == "hybrid" else embedding.reason,
        "embedding": embedding.status(),
        "pending": indexer.pending,
        "backfilling": indexer.backfill_pending,
        "progress": indexer.progress.as_dict(indexer.pending),
        "skipped": [{"root": r[0], "path": r[1], "reason": r[2], "at": r[3]} for r in skipped],
        "last_indexed": indexer.last_indexed,
        "lexical": indexer.lexical.stats(),
    }
