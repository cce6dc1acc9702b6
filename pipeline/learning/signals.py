"""Deterministic signal extraction: the 8 signal kinds found by rules in a session summary or transcript.

Invariant: the same text always yields the same signals in the same order, and the same problem written in
two sessions yields the same `key` (lowercased, with numbers, paths, hex ids and quoted literals' punctuation
stripped), so `signal_patterns` can count it across sessions. `text` is the evidence line, redacted, at most
300 characters. One line yields at most one signal: the most specific kind wins (a `ModuleNotFoundError` is a
dependency issue, not a plain error).

This is pattern matching, not understanding: prose such as "we added error handling" is deliberately not an
error, and a problem described in an unusual way is missed. An LLM extractor may run beside it (see
`daemon/services/learning/signals.py`); this one is the fallback that always works. A transcript's own
signals (tool failures with their anchors, retries, the person's words) are built in `session_signals.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from events.schema import SIGNAL_KINDS
from pipeline.redact import redact, strip_private

__all__ = ["SIGNAL_KINDS", "Signal", "evidence", "extract_signals", "normalise_key"]

MAX_EVIDENCE_CHARS = 300
MAX_KEY_WORDS = 8
MAX_LINE_CHARS = 2000  # a longer "line" (minified JSON, a base64 blob) is cut before matching


@dataclass(frozen=True, slots=True)
class Signal:
    kind: str
    key: str
    text: str
    anchors: tuple[str, ...] = ()  # specific evidence (`test:NAME`, `exc:TYPE@MODULE`, ...) that joins problems
    facts: tuple[str, ...] = ()  # weaker evidence (`file:PATH`, `code:E0382`) that only helps meaning decide


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


# Order is priority: the first kind whose rule matches a line names that line's signal.
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "security_issue",
        _rx(
            r"\bCVE-\d{4}-\d+",
            r"\bvulnerab(?:le|ility|ilities)\b",
            r"\b(?:leaked|exposed|committed|hard-?coded)\s+(?:an?\s+|the\s+)?"
            r"(?:secret|credential|password|token|api[ _-]?key)s?",
            r"\b(?:sql|command|shell)\s+injection\b",
            r"\bXSS\b",
            r"\binsecure\b",
            r"\bsecurity (?:issue|problem|warning|risk|hole)\b",
        ),
    ),
    (
        "dependency_issue",
        _rx(
            r"\bModuleNotFoundError\b",
            r"\bImportError\b",
            r"\bNo module named\b",
            r"\bCannot find module\b",
            r"\bResolutionImpossible\b",
            r"\bERESOLVE\b",
            r"\b(?:version|dependency) conflict",
            r"\bconflicting dependencies\b",
            r"\bcould not (?:resolve|find a version)\b",
            r"\bunmet peer dependenc",
            r"\bpeer dep(?:endency)?\b.*\b(?:conflict|missing|mismatch)",
            r"\bpackage .{1,60} (?:not found|is missing)\b",
            r"\b(?:missing|outdated|incompatible) (?:dependency|dependencies|package|version)\b",
            r"\brequires .{1,60}, but .{1,60} is installed\b",
        ),
    ),
    (
        "environment_issue",
        _rx(
            r"\bcommand not found\b",
            r"\bNo such file or directory\b",
            r"\bpermission denied\b",
            r"\bEACCES\b",
            r"\bENOENT\b",
            r"\benv(?:ironment)? var(?:iable)?s? .{0,40}\b(?:not set|missing|unset|undefined)\b",
            r"\b[A-Z][A-Z0-9_]{2,} (?:is )?not set\b",
            r"\bnot (?:on|in) (?:the )?PATH\b",
            r"\bwrong (?:python|node|java|ruby|go) version\b",
            r"\b(?:docker|daemon) (?:is )?not running\b",
            r"\bCannot connect to the Docker daemon\b",
            r"\bvirtual ?env(?:ironment)? (?:is )?(?:missing|not activated|broken)\b",
            r"\bdisk (?:is )?full\b",
            r"\bNo space left on device\b",
        ),
    ),
    (
        "performance_issue",
        _rx(
            r"\btimed out\b",
            r"\btim(?:es|ing) out\b",
            r"\btimeout ?(?:error|expired|exceeded)\b",
            r"\b(?:request|connection|read|operation|deadline) timeout\b",
            r"\bout of memory\b",
            r"\bMemoryError\b",
            r"\bOOM\b",
            r"\btoo slow\b",
            r"\b(?:very|really|extremely) slow\b",
            r"\bslow (?:query|queries|build|tests?|start(?:up)?|response)\b",
            r"\btook \d+(?:\.\d+)? ?(?:s|sec|seconds|min|minutes|h|hours)\b",
            r"\bhigh (?:cpu|memory|latency)\b",
            r"\bperformance (?:issue|problem|regression)\b",
        ),
    ),
    (
        "capability_gap",
        _rx(
            r"\bI (?:can(?:no|')t|am unable to|don't have (?:a |the )?(?:tool|access|ability))\b",
            r"\bno tool (?:to|for)\b",
            r"\b(?:is |are )?not supported\b",
            r"\bunsupported (?:operation|feature|format|file type)\b",
            r"\bno way to\b",
            r"\bdon't know how to\b",
            r"\bmissing (?:capability|tool|skill|feature)\b",
            r"\bcapability gap\b",
        ),
    ),
    (
        "correction",
        _rx(
            r"^(?:user:\s*)?(?:no|nope)(?:[,.!]|\s+[—–-])\s",
            r"\bthat(?:'s| is) (?:not (?:right|correct|what)|wrong)\b",
            r"\bnot what I (?:asked|meant|wanted)\b",
            r"\bI (?:said|told you|asked you|already (?:said|told you))\b",
            r"\b(?:we went over this|as I said|like I said|how many times)\b",
            r"\byou (?:should(?:n't| not)?|shouldn't) have\b",
            r"\b(?:please )?(?:don't|do not|stop) (?:do|us|add|chang|edit|delet|remov|run|creat|writ|touch)\w*\b",
            r"\b(?:don't|do not) ever\b",
            r"\b(?:user )?correct(?:ed|ion)\b",
            r"\bwrong (?:file|approach|function|command|branch|directory|place|way)\b",
            r"\binstead of\b.*\b(?:use|should)\b",
            r"\b(?:use|should use) .{1,40} instead\b",
        ),
    ),
    (
        "recurring_issue",
        _rx(
            r"\b(?:same|this) (?:error|problem|issue|failure) again\b",
            r"\b(?:fails?|failing|broke|broken|happen(?:s|ed|ing)?) again\b",
            r"\bstill (?:failing|broken|not working|fails)\b",
            r"\bkeeps? (?:failing|happening|breaking|crashing|timing out|hanging)\b",
            r"\bevery time\b",
            r"\brecurring\b",
            r"\bonce again\b",
        ),
    ),
    (
        "error",
        _rx(
            r"\b[A-Z]\w*(?:Error|Exception)\b",
            r"\bTraceback \(most recent call last\)",
            r"(?:^|\s)(?:error|fatal|panic)(?:\[\w+\])?:",
            r"\bFAILED\b",
            r"\b(?:tests?|build|command|step|job|migration|deploy(?:ment)?) failed\b",
            r"\bexit(?:ed)? (?:code|status|with) [1-9]\d*\b",
            r"\bsegmentation fault\b",
            r"\bcrash(?:ed|es)?\b",
        ),
    ),
)

# An explicit tag wins over every rule: `capability_gap: no tool to read PDFs` (what LLM summaries and
# people write when they mean it).
_BULLET = re.compile(r"^(?:[-*+>]\s+|\d+[.)]\s+|\[[ xX]\]\s+)+")
_TAGGED = re.compile(r"^\[?(" + "|".join(SIGNAL_KINDS) + r")\]?\s*:\s*(.+)$", re.IGNORECASE)
_EXCEPTION = re.compile(r"\b([A-Z]\w*(?:Error|Exception))\b:?\s*(.*)")

# What makes the same problem look different from one session to the next.
_LINE_PREFIX = re.compile(
    r"^(?:##\[(?:error|warning|notice)\]|[-*+>#]+\s*|\d+[.)]\s+|\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]+Z?\]?\s*"
    r"|\[?(?:INFO|WARN(?:ING)?|DEBUG)\]?:?\s+)+",
    re.IGNORECASE,
)
# A CI log as `gh run view --log` prints it: "JOB<TAB>STEP<TAB>TIMESTAMP message" (the same failure in another
# job or step is the same failure).
_CI_LOG_LINE = re.compile(r"^[^\t]{1,200}\t[^\t]{1,300}\t(?=\d{4}-\d{2}-\d{2}T)")
_LOCATION = re.compile(r"\b(?:line|ln|col(?:umn)?)\s*\d+", re.IGNORECASE)
_REDACTED = re.compile(r"\[REDACTED:\w+\]")
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_PATH = re.compile(r"(?:~|\.{1,2})?(?:/[\w.@+-]+)+/?|\b[A-Za-z]:\\[\w\\.-]+|\b[\w.-]+(?:/[\w.-]+)+")
_HEX = re.compile(r"\b(?:0x)?(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b")
_NUMBER = re.compile(r"\d+")
_WORD = re.compile(r"[a-z_][a-z_]*")
_STOPWORDS = frozenset(("a", "an", "the", "to", "of", "in", "on", "at", "for", "and", "or", "is", "was", "be", "it"))


def extract_signals(text: str) -> list[Signal]:
    """Every signal in `text`, one per line at most, deduplicated by (kind, key), in first-seen order. Pure."""
    seen: set[tuple[str, str]] = set()
    signals: list[Signal] = []
    for raw in strip_private(text).splitlines():
        # Why redact first: the key is built from the line, and a secret must not reach an event either way.
        line = _CI_LOG_LINE.sub("", _BULLET.sub("", redact(raw.strip()[:MAX_LINE_CHARS])))
        if not line:
            continue
        found = _classify(line)
        if found is None:
            continue
        kind, basis = found
        key = normalise_key(basis)
        if not key or (kind, key) in seen:
            continue
        seen.add((kind, key))
        signals.append(Signal(kind=kind, key=key, text=evidence(line)))
    return signals


def _classify(line: str) -> tuple[str, str] | None:
    """The line's kind and the text its key is built from, or None when no rule matches."""
    if tagged := _TAGGED.match(line):
        return tagged.group(1).lower(), tagged.group(2)
    for kind, rule in _RULES:
        if rule.search(line):
            if kind in ("error", "dependency_issue") and (exc := _EXCEPTION.search(line)):
                # Why: "... in foo.py line 3: KeyError: 'x'" and "KeyError: 'x'" are the same problem.
                return kind, f"{exc.group(1)} {exc.group(2)}"
            return kind, line
    return None


def normalise_key(text: str) -> str:
    """A short, stable key: lowercase words without paths, URLs, hex ids, numbers or stopwords (8 at most)."""
    text = _LINE_PREFIX.sub("", _CI_LOG_LINE.sub("", text.strip()))
    text = _REDACTED.sub(" ", text)
    text = _LOCATION.sub(" ", text)
    text = _URL.sub(" ", text)
    text = _PATH.sub(" ", text)
    text = text.lower()
    text = _HEX.sub(" ", text)
    text = _NUMBER.sub(" ", text)
    words = [w.strip("_") for w in _WORD.findall(text)]
    words = [w for w in words if w and w not in _STOPWORDS]
    return " ".join(words[:MAX_KEY_WORDS])


def evidence(line: str) -> str:
    """The redacted evidence text, cut to MAX_EVIDENCE_CHARS on a character boundary."""
    text = " ".join(redact(line).split())  # idempotent, so callers may pass redacted text
    if len(text) > MAX_EVIDENCE_CHARS:
        text = text[: MAX_EVIDENCE_CHARS - 1] + "…"
    return text
