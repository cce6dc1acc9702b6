"""The memory home's layout (DESIGN.md section 1): its folders, the starter MEMORY.md, how session files are
named, and the one forgiving reader of a memory file. Standard library only: hooks and the CLI import it."""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.regular_file import read_regular

DIRECTORIES = (
    "areas/projects",
    "areas/patterns",
    "areas/tools",
    "daily",
    "sessions",
    "reports",
    "inbox",
    "events",
    "state",
    "run",
)

STARTER_MEMORY = """# Memory

What every session should know. memoryd indexes this file; edit it freely.

## Preferences
- (How you like to work: languages, tools, style.)

## Lessons
- (Mistakes not to repeat. memoryd appends deduplicated lessons here.)

## Best practices
- (What has worked well.)
"""

# The starter's placeholder bullets ("(How you like to work: languages, tools, style.)"): they say nothing about the
# person, so no rule is judged against them
STARTER_PLACEHOLDERS = frozenset(
    line[2:].strip() for line in STARTER_MEMORY.splitlines() if line.startswith("- (") and line.endswith(")")
)


def is_starter_placeholder(bullet: str) -> bool:
    """Whether a bullet's text is one of MEMORY.md's starter placeholders (a person's own "(…)" bullet is not)."""
    return " ".join(bullet.split()) in STARTER_PLACEHOLDERS


# The inbox's name for a transcript handed over on Stop (`ID.stop.jsonl`): it waits until the session is idle.
LIVE_SESSION_SUFFIX = ".stop.jsonl"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def safe_id(raw: str) -> str:
    """A session id usable as a file name (Claude Code's are UUIDs; anything else is folded)."""
    return _UNSAFE.sub("-", raw).strip(".-")[:120] or "session"


def read_text(path: Path) -> str:
    """A memory file's text ('' when it is missing, unreadable or not a regular file; invalid UTF-8 replaced)."""
    try:
        return read_regular(path).decode("utf-8", errors="replace")
    except OSError:
        return ""
