"""The in-memory vector matrix against a brute-force reference, through upserts, removals and filters."""

from __future__ import annotations

import numpy as np

from pipeline.embedding.spec import unit_rows
from pipeline.retrieval.vector_index import VectorIndex


def reference(vectors: dict[int, np.ndarray], query: np.ndarray, k: int, allowed: set[int] | None) -> list[int]:
    scored = sorted(((-float(v @ query), cid) for cid, v in vectors.items() if allowed is None or cid in allowed))
    return [cid for _, cid in scored[:k]]


def test_search_equals_brute_force_with_and_without_filters() -> None:
    rng = np.random.default_rng(5)
    index = VectorIndex(16)
    vectors: dict[int, np.ndarray] = {}
    ids = list(range(1, 3001))
    rows = unit_rows(rng.standard_normal((len(ids), 16)).astype(np.float32))
    assert rows is not None
    index.upsert(ids, rows)
    vectors.update(zip(ids, rows, strict=True))
    removed = [int(i) for i in rng.choice(ids, 500, replace=False)]
    index.remove(removed)
    for cid in removed:
        del vectors[cid]
    replaced = unit_rows(rng.standard_normal((100, 16)).astype(np.float32))
    assert replaced is not None
    kept = sorted(vectors)[:100]
    index.upsert(kept, replaced)
    vectors.update(zip(kept, replaced, strict=True))
    assert len(index) == len(vectors) == 2500
    for _ in range(30):
        query = unit_rows(rng.standard_normal((1, 16)).astype(np.float32))[0]  # type: ignore[index]
        # a few allowed ids (rows gathered), many (the whole matrix scanned, then masked), none, ids unknown
        for size in (0, 5, 50, 2000, 3000):
            allowed = {int(i) for i in rng.choice(ids, size, replace=False)} | {99_999}
            got = [cid for cid, _ in index.search(query, 10, np.array(sorted(allowed), dtype=np.int64))]
            assert got == reference(vectors, query, 10, allowed)
        assert [cid for cid, _ in index.search(query, 10)] == reference(vectors, query, 10, None)


def test_search_many_gives_each_query_what_search_gives_it() -> None:
    rng = np.random.default_rng(7)
    index = VectorIndex(32)
    rows = unit_rows(rng.standard_normal((5000, 32)).astype(np.float32))
    assert rows is not None
    index.upsert(list(range(1, 5001)), rows)
    index.remove(list(range(1, 5001, 7)))
    queries = unit_rows(rng.standard_normal((9, 32)).astype(np.float32))
    assert queries is not None
    together = index.search_many(queries, 25)
    for query, hits in zip(queries, together, strict=True):
        alone = index.search(query, 25)
        assert [cid for cid, _ in hits] == [cid for cid, _ in alone]
        assert np.allclose([s for _, s in hits], [s for _, s in alone], atol=1e-5)
    assert VectorIndex(32).search_many(queries, 5) == [[]] * 9


def test_a_large_index_scans_int8_first_and_still_returns_the_exact_hits() -> None:
    """From INT8_MIN_ROWS rows on, candidates come from the int8 copy; the hits and cosines are float32's,
    through upserts, replacements and swap-removals (which move rows of the int8 copy too)."""
    from pipeline.retrieval.vector_index import INT8_MIN_ROWS

    rng = np.random.default_rng(9)
    dim, rows = 64, INT8_MIN_ROWS + 4000
    index = VectorIndex(dim)
    vectors: dict[int, np.ndarray] = {}
    for start in range(1, rows + 1, 5000):  # in batches, so the matrices grow while filled
        ids = list(range(start, min(start + 5000, rows + 1)))
        batch = unit_rows(rng.standard_normal((len(ids), dim)).astype(np.float32))
        assert batch is not None
        index.upsert(ids, batch)
        vectors.update(zip(ids, batch, strict=True))
    removed = [int(i) for i in rng.choice(rows, 2500, replace=False) + 1]
    index.remove(removed)
    for cid in removed:
        del vectors[cid]
    replaced = unit_rows(rng.standard_normal((300, dim)).astype(np.float32))
    assert replaced is not None
    kept = sorted(vectors)[:300]
    index.upsert(kept, replaced)
    vectors.update(zip(kept, replaced, strict=True))
    queries = unit_rows(rng.standard_normal((6, dim)).astype(np.float32))
    assert queries is not None
    for query, together in zip(queries, index.search_many(queries, 30), strict=True):
        hits = index.search(query, 30)
        assert index.int8_first_pass
        assert [cid for cid, _ in hits] == reference(vectors, query, 30, None)
        assert [cid for cid, _ in together] == [cid for cid, _ in hits]
        assert np.allclose([s for _, s in hits], [float(vectors[cid] @ query) for cid, _ in hits], atol=1e-5)


def test_the_shipped_int8_scan_graph_is_the_one_its_builder_writes() -> None:
    """`pipeline/retrieval/int8_scan.onnx` is loaded without the onnx package; it must stay what `build_graph`
    makes (regenerate with `python -m pipeline.retrieval.int8_scan`)."""
    import onnx

    from pipeline.retrieval.int8_scan import GRAPH, build_graph

    assert onnx.load_model_from_string(build_graph()).graph == onnx.load(GRAPH).graph
