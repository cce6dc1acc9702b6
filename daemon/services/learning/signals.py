"""Signals from a session's summary or transcript: the rules always, an LLM beside them when configured.

Invariant: whichever extractor found a signal, its key is made by `pipeline.learning.signals.normalise_key`, so the
rules and the model agree on what "the same problem" is and `signal_patterns` counts it once per session.
An LLM failure only logs; the rules' signals are still recorded. A Claude Code transcript (JSONL) handed in as
text is read as a transcript (its tool failures, retries and the person's words), never as plain text.
"""

from __future__ import annotations

import orjson
import structlog

from pipeline.agent.transcript import NotATranscript, parse_transcript
from pipeline.learning.problems.session_signals import session_signals
from pipeline.learning.signals import SIGNAL_KINDS, Signal, evidence, extract_signals, normalise_key
from pipeline.llm import LLMClient, LLMError, TokenBudget

logger = structlog.get_logger(__name__)

LLM_INPUT_CHARS = 30_000
LLM_BUDGET_PER_CALL = 20_000
_SYSTEM = (
    "You find problems in a coding agent's session. Reply with one JSON object and nothing else: "
    '{"signals": [{"kind": KIND, "text": "one line of evidence quoted from the session"}]} where KIND is one '
    f"of {', '.join(SIGNAL_KINDS)}. An empty list is fine. Never include secrets."
)


def rule_signals(text: str, *, emails: bool = True) -> list[Signal]:
    """The rules' signals of a text, or of a transcript when the text is Claude Code JSONL."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if first.lstrip().startswith("{"):
        try:
            transcript = parse_transcript(text.encode("utf-8", errors="replace"), "cli", emails=emails)
        except NotATranscript:
            pass
        else:
            return [item.signal for item in session_signals(transcript).signals]
    return extract_signals(text)


async def llm_signals(text: str, llm: LLMClient | None, known: set[str]) -> list[Signal]:
    """The model's signals whose keys are not in `known` ([] without a model, or when it fails)."""
    if llm is None or not text.strip():
        return []
    found, _tokens = await find_signals(text, llm, rules=False)
    return [s for s in found if s.key not in known]


async def find_signals(
    text: str, llm: LLMClient | None, *, rules: bool = True, emails: bool = True
) -> tuple[list[Signal], dict[str, int]]:
    """The rules' signals plus the model's (deduplicated by kind and key), and the tokens the model used."""
    signals = rule_signals(text, emails=emails) if rules else []
    if llm is None or not text.strip():
        return signals, {}
    budget = TokenBudget(LLM_BUDGET_PER_CALL)
    try:
        reply = await llm.with_budget(budget).complete(_SYSTEM, text[-LLM_INPUT_CHARS:], max_tokens=1024)
        extra = parse_llm_signals(reply.text)
    except (LLMError, ValueError) as exc:
        logger.warning("llm_step_failed", step="signals", error=str(exc))
        return signals, budget.as_dict()
    seen = {(s.kind, s.key) for s in signals}
    for signal in extra:
        if (signal.kind, signal.key) not in seen:
            seen.add((signal.kind, signal.key))
            signals.append(signal)
    return signals, budget.as_dict()


def parse_llm_signals(reply: str) -> list[Signal]:
    """Signals from the model's JSON. Raises ValueError unless the whole reply has the expected shape."""
    body = reply.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    try:
        obj = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"reply is not JSON: {exc}") from exc
    items = obj.get("signals") if isinstance(obj, dict) else None
    if not isinstance(items, list):
        raise ValueError("reply has no 'signals' list")
    out: list[Signal] = []
    for item in items:
        if not isinstance(item, dict) or item.get("kind") not in SIGNAL_KINDS or not isinstance(item.get("text"), str):
            raise ValueError("every signal needs a known 'kind' and a 'text'")
        text = evidence(item["text"])
        if key := normalise_key(text):
            out.append(Signal(kind=item["kind"], key=key, text=text))
    return out
