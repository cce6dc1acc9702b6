"""Characters injected per day and per kind of request, as an inline SVG drawn on the server.

Why server-side SVG: the page stays readable without JavaScript and needs no charting library; the shapes are
plain attributes (no inline style, which the view's content policy forbids). Days without injections are
drawn as gaps, so a quiet week looks quiet.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

KIND_ORDER = ("prompt", "session", "task", "read", "subagent", "rules", "unknown")
COLOURS = ("#3b6fb6", "#e08a2e", "#4a9a5b", "#a05aa8", "#c44e52", "#7f7f7f", "#b5a642", "#5ab4ac")
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 760, 220, 56, 28, 10


@dataclass(frozen=True, slots=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    colour: str
    title: str  # the tooltip, also what a screen reader gets


@dataclass(frozen=True, slots=True)
class Tick:
    x: float
    y: float
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    bars: tuple[Bar, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    legend: tuple[tuple[str, str], ...]  # (kind, colour)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    bottom: int = HEIGHT - BOTTOM


def kinds_in(by_day_kind: dict[str, dict[str, dict[str, int]]]) -> list[str]:
    seen = {kind for kinds in by_day_kind.values() for kind in kinds}
    return sorted(seen, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER), k))


def build(by_day_kind: dict[str, dict[str, dict[str, int]]], first: dt.date, last: dt.date) -> Chart:
    """Stacked bars of `chars` per day from `first` to `last` (inclusive, UTC days)."""
    days = [first + dt.timedelta(days=n) for n in range((last - first).days + 1)] or [last]
    kinds = kinds_in(by_day_kind)
    colour = {kind: COLOURS[i % len(COLOURS)] for i, kind in enumerate(kinds)}
    totals = [sum(t.get("chars", 0) for t in by_day_kind.get(d.isoformat(), {}).values()) for d in days]
    top = _nice(max(totals, default=0))
    plot_w, plot_h = WIDTH - LEFT - 8, HEIGHT - BOTTOM - TOP
    step = plot_w / len(days)
    bars: list[Bar] = []
    for i, day in enumerate(days):
        y = float(HEIGHT - BOTTOM)
        for kind in kinds:
            chars = by_day_kind.get(day.isoformat(), {}).get(kind, {}).get("chars", 0)
            if chars <= 0:
                continue
            h = plot_h * chars / top
            y -= h
            title = f"{day.isoformat()} {kind}: {chars:,} characters"
            bars.append(
                Bar(
                    round(LEFT + i * step + step * 0.1, 2),
                    round(y, 2),
                    round(step * 0.8, 2),
                    round(h, 2),
                    colour[kind],
                    title,
                )
            )
    every = max(1, len(days) // 8)
    x_ticks = tuple(
        Tick(round(LEFT + i * step + step / 2, 2), HEIGHT - BOTTOM + 16, d.strftime("%m-%d"))
        for i, d in enumerate(days)
        if i % every == 0
    )
    y_ticks = tuple(Tick(LEFT - 6, round(HEIGHT - BOTTOM - plot_h * f, 2), f"{int(top * f):,}") for f in (0, 0.5, 1))
    return Chart(tuple(bars), x_ticks, y_ticks, tuple((k, colour[k]) for k in kinds))


def _nice(value: int) -> int:
    """The axis top: 1, 2 or 5 times a power of ten, at least `value` (and at least 100)."""
    top = 100
    while top < value:
        for factor in (2, 2.5, 2):
            top = int(top * factor)
            if top >= value:
                break
    return top
