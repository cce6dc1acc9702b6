"""Keys and anchors for a session's signals, against what the log already knows: where signals are
created, so the `signal_patterns` projection stays a deterministic function of the events (no model in it).

- The person's sentences are keyed by gist: a sentence that restates an earlier one (the embedding model's
  cosine, or shared words without it) takes that one's kind and key, so a correction given again in other
  words counts as the same pattern (`pipeline/learning/problem_match.py: gist_key`).
- A sentence that names known problems ("the alembic thing again", "the coupon midnight test, the daily
  report, the invoice due dates") gets a `node:ID` anchor for each, which joins it (and so them) in the
  projection; a sentence that only talks about a problem becomes a `recurring_issue` signal when it names
  one.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace

from daemon.app import App
from daemon.services.learning.knowledge import Knowledge
from events.queries import signal_patterns
from pipeline.learning.problem_match import KnownProblem, ProblemIndex, Said, gist_key
from pipeline.learning.session_signals import SessionSignals
from pipeline.learning.signals import Signal, evidence, normalise_key

SAID_BEFORE = 300  # earlier sentences a new one is compared with (each embedded once, then cached)


@dataclass(frozen=True, slots=True)
class KeyedSignal:
    signal: Signal
    step: int
    source: str  # tool | retry | user | talk | llm


@dataclass(frozen=True, slots=True)
class _Known:
    problems: list[KnownProblem]
    said: list[signal_patterns.SaidBefore]


class ProblemKeys:
    def __init__(self, app: App, knowledge: Knowledge) -> None:
        self.app = app
        self.knowledge = knowledge  # for its cached sentence vectors

    async def key(self, found: SessionSignals) -> list[KeyedSignal]:
        await self.app.projections_current()
        known = await self.app.db.read(_read_known)
        user_texts = [item.signal.text for item in found.signals if item.source == "user"]
        vectors = await self.knowledge.vectors([*user_texts, *(s.text for s in known.said)])
        said = [Said(f"{s.kind}\x00{s.key}", s.text, vectors.get(s.text)) for s in known.said]
        index = ProblemIndex(known.problems)
        out: list[KeyedSignal] = []
        for item in found.signals:
            signal = item.signal
            if item.source == "user":
                fallback = f"{signal.kind}\x00{signal.key}"
                kind, key = gist_key(signal.text, vectors.get(signal.text), said, fallback).split("\x00", 1)
                signal = replace(signal, kind=kind, key=key, anchors=_with_refs(signal, index))
            out.append(KeyedSignal(signal, item.step, item.source))
        for step, sentence in found.problem_talk:
            refs = index.references(sentence)
            key = normalise_key(sentence)
            if refs and key:
                anchors = tuple(f"node:{pid}" for pid in refs)
                out.append(KeyedSignal(Signal("recurring_issue", key, evidence(sentence), anchors), step, "talk"))
        return _unique(out)


def _read_known(conn: sqlite3.Connection) -> _Known:
    problems = [KnownProblem(p.pattern_id, p.anchors, p.keys) for p in signal_patterns.known_problems(conn)]
    return _Known(problems, signal_patterns.said_before(conn, SAID_BEFORE))


def _with_refs(signal: Signal, index: ProblemIndex) -> tuple[str, ...]:
    refs = index.references(signal.text)
    return tuple(dict.fromkeys([*signal.anchors, *(f"node:{pid}" for pid in refs)]))


def _unique(items: list[KeyedSignal]) -> list[KeyedSignal]:
    """One per (kind, key): gist keys can make two sentences of one session the same signal."""
    merged: dict[tuple[str, str], KeyedSignal] = {}
    for item in items:
        key = (item.signal.kind, item.signal.key)
        first = merged.get(key)
        if first is None:
            merged[key] = item
        else:
            anchors = tuple(dict.fromkeys([*first.signal.anchors, *item.signal.anchors]))
            merged[key] = replace(first, signal=replace(first.signal, anchors=anchors))
    return list(merged.values())
