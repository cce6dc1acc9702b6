"""Vector scans asked for together are answered by one pass, each with the hits a scan of its own gives."""

from __future__ import annotations

import asyncio

import numpy as np

from pipeline.embedding.spec import unit_rows
from pipeline.retrieval.scan_batch import ScanBatcher
from pipeline.retrieval.vector_index import VectorIndex


def random_index(rng: np.random.Generator, rows: int, dim: int) -> VectorIndex:
    index = VectorIndex(dim)
    vectors = unit_rows(rng.standard_normal((rows, dim)).astype(np.float32))
    assert vectors is not None
    index.upsert(list(range(1, rows + 1)), vectors)
    return index


async def test_concurrent_scans_share_passes_and_each_gets_its_own_hits() -> None:
    rng = np.random.default_rng(11)
    index, other = random_index(rng, 20000, 64), random_index(rng, 300, 64)
    queries = unit_rows(rng.standard_normal((12, 64)).astype(np.float32))
    assert queries is not None
    batcher = ScanBatcher(max_batch=8)
    depths = [5, 40, 10, 1, 100, 20, 7, 3, 60, 2, 9, 30]
    targets = [other if i == 4 else index for i in range(12)]  # one scan of another index (after a rebuild)
    found = await asyncio.gather(*(batcher.search(t, q, d) for t, q, d in zip(targets, queries, depths, strict=True)))
    for target, query, depth, hits in zip(targets, queries, depths, found, strict=True):
        assert [cid for cid, _ in hits] == [cid for cid, _ in target.search(query, depth)]
    assert batcher.scanned == 12 and batcher.batches < 12  # passes were shared


async def test_a_cancelled_scan_leaves_the_others_answered() -> None:
    rng = np.random.default_rng(12)
    index = random_index(rng, 5000, 32)
    queries = unit_rows(rng.standard_normal((4, 32)).astype(np.float32))
    assert queries is not None
    batcher = ScanBatcher()
    tasks = [asyncio.create_task(batcher.search(index, q, 10)) for q in queries]
    tasks[1].cancel()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(done[1], asyncio.CancelledError)
    for query, hits in zip(queries[[0, 2, 3]], [done[0], done[2], done[3]], strict=True):
        alone = index.search(query, 10)
        assert isinstance(hits, list) and [cid for cid, _ in hits] == [cid for cid, _ in alone]
        assert np.allclose([s for _, s in hits], [s for _, s in alone], atol=1e-5)  # one matrix product, not one each
