"""Access events: which memories a search or an injection returned, recorded off the latency path.

Invariant: one batch per search (never one append per hit on the request path); the event carries the
query's hash, never the query itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from daemon.app import App
from pipeline.retrieval.search import Hit


def query_hash(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8")).hexdigest()[:16]


def record_access(app: App, query: str, hits: Sequence[Hit]) -> None:
    """Append one `access` event per returned hit, in one batch, off the latency path."""
    if not hits:
        return
    qh = query_hash(query)
    drafts = [
        (
            "access",
            {
                "chunk_id": h.chunk_id,
                "content_hash": h.content_hash,
                "query_hash": qh,
                "rank": rank,
                "score": round(float(h.score), 6),
            },
        )
        for rank, h in enumerate(hits, 1)
    ]
    app.spawn(app.record(drafts), name="record_access")
