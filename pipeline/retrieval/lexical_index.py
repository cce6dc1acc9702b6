"""An in-memory mirror of the FTS5 postings that scores BM25 exactly as FTS5's bm25() does, in numpy.

Why: bm25() is computed for every row a query matches, and a natural-language OR query matches a large
share of the chunks (bench-data: SciFact 48 %, LoCoMo 31 %), so FTS5 needs ~50 ms at 10^5 chunks
(bench/latency.py). Scoring the same postings with numpy takes a few ms.

Exactness: the tokens come from FTS5 itself (the fts5vocab table of the index, and the same tokenizer on a
private in-memory table for new chunks and queries), so stemming and CJK bigrams are the index's own; the
score is fts5_aux.c's: idf = log((N - n + 0.5) / (n + 0.5)) (1e-6 when <= 0), k1 = 1.2, b = 0.75,
avgdl = tokens / N, summed over the query's phrases in order (https://sqlite.org/fts5.html#the_bm25_function).
A query with a phrase of several tokens (positions would be needed) returns None and goes to FTS5.

Invariant: it mirrors chunks_fts. The indexer loads it between batches (no chunk write interleaves) and
applies each batch's removed and added chunk ids after the commit, as it does for VectorIndex.
"""

from __future__ import annotations

import bisect
import math
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from pipeline.index_schema import FTS_TOKENIZE

K1 = 1.2
B = 0.75
COMPACT_MIN = 20_000  # extra postings before they are merged into the arrays (and at least 20 % of them)


class Tokenizer:
    """FTS5's tokenizer on a private in-memory table: tokens exactly as chunks_fts sees them."""

    def __init__(self, tokenize: str = FTS_TOKENIZE) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False)
        self._conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{tokenize}')")
        self._conn.execute("CREATE VIRTUAL TABLE tv USING fts5vocab(t, 'instance')")
        self._lock = threading.Lock()

    def _vocab_rows(self, texts: Iterable[tuple[int, str]], select: str) -> list[tuple[Any, ...]]:
        """Index `texts` as (rowid, text), run `select` over their token instances, then forget them."""
        with self._lock, self._conn:
            self._conn.executemany("INSERT INTO t (rowid, x) VALUES (?, ?)", list(texts))
            rows = self._conn.execute(select).fetchall()
            self._conn.execute("DELETE FROM t")
        return rows

    def counts(self, texts: Iterable[tuple[int, str]]) -> dict[int, Counter[str]]:
        """{row id: Counter(token)} for each (row id, text)."""
        out: dict[int, Counter[str]] = {}
        for doc, term, count in self._vocab_rows(texts, "SELECT doc, term, count(*) FROM tv GROUP BY doc, term"):
            out.setdefault(doc, Counter())[term] = count
        return out

    def tokens(self, texts: list[str]) -> list[list[str]]:
        """The tokens of each text, in order."""
        out: list[list[str]] = [[] for _ in texts]
        for doc, term in self._vocab_rows(enumerate(texts, start=1), "SELECT doc, term FROM tv ORDER BY doc, offset"):
            out[doc - 1].append(term)
        return out


@dataclass(frozen=True, slots=True)
class LexicalMatch:
    """One query's BM25 hits, and for every row its score and the IDF of the query terms it contains."""

    hits: list[tuple[int, float]]
    scores: np.ndarray  # row id -> bm25 (0 when no term matches)
    covered: np.ndarray  # row id -> sum of the idf of the query terms the row contains
    total_idf: float  # sum of the idf of every query term, terms absent from the index included
    terms: int

    def evidence(self, chunk_id: int) -> tuple[float, float]:
        """(bm25, idf-weighted share of the query's terms the row contains, 0..1) of any row."""
        if chunk_id < 0 or chunk_id >= len(self.scores) or self.total_idf <= 0:
            return 0.0, 0.0
        return float(self.scores[chunk_id]), min(1.0, float(self.covered[chunk_id]) / self.total_idf)


class LexicalIndex:
    def __init__(self, tokenizer: Tokenizer | None = None, compact_min: int = COMPACT_MIN) -> None:
        self.tokenizer = tokenizer or Tokenizer()
        self.compact_min = compact_min
        self.ready = False
        self.load_seconds: float | None = None
        self._lock = threading.Lock()  # searches run in worker threads while the indexer applies changes
        self._clear()

    def _clear(self) -> None:
        self._base: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # term -> (sorted ids int32, tf float64)
        self._vocab: list[str] = []  # sorted base terms, for prefix terms
        self._base_postings = 0
        self._dead = np.zeros(1024, dtype=bool)  # id -> its base postings no longer count
        self._base_terms = np.zeros(1024, dtype=np.int32)  # id -> its postings in the arrays
        self._dead_postings = 0
        self._extra: dict[str, dict[int, int]] = {}  # term -> {id: tf}, added since the arrays were built
        self._extra_terms: dict[int, list[str]] = {}
        self._extra_postings = 0
        self._length = np.zeros(1024, dtype=np.float64)  # id -> tokens in the row
        self._live: set[int] = set()
        self._tokens = 0

    # ---- building ---------------------------------------------------------------------------------

    def load(self, db_path: Path) -> None:
        """Blocking: read every posting of chunks_fts in one read transaction."""
        started = time.monotonic()
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            conn.execute("CREATE VIRTUAL TABLE temp.lexical_vocab USING fts5vocab(main, chunks_fts, 'instance')")
            conn.execute("BEGIN")
            ids = [r[0] for r in conn.execute("SELECT id FROM chunks_fts_docsize")]
            base: dict[str, tuple[np.ndarray, np.ndarray]] = {}
            for term, docs in conn.execute("SELECT term, group_concat(doc) FROM lexical_vocab GROUP BY term"):
                # one entry per instance; np.unique sorts and counts them per row
                unique, counts = np.unique(np.array(docs.split(","), dtype=np.int64), return_counts=True)
                base[term] = (unique.astype(np.int32), counts.astype(np.float64))
            conn.execute("COMMIT")
        finally:
            conn.close()
        with self._lock:
            self._clear()
            self._install(base, ids)
            self.ready = True
            self.load_seconds = round(time.monotonic() - started, 3)

    def _install(self, base: dict[str, tuple[np.ndarray, np.ndarray]], ids: list[int]) -> None:
        self._grow(max(ids, default=0))
        self._set_base(base)
        self._length[:] = 0
        for docs, tf in base.values():
            self._length[docs] += tf  # ids are unique within one term's postings
        self._live = set(ids)
        self._tokens = int(self._length.sum())

    def _set_base(self, base: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
        """Make `base` the posting arrays; afterwards no posting is dead or extra."""
        self._base = base
        self._vocab = sorted(base)
        docs = np.concatenate([d for d, _ in base.values()]) if base else np.zeros(0, dtype=np.int32)
        self._base_postings = len(docs)
        self._base_terms = np.bincount(docs, minlength=len(self._length)).astype(np.int32)
        self._dead[:] = False
        self._dead_postings = 0
        self._extra, self._extra_terms, self._extra_postings = {}, {}, 0

    @property
    def _any_dead(self) -> bool:
        # a dead row with no postings is in no posting list, so only dead postings need masking
        return self._dead_postings > 0

    def _grow(self, top: int) -> None:
        if top < len(self._length):
            return
        size = max(top + 1, 2 * len(self._length))
        self._length = np.concatenate([self._length, np.zeros(size - len(self._length))])
        self._dead = np.concatenate([self._dead, np.zeros(size - len(self._dead), dtype=bool)])
        self._base_terms = np.concatenate([self._base_terms, np.zeros(size - len(self._base_terms), dtype=np.int32)])

    def apply(self, removed: Iterable[int], added: list[tuple[int, str]]) -> None:
        """Mirror one committed batch: `removed` row ids, then `added` (row id, fts_body)."""
        counts = self.tokenizer.counts(added) if added else {}
        with self._lock:
            for chunk_id in removed:
                self._remove(chunk_id)
            for chunk_id, _ in added:
                self._remove(chunk_id)  # SQLite reuses the highest rowid after it is deleted
                self._add(chunk_id, counts.get(chunk_id, Counter()))
            # Why dead postings count too: deleting many files adds nothing, yet every query skips their postings
            if self._extra_postings + self._dead_postings > max(self.compact_min, self._base_postings // 5):
                self._compact()

    def _remove(self, chunk_id: int) -> None:
        if chunk_id not in self._live:
            return
        self._live.discard(chunk_id)
        self._tokens -= int(self._length[chunk_id])
        self._length[chunk_id] = 0
        terms = self._extra_terms.pop(chunk_id, None)
        if terms is None:
            self._dead[chunk_id] = True
            self._dead_postings += int(self._base_terms[chunk_id])
            self._base_terms[chunk_id] = 0
            return
        for term in terms:
            postings = self._extra[term]
            del postings[chunk_id]
            if not postings:
                del self._extra[term]
        self._extra_postings -= len(terms)

    def _add(self, chunk_id: int, counts: Counter[str]) -> None:
        self._grow(chunk_id)
        self._live.add(chunk_id)
        length = sum(counts.values())
        self._length[chunk_id] = length
        self._tokens += length
        self._extra_terms[chunk_id] = list(counts)
        for term, tf in counts.items():
            self._extra.setdefault(term, {})[chunk_id] = tf
        self._extra_postings += len(counts)

    def _compact(self) -> None:
        """Merge the extra postings into the arrays and drop the dead ones."""
        merged: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for term in set(self._base) | set(self._extra):
            docs, tf = self._postings_of(term)
            if len(docs):
                order = np.argsort(docs, kind="stable")
                merged[term] = (docs[order].astype(np.int32), tf[order])
        self._set_base(merged)

    # ---- querying ---------------------------------------------------------------------------------

    def _postings_of(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        docs, tf = self._base.get(term, (np.zeros(0, dtype=np.int32), np.zeros(0)))
        if self._any_dead and len(docs):
            alive = ~self._dead[docs]
            docs, tf = docs[alive], tf[alive]
        extra = self._extra.get(term)
        if extra:
            docs = np.concatenate([docs, np.fromiter(extra.keys(), dtype=np.int32, count=len(extra))])
            tf = np.concatenate([tf, np.fromiter(extra.values(), dtype=np.float64, count=len(extra))])
        return docs, tf

    def _phrase(self, token: str, prefix: bool) -> tuple[np.ndarray, np.ndarray]:
        """(row ids, instances per row) of one single-token phrase; a prefix phrase unions its terms."""
        if not prefix:
            return self._postings_of(token)
        start = bisect.bisect_left(self._vocab, token)
        terms = []
        for term in self._vocab[start:]:
            if not term.startswith(token):
                break
            terms.append(term)
        terms += [t for t in self._extra if t.startswith(token) and t not in self._base]
        parts = [self._postings_of(t) for t in terms]
        if not parts:
            return np.zeros(0, dtype=np.int32), np.zeros(0)
        docs = np.concatenate([p[0] for p in parts])
        tf = np.concatenate([p[1] for p in parts])
        unique, inverse = np.unique(docs, return_inverse=True)
        return unique.astype(np.int32), np.bincount(inverse, weights=tf)

    def search(
        self, phrases: list[tuple[str, bool]], depth: int, allowed: np.ndarray | None = None
    ) -> list[tuple[int, float]] | None:
        """Top `depth` (row id, bm25) for an OR of (text, is_prefix) phrases, best first, ties by id;
        None when a phrase is not a single token (FTS5 must answer it). `allowed` (row ids) keeps only
        those rows; scores still use the whole index's statistics, as FTS5's bm25() does under a filter."""
        found = self.match(phrases, depth, allowed)
        return None if found is None else found.hits

    def match(
        self, phrases: list[tuple[str, bool]], depth: int, allowed: np.ndarray | None = None
    ) -> LexicalMatch | None:
        """`search`, plus the evidence to judge any row against the query (`LexicalMatch.evidence`)."""
        tokenized = self.tokenizer.tokens([text for text, _ in phrases])
        if any(len(tokens) != 1 for tokens in tokenized):
            return None
        with self._lock:
            rows = len(self._live)
            if rows == 0 or depth <= 0:
                return LexicalMatch([], np.zeros(0), np.zeros(0), 0.0, len(phrases))
            avgdl = float(self._tokens) / float(rows)
            scores = np.zeros(len(self._length))
            covered = np.zeros(len(self._length))
            matched = np.zeros(len(self._length), dtype=bool)
            total_idf = 0.0
            for (token,), (_, prefix) in zip(tokenized, phrases, strict=True):
                docs, tf = self._phrase(token, prefix)
                # Why count absent terms too: a query whose rare words the memory has never seen is not
                # about this memory, however well its common words match (coverage, pipeline/retrieval/relevance.py).
                total_idf += max(math.log((rows - len(docs) + 0.5) / (len(docs) + 0.5)), 1e-6)
                if not len(docs):
                    continue
                idf = math.log((rows - len(docs) + 0.5) / (len(docs) + 0.5))
                if idf <= 0.0:
                    idf = 1e-6
                # the same operations, in the same order, as fts5Bm25Function
                scores[docs] += idf * ((tf * (K1 + 1.0)) / (tf + K1 * (1 - B + B * self._length[docs] / avgdl)))
                covered[docs] += idf
                matched[docs] = True
        if allowed is not None:
            keep = np.zeros(len(matched), dtype=bool)
            keep[allowed[(allowed >= 0) & (allowed < len(keep))]] = True
            matched &= keep
        ids = np.flatnonzero(matched)
        hits: list[tuple[int, float]] = []
        if len(ids):
            values = scores[ids]
            if len(ids) > depth:  # keep every row tied with the last place, so ties break by id, not by chance
                cutoff = np.partition(values, len(values) - depth)[len(values) - depth]
                keep = values >= cutoff
                ids, values = ids[keep], values[keep]
            order = np.lexsort((ids, -values))[:depth]
            hits = [(int(ids[i]), float(values[i])) for i in order]
        return LexicalMatch(hits, scores, covered, total_idf, len(phrases))

    def stats(self) -> dict[str, object]:
        with self._lock:
            return {
                "ready": self.ready,
                "rows": len(self._live),
                "terms": len(self._base) + sum(1 for term in self._extra if term not in self._base),
                "postings": self._base_postings - self._dead_postings + self._extra_postings,
                "load_s": self.load_seconds,
            }
