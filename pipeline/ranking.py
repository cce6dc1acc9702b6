"""Memory-aware reranking: relevance first, nudged by importance, recency and proven effectiveness.

final = w_R * R + w_I * (I - 0.5) + w_T * T + w_E * (E - 0.5), where
- R is the retrieval score normalised by the best candidate's (so the top hit has R = 1);
- I is importance in [0, 1] (0.5 default, +0.01 per retrieval hit, set by `importance` events);
- T = max(0.01, exp(-lambda * hours)) since the later of last access and file change (lambda 0.1/h);
- E is the experience's decayed effectiveness p * 0.5^(age/90) (0.5 when never referenced).
I and E are centred on their neutral values, so on a fresh index (nothing accessed, nothing referenced)
they change no order; the weights were chosen with bench/retrieval.py (see the README).
"""

from __future__ import annotations

import datetime as dt
import math
import sqlite3
from dataclasses import dataclass

from events.event import parse_timestamp
from events.projections.effectiveness import decay_weight
from events.sqlite import select_in

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


def load_signals(
    conn: sqlite3.Connection, rows: list[tuple[int, str, str, str, float]], now: dt.datetime
) -> dict[int, Signals]:
    """Signals for candidate chunks given as (id, chunk_id, content_hash, path, mtime). Blocking.

    Why three set queries rather than three per candidate: this runs inside every search, and 90 point
    queries cost ~1.5 ms of a hybrid query's 30 ms budget at 10^5 chunks (bench/latency.py).
    """
    hashes = sorted({row[2] for row in rows})
    stats_sql = "SELECT content_hash, importance, last_accessed_at FROM access_stats WHERE content_hash IN ({marks})"
    stats = {r[0]: (r[1], r[2]) for r in select_in(conn, stats_sql, hashes)}
    forgotten_sql = "SELECT content_hash FROM forgotten WHERE content_hash IN ({marks})"
    forgotten = {r[0] for r in select_in(conn, forgotten_sql, hashes)}
    keys = sorted({key for row in rows for key in (row[1], row[2], row[3])})
    effects_sql = (
        "SELECT experience_id, total_refs, p, last_ref FROM experience_effectiveness WHERE experience_id IN ({marks})"
    )
    effects = {r[0]: (int(r[1]), float(r[2]), r[3]) for r in select_in(conn, effects_sql, keys)}
    out = {}
    for chunk_row, chunk_id, content_hash, path, mtime in rows:
        stat = stats.get(content_hash)
        importance = float(stat[0]) if stat else 0.5
        hours = NEVER_ACCESSED_HOURS
        if stat and stat[1]:
            hours = (now - parse_timestamp(stat[1])).total_seconds() / 3600
        hours = min(hours, max(0.0, (now.timestamp() - mtime) / 3600))
        effectiveness = 0.5
        # the experience recorded under this chunk's id, hash or file, whichever was referenced most
        found = [(effects[key], key) for key in (chunk_id, content_hash, path) if key in effects]
        if found:
            (_, p, last_ref), _ = min(found, key=lambda item: (-item[0][0], item[1]))
            age_days = (now - parse_timestamp(last_ref)).total_seconds() / 86400 if last_ref else 0.0
            effectiveness = p * decay_weight(age_days)
        out[chunk_row] = Signals(importance, recency(hours), effectiveness, content_hash in forgotten)
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
