"""The weekly consolidation report (Markdown in `reports/`): sessions, outcomes, edited files, topics, signals.

Pure rendering plus two small readers of the memory's own Markdown (daily notes for edited files, session
summaries for topics). The daemon gathers the numbers from the projections and hands them over in
`WeekStats`; nothing here reads the clock or the database.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass, field

from pipeline.frontmatter import split_front_matter

_FILE = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/])")
_URLISH = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_H1 = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
_TOPIC_LINE = re.compile(r"^\**(?:topic|title)\**\s*:\s*\**\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
_NOT_FILES = frozenset(("e.g", "i.e", "etc", "vs"))


@dataclass(frozen=True, slots=True)
class PatternLine:
    pattern_id: str
    kind: str
    key: str
    count: int
    priority: str
    status: str
    recurred: int


@dataclass(frozen=True, slots=True)
class WeekStats:
    since: dt.datetime
    until: dt.datetime
    outcomes: dict[str, int]  # success / failed -> sessions this week
    corrections: int
    signals_by_kind: dict[str, int]
    edited_files: list[tuple[str, int]]
    topics: list[str]
    patterns: list[PatternLine]
    streak_length: int
    streak_flagged: bool
    notes: list[str] = field(default_factory=list)


def report_name(until: dt.datetime) -> str:
    """`weekly-YYYY-Www.md` by ISO week: a second run in the same week refreshes that week's report."""
    year, week, _ = until.isocalendar()
    return f"weekly-{year}-W{week:02d}.md"


def edited_files(daily_texts: list[str], limit: int = 10) -> list[tuple[str, int]]:
    """The files named most often in the week's daily notes (one count per mention), most first."""
    counts: Counter[str] = Counter()
    for text in daily_texts:
        for match in _FILE.finditer(_URLISH.sub(" ", text)):
            name = match.group(1)
            if name.lower() not in _NOT_FILES and not name[0].isdigit():
                counts[name] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]


def session_topic(text: str) -> str | None:
    """A session summary's topic: front matter `topic`/`title`, a `Topic:` line, or its first H1."""
    front = split_front_matter(text)
    for key in ("topic", "title"):
        value = front.metadata.get(key)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())[:120]
    for pattern in (_TOPIC_LINE, _H1):
        if match := pattern.search(front.body):
            return " ".join(match.group(1).split())[:120]
    return None


def render_report(stats: WeekStats) -> str:
    sessions = sum(stats.outcomes.values())
    success = stats.outcomes.get("success", 0)
    rate = f"{success / sessions:.0%}" if sessions else "n/a"
    lines = [
        f"# Weekly consolidation {stats.since:%Y-%m-%d} – {stats.until:%Y-%m-%d}",
        "",
        "## Week",
        f"- Sessions with an outcome: {sessions} ({success} successful, "
        f"{stats.outcomes.get('failed', 0)} failed; success rate {rate})",
        f"- Corrections by the user: {stats.corrections}",
        f"- Signals: {sum(stats.signals_by_kind.values())}"
        + (
            " (" + ", ".join(f"{kind} {n}" for kind, n in sorted(stats.signals_by_kind.items())) + ")"
            if stats.signals_by_kind
            else ""
        ),
        "",
        "## Most-edited files",
        *([f"- `{name}` ({n})" for name, n in stats.edited_files] or ["- (no edits in the daily notes)"]),
        "",
        "## Topics",
        *([f"- {topic}" for topic in stats.topics] or ["- (no session summaries this week)"]),
        "",
        "## Signal report",
    ]
    if stats.streak_flagged:
        lines.append(f"- **Failure streak:** the last {stats.streak_length} sessions all failed.")
    if stats.patterns:
        lines += ["", "| priority | count | kind | key | status | id |", "|---|---|---|---|---|---|"]
        for p in stats.patterns:
            status = p.status + (f" (recurred {p.recurred}x)" if p.recurred else "")
            key = p.key.replace("|", "/")
            lines.append(f"| {p.priority} | {p.count} | {p.kind} | {key} | {status} | `{p.pattern_id}` |")
    else:
        lines.append("- No recurring patterns in the last sessions.")
    if stats.notes:
        lines += ["", "## What consolidation did", *[f"- {note}" for note in stats.notes]]
    return "\n".join(lines) + "\n"
