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

RECENCY_LAMBDA = 0.1
RECENCY_FLOOR = 0.01
NEVER_ACCESSED_HOURS = 168.0


@dataclass(frozen=True, slots=True)
class RankWeights:
    relevance: float = 1.0
    importance: float = 0.0
    recency: float = 0.0
    effectiveness: float = 0.0

    @property
    def neutral(self) -> bool:
        return self.importance == self.recency == self.effectiveness == 0.0


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
    """Signals for candidate chunks given as (id, chunk_id, content_hash, path, mtime). Blocking."""
    out = {}
    for chunk_row, chunk_id, content_hash, path, mtime in rows:
        stats = conn.execute(
            "SELECT importance, last_accessed_at FROM access_stats WHERE content_hash = ?", (content_hash,)
        ).fetchone()
        importance = float(stats[0]) if stats else 0.5
        hours = NEVER_ACCESSED_HOURS
        if stats and stats[1]:
            hours = (now - parse_timestamp(stats[1])).total_seconds() / 3600
        hours = min(hours, max(0.0, (now.timestamp() - mtime) / 3600))
        effect = conn.execute(
            "SELECT p, last_ref FROM experience_effectiveness WHERE experience_id IN (?, ?, ?)"
            " ORDER BY total_refs DESC LIMIT 1",
            (chunk_id, content_hash, path),
        ).fetchone()
        effectiveness = 0.5
        if effect:
            age_days = (now - parse_timestamp(effect[1])).total_seconds() / 86400 if effect[1] else 0.0
            effectiveness = float(effect[0]) * decay_weight(age_days)
        forgotten = conn.execute("SELECT 1 FROM forgotten WHERE content_hash = ?", (content_hash,)).fetchone()
        out[chunk_row] = Signals(importance, recency(hours), effectiveness, forgotten is not None)
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
