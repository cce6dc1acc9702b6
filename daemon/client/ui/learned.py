"""What memoryd learned, gathered for one page: recurring problems with their sessions and evidence lines,
skills with their generations, the resolutions they came from and their effectiveness, rules and lessons with
their history, facts per project by status.

This module is the page's only access to the daemon, so that when learning gains richer answers (a pattern's
own explanation, a skill's source sessions, a rule's history) only this module changes. It shows whatever
fields the answers carry: a field it does not know is listed under the item as it came (`extra`), never
dropped.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from daemon.client.ui.app import Ui

EVIDENCE_PER_PROBLEM = 6
EVENTS_READ = 200
MAX_SKILLS = 100
KNOWN_PATTERN_FIELDS = {
    "id", "kind", "key", "count", "occurrences", "priority", "sessions", "first_seen", "last_seen", "total",
    "status", "recurred", "evidence", "session_total", "members", "anchors", "explain",
}  # fmt: skip
KNOWN_GENERATION_FIELDS = {"capability_name", "type", "trigger", "pattern_count", "path", "content_hash"}


@dataclass(frozen=True, slots=True)
class Evidence:
    ts: str
    session_id: str
    kind: str
    text: str
    source: str = ""  # tool, retry, user, talk ...
    why: str = ""  # what tied it to the problem: shared anchors, or the match by meaning


@dataclass(frozen=True, slots=True)
class Problem:
    id: str
    kind: str
    key: str
    priority: str
    count: int
    status: str
    recurred: int
    sessions: tuple[str, ...]
    first_seen: str
    last_seen: str
    total: int
    anchors: tuple[str, ...]
    evidence: tuple[Evidence, ...]  # the newest signal lines of the problem, newest first
    extra: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    description: str
    source: str
    triggers: tuple[str, ...]
    generations: tuple[dict[str, Any], ...]  # the skill's `generation` events, newest first
    effectiveness: tuple[dict[str, Any], ...]  # the skill's row, when references to it are recorded by name


@dataclass(frozen=True, slots=True)
class RulesHistory:
    path: str
    project: str | None
    in_force: tuple[str, ...]
    superseded: tuple[dict[str, str], ...]  # text, date, replaced_by
    changes: tuple[dict[str, Any], ...]  # the file's `knowledge` events, newest first


@dataclass(frozen=True, slots=True)
class Learned:
    problems: tuple[Problem, ...]
    streak: dict[str, Any]
    skills: tuple[Skill, ...]
    resolutions: tuple[dict[str, Any], ...]
    rules: tuple[RulesHistory, ...]
    facts: tuple[tuple[str, tuple[tuple[str, tuple[dict[str, Any], ...]], ...]], ...]  # project -> status -> facts


async def gather(ui: Ui, *, all_patterns: bool = True, limit: int = 50) -> Learned:
    (
        patterns,
        skills,
        generations,
        resolutions,
        knowledge,
        rules,
        facts,
    ) = await asyncio.gather(
        ui.ask("patterns", {"all": all_patterns, "limit": limit, "explain": True}),
        ui.ask("skills", {}),
        ui.ask("events", {"type": "generation", "limit": EVENTS_READ}),
        ui.ask("events", {"type": "resolution", "limit": EVENTS_READ}),
        ui.ask("events", {"type": "knowledge", "limit": EVENTS_READ}),
        ui.ask("rules_files", {}),
        ui.ask("facts", {"all": True}),
    )
    names = _skill_names(skills, generations["events"])[:MAX_SKILLS]
    # Why one call per skill: the full effectiveness table holds every memory ever injected (10^4..10^5 rows).
    found = await asyncio.gather(*(ui.ask("effectiveness", {"experience_id": f"skill:{name}"}) for name in names))
    effectiveness = [row for answer in found for row in answer["experiences"]]
    return Learned(
        problems=tuple(_problems(patterns["patterns"])),
        streak=patterns.get("streak") or {},
        skills=tuple(_skills(skills, generations["events"], effectiveness, names)),
        resolutions=tuple({"ts": e["ts"], **e["data"]} for e in resolutions["events"]),
        rules=tuple(_rules(rules["files"], knowledge["events"])),
        facts=_facts(facts["facts"]),
    )


def _problems(patterns: list[dict[str, Any]]) -> list[Problem]:
    found = []
    for p in patterns:
        texts = {e["node"]: e["text"] for e in p.get("explain") or ()}
        causes = {e["node"]: e["cause"] for e in p.get("explain") or () if e.get("cause")}
        evidence = [
            Evidence(e["ts"], e["session_id"], e["kind"], e["text"], e.get("source", ""), _why(e, texts, causes))
            for e in p.get("explain") or ()
        ]
        evidence.sort(key=lambda e: e.ts, reverse=True)
        if not evidence and p.get("evidence"):
            evidence = [Evidence(p.get("last_seen", ""), "", p["kind"], p["evidence"])]
        found.append(
            Problem(
                id=p["id"],
                kind=p["kind"],
                key=p["key"],
                priority=p.get("priority", ""),
                count=int(p.get("count", 0)),
                status=p.get("status", ""),
                recurred=int(p.get("recurred", 0)),
                sessions=tuple(p.get("sessions") or ()),
                first_seen=p.get("first_seen", ""),
                last_seen=p.get("last_seen", ""),
                total=int(p.get("total", 0)),
                anchors=tuple(p.get("anchors") or ()),
                evidence=tuple(evidence[:EVIDENCE_PER_PROBLEM]),
                extra=tuple((k, v) for k, v in sorted(p.items()) if k not in KNOWN_PATTERN_FIELDS),
            )
        )
    return found


def _why(entry: dict[str, Any], texts: dict[str, str], causes: dict[str, str]) -> str:
    """Why a signal belongs to its problem, in words: the anchors it shares, or what it was recognised as."""
    parts = []
    if entry.get("shared_anchors"):
        parts.append("shares " + ", ".join(entry["shared_anchors"][:3]))
    if match := entry.get("match"):
        like = texts.get(match.get("node", ""), "an earlier signal")
        if match.get("by") == "cause" and (cause := causes.get(match.get("node", ""))):
            like = "a failure the agent explained alike: " + cause
        parts.append(f"recognised by {match.get('by', 'meaning')} ({match.get('score', 0):.2f}) as: {like[:80]}")
    return "; ".join(parts)


def _skill_names(listing: dict[str, Any], generations: list[dict[str, Any]]) -> list[str]:
    """The registry's skills, then those generated but no longer in a skills folder."""
    names = [str(entry["name"]) for entry in listing.get("skills", [])]
    generated = [str(e["data"].get("capability_name", "")) for e in generations]
    return names + [n for n in dict.fromkeys(generated) if n and n not in names]


def _skills(
    listing: dict[str, Any], generations: list[dict[str, Any]], rows: list[dict[str, Any]], names: list[str]
) -> list[Skill]:
    generated: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for event in generations:
        generated[str(event["data"].get("capability_name", ""))].append({"ts": event["ts"], **event["data"]})
    entry_of = {entry["name"]: entry for entry in listing.get("skills", [])}
    skills = []
    for name in names:
        entry = entry_of.get(name, {})
        history = generated.get(name, [])
        skills.append(
            Skill(
                name=name,
                description=entry.get("description") or "",
                source=entry.get("source") or "(no longer in the skills folders)",
                triggers=tuple(entry.get("triggers") or ()),
                generations=tuple(history),
                effectiveness=tuple(r for r in rows if r.get("experience_id") == f"skill:{name}"),
            )
        )
    return skills


def _rules(files: list[dict[str, Any]], knowledge: list[dict[str, Any]]) -> list[RulesHistory]:
    changes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for event in knowledge:
        changes[str(event["data"].get("path", ""))].append({"ts": event["ts"], **event["data"]})
    return [
        RulesHistory(
            path=f["path"],
            project=f.get("project"),
            in_force=tuple(f.get("in_force") or ()),
            superseded=tuple(f.get("superseded") or ()),
            changes=tuple(c for path, found in changes.items() if path.endswith(f["path"]) for c in found),
        )
        for f in files
    ]


def _facts(facts: list[dict[str, Any]]) -> tuple[tuple[str, tuple[tuple[str, tuple[dict[str, Any], ...]], ...]], ...]:
    grouped: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for fact in facts:
        grouped[str(fact.get("project", ""))][str(fact.get("status", "active"))].append(fact)
    order = {"active": 0, "superseded": 1, "archived": 2}
    return tuple(
        (
            project,
            tuple(
                (status, tuple(items))
                for status, items in sorted(by_status.items(), key=lambda kv: (order.get(kv[0], 9), kv[0]))
            ),
        )
        for project, by_status in sorted(grouped.items())
    )
