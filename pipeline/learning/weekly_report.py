"""The weekly consolidation report (Markdown in `reports/`): the week's sessions, the files they edited, the
problems that recur, what was added or superseded, conflicts, and what to do next.

Pure rendering plus small readers of the memory's own Markdown (session summaries for files and topics,
daily notes for files when no summary lists any). The daemon gathers the numbers (`daemon/services/learning/
week.py`) and hands them over in `WeekStats`; nothing here reads the clock or the database.
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


_SUMMARY_FILE = re.compile(r"^- `([^`]+)` \(([^)]*)\)\s*$")
_TIMES = re.compile(r"×(\d+)")


@dataclass(frozen=True, slots=True)
class PatternLine:
    pattern_id: str
    kind: str
    key: str
    count: int
    priority: str
    status: str
    recurred: int
    session_total: int = 0


@dataclass(frozen=True, slots=True)
class Change:
    kind: str  # rule | lesson
    action: str  # added | superseded | restated
    text: str
    other: str  # what it replaces (superseded) or restates
    path: str


@dataclass(frozen=True, slots=True)
class Conflict:
    path: str
    first: str
    second: str
    terms: str


@dataclass(frozen=True, slots=True)
class WeakSkill:
    """A skill whose sessions went worse lately (`falling`) or mostly badly (`low`): see `memoryd effectiveness`."""

    name: str
    flag: str
    value: float
    sessions: int


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
    streak_sessions: list[str] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # keys of recurring problems no session resolved yet
    gated_by: list[str] = field(default_factory=list)  # capability gates that failed
    weak_skills: list[WeakSkill] = field(default_factory=list)


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


def files_from_summaries(texts: list[str], limit: int = 10) -> list[tuple[str, int]]:
    """The files the week's session summaries list under `## Files`, by edits (`Edit ×2, Write` = 3)."""
    counts: Counter[str] = Counter()
    for text in texts:
        in_files = False
        for line in text.splitlines():
            if line.startswith("## "):
                in_files = line.strip() == "## Files"
            elif in_files and (match := _SUMMARY_FILE.match(line)):
                tools = [t.strip() for t in match.group(2).split(",") if t.strip()]
                counts[match.group(1)] += sum(int(m.group(1)) if (m := _TIMES.search(t)) else 1 for t in tools)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]


def suggestions(stats: WeekStats) -> list[str]:
    """What to do next, from what the week showed (most pressing first)."""
    out: list[str] = []
    if stats.streak_flagged:
        out.append(
            f"The last {stats.streak_length} sessions failed ({', '.join(stats.streak_sessions[-3:])}): read their "
            "summaries' Outcome sections before starting new work."
        )
    for key in stats.unresolved[:3]:
        out.append(f"'{key}' keeps coming back and no session has resolved it yet: give it a session of its own.")
    for p in stats.patterns:
        if p.recurred and p.status == "active":
            out.append(f"'{p.key}' came back after it was addressed: check whether its skill still fits.")
    if stats.conflicts:
        out.append(f"{len(stats.conflicts)} rule(s) in force contradict each other: edit the file to keep one.")
    for weak in stats.weak_skills[:3]:
        out.append(f"The skill `{weak.name}` has not been helping lately: fix its steps or delete it.")
    for name in stats.skills:
        out.append(f"Review the new skill `{name}` (its SKILL.md is yours to edit; memoryd will not overwrite it).")
    if stats.gated_by and stats.unresolved:
        out.append("Skill generation is waiting on: " + ", ".join(stats.gated_by) + " (`memoryd capabilities`).")
    if not sum(stats.outcomes.values()):
        out.append("No sessions this week.")
    return out or ["Nothing needs attention."]


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
    success, failed = stats.outcomes.get("success", 0), stats.outcomes.get("failed", 0)
    rate = f"{success / (success + failed):.0%}" if success + failed else "n/a"
    lines = [
        f"# Weekly consolidation {stats.since:%Y-%m-%d} – {stats.until:%Y-%m-%d}",
        "",
        "## Week",
        f"- Sessions with an outcome: {sessions} ({success} successful, {failed} failed, "
        f"{stats.outcomes.get('unknown', 0)} without evidence either way; success rate {rate} of those judged), "
        "by the time each session started",
        f"- Corrections by the user: {stats.corrections}",
        f"- Signals: {sum(stats.signals_by_kind.values())}"
        + (
            " (" + ", ".join(f"{kind} {n}" for kind, n in sorted(stats.signals_by_kind.items())) + ")"
            if stats.signals_by_kind
            else ""
        ),
        "",
        "## Most-edited files",
        *([f"- `{name}` ({n})" for name, n in stats.edited_files] or ["- (no edits in the week's sessions)"]),
        "",
        "## Topics",
        *([f"- {topic}" for topic in stats.topics] or ["- (no session summaries this week)"]),
        "",
        "## Recurring problems",
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
        lines.append("- No problem came back in two or more of the last sessions.")
    lines += ["", "## Added and superseded", *(_change_lines(stats) or ["- Nothing new in MEMORY.md or rules."])]
    lines += ["", "## Conflicts", *(_conflict_lines(stats) or ["- None."])]
    if stats.weak_skills:
        lines += ["", "## Skills that are not helping"]
        lines += [
            f"- `{s.name}`: {'falling' if s.flag == 'falling' else 'low'} (value {s.value:.2f} over {s.sessions} "
            "session(s) it reached)"
            for s in stats.weak_skills
        ]
    lines += ["", "## What to do next", *[f"- {item}" for item in suggestions(stats)]]
    if stats.notes:
        lines += ["", "## What consolidation did", *[f"- {note}" for note in stats.notes]]
    return "\n".join(lines) + "\n"


def _change_lines(stats: WeekStats) -> list[str]:
    out = []
    for c in stats.changes:
        where = f" ({c.path})" if c.path else ""
        if c.action == "added":
            out.append(f"- {c.kind.capitalize()} added{where}: {c.text}")
        elif c.action == "superseded":
            out.append(f'- {c.kind.capitalize()} superseded{where}: "{c.other}" is now "{c.text}"')
    restated = sum(1 for c in stats.changes if c.action == "restated")
    if restated:
        out.append(f"- {restated} restatement(s) of rules or lessons already kept were not added again.")
    out += [f"- Skill written: `{name}`" for name in stats.skills]
    return out


def _conflict_lines(stats: WeekStats) -> list[str]:
    out = [
        f'- Reversed this week ({c.path}): "{c.other}" gave way to "{c.text}"'
        for c in stats.changes
        if c.action == "superseded"
    ]
    out += [f'- Still in force together ({c.path}, on {c.terms}): "{c.first}" vs "{c.second}"' for c in stats.conflicts]
    return out
