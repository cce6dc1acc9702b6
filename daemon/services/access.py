"""Access events: which memories a search or an injection returned, recorded off the latency path.

Invariant: one event per search (never one per hit, never an append on the request path), carrying the
query's hash (never the query), and each hit's content hash (its first 16 hex digits, the access projection's
key) and score, best first: ~400 bytes of log for a search of 10 hits, where one event per hit took ~2.7 kB.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from daemon.app import App
from events.projections.access_stats import key_of
from pipeline.retrieval.search import Hit


def query_hash(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8")).hexdigest()[:16]


def record_access(app: App, query: str, hits: Sequence[Hit]) -> None:
    """Append one `access` event for the search's hits, off the latency path."""
    if not hits:
        return
    data = {
        "query_hash": query_hash(query),
        "hashes": [key_of(h.content_hash) for h in hits],
        "scores": [round(float(h.score), 6) for h in hits],
    }
    app.spawn(app.record([("access", data)]), name="record_access")
