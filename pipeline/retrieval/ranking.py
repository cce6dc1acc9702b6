"""Memory-aware reranking: relevance first, nudged by importance, recency and proven effectiveness.

final = w_R * R + w_I * (I - 0.5) + w_T * T + w_E * (E - 0.5), where
- R is, in hybrid mode, the log-odds of the hit's absolute relevance over 10 (pipeline/retrieval/relevance.py;
  log-odds, because relevant hits crowd near 1); in bm25 and vector modes (and in hybrid when relevance
  cannot be estimated) the score normalised by the best candidate's;
- I is importance in [0, 1] (0.5 default, +0.01 per retrieval hit, set by `importance` events);
- T = max(0.01, exp(-lambda * hours)) since the later of last access and file change (lambda 0.1/h);
- E is the experience's effectiveness decayed toward the neutral 0.5: 0.5 + (p - 0.5) * 0.5^(age/90) (0.5
  when never referenced, and what an old one fades back to).
I and E are centred on their neutral values, so on a fresh index (nothing accessed, nothing referenced)
they change no order; the weights were chosen with bench/retrieval.py (see the README).
"""

from __future__ import annotations

import datetime as dt
import math
import sqlite3
from dataclasses import dataclass

from events.event import parse_timestamp
from events.projections.effectiveness import decay_value
from events.queries import access_stats, effectiveness, forgotten
from pipeline.index_queries import ChunkKeys

RECENCY_LAMBDA = 0.1
RECENCY_FLOOR = 0.01
NEVER_ACCESSED_HOURS = 168.0


@dataclass(frozen=True, slots=True)
class RankWeights:
    relevance: float = 1.0
    importance: float = 0.0
    recency: float = 0.0
    effectiveness: float = 0.0


@dataclass(frozen=True, slots=True)
class Signals:
    importance: float
    recency: float
    effectiveness: float
    forgotten: bool


def recency(hours: float) -> float:
    return max(RECENCY_FLOOR, math.exp(-RECENCY_LAMBDA * max(hours, 0.0)))


def load_signals(conn: sqlite3.Connection, chunks: list[ChunkKeys], now: dt.datetime) -> dict[int, Signals]:
    """Signals for candidate chunks, by chunk row id. Blocking.

    Why three set queries rather than three per candidate: this runs inside every search, and 90 point
    queries cost ~1.5 ms of a hybrid query's 30 ms budget at 10^5 chunks (bench/latency.py).
    """
    hashes = sorted({chunk.content_hash for chunk in chunks})
    stats = access_stats.for_hashes(conn, hashes)
    forgotten_hashes = forgotten.among(conn, hashes)
    keys = sorted({key for c in chunks for key in (c.chunk_id, c.content_hash, c.path)})
    effects = effectiveness.for_ids(conn, keys)
    out = {}
    for chunk in chunks:
        stat = stats.get(chunk.content_hash)
        importance = stat.importance if stat else 0.5
        hours = NEVER_ACCESSED_HOURS
        if stat and stat.last_accessed_at:
            hours = (now - parse_timestamp(stat.last_accessed_at)).total_seconds() / 3600
        hours = min(hours, max(0.0, (now.timestamp() - chunk.mtime) / 3600))
        value = 0.5
        # the experience recorded under this chunk's id, hash or file, whichever was referenced most
        found = [effects[key] for key in (chunk.chunk_id, chunk.content_hash, chunk.path) if key in effects]
        if found:
            best = min(found, key=lambda e: (-e.total_refs, e.experience_id))
            age_days = (now - parse_timestamp(best.last_ref)).total_seconds() / 86400 if best.last_ref else 0.0
            value = decay_value(best.p, age_days)
        out[chunk.id] = Signals(importance, recency(hours), value, chunk.content_hash in forgotten_hashes)
    return out


def final_score(relevance: float, signals: Signals, weights: RankWeights) -> tuple[float, dict[str, float]]:
    parts = {
        "R": relevance,
        "I": signals.importance,
        "T": signals.recency,
        "E": signals.effectiveness,
    }
    score = (
        weights.relevance * relevance
        + weights.importance * (signals.importance - 0.5)
        + weights.recency * signals.recency
        + weights.effectiveness * (signals.effectiveness - 0.5)
    )
    return score, parts
