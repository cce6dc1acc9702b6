"""Payload schemas of the known event types, and the validator that refuses a bad event up front.

Invariant: nothing reaches the log whose known type has a missing or mistyped field; the error names the
field. Unknown types are accepted (kept and ignored by projections) so newer clients can log new facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

SIGNAL_KINDS = (
    "error",
    "correction",
    "capability_gap",
    "recurring_issue",
    "environment_issue",
    "dependency_issue",
    "performance_issue",
    "security_issue",
    "retry",  # the same command failed again and again in one session
)
PATTERN_STATUSES = ("active", "addressed", "suppressed")
OUTCOMES = ("success", "failed", "unknown")  # unknown: no evidence either way; it credits nothing
_TYPE_NAME = re.compile(r"[a-z][a-z0-9_.]{0,63}")


class InvalidEvent(ValueError):
    """An event refused before it reached the log; the message names the offending field."""


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    kind: str  # "str" | "int" | "num" | "list" | "dict" | "bool"
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None


def _f(name: str, kind: str = "str", **kw: Any) -> Field:
    return Field(name, kind, **kw)


SCHEMAS: dict[str, tuple[Field, ...]] = {
    "ref": (_f("experience_id"), _f("session_id"), _f("context", required=False)),
    "outcome": (
        _f("session_id"),
        _f("outcome", choices=OUTCOMES),
        _f("corrections", "int", required=False, minimum=0),
        _f("confidence", "num", required=False, minimum=0.0, maximum=1.0),
        _f("evidence", "list", required=False),
    ),
    "signal": (
        _f("session_id"),
        _f("kind", choices=SIGNAL_KINDS),
        _f("key"),
        _f("text", required=False),
        _f("anchors", "list", required=False),
    ),
    "generation": (
        _f("capability_name"),
        _f("type", choices=("Skill", "Command")),
        _f("trigger"),
        _f("pattern_count", "int", minimum=0),
        _f("path"),
        _f("content_hash", required=False),
    ),
    # One event per search: `hashes` (content hashes, or their first 16 hex digits) and `scores`, best first.
    # Older logs hold one event per hit (`chunk_id`, `content_hash`, `rank`, `score`); both replay alike.
    "access": (
        _f("query_hash"),
        _f("hashes", "list", required=False),
        _f("scores", "list", required=False),
        _f("chunk_id", required=False),
        _f("content_hash", required=False),
        _f("rank", "int", required=False, minimum=1),
        _f("score", "num", required=False),
    ),
    "injection": (
        _f("query_hash"),
        _f("chunk_ids", "list"),
        _f("scores", "list", required=False),
        _f("paths", "list", required=False),
        _f("budget", "int", required=False, minimum=0),
        _f("used", "int", required=False, minimum=0),
        _f("session_id", required=False),
    ),
    "importance": (
        _f("content_hash"),
        _f("value", "num", minimum=0.0, maximum=1.0),
        _f("path", required=False),
    ),
    "forget": (
        _f("content_hashes", "list"),
        _f("path", required=False),
        _f("lines", required=False),
        _f("reason", required=False),
    ),
    "consolidation": (
        _f("status", choices=("started", "completed", "failed")),
        _f("summary", "dict", required=False),
    ),
    "pattern_status": (_f("pattern_id"), _f("status", choices=PATTERN_STATUSES)),
    # Agent integration (hooks, inbox): receipts and records, validated so a spooled or dropped file cannot
    # smuggle a malformed one into the log.
    "edit": (
        _f("files", "list"),
        _f("tool", required=False),
        _f("cwd", required=False),
        _f("session_id", required=False),
        _f("at", required=False),
        _f("project", required=False),
    ),
    "compaction": (
        _f("session_id", required=False),
        _f("trigger", required=False),
        _f("cwd", required=False),
        _f("at", required=False),
        _f("custom_instructions", required=False),
    ),
    "session_summary": (
        _f("session_id"),
        _f("path"),
        _f("transcript_sha256"),
        _f("outcome", required=False),
        _f("method", required=False),
    ),
    # The import ledger (`memoryd import claude-code`): one per transcript taken, in the same batch as what it
    # learned from it, so a crash leaves both or neither. `bytes` and `sha256` say how much of the file was read.
    "history_import": (
        _f("source", choices=("claude-code", "codex")),
        _f("file"),
        _f("bytes", "int", minimum=0),
        _f("sha256"),
        _f("status", choices=("imported", "already_summarised", "not_a_transcript")),
        _f("session_id", required=False),
        _f("agent_id", required=False),
    ),
    "inbox_import": (
        _f("file"),
        _f("kind", choices=("note", "events")),
        _f("sha256"),
        _f("path", required=False),
        _f("events", "int", required=False, minimum=0),
    ),
}
_STRING_LISTS = ("content_hashes", "chunk_ids", "files", "anchors", "evidence", "hashes")

_PY_TYPES: dict[str, Any] = {  # Any: isinstance must not narrow the JSON value to `object`
    "str": (str,),
    "int": (int,),
    "num": (int, float),
    "list": (list,),
    "dict": (dict,),
    "bool": (bool,),
}


def validate(event_type: Any, data: Any) -> None:
    """Raise InvalidEvent naming the first wrong field; return quietly for a valid or unknown-type event."""
    if not isinstance(event_type, str) or not _TYPE_NAME.fullmatch(event_type):
        raise InvalidEvent("type: must be a lowercase name like 'outcome' (letters, digits, '_', '.')")
    if not isinstance(data, dict):
        raise InvalidEvent(f"{event_type}.data: must be a JSON object")
    for field in SCHEMAS.get(event_type, ()):
        _check_field(event_type, field, data)


def _check_field(event_type: str, field: Field, data: dict[str, Any]) -> None:
    where = f"{event_type}.data.{field.name}"
    if field.name not in data or data[field.name] is None:
        if field.required:
            raise InvalidEvent(f"{where}: required field is missing")
        return
    value = data[field.name]
    # Why: bool is an int subclass in Python, but `true` is never a valid count or score.
    if (isinstance(value, bool) and field.kind != "bool") or not isinstance(value, _PY_TYPES[field.kind]):
        raise InvalidEvent(f"{where}: expected {field.kind}, got {type(value).__name__}")
    if field.kind == "str" and field.required and not value.strip():
        raise InvalidEvent(f"{where}: must not be empty")
    if field.choices and value not in field.choices:
        raise InvalidEvent(f"{where}: {value!r} is not one of {', '.join(field.choices)}")
    if field.minimum is not None and value < field.minimum:
        raise InvalidEvent(f"{where}: must be >= {field.minimum}")
    if field.maximum is not None and value > field.maximum:
        raise InvalidEvent(f"{where}: must be <= {field.maximum}")
    if field.kind == "list" and field.name in _STRING_LISTS:
        if not value and field.name in ("content_hashes", "files"):
            raise InvalidEvent(f"{where}: must not be empty")
        if not all(isinstance(item, str) for item in value):
            raise InvalidEvent(f"{where}: every item must be a string")
