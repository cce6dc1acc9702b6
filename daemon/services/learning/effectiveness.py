"""What each experience that reached an agent is, and how it has done: the `effectiveness` method's rows.

An experience id says what kind of thing was referenced (`events/projections/effectiveness.py`): a chunk id
(a memory), `item:HASH` (a rule, lesson or other item of MEMORY.md, a rules.md or a summary.md), `skill:NAME`,
or whatever a `ref` named (a file read with `get`). Rows carry the kind and a label a person can read (the
item's text, the memory's place, the skill's name) resolved against the files as they are now, the decayed
value and a flag: `falling` when its recent sessions went worse than before, else `low`/`high` by value.
Items no longer in any file (edited away, superseded) keep their hash as the label.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

from daemon.app import App
from events.event import parse_timestamp, utc_timestamp
from events.projections import effectiveness as eff
from events.queries import effectiveness as stats_of
from events.queries.effectiveness import Credit, ExperienceStats
from events.ulid import ulid_time_ms
from pipeline.index_queries import chunk_with_id
from pipeline.memory_layout import read_text
from pipeline.retrieval.memory_items import items_of

KINDS = ("memory", "rule", "lesson", "item", "skill", "file")
_BULLET = re.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")


@dataclass(frozen=True, slots=True)
class ExperienceRow:
    stats: ExperienceStats
    kind: str  # one of KINDS
    label: str
    age_days: float
    decay_weight: float
    decay_value: float
    flag: str | None  # falling | low | high | None
    history: tuple[Credit, ...] = ()  # the sessions that credited it, oldest first (asked for one experience)

    def to_json_obj(self) -> dict[str, object]:
        s = self.stats
        out: dict[str, object] = {
            "experience_id": s.experience_id,
            "kind": self.kind,
            "label": self.label,
            "total_refs": s.total_refs,
            "success_refs": s.success_refs,
            "fail_refs": s.fail_refs,
            "success_credit": round(s.success_credit / eff.FULL_WEIGHT, 3),
            "fail_credit": round(s.fail_credit / eff.FULL_WEIGHT, 3),
            "p": round(s.p, 6),
            "last_ref": s.last_ref,
            "age_days": round(self.age_days, 3),
            "decay_weight": round(self.decay_weight, 6),
            "decay_value": round(self.decay_value, 6),
            "flag": self.flag,
        }
        if self.history:
            out["history"] = [
                {
                    "session_id": c.session_id,
                    "outcome": c.outcome,
                    "credit": round(c.weight / eff.FULL_WEIGHT, 3),
                    "at": ulid_timestamp(c.event_id),
                }
                for c in self.history
            ]
        return out


@dataclass(frozen=True, slots=True)
class _Read:
    stats: list[ExperienceStats]
    credits: dict[str, list[Credit]]
    chunks: dict[str, str]  # chunk id -> PATH:START-END


async def experience_rows(app: App, experience_id: str | None = None, kind: str | None = None) -> list[ExperienceRow]:
    """Every referenced experience (or the one asked for, or those of one kind), best value first."""
    await app.projections_current()

    def read(conn: sqlite3.Connection) -> _Read:
        rows = stats_of.experiences(conn, experience_id)
        ids = [r.experience_id for r in rows]
        chunks = {}
        for key in ids:
            if not key.startswith((eff.ITEM_PREFIX, eff.SKILL_PREFIX)) and (chunk := chunk_with_id(conn, key)):
                chunks[key] = f"{chunk.path}:{chunk.start_line}-{chunk.end_line}"
        return _Read(rows, stats_of.credits(conn, ids), chunks)

    found = await app.db.read(read)
    items = await asyncio.to_thread(item_labels, app.settings.home)
    now = app.clock()
    out = []
    for stats in found.stats:
        row_kind, label = _describe(stats.experience_id, items, found.chunks)
        if kind and row_kind != kind:
            continue
        row = _row(stats, row_kind, label, found.credits.get(stats.experience_id, []), now)
        if experience_id is not None:  # one experience: its sessions too (the web view draws them over time)
            row = replace(row, history=tuple(found.credits.get(stats.experience_id, [])))
        out.append(row)
    out.sort(key=lambda r: (-r.decay_value, r.stats.experience_id))
    return out


def flagged_skills(rows: list[ExperienceRow]) -> list[ExperienceRow]:
    """The skills whose record is falling or low: the weekly report lists them."""
    return [r for r in rows if r.kind == "skill" and r.flag in ("falling", "low")]


def item_labels(home: Path) -> dict[str, tuple[str, str]]:
    """item hash -> (kind, text) for the items of MEMORY.md, every rules.md and summary.md. Blocking."""
    out: dict[str, tuple[str, str]] = {}
    areas = home / "areas"
    files = [home / "MEMORY.md", *sorted(areas.glob("*/*/rules.md")), *sorted(areas.glob("*/*/summary.md"))]
    for path in files:
        text = read_text(path)
        if not text:
            continue
        for item in items_of(text, starter=path.name == "MEMORY.md"):
            if path.name == "rules.md":
                kind = "rule"
            elif path.name == "MEMORY.md" and "lesson" in item.section.lower():
                kind = "lesson"
            else:
                kind = "item"
            out.setdefault(item.key, (kind, _BULLET.sub("", " ".join(item.text.split()))[:200]))
    return out


def ulid_timestamp(event_id: str) -> str | None:
    """When the outcome event was appended (a ULID's time), or None for an id that is not one."""
    try:
        moment = dt.datetime.fromtimestamp(ulid_time_ms(event_id) / 1000, tz=dt.UTC)
    except (ValueError, OverflowError):
        return None
    return utc_timestamp(moment)


def _describe(key: str, items: dict[str, tuple[str, str]], chunks: dict[str, str]) -> tuple[str, str]:
    if key.startswith(eff.ITEM_PREFIX):
        return items.get(key[len(eff.ITEM_PREFIX) :], ("item", key))
    if key.startswith(eff.SKILL_PREFIX):
        return "skill", key[len(eff.SKILL_PREFIX) :]
    if key in chunks:
        return "memory", chunks[key]
    return "file", key


def _row(stats: ExperienceStats, kind: str, label: str, credits: list[Credit], now: dt.datetime) -> ExperienceRow:
    last_ref = stats.last_ref
    age_days = (now - parse_timestamp(last_ref)).total_seconds() / 86400 if last_ref else 0.0
    value = eff.decay_value(stats.p, age_days)
    trend = eff.falling([(c.outcome, c.weight) for c in credits])
    return ExperienceRow(
        stats, kind, label, age_days, eff.decay_weight(age_days), value, "falling" if trend else eff.flag(value)
    )
