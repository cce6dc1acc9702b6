"""The in-memory vector matrix: brute-force cosine over normalised float32 rows, updated in place.

Invariant: it mirrors `chunks ⋈ embedding_cache` for the current model. Changes are applied per chunk id
(add/remove) after their transaction commits — never a full reload per change. Brute force is exact: from
`INT8_MIN_ROWS` rows on, an unfiltered scan first takes candidates from an int8 copy of the matrix
(pipeline/retrieval/int8_scan.py, a quarter of the bytes to read) and rescores them in float32, so the cosines
returned are the float32 ones and the hits all but always (int8_scan.py has the measured share).
"""

from __future__ import annotations

import threading

import numpy as np

from pipeline.retrieval.int8_scan import Int8Scan, quantise_rows

INT8_MIN_ROWS = 16384  # below this a float32 scan takes ~3 ms: not worth a second pass
INT8_CANDIDATES = 4  # int8 candidates per hit asked for (at least INT8_MIN_CANDIDATES), rescored in float32
INT8_MIN_CANDIDATES = 200
# Why the int8 copy is wider than the capacity: with 2^17 columns its rows lie 128 KiB apart, the same cache
# sets, and the integer product took 16 ms instead of 6 at 10^5 rows. A width off the power of two avoids it.
_Q8_PAD = 64


class VectorIndex:
    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._matrix = np.zeros((1024, dim), dtype=np.float32)
        self._ids = np.zeros(1024, dtype=np.int64)
        self._size = 0
        self._position: dict[int, int] = {}
        self._lock = threading.Lock()  # search runs in worker threads while the loop applies changes
        # The int8 copy: transposed (dim x capacity), a scale per row, and a bias that keeps unused rows out.
        self._q8 = np.zeros((dim, 1024 + _Q8_PAD), dtype=np.int8)
        self._scale = np.zeros(1024 + _Q8_PAD, dtype=np.float32)
        self._bias = np.full(1024 + _Q8_PAD, -np.inf, dtype=np.float32)
        self._int8: Int8Scan | None = None
        self._int8_tried = False

    def __len__(self) -> int:
        return self._size

    @property
    def int8_first_pass(self) -> bool:
        """Whether unfiltered scans take their candidates from the int8 copy (large enough, and available)."""
        return self._size >= INT8_MIN_ROWS and self._int8 is not None

    def __contains__(self, chunk_id: int) -> bool:
        return chunk_id in self._position

    def upsert(self, chunk_ids: list[int], vectors: np.ndarray) -> None:
        if not chunk_ids:
            return
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(chunk_ids), self.dim)
        rows8, scales = quantise_rows(vectors)
        with self._lock:
            for i, (chunk_id, vector) in enumerate(zip(chunk_ids, vectors, strict=True)):
                position = self._position.get(chunk_id)
                if position is None:
                    self._grow(self._size + 1)
                    position = self._size
                    self._size += 1
                    self._ids[position] = chunk_id
                    self._position[chunk_id] = position
                self._matrix[position] = vector
                self._q8[:, position] = rows8[i]
                self._scale[position] = scales[i]
                self._bias[position] = 0.0

    def remove(self, chunk_ids: list[int]) -> None:
        """Swap-remove: the last row moves into the hole, so removal is O(1) per id."""
        with self._lock:
            for chunk_id in chunk_ids:
                position = self._position.pop(chunk_id, None)
                if position is None:
                    continue
                last = self._size - 1
                if position != last:
                    moved = int(self._ids[last])
                    self._matrix[position] = self._matrix[last]
                    self._q8[:, position] = self._q8[:, last]
                    self._scale[position] = self._scale[last]
                    self._ids[position] = moved
                    self._position[moved] = position
                self._bias[last] = -np.inf
                self._size -= 1

    def _grow(self, needed: int) -> None:
        if needed <= len(self._ids):
            return
        capacity = max(needed, len(self._ids) * 2)
        matrix = np.zeros((capacity, self.dim), dtype=np.float32)
        matrix[: self._size] = self._matrix[: self._size]
        ids = np.zeros(capacity, dtype=np.int64)
        ids[: self._size] = self._ids[: self._size]
        q8 = np.zeros((self.dim, capacity + _Q8_PAD), dtype=np.int8)
        q8[:, : self._size] = self._q8[:, : self._size]
        scale = np.zeros(capacity + _Q8_PAD, dtype=np.float32)
        scale[: self._size] = self._scale[: self._size]
        bias = np.full(capacity + _Q8_PAD, -np.inf, dtype=np.float32)
        bias[: self._size] = self._bias[: self._size]
        self._matrix, self._ids, self._q8, self._scale, self._bias = matrix, ids, q8, scale, bias

    def _int8_scan(self) -> Int8Scan | None:
        """The int8 first pass when the matrix is large enough for it to pay (built once; None if unavailable)."""
        if self._size < INT8_MIN_ROWS:
            return None
        if not self._int8_tried:
            self._int8_tried = True
            self._int8 = Int8Scan.create(self.dim)
        return self._int8

    def _search_int8(self, scan: Int8Scan, queries: np.ndarray, k: int) -> list[list[tuple[int, float]]]:
        """Int8 candidates, rescored exactly in float32. Called with the lock held."""
        depth = min(self._size, max(INT8_CANDIDATES * k, INT8_MIN_CANDIDATES))
        found = []
        for query, positions in zip(queries, scan.top(queries, self._q8, self._scale, self._bias, depth), strict=True):
            positions = positions[positions < self._size]
            exact = self._matrix[positions] @ query
            best = np.argsort(-exact, kind="stable")[:k]
            found.append([(int(self._ids[positions[i]]), float(exact[i])) for i in best])
        return found

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None) -> list[tuple[int, float]]:
        """Top-k (chunk id, cosine) for a normalised query; `allowed` (chunk ids) restricts to those rows."""
        with self._lock:
            if self._size == 0 or k <= 0:
                return []
            if allowed is None and (scan := self._int8_scan()) is not None:
                return self._search_int8(scan, query.reshape(1, self.dim), k)[0]
            if allowed is not None and len(allowed) * 8 < self._size:  # a few rows: score just those
                positions = np.fromiter(
                    (p for c in allowed.tolist() if (p := self._position.get(c)) is not None), dtype=np.int64
                )
                scores = self._matrix[positions] @ query
                ids = self._ids[positions]
            else:  # many rows: one scan of the matrix beats gathering them
                scores = self._matrix[: self._size] @ query
                ids = self._ids[: self._size]
                if allowed is not None:
                    keep = np.isin(ids, allowed)
                    scores, ids = scores[keep], ids[keep]
        if scores.size == 0:
            return []
        k = min(k, scores.size)
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(int(ids[i]), float(scores[i])) for i in top]

    def search_many(self, queries: np.ndarray, k: int) -> list[list[tuple[int, float]]]:
        """`search` of several normalised queries (rows) with one pass over the matrix, unfiltered.

        Why: a scan is bound by reading the matrix (150 MB at 10^5 x 384); a matrix product reads it once for
        all the queries that arrived together, where one scan each read it once per query (bench/latency.py,
        8 clients). Same hits as `search`, one list per query row."""
        queries = np.asarray(queries, dtype=np.float32).reshape(-1, self.dim)
        with self._lock:
            if self._size == 0 or k <= 0:
                return [[] for _ in range(len(queries))]
            if (scan := self._int8_scan()) is not None:
                return self._search_int8(scan, queries, k)
            scores = queries @ self._matrix[: self._size].T  # (queries x rows): each query's scores contiguous
            ids = self._ids[: self._size].copy()
        k = min(k, scores.shape[1])
        top = np.argpartition(-scores, k - 1, axis=1)[:, :k]
        found = []
        for row, candidates in zip(scores, top, strict=True):
            ordered = candidates[np.argsort(-row[candidates], kind="stable")]
            found.append([(int(ids[i]), float(row[i])) for i in ordered])
        return found

    def cosines(self, query: np.ndarray, chunk_ids: list[int]) -> dict[int, float]:
        """The cosine of each given chunk that has a vector (a chunk not embedded yet is left out)."""
        with self._lock:
            pairs = [(c, p) for c in chunk_ids if (p := self._position.get(c)) is not None]
            if not pairs:
                return {}
            scores = self._matrix[[p for _, p in pairs]] @ query
        return {c: float(score) for (c, _), score in zip(pairs, scores, strict=True)}
