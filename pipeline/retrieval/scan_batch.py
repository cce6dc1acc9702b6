"""Vector scans asked for at the same time, answered together by one pass over the matrix.

Why: with 8 clients, each hybrid query scanned the 10^5 x 384 matrix on its own (150 MB read per query), so
queries queued behind each other's scans on 2 cores (bench/latency.py: 8 clients 270-400 ms p50 against
20-70 ms alone). While one batch is being scanned in a worker thread, the queries that arrive wait for the
next batch; a lone query is scanned at once, so one client pays nothing for this.

Invariants: each caller gets exactly the hits `VectorIndex.search` would give (filtered scans do not come
here); a caller that went away (cancelled) is skipped; an error reaches every caller of that batch.
"""

from __future__ import annotations

import asyncio

import numpy as np

from pipeline.retrieval.vector_index import VectorIndex

MAX_BATCH = 32
Hits = list[tuple[int, float]]


class ScanBatcher:
    """One per searcher; used from the event loop only."""

    def __init__(self, max_batch: int = MAX_BATCH) -> None:
        self.max_batch = max_batch
        self._waiting: list[tuple[VectorIndex, np.ndarray, int, asyncio.Future[Hits]]] = []
        self._drain: asyncio.Task[None] | None = None
        self.batches = 0
        self.scanned = 0

    async def search(self, vectors: VectorIndex, query: np.ndarray, k: int) -> Hits:
        """The top `k` (chunk id, cosine) of `query` in `vectors`, scanned with whatever queries wait with it."""
        future: asyncio.Future[Hits] = asyncio.get_running_loop().create_future()
        self._waiting.append((vectors, query, k, future))
        if self._drain is None or self._drain.done():
            self._drain = asyncio.create_task(self._run(), name="vector_scan_batch")
        return await future

    async def _run(self) -> None:
        while self._waiting:
            batch = [item for item in self._waiting[: self.max_batch] if not item[3].done()]
            del self._waiting[: self.max_batch]
            if not batch:
                continue
            vectors = batch[0][0]
            same = [item for item in batch if item[0] is vectors]  # a rebuild may have swapped the index
            self._waiting[:0] = [item for item in batch if item[0] is not vectors]
            try:
                found = await asyncio.to_thread(_scan, vectors, [item[1] for item in same], [item[2] for item in same])
            except Exception as exc:  # isolation boundary: one batch; each of its requests gets the error
                for *_, future in same:
                    if not future.done():
                        future.set_exception(exc)
                continue
            self.batches += 1
            self.scanned += len(same)
            for (*_, future), hits in zip(same, found, strict=True):
                if not future.done():
                    future.set_result(hits)


def _scan(vectors: VectorIndex, queries: list[np.ndarray], depths: list[int]) -> list[Hits]:
    """Blocking: one `search` for a lone query, else one matrix product for all, each cut to its own depth."""
    if len(queries) == 1:
        return [vectors.search(queries[0], depths[0])]
    found = vectors.search_many(np.stack(queries), max(depths))
    return [hits[:depth] for hits, depth in zip(found, depths, strict=True)]
