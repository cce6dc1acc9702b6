"""Socket methods of the index: `search` and `reindex`."""

from __future__ import annotations

import time
from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import BadParams, Params
from daemon.services.access import record_access
from daemon.services.container import Services
from events.event import parse_timestamp
from pipeline.retrieval.search import Filters, Hit

MODES = ("hybrid", "bm25", "vector")
SOURCES = ("memory", "sessions", "daily", "areas", "extra")


def _since(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return parse_timestamp(value).timestamp()
    except ValueError as exc:
        raise BadParams("param 'since' must be a date like 2026-11-01 or an ISO time") from exc


def make_snippet(text: str, query: str, width: int = 240) -> str:
    """A window of the chunk around the first query word it contains (or its start)."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    lowered = flat.lower()
    positions = [lowered.find(w) for w in query.lower().split() if len(w) > 2]
    positions = [p for p in positions if p >= 0]
    start = max(0, min(positions) - width // 4) if positions else 0
    snippet = flat[start : start + width]
    return ("…" if start else "") + snippet + ("…" if start + width < len(flat) else "")


def result_of(hit: Hit, query: str, explain: bool) -> dict[str, Any]:
    item = {
        "path": hit.path,
        "root": hit.root,
        "start_line": hit.start_line,
        "end_line": hit.end_line,
        "heading": hit.heading,
        "snippet": make_snippet(hit.text, query),
        "score": round(hit.score, 6),
        "relevance": None if hit.relevance is None else round(hit.relevance, 4),
        "chunk_id": hit.chunk_id,
    }
    if explain:
        item["explain"] = {k: (round(v, 6) if isinstance(v, float) else v) for k, v in hit.explain.items()}
    return item


@api.method("search")
async def search(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    p = Params(params, ("query", "k", "mode", "path", "root", "source", "since", "explain", "min_relevance"))
    query = p.str("query", required=True) or ""
    if not query.strip():
        raise BadParams("param 'query' must not be empty")
    k = p.int("k", services.app.settings.search.default_k, minimum=1, maximum=200)
    mode = p.str("mode", "hybrid") or "hybrid"
    if mode not in MODES:
        raise BadParams(f"param 'mode' must be one of {', '.join(MODES)}")
    source = p.str("source")
    if source is not None and source not in SOURCES:
        raise BadParams(f"param 'source' must be one of {', '.join(SOURCES)}")
    filters = Filters(root=p.str("root"), path_glob=p.str("path"), source=source, since_mtime=_since(p.str("since")))
    min_relevance = p.float("min_relevance")
    rerank = services.app.settings.search.rerank
    found = await services.index.searcher.search(query, k, mode, filters, min_relevance=min_relevance, rerank=rerank)
    record_access(services.app, query, found.hits)
    result: dict[str, Any] = {
        "results": [result_of(h, query, p.bool("explain")) for h in found.hits],
        "mode": found.mode,
        "took_ms": round((time.perf_counter() - started) * 1000, 2),
    }
    if found.fallback:
        result["fallback"] = found.fallback
    if found.reranked is not None:
        result["reranked"] = found.reranked
        if found.rerank_note:
            result["rerank_note"] = found.rerank_note
    if min_relevance is not None:
        result["min_relevance"] = min_relevance
    return result


@api.method("reindex")
async def reindex(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("path",))
    return {"queued": await services.index.reindex(p.str("path"))}
