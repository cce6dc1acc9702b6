"""A session summary (`sessions/ID.md`): extractive by default, rewritten by an LLM when one is configured.

Invariants:
- The extractive summary always exists and is useful on its own: topic (the first request), key points (the
  requests and the closing answer), files changed, decisions, open todos, lessons, rules and tool errors.
- An LLM reply only replaces the judgement fields (topic, key points, todos) and adds to decisions, lessons and
  rules (the person's own words stay); it settles the outcome only when the evidence left it open
  (confidence below LLM_OUTCOME_BELOW). The facts read from the transcript (files, errors, ids, times) are
  never taken from a model.
- `render` scrubs the whole file (idempotent), whatever produced its strings, a model's reply included.
Pure: no IO, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

import orjson

from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.transcript import Transcript
from pipeline.agent_path import relative_to
from pipeline.scrub import scrub

MAX_ITEMS = 8
MAX_ITEM_CHARS = 240
LLM_INPUT_CHARS = 24_000
LLM_OUTCOME_BELOW = 0.75  # the model's outcome counts only when the evidence's confidence is below this
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TODO = re.compile(r"^(?:[-*]\s*)?(?:\[ \]\s*|(?:TODO|FIXME|follow[- ]up)\b[:\s]\s*)(.+)", re.IGNORECASE)
LLM_SYSTEM = (
    "You summarise a coding-agent session for a local memory system. Reply with ONE JSON object and nothing "
    'else: {"topic": str, "key_points": [str], "decisions": [str], "todos": [str], "lessons": [str], '
    '"rules": [str], "outcome": "success" | "failed"}. key_points: what was asked and what was done. '
    "lessons: mistakes or pitfalls worth avoiding next time. rules: explicit instructions the user gave that "
    "should hold for future work in this project. todos: work left open. Each item under 200 characters; "
    "use only what the transcript says; empty lists are fine."
)


@dataclass(frozen=True, slots=True)
class SessionSummary:
    session_id: str
    project: str | None
    cwd: str
    started: str
    ended: str
    topic: str
    key_points: tuple[str, ...]
    files: tuple[tuple[str, str], ...]  # (path, tools used, e.g. "Edit ×2, Write")
    decisions: tuple[str, ...]
    todos: tuple[str, ...]
    lessons: tuple[str, ...]
    rules: tuple[str, ...]
    errors: tuple[str, ...]
    outcome: str  # success | failed
    method: str  # extractive | llm
    transcript_sha256: str
    confidence: float = 0.5  # of the outcome: 0.5 a coin toss .. 0.99
    outcome_evidence: tuple[str, ...] = ()
    agent_id: str = ""  # a subagent's summary: its id (session_id is then the parent's)
    subagents: tuple[str, ...] = ()
    # what the person asked for in the grammar of a directive and was not kept as a rule: a later rule that
    # replaces one of them finds it here (`pipeline/learning/rules/earlier_instructions.py`)
    instructions: tuple[str, ...] = ()


def extractive_summary(t: Transcript, *, project: str | None, sha256: str, heard: str | None = None) -> SessionSummary:
    """The summary read straight from the transcript (no model). A subagent's summary keeps its task as the
    topic and takes no rules, lessons or decisions: its "user" text is the parent assistant's prompt. `heard`:
    the closing words' verdict by meaning, when no cue read them (`session_outcome.closing_words`)."""
    users = [_first_line(text) for text in t.user_texts]
    closing = _closing(t.assistant_texts[-1]) if t.assistant_texts else ""
    first = t.agent_prompt if t.is_subagent else next((u for u in users if u), "")
    first = first or (_first_line(t.assistant_texts[0]) if t.assistant_texts else "")
    topic = next(iter(_sentences(_first_line(first))), "")  # the first sentence of the first request
    points = [f"Asked: {u}" for u in _unique(users)][: MAX_ITEMS - 1]
    if closing:
        points.append("Answer: " + closing)
    knowledge = extract_knowledge([] if t.is_subagent else t.user_texts, t.assistant_texts)
    outcome = session_outcome(t, heard)
    return SessionSummary(
        session_id=t.session_id,
        project=project,
        cwd=t.cwd,
        started=t.started,
        ended=t.ended,
        topic=_cut(topic) or "(no request found)",
        key_points=tuple(_cut(p) for p in points),
        files=_files(t),
        decisions=_items(knowledge.decisions),
        todos=_items(_todos(t)),
        lessons=_items(knowledge.lessons),
        rules=_items(knowledge.rules),
        errors=_items(t.errors),
        outcome=outcome.outcome,
        method="extractive",
        transcript_sha256=sha256,
        confidence=outcome.confidence,
        outcome_evidence=outcome.evidence,
        agent_id=t.agent_id,
        subagents=t.subagents,
    )


def _closing(text: str) -> str:
    """The first two sentences of the closing answer's prose; a code fence is never cut (it is left out)."""
    prose: list[str] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and line.strip():
            prose.append(line.strip())
    return " ".join(_sentences("\n".join(prose))[:2])


def llm_prompt(t: Transcript, base: SessionSummary) -> str:
    """The condensed, already-scrubbed transcript the model reads (user and assistant turns, files, errors)."""
    parts = [f"Project: {base.project or '?'}  cwd: {t.cwd or '?'}"]
    parts += [f"USER: {text}" for text in t.user_texts]
    parts += [f"ASSISTANT: {text[:1500]}" for text in t.assistant_texts[-12:]]
    parts += [f"FILE CHANGED: {path} ({tools})" for path, tools in base.files]
    parts += [f"TOOL ERROR: {err}" for err in base.errors]
    text = "\n\n".join(parts)
    if len(text) <= LLM_INPUT_CHARS:
        return text
    return text[: LLM_INPUT_CHARS // 3] + "\n…\n" + text[-LLM_INPUT_CHARS // 2 :]  # the start says what, the end how


def apply_llm_reply(base: SessionSummary, reply: str) -> SessionSummary:
    """`base` with the model's judgement fields. Raises ValueError when the reply is not the asked-for JSON."""
    start, end = reply.find("{"), reply.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object in the reply")
    try:
        obj = orjson.loads(reply[start : end + 1])
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"reply is not valid JSON: {exc}") from exc
    if not isinstance(obj, dict) or not isinstance(obj.get("topic"), str) or not obj["topic"].strip():
        raise ValueError("reply has no 'topic' string")

    def items(name: str) -> tuple[str, ...]:
        value = obj.get(name) or []
        if not isinstance(value, list):
            raise ValueError(f"'{name}' must be a list of strings")
        return _items(str(v) for v in value if isinstance(v, str | int | float))

    outcome, evidence = base.outcome, base.outcome_evidence
    said = obj.get("outcome")
    # Why only when the evidence is weak: the end of the session (the person's words, the last check) is read
    # straight from the transcript; a model may settle a case the evidence leaves open, not overrule it.
    if said in ("success", "failed") and said != base.outcome and base.confidence < LLM_OUTCOME_BELOW:
        outcome, evidence = str(said), (f"the model read the session as {said}", *base.outcome_evidence)
    return replace(
        base,
        topic=_cut(obj["topic"]),
        key_points=items("key_points") or base.key_points,
        decisions=_items([*base.decisions, *items("decisions")]),
        todos=items("todos"),
        lessons=_items([*base.lessons, *items("lessons")]),  # the user's own words are kept beside the model's
        rules=_items([*base.rules, *items("rules")]),
        outcome=outcome,
        outcome_evidence=evidence,
        method="llm",
    )


def render(s: SessionSummary, *, emails: bool = True) -> str:
    """The Markdown file: front matter (JSON-quoted scalars, valid YAML) and one section per non-empty field."""
    meta: dict[str, Any] = {
        "session_id": s.session_id,
        "project": s.project or "",
        "cwd": s.cwd,
        "started": s.started,
        "ended": s.ended,
        "outcome": s.outcome,
        "outcome_confidence": s.confidence,
        "summary_method": s.method,
        "transcript_sha256": s.transcript_sha256,
    }
    if s.agent_id:
        meta["agent_id"] = s.agent_id
        meta["parent_session"] = s.session_id
    if s.subagents:
        meta["subagents"] = list(s.subagents)
    lines = ["---", *(f"{k}: {orjson.dumps(v).decode()}" for k, v in meta.items()), "---", ""]
    lines += [f"# Session: {s.topic}", "", "## Topic", s.topic, ""]
    sections = (
        ("Key points", s.key_points),
        ("Files", tuple(f"`{path}` ({tools})" for path, tools in s.files)),
        ("Decisions", s.decisions),
        ("Todos", s.todos),
        ("Lessons", s.lessons),
        ("Rules", s.rules),
        ("Instructions", s.instructions),
        ("Errors", s.errors),
        (
            "Outcome",
            (f"{s.outcome} (confidence {s.confidence:.2f})", *s.outcome_evidence) if s.outcome_evidence else (),
        ),
    )
    for title, entries in sections:
        if entries:
            lines += [f"## {title}", *(f"- {e}" for e in entries), ""]
    return scrub("\n".join(lines), emails=emails)


def summary_sha256(markdown: str) -> str | None:
    """The `transcript_sha256` recorded in an existing summary, to skip a transcript already summarised."""
    m = re.search(r'^transcript_sha256: "([0-9a-f]{64})"$', markdown, re.MULTILINE)
    return m.group(1) if m else None


def signal_source(t: Transcript, s: SessionSummary) -> str:
    """The text signals are extracted from: what the user said (corrections, complaints) and the tool errors.
    Why not the assistant's prose: "we'll use X instead of Y" reads as a correction to the rules."""
    lines = [line for text in t.user_texts for line in text.splitlines() if line.strip()]
    return "\n".join([*lines, *s.errors])


def _files(t: Transcript) -> tuple[tuple[str, str], ...]:
    tools: dict[str, dict[str, int]] = {}
    for call in t.tool_calls:
        for path in call.files:
            counts = tools.setdefault(relative_to(path, t.cwd), {})
            counts[call.name] = counts.get(call.name, 0) + 1
    return tuple(
        (path, ", ".join(n if c == 1 else f"{n} ×{c}" for n, c in counts.items())) for path, counts in tools.items()
    )


def _todos(t: Transcript) -> list[str]:
    todos = [f"{content} ({status})" for status, content in t.todos]
    for text in [*t.user_texts, *t.assistant_texts[-3:]]:
        todos += [m.group(1) for line in text.splitlines() if (m := _TODO.match(line.strip()))]
    return todos


def _sentences(text: str) -> list[str]:
    return [s.strip() for line in text.splitlines() for s in _SENTENCE.split(line) if s.strip()]


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_ITEM_CHARS else text[: MAX_ITEM_CHARS - 1] + "…"


def _unique(values: Any) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))


def _items(values: Any) -> tuple[str, ...]:
    return tuple(_unique(_cut(str(v)) for v in values))[:MAX_ITEMS]
