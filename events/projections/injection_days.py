"""Projection `injection_days`: what memory cost per UTC day and kind of request, and which memories were given
each day, so the cost of a year reads a few hundred rows instead of every `injection` event's JSON.

The tallies follow daemon/services/injection_stats.py (`InjectionStats.add`) field for field: a request counts
once; `injected` when it used any characters; tokens as recorded, else chars / 4 rounded up; a prompt is "with
memory" when it names paths, "below the floor" when it got none with memories under the floor and no repeat,
"all repeats" when it got none because the session had them. Every column is a sum, so events apply in any
order and any batching (ORDER_FREE).
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

from events.event import Event

NAME = "injection_days"
VERSION = 1
ORDER_FREE = True
TYPES = ("injection",)  # what `prepare` reads; a batch gives it only these (`events_of_types`)
TABLES = ("injection_days", "injection_day_memories")
SCHEMA = """
CREATE TABLE injection_days (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    requests INTEGER NOT NULL,
    injected INTEGER NOT NULL,
    chars INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    repeats INTEGER NOT NULL,
    below_floor INTEGER NOT NULL,
    prompts_with_memory INTEGER NOT NULL,
    prompts_below_floor INTEGER NOT NULL,
    prompts_all_repeats INTEGER NOT NULL,
    PRIMARY KEY (day, kind)
) WITHOUT ROWID;
CREATE TABLE injection_day_memories (
    day TEXT NOT NULL,
    memory TEXT NOT NULL,
    times INTEGER NOT NULL,
    PRIMARY KEY (day, memory)
) WITHOUT ROWID;
"""
COLUMNS = (
    "requests",
    "injected",
    "chars",
    "tokens",
    "repeats",
    "below_floor",
    "prompts_with_memory",
    "prompts_below_floor",
    "prompts_all_repeats",
)
_ADD_DAY = (
    f"INSERT INTO injection_days (day, kind, {', '.join(COLUMNS)}) VALUES (?, ?, {', '.join('?' * len(COLUMNS))})"
    " ON CONFLICT (day, kind) DO UPDATE SET " + ", ".join(f"{c} = {c} + excluded.{c}" for c in COLUMNS)
)
_ADD_MEMORY = (
    "INSERT INTO injection_day_memories (day, memory, times) VALUES (?, ?, ?)"
    " ON CONFLICT (day, memory) DO UPDATE SET times = times + excluded.times"
)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def tally(data: dict[str, Any]) -> tuple[str, tuple[int, ...], list[str]]:
    """(kind, the COLUMNS' increments, the memories given) of one injection event's payload."""
    used = _int(data.get("used"))
    tokens = _int(data["tokens"]) if "tokens" in data else (used + 3) // 4
    kind = data.get("kind") if isinstance(data.get("kind"), str) else "unknown"
    repeats, below = _int(data.get("repeats")), _int(data.get("below_floor"))
    paths = [p for p in data.get("paths") or [] if isinstance(p, str)]
    prompt = kind == "prompt"
    counts = (
        1,
        int(used > 0),
        used,
        tokens,
        repeats,
        below,
        int(prompt and bool(paths)),
        int(prompt and not paths and below > 0 and repeats == 0),
        int(prompt and not paths and repeats > 0),
    )
    return str(kind), counts, paths


def apply(conn: sqlite3.Connection, event: Event) -> None:
    apply_batch(conn, [event])


DayRows = list[tuple[Any, ...]]
MemoryRows = list[tuple[str, str, int]]


def apply_batch(conn: sqlite3.Connection, events: list[Event]) -> None:
    apply_prepared(conn, prepare(events))


def prepare(events: list[Event]) -> tuple[DayRows, MemoryRows]:
    """The batch's injections folded per (day, kind) and (day, memory)."""
    days: dict[tuple[str, str], list[int]] = {}
    memories: Counter[tuple[str, str]] = Counter()
    for event in events:
        if event.type != "injection":
            continue
        day = event.ts[:10]
        kind, counts, paths = tally(event.data)
        row = days.setdefault((day, kind), [0] * len(COLUMNS))
        for i, n in enumerate(counts):
            row[i] += n
        memories.update((day, path) for path in paths)
    return (
        [(day, kind, *row) for (day, kind), row in sorted(days.items())],
        [(day, memory, n) for (day, memory), n in sorted(memories.items())],
    )


def apply_prepared(conn: sqlite3.Connection, prepared: tuple[DayRows, MemoryRows]) -> None:
    """Add the folded batch in two statements."""
    conn.executemany(_ADD_DAY, prepared[0])
    conn.executemany(_ADD_MEMORY, prepared[1])
