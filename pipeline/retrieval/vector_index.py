"""The in-memory vector matrix: brute-force cosine over normalised float32 rows, updated in place.

Invariant: it mirrors `chunks ⋈ embedding_cache` for the current model. Changes are applied per chunk id
(add/remove) after their transaction commits — never a full reload per change. Brute force is a few ms at
10^5 chunks x 384 dims, and exact.
"""

from __future__ import annotations

import threading

import numpy as np


class VectorIndex:
    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._matrix = np.zeros((1024, dim), dtype=np.float32)
        self._ids = np.zeros(1024, dtype=np.int64)
        self._size = 0
        self._position: dict[int, int] = {}
        self._lock = threading.Lock()  # search runs in worker threads while the loop applies changes

    def __len__(self) -> int:
        return self._size

    def __contains__(self, chunk_id: int) -> bool:
        return chunk_id in self._position

    def upsert(self, chunk_ids: list[int], vectors: np.ndarray) -> None:
        if not chunk_ids:
            return
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(chunk_ids), self.dim)
        with self._lock:
            for chunk_id, vector in zip(chunk_ids, vectors, strict=True):
                position = self._position.get(chunk_id)
                if position is None:
                    self._grow(self._size + 1)
                    position = self._size
                    self._size += 1
                    self._ids[position] = chunk_id
                    self._position[chunk_id] = position
                self._matrix[position] = vector

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
                    self._ids[position] = moved
                    self._position[moved] = position
                self._size -= 1

    def _grow(self, needed: int) -> None:
        if needed <= len(self._ids):
            return
        capacity = max(needed, len(self._ids) * 2)
        matrix = np.zeros((capacity, self.dim), dtype=np.float32)
        matrix[: self._size] = self._matrix[: self._size]
        ids = np.zeros(capacity, dtype=np.int64)
        ids[: self._size] = self._ids[: self._size]
        self._matrix, self._ids = matrix, ids

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None) -> list[tuple[int, float]]:
        """Top-k (chunk id, cosine) for a normalised query; `allowed` (chunk ids) restricts to those rows."""
        with self._lock:
            if self._size == 0 or k <= 0:
                return []
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
