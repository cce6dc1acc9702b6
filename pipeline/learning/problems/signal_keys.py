"""Keys, anchors and identity for a session's signals, against what is already known (pure; the daemon's
`daemon/services/learning/problem_keys.py` reads the known problems and computes the vectors).

- A failure that is a known problem by meaning (`problem_identity.py`: its description close to a known node's,
  nudged by shared evidence) gets a `node:ID` anchor for that node and the `match` that says why; one that shares
  an anchor with a known problem needs neither.
- The person's sentences are keyed by gist: a sentence that restates an earlier one (the embedding model's
  cosine, or shared words without it) takes that one's kind and key, so a correction given again in other
  words counts as the same pattern (`problem_match.gist_key`).
- A sentence that names known problems ("the alembic thing again", "同步测试又挂了") gets a `node:` anchor for
  each: by the problems' own words, or by meaning when the model is loaded; a sentence that only talks about
  a problem becomes a `recurring_issue` signal when it names one, and a failure pasted in the same message
  gets the same anchors (the person said what the paste is).
Without vectors, only anchors and words join.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from events.projections.signal_patterns import pattern_id
from events.queries import signal_patterns
from pipeline.agent.speech.knowledge import sentences
from pipeline.learning.meaning import centroid
from pipeline.learning.problems.failure_cause import CAUSE_CHARS, GENERIC_CAUSES
from pipeline.learning.problems.problem_identity import GENERIC_FAILURES, Causes, Evidence, Match, recognise
from pipeline.learning.problems.problem_match import KnownProblem, ProblemIndex, Said, gist_key, named_in_failures
from pipeline.learning.problems.session_signals import SessionSignals, code_names
from pipeline.learning.signals import Signal, evidence, extract_signals, normalise_key

FAILURE_SOURCES = ("tool", "retry", "pasted", "flaky")
SAID_BEFORE = 300  # earlier sentences a new one is compared with (each embedded once, then cached)
KNOWN_NODES = 400  # failure nodes a new failure is compared with
_COMPLAINTS = ("error", "performance_issue", "recurring_issue", "environment_issue", "dependency_issue")


@dataclass(frozen=True, slots=True)
class KeyedSignal:
    signal: Signal
    step: int
    source: str  # tool | retry | pasted | flaky | user | talk | llm
    command: str = ""
    match: Match | None = None
    cause: str = ""  # what the agent said caused it (`failure_cause.py`)


@dataclass(frozen=True, slots=True)
class Known:
    """What a new session's signals are compared with: the known problems' vocabularies, the person's earlier
    signalled sentences (kind, key, text) and the failure nodes of the project (not the session's own)."""

    problems: Sequence[KnownProblem]
    said: Sequence[tuple[str, str, str]]
    nodes: Sequence[Evidence]


def read_known(conn: sqlite3.Connection, project: str, session: str) -> Known:
    """What the `signal_patterns` projection knows that a session's signals are compared with."""
    found = signal_patterns.known_problems(conn)
    problems = [KnownProblem(p.pattern_id, p.anchors, p.keys, p.projects) for p in found]
    said = [(s.kind, s.key, s.text) for s in signal_patterns.said_before(conn, SAID_BEFORE)]
    # Why not the session's own nodes: a transcript read again must not "recognise" itself
    nodes = [
        Evidence(n.node, n.kind, n.text, n.anchors, n.facts, n.command, n.pattern_id, n.cause)
        for n in signal_patterns.known_nodes(conn, project, KNOWN_NODES)
        if set(n.sessions) - {session}
    ]
    return Known(problems, said, nodes)


def texts_to_embed(found: SessionSignals, known: Known, project: str) -> list[str]:
    """Every text `key_signals` may look up a vector for."""
    failures = _failures(found, project)
    return [
        *(item.signal.text for item in found.signals if item.source == "user"),
        *(text for _kind, _key, text in known.said),
        *(n.description() for n in known.nodes),
        *(e.description() for e in failures.values()),
        *(e.description(command=False) for e in [*known.nodes, *failures.values()] if e.command),
        *(sentence for _, sentence in found.problem_talk),
        *GENERIC_FAILURES,
        *(n.cause for n in known.nodes if n.cause),
        *found.causes.values(),
        *GENERIC_CAUSES,
    ]


def key_signals(
    found: SessionSignals, known: Known, vectors: Mapping[str, np.ndarray], project: str
) -> list[KeyedSignal]:
    """The session's signals keyed and anchored against what is known (see the module docstring)."""
    nodes = list(known.nodes)
    failures = _failures(found, project)
    node_vectors = {n.node: v for n in nodes if (v := vectors.get(n.description())) is not None}
    plain = {
        e.node: v
        for e in [*nodes, *failures.values()]
        if e.command and (v := vectors.get(e.description(command=False))) is not None
    }
    prior = [v for text in GENERIC_FAILURES if (v := vectors.get(text)) is not None]
    middle = centroid([*prior, *node_vectors.values()])
    said = [Said(f"{kind}\x00{key}", text, vectors.get(text)) for kind, key, text in known.said]
    causes = _causes(nodes, failures, vectors)
    index = ProblemIndex(known.problems, project)
    out: list[KeyedSignal] = []
    for item in found.signals:
        signal, match = item.signal, None
        cause = found.causes.get(item.step, "")
        if item.source in FAILURE_SOURCES:
            mine = failures[item.step]
            if (vector := vectors.get(mine.description())) is not None:
                match = recognise(mine, vector, nodes, node_vectors, middle, plain=plain, causes=causes)
        elif item.source == "user":
            fallback = f"{signal.kind}\x00{signal.key}"
            kind, key = gist_key(signal.text, vectors.get(signal.text), said, fallback).split("\x00", 1)
            # Why only a complaint names problems: a correction ("we don't do that here: ViewModels get …")
            # shares words with a problem without being one
            anchors = _with_refs(signal, index) if kind in _COMPLAINTS else signal.anchors
            signal = replace(signal, kind=kind, key=key, anchors=anchors)
            if kind in _COMPLAINTS and (vector := vectors.get(signal.text)) is not None:
                match = _talk_match(signal.text, vector, nodes, node_vectors, middle, causes, vectors.get(cause))
        if match is not None:
            signal = replace(signal, anchors=(*signal.anchors, f"node:{match.node}"))
        out.append(KeyedSignal(signal, item.step, item.source, item.command, match, cause))
    named_at: dict[int, list[str]] = {}  # step -> the known problems the person named in that message
    for step, sentence in found.problem_talk:
        refs = [f"node:{pid}" for pid in index.references(sentence)]
        match = None
        if not refs and (vector := vectors.get(sentence)) is not None:
            cause_vector = vectors.get(found.causes.get(step, ""))
            match = _talk_match(sentence, vector, nodes, node_vectors, middle, causes, cause_vector)
            refs = [f"node:{match.node}"] if match else []
        if not refs and (named := named_in_failures(sentence, [(n.pattern_id or n.node, n.text) for n in nodes])):
            refs = [f"node:{next(n.node for n in nodes if (n.pattern_id or n.node) == named)}"]
        key = normalise_key(sentence)
        if refs and key:
            talk = Signal("recurring_issue", key, evidence(sentence), tuple(refs))
            out.append(KeyedSignal(talk, step, "talk", match=match))
            named_at.setdefault(step, []).extend(refs)
    for step, sentence in found.naming:
        refs = [f"node:{pid}" for pid in index.named(sentence, code_names(sentence))]
        if (key := normalise_key(sentence)) and refs:
            out.append(KeyedSignal(Signal("recurring_issue", key, evidence(sentence), tuple(refs)), step, "talk"))
    return _unique([_as_named(item, named_at) for item in out])


def signal_event(item: KeyedSignal, session: str, project: str, line: int = 0) -> dict[str, Any]:
    """The data of the `signal` event that logs a keyed signal (`line`: where in the transcript it was seen)."""
    s = item.signal
    data: dict[str, Any] = {"session_id": session, "kind": s.kind, "key": s.key, "text": s.text, "source": item.source}
    if project:
        data["project"] = project
    if s.anchors:
        data["anchors"] = list(s.anchors)
    if s.facts:
        data["facts"] = list(s.facts)
    if item.command:
        data["command"] = item.command[:300]
    if item.cause and item.source in FAILURE_SOURCES:
        data["cause"] = item.cause[:CAUSE_CHARS]
    if item.match is not None:
        data["match"] = item.match.to_json_obj()
    if line:
        data["line"] = line
    return data


def _failures(found: SessionSignals, project: str) -> dict[int, Evidence]:
    return {
        item.step: Evidence(
            pattern_id(item.signal.kind, item.signal.key, project),
            item.signal.kind,
            item.signal.text,
            item.signal.anchors,
            item.signal.facts,
            item.command,
            cause=found.causes.get(item.step, ""),
        )
        for item in found.signals
        if item.source in FAILURE_SOURCES
    }


def _causes(nodes: Sequence[Evidence], failures: Mapping[int, Evidence], vectors: Mapping[str, np.ndarray]) -> Causes:
    """The explanations' vectors by node (known and new), centred on what explanations share."""
    by_node = {e.node: v for e in [*nodes, *failures.values()] if e.cause and (v := vectors.get(e.cause)) is not None}
    generic = [v for text in GENERIC_CAUSES if (v := vectors.get(text)) is not None]
    known = [v for e in nodes if e.cause and (v := vectors.get(e.cause)) is not None]
    return Causes.centred(by_node, centroid([*generic, *known]))


def _talk_match(
    sentence: str,
    vector: np.ndarray,
    nodes: list[Evidence],
    vectors: dict[str, np.ndarray],
    middle: np.ndarray | None,
    causes: Causes | None = None,
    cause: np.ndarray | None = None,
) -> Match | None:
    said = Evidence("", "recurring_issue", sentence)
    if causes is not None and cause is not None:
        causes = causes.add(said.node, cause)
    return recognise(said, vector, nodes, vectors, middle, talk=True, causes=causes if cause is not None else None)


def _with_refs(signal: Signal, index: ProblemIndex) -> tuple[str, ...]:
    """The signal's anchors and the known problems named by the sentences that say it. Why not the whole message:
    it often says several things ("… like I said, nothing reaches MotherDuck before the checkpoint. Also the
    nightly failed with `uv: command not found`."), and what all of it named, two known problems there, joined
    them into one pattern. When its own sentences name none, the message's one named problem; when they are past
    the signal's text (cut at MAX_EVIDENCE_CHARS), none. bench/problem_replay.py over 59 corpora: held out 56
    (looked at since its first run) 0/3 -> 2/3 problems, precision 0.00 -> 1.00; the others unchanged."""
    said = sentences([signal.text])
    own = [s for s in said if any(found.kind == signal.kind for found in extract_signals(s))] if len(said) > 1 else said
    refs = list(dict.fromkeys(pid for sentence in own for pid in index.references(sentence)))
    if own and not refs and len(whole := index.references(signal.text)) == 1:
        refs = whole  # the rest of the message may name it: "I moved the 24-readings check into pytest. still fails"
    return tuple(dict.fromkeys([*signal.anchors, *(f"node:{pid}" for pid in refs)]))


def _as_named(item: KeyedSignal, named_at: dict[int, list[str]]) -> KeyedSignal:
    """A failure the person pasted in the message that names a known problem ("ci red again, it's the report
    snapshot, not my importer" over a CI log) is that problem: the person said what the paste is, whatever test
    it names this time."""
    refs = named_at.get(item.step)
    if item.source != "pasted" or not refs:
        return item
    anchors = tuple(dict.fromkeys([*item.signal.anchors, *refs]))
    return replace(item, signal=replace(item.signal, anchors=anchors))


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
            merged[key] = replace(first, signal=replace(first.signal, anchors=anchors), match=first.match or item.match)
    return list(merged.values())
