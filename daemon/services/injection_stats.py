"""What memory costs an agent: totals over the `injection` events, per kind of request, per day, per session.

Every context request with a session is an `injection` event (daemon/services/context.py), also when it gave
nothing, so prompts seen, prompts held back by the floor and repeats avoided are all in the log. Events
written before those fields existed count with what they have (no kind: "unknown"; tokens: chars / 4).
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from events.queries import event_index, injection_days

MAX_EVENTS = 10_000_000


@dataclass
class Tally:
    requests: int = 0
    injected: int = 0  # requests that got anything
    chars: int = 0
    tokens: int = 0

    def add(self, used: int, tokens: int) -> None:
        self.requests += 1
        self.injected += used > 0
        self.chars += used
        self.tokens += tokens

    def as_dict(self) -> dict[str, int]:
        return {"requests": self.requests, "injected": self.injected, "chars": self.chars, "tokens": self.tokens}


@dataclass
class InjectionStats:
    total: Tally = field(default_factory=Tally)
    by_kind: dict[str, Tally] = field(default_factory=dict)
    by_day: dict[str, Tally] = field(default_factory=dict)
    by_session: dict[str, Tally] = field(default_factory=dict)
    by_day_kind: dict[str, dict[str, Tally]] = field(default_factory=dict)  # day -> kind -> tally (the chart)
    prompts_seen: int = 0
    prompts_with_memory: int = 0
    prompts_below_floor: int = 0  # got no memory because every hit was under the floor
    prompts_all_repeats: int = 0  # got no memory because this session had it all already
    repeats_avoided: int = 0  # memories and items left out because the context had them
    memories_below_floor: int = 0
    memories: Counter[str] = field(default_factory=Counter)  # "path:lines" -> times injected

    def add(self, ts: str, data: dict[str, Any]) -> None:
        used = _int(data.get("used"))
        tokens = _int(data["tokens"]) if "tokens" in data else (used + 3) // 4
        kind = data.get("kind") if isinstance(data.get("kind"), str) else "unknown"
        self.total.add(used, tokens)
        self.by_kind.setdefault(str(kind), Tally()).add(used, tokens)
        self.by_day.setdefault(ts[:10], Tally()).add(used, tokens)
        self.by_day_kind.setdefault(ts[:10], {}).setdefault(str(kind), Tally()).add(used, tokens)
        session = data.get("session_id")
        self.by_session.setdefault(session if isinstance(session, str) else "(none)", Tally()).add(used, tokens)
        repeats, below = _int(data.get("repeats")), _int(data.get("below_floor"))
        self.repeats_avoided += repeats
        self.memories_below_floor += below
        paths = [p for p in data.get("paths") or [] if isinstance(p, str)]
        self.memories.update(paths)
        if kind == "prompt":
            self.prompts_seen += 1
            self.prompts_with_memory += bool(paths)
            self.prompts_below_floor += not paths and below > 0 and repeats == 0
            self.prompts_all_repeats += not paths and repeats > 0

    def as_dict(self, top: int = 10, sessions: int = 20) -> dict[str, Any]:
        ranked = sorted(self.by_session.items(), key=lambda item: (-item[1].tokens, item[0]))
        return {
            "total": self.total.as_dict(),
            "by_kind": {kind: tally.as_dict() for kind, tally in sorted(self.by_kind.items())},
            "prompts": {
                "seen": self.prompts_seen,
                "with_memory": self.prompts_with_memory,
                "below_floor": self.prompts_below_floor,
                "all_repeats": self.prompts_all_repeats,
                "mean_chars": round(self.by_kind["prompt"].chars / self.prompts_seen, 1) if self.prompts_seen else 0,
            },
            "repeats_avoided": self.repeats_avoided,
            "memories_below_floor": self.memories_below_floor,
            "top_memories": [{"memory": ref, "times": n} for ref, n in self.memories.most_common(top)],
            "by_day": {day: tally.as_dict() for day, tally in sorted(self.by_day.items())},
            "by_day_kind": {
                day: {kind: tally.as_dict() for kind, tally in sorted(kinds.items())}
                for day, kinds in sorted(self.by_day_kind.items())
            },
            "sessions": len(self.by_session),
            "by_session": {session: tally.as_dict() for session, tally in ranked[:sessions]},
        }


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def injection_stats(
    conn: sqlite3.Connection, *, since: str | None, until: str | None, session_id: str | None
) -> InjectionStats:
    """Totals over the injection events in the range (and session). Blocking."""
    stats = InjectionStats()
    found = event_index.latest(
        conn, type="injection", session_id=session_id, since=since, until=until, limit=MAX_EVENTS
    )
    for event in reversed(found):
        stats.add(event.ts, event.data)
    return stats


def cost_by_day(conn: sqlite3.Connection, first: str, last: str, top: int) -> dict[str, Any]:
    """What memory cost from day `first` to `last` (UTC, inclusive), from the `injection_days` projection: the
    same totals as `injection_stats` over whole days, without reading the events (a year answers in ms)."""
    by_kind: dict[str, Tally] = {}
    by_day_kind: dict[str, dict[str, Tally]] = {}
    total = Tally()
    prompts = {"seen": 0, "with_memory": 0, "below_floor": 0, "all_repeats": 0}
    repeats = below = 0
    for row in injection_days.days(conn, first, last):
        day_kind = by_day_kind.setdefault(row.day, {}).setdefault(row.kind, Tally())
        for tally in (total, by_kind.setdefault(row.kind, Tally()), day_kind):
            tally.requests += row.requests
            tally.injected += row.injected
            tally.chars += row.chars
            tally.tokens += row.tokens
        repeats += row.repeats
        below += row.below_floor
        if row.kind == "prompt":
            prompts["seen"] += row.requests
            prompts["with_memory"] += row.prompts_with_memory
            prompts["below_floor"] += row.prompts_below_floor
            prompts["all_repeats"] += row.prompts_all_repeats
    prompt_chars = by_kind["prompt"].chars if "prompt" in by_kind else 0
    return {
        "since": first,
        "until": last,
        "total": total.as_dict(),
        "by_kind": {kind: tally.as_dict() for kind, tally in sorted(by_kind.items())},
        "by_day_kind": {
            day: {kind: tally.as_dict() for kind, tally in sorted(kinds.items())}
            for day, kinds in sorted(by_day_kind.items())
        },
        "prompts": {**prompts, "mean_chars": round(prompt_chars / prompts["seen"], 1) if prompts["seen"] else 0},
        "repeats_avoided": repeats,
        "memories_below_floor": below,
        "top_memories": [{"memory": m, "times": n} for m, n in injection_days.top_memories(conn, first, last, top)],
    }
