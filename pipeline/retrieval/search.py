"""Retrieval: BM25 (FTS5's scores, from the in-memory mirror or FTS5), cosine over the vector matrix, and RRF.

Invariant: any user string is safe (the FTS query is built by `fts_query.build_match`); a mode that cannot
run (no model yet) falls back to BM25 and says so in the result.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import aiosqlite
import numpy as np

from events.sqlite import run_sync, select_in_named
from pipeline.cjk import cjk_share, has_cjk
from pipeline.embedding.service import EmbeddingService
from pipeline.index_queries import StoredChunk, chunk_keys, chunks_by_id
from pipeline.retrieval.fts_query import build_match, query_phrases
from pipeline.retrieval.lexical_index import K1, LexicalIndex, LexicalMatch
from pipeline.retrieval.query_time import (
    MemoryTime,
    TimeIntent,
    TimeWeights,
    memory_days,
    mentions_time,
    read_query,
    time_bonuses,
)
from pipeline.retrieval.ranking import RankWeights, final_score, load_signals
from pipeline.retrieval.relevance import LOG_ODDS_SCALE, NULL_PASSAGES, Evidence, estimate, log_odds
from pipeline.retrieval.reranker import Reranker, RerankOptions
from pipeline.retrieval.scan_batch import ScanBatcher
from pipeline.retrieval.vector_index import VectorIndex

RRF_K = 60


@dataclass(frozen=True, slots=True)
class Filters:
    root: str | None = None
    path_glob: str | None = None
    source: str | None = None
    since_mtime: float | None = None

    def sql(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        args: list[Any] = []
        if self.root:
            clauses.append("c.root = ?")
            args.append(self.root)
        if self.path_glob:
            clauses.append("c.path GLOB ?")
            args.append(self.path_glob)
        if self.source:
            clauses.append("c.source = ?")
            args.append(self.source)
        if self.since_mtime is not None:
            clauses.append("c.mtime >= ?")
            args.append(self.since_mtime)
        return " AND ".join(clauses), args

    @property
    def active(self) -> bool:
        return any(v is not None for v in (self.root, self.path_glob, self.source, self.since_mtime))


@dataclass
class Candidate:
    id: int
    score: float = 0.0
    bm25: float | None = None
    bm25_rank: int | None = None
    cosine: float | None = None
    vector_rank: int | None = None
    components: dict[str, float] = field(default_factory=dict)
    evidence: Evidence | None = None
    relevance: float | None = None


async def allowed_ids(db: aiosqlite.Connection, filters: Filters) -> np.ndarray:
    """The chunk ids that pass `filters`. Each filter column is indexed, so a single filter is answered from
    an index without reading chunk rows. Why one concatenated string: 10^5 ids arrive in about half the time
    of 10^5 row tuples (bench/latency.py)."""
    where, args = filters.sql()
    rows = list(await db.execute_fetchall(f"SELECT group_concat(c.id) FROM chunks c WHERE {where}", args))
    text = rows[0][0] if rows else None
    return np.array(text.split(","), dtype=np.int64) if text else np.zeros(0, dtype=np.int64)


async def bm25_candidates(
    db: aiosqlite.Connection,
    query: str,
    depth: int,
    filters: Filters,
    lexical: LexicalIndex | None = None,
    allowed: np.ndarray | None = None,
) -> list[Candidate]:
    """FTS5's bm25() ranking: from the in-memory mirror when it is loaded (restricted to the ids that pass
    the filters, `allowed` when the caller has them already), else from FTS5 itself. Same scores either way."""
    return (await bm25_match(db, query, depth, filters, lexical, allowed))[0]


async def bm25_match(
    db: aiosqlite.Connection,
    query: str,
    depth: int,
    filters: Filters,
    lexical: LexicalIndex | None = None,
    allowed: np.ndarray | None = None,
) -> tuple[list[Candidate], LexicalMatch | None]:
    """`bm25_candidates`, plus the mirror's evidence for judging any chunk (None when FTS5 answered)."""
    if lexical is not None and lexical.ready:
        phrases = query_phrases(query)
        if not phrases:
            return [], None
        if filters.active and allowed is None:
            allowed = await allowed_ids(db, filters)
        found = await asyncio.to_thread(lexical.match, phrases, depth, allowed)
        if found is not None:
            return [Candidate(cid, bm25=score, bm25_rank=i + 1) for i, (cid, score) in enumerate(found.hits)], found
    match = build_match(query)
    if match is None:
        return [], None
    where, args = filters.sql()
    if where:
        sql = (
            "SELECT c.id, bm25(chunks_fts) AS s FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
            f" WHERE chunks_fts MATCH ? AND {where} ORDER BY s LIMIT ?"
        )
    else:
        # Why no join: a broad OR query can match half the index, and a row lookup per match cost ~25 % of
        # the query at 10^5 chunks (bench/latency.py); the rowid is the chunk id.
        sql = "SELECT rowid, bm25(chunks_fts) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s LIMIT ?"
    try:
        rows = await db.execute_fetchall(sql, (match, *args, depth))
    except sqlite3.OperationalError:
        return [], None  # defence in depth: build_match should make this unreachable
    return [Candidate(r[0], bm25=-r[1], bm25_rank=i + 1) for i, r in enumerate(rows)], None


async def vector_candidates(
    db: aiosqlite.Connection,
    vectors: VectorIndex,
    embedding: EmbeddingService,
    query: str,
    depth: int,
    filters: Filters,
    allowed: np.ndarray | None = None,
    scans: ScanBatcher | None = None,
) -> tuple[list[Candidate], np.ndarray]:
    """The `depth` nearest chunks, and the query's vector (for judging other chunks against it). Unfiltered
    scans go through `scans`, which answers queries that arrive together with one pass over the matrix."""
    qvec = await embedding.embed_query(query)
    if filters.active and allowed is None:
        allowed = await allowed_ids(db, filters)
    if allowed is None and scans is not None:
        hits = await scans.search(vectors, qvec, depth)
    else:
        hits = await asyncio.to_thread(vectors.search, qvec, depth, allowed)
    return [Candidate(cid, cosine=score, vector_rank=i + 1) for i, (cid, score) in enumerate(hits)], qvec


def rrf(
    lists: list[list[Candidate]],
    k: int = RRF_K,
    weights: tuple[float, ...] | None = None,
    names: tuple[str, ...] = ("bm25", "vector"),
) -> list[Candidate]:
    """score(d) = sum over lists of w_list / (k + rank). Ties break by chunk id for determinism.
    Each list's share is kept as component `rrf_<name>`, so `--explain` adds up to the fused score."""
    merged: dict[int, Candidate] = {}
    for index, items in enumerate(lists):
        weight = weights[index] if weights else 1.0
        for rank, item in enumerate(items, start=1):
            cand = merged.setdefault(item.id, Candidate(item.id))
            share = weight / (k + rank)
            cand.score += share
            cand.components[f"rrf_{names[index]}"] = share
            if item.bm25 is not None:
                cand.bm25, cand.bm25_rank = item.bm25, item.bm25_rank
            if item.cosine is not None:
                cand.cosine, cand.vector_rank = item.cosine, item.vector_rank
    return sorted(merged.values(), key=lambda c: (-c.score, c.id))


@dataclass(frozen=True, slots=True)
class Hit(StoredChunk):
    """One search result: the chunk, where it is, and its score with every component (`explain`)."""

    score: float
    explain: dict[str, Any]
    relevance: float | None = None  # absolute, 0..1 (pipeline/retrieval/relevance.py); None: no evidence


_CHUNK_FIELDS = tuple(f.name for f in dataclasses.fields(StoredChunk))


@dataclass(frozen=True, slots=True)
class SearchResult:
    hits: list[Hit]
    mode: str  # the mode actually used
    fallback: str | None  # why the asked mode could not run (then `mode` is bm25), else None
    reranked: bool | None = None  # None: no reranking was asked; else whether the cross-encoder reordered the hits
    rerank_note: str | None = None  # why it was asked and did not run


class Searcher:
    """Runs one search over a read-only connection, so indexing never stalls queries."""

    def __init__(
        self,
        read_db: aiosqlite.Connection,
        embedding: EmbeddingService,
        *,
        candidates: int = 100,
        rrf_k: int = RRF_K,
        weights: RankWeights | None = None,
        list_weights: tuple[float, float] = (1.0, 1.0),
        cjk_list_weights: tuple[float, float] | None = None,
        time_weights: TimeWeights | None = None,
        chunks_per_file: int = 1,
        rerank: RerankOptions | None = None,
    ) -> None:
        self.read_db = read_db
        self.embedding = embedding
        self.vectors: VectorIndex | None = None
        self.null_vectors: np.ndarray | None = None  # relevance.NULL_PASSAGES embedded, once the model is ready
        self.lexical: LexicalIndex | None = None
        self.scans = ScanBatcher()
        self.candidates = candidates
        self.rrf_k = rrf_k
        self.weights = weights or RankWeights()
        self.list_weights = list_weights
        self.cjk_list_weights = cjk_list_weights or list_weights
        self.time_weights = time_weights or TimeWeights()
        self.chunks_per_file = chunks_per_file  # a file's chunks beyond this many go after every other hit (0: off)
        self.reranker = Reranker(rerank or RerankOptions())

    def weights_for(self, query: str) -> tuple[float, float]:
        """(bm25, vector) RRF weights. Why by language: the bigram index is a weaker lexical model for Chinese
        than stemmed words are for English, so a mostly-CJK query leans on the vector list (bench/fusion.py)."""
        return self.cjk_list_weights if has_cjk(query) else self.list_weights

    def vector_ready(self) -> bool:
        return self.embedding.ready and self.vectors is not None

    async def load_null_vectors(self) -> None:
        """Embed the relevance baseline passages once the model is ready (a second or so, once per start)."""
        self.null_vectors = await self.embedding.embed_passages(list(NULL_PASSAGES))

    async def search(
        self,
        query: str,
        k: int,
        mode: str,
        filters: Filters,
        *,
        min_relevance: float | None = None,
        now: dt.datetime | None = None,
        rerank: bool = False,
    ) -> SearchResult:
        """The top `k` hits (those whose relevance clears `min_relevance`, when given); a mode that cannot run
        yet falls back to BM25 and says why. `rerank`: the caller asks for the cross-encoder (`[search] rerank`
        on); hybrid search only, and only when the query reads as English; the result says whether it ran."""
        fallback = None
        if mode in ("hybrid", "vector") and not self.vector_ready():
            self.embedding.wake()  # a model released when idle comes back in the background; BM25 answers now
            fallback = f"{mode} unavailable ({self.embedding.reason or 'vectors not loaded'}); used bm25"
            mode = "bm25"
        depth = max(self.candidates, k)
        qvec: np.ndarray | None = None
        allowed = await allowed_ids(self.read_db, filters) if filters.active and mode != "bm25" else None
        if mode == "bm25":
            ranked, lexical = await bm25_match(self.read_db, query, depth, filters, self.lexical)
            for c in ranked:
                c.score = c.bm25 or 0.0
        elif mode == "vector":
            assert self.vectors is not None
            (ranked, qvec), (_, lexical) = await asyncio.gather(
                vector_candidates(
                    self.read_db, self.vectors, self.embedding, query, depth, filters, allowed, self.scans
                ),
                bm25_match(self.read_db, query, depth, filters, self.lexical, allowed),
            )
            for c in ranked:
                c.score = c.cosine or 0.0
        else:
            assert self.vectors is not None
            (lexical_list, lexical), (semantic, qvec) = await asyncio.gather(
                bm25_match(self.read_db, query, depth, filters, self.lexical, allowed),
                vector_candidates(
                    self.read_db, self.vectors, self.embedding, query, depth, filters, allowed, self.scans
                ),
            )
            ranked = rrf([lexical_list, semantic], self.rrf_k, self.weights_for(query))
        self.judge(ranked, query, lexical, qvec)
        absolute = mode == "hybrid" and all(c.relevance is not None for c in ranked)
        if absolute:
            # Why rank the fused candidates by relevance rather than by RRF: relevance weighs each hit by the
            # evidence of both lists (its term coverage and its cosine lift, whichever list found it), so a
            # weak list cannot pull a strong one down; RRF only sees ranks (bench/relevance_fit.py: every dev
            # set gains, and hybrid beats both of its lists). The score is the relevance's log-odds over 10:
            # relevant hits crowd near 1, where a memory signal of 0.02 would reorder them at will, while 0.02
            # on this scale is a nudge of 0.2 in log-odds (odds x1.2).
            for c in ranked:
                c.components["rrf"] = c.score
                c.score = log_odds(c.relevance or 0.0) / LOG_ODDS_SCALE
            intent = read_query(query, (now or dt.datetime.now(dt.UTC)).date())
            if intent.active and self.time_weights.any:
                await self.apply_time(ranked, intent)
            ranked.sort(key=lambda c: (-c.score, c.id))
        ranked = await self.rerank(ranked[: max(3 * k, 30)], absolute=absolute)
        note = None
        if rerank:
            ranked, note = await self.reranker.reorder(ranked, query, mode, self.read_db)
        if min_relevance is not None:
            ranked = [c for c in ranked if c.relevance is not None and c.relevance >= min_relevance]
        if self.chunks_per_file > 0:
            ranked = await self.spread_files(ranked)
        hits = await self.hydrate(ranked[:k], mode)
        return SearchResult(hits, mode, fallback, None if not rerank else note is None, note)

    async def spread_files(self, ranked: list[Candidate]) -> list[Candidate]:
        """The ranked chunks with each file's chunks beyond `chunks_per_file` moved after all the others (in
        their order), so the top k name as many memories as the candidates hold. Why: a long note or a
        conversation cut into chunks filled the top k with its own neighbouring chunks, each adding little to
        the first, while another file's answer sat just below (bench/query_feedback.py: LoCoMo written per
        session R@10 0.934 -> 0.945). Moved, not dropped: a search within one file still gets all its chunks."""
        ids = [c.id for c in ranked]
        if len(ids) < 2:
            return ranked
        sql = "SELECT id, root, path FROM chunks WHERE id IN ({marks})"
        rows = await run_sync(self.read_db, lambda conn: select_in_named(conn, sql, ids))
        file_of = {row["id"]: (row["root"], row["path"]) for row in rows}
        seen: dict[tuple[str, str] | int, int] = {}
        first: list[Candidate] = []
        later: list[Candidate] = []
        for c in ranked:
            key = file_of.get(c.id, c.id)
            seen[key] = seen.get(key, 0) + 1
            (first if seen[key] <= self.chunks_per_file else later).append(c)
        return first + later

    async def apply_time(self, ranked: list[Candidate], intent: TimeIntent) -> None:
        """Add the query's time evidence to the hybrid score, in log-odds (pipeline/retrieval/query_time.py): a
        memory from the days the question names, a time in the words of a memory a "when" question meets, the
        newest memory for a question about the current state. The relevance itself is left alone, so a floor
        (`min_relevance`, what is injected) still judges by the topic only. Only a question with a time in it
        pays for reading the candidates' rows."""
        ids = [c.id for c in ranked]
        sql = "SELECT id, path, heading, text, mtime FROM chunks WHERE id IN ({marks})"
        rows = await run_sync(self.read_db, lambda conn: select_in_named(conn, sql, ids))
        dated = intent.window is not None or intent.latest  # each part reads only what it needs (~1 ms / 40)
        memories = {
            row["id"]: MemoryTime(
                memory_days(row["path"], row["heading"], row["text"], row["mtime"]) if dated else [],
                intent.asks_when and mentions_time(row["text"]),
            )
            for row in rows
        }
        bonuses = time_bonuses(intent, memories, self.time_weights)
        for c in ranked:
            if bonus := bonuses.get(c.id):
                c.components["time"] = bonus
                c.score += bonus / LOG_ODDS_SCALE

    def judge(self, ranked: list[Candidate], query: str, lexical: LexicalMatch | None, qvec: np.ndarray | None) -> None:
        """Attach each candidate's evidence and absolute relevance (pipeline/retrieval/relevance.py). Every
        candidate is judged on all the evidence there is, whichever list found it."""
        cjk = cjk_share(query)
        cosines: dict[int, float] = {}
        null: float | None = None
        if qvec is not None and self.vectors is not None:
            missing = [c.id for c in ranked if c.cosine is None]
            cosines = self.vectors.cosines(qvec, missing) if missing else {}
            if self.null_vectors is not None:
                null = float(np.mean(self.null_vectors @ qvec))
        for c in ranked:
            coverage = bm25n = None
            if lexical is not None:
                bm25, coverage = lexical.evidence(c.id)
                bm25n = bm25 / ((K1 + 1.0) * lexical.total_idf) if lexical.total_idf > 0 else 0.0
            cosine = c.cosine if c.cosine is not None else cosines.get(c.id)
            c.evidence = Evidence(coverage, bm25n, cosine if qvec is not None else None, null, cjk)
            c.relevance = estimate(c.evidence)

    async def rerank(
        self, ranked: list[Candidate], now: dt.datetime | None = None, *, absolute: bool = False
    ) -> list[Candidate]:
        """Apply the memory signals and drop forgotten chunks. Stable for equal scores. R is the score itself
        when it is an absolute relevance (`absolute`), else the score over the best candidate's."""
        if not ranked:
            return []
        now = now or dt.datetime.now(dt.UTC)
        ids = [c.id for c in ranked]
        signals = await run_sync(self.read_db, lambda conn: load_signals(conn, chunk_keys(conn, ids), now))
        top = max(c.score for c in ranked) or 1.0
        out = []
        for c in ranked:
            sig = signals.get(c.id)
            if sig is None or sig.forgotten:
                continue
            relevance = c.score if absolute else c.score / top if top > 0 else 0.0
            score, parts = final_score(relevance, sig, self.weights)
            c.components = {**c.components, "retrieval": round(c.score, 6), **parts, "final": score}
            c.score = score
            out.append(c)
        out.sort(key=lambda c: (-c.score, c.id))
        return out

    async def hydrate(self, ranked: list[Candidate], mode: str) -> list[Hit]:
        if not ranked:
            return []
        ids = [c.id for c in ranked]
        by_id = await run_sync(self.read_db, lambda conn: chunks_by_id(conn, ids))
        hits = []
        for c in ranked:
            chunk = by_id.get(c.id)
            if chunk is None:
                continue  # deleted between ranking and hydration
            explain: dict[str, Any] = {
                "mode": mode,
                "bm25": c.bm25,
                "bm25_rank": c.bm25_rank,
                "cosine": c.cosine,
                "vector_rank": c.vector_rank,
                **c.components,
                "relevance": c.relevance,
            }
            if c.evidence is not None:
                explain.update(
                    coverage=c.evidence.coverage,
                    bm25n=c.evidence.bm25n,
                    cosine=c.evidence.cosine,
                    null_cosine=c.evidence.null,
                    lift=c.evidence.lift,
                    cjk=c.evidence.cjk,
                )
            stored = {name: getattr(chunk, name) for name in _CHUNK_FIELDS}
            hits.append(Hit(**stored, score=c.score, explain=explain, relevance=c.relevance))
        return hits
