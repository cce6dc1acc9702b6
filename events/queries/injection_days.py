"""Reads of the `injection_days` projection: what memory cost over a range of UTC days, per day and kind."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from events.projections.injection_days import COLUMNS


@dataclass(frozen=True, slots=True)
class DayCost:
    day: str
    kind: str
    requests: int
    injected: int
    chars: int
    tokens: int
    repeats: int
    below_floor: int
    prompts_with_memory: int
    prompts_below_floor: int
    prompts_all_repeats: int


def days(conn: sqlite3.Connection, first: str, last: str) -> list[DayCost]:
    """Every (day, kind) row from `first` to `last` (YYYY-MM-DD, inclusive), by day then kind."""
    sql = f"SELECT day, kind, {', '.join(COLUMNS)} FROM injection_days WHERE day >= ? AND day <= ? ORDER BY day, kind"
    return [DayCost(*row) for row in conn.execute(sql, (first, last))]


def top_memories(conn: sqlite3.Connection, first: str, last: str, limit: int) -> list[tuple[str, int]]:
    """The memories given most often in the range ("path:lines", times), most first, ties by name."""
    sql = (
        "SELECT memory, sum(times) AS n FROM injection_day_memories WHERE day >= ? AND day <= ?"
        " GROUP BY memory ORDER BY n DESC, memory LIMIT ?"
    )
    return [(str(memory), int(n)) for memory, n in conn.execute(sql, (first, last, limit))]
