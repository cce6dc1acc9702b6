"""The one gate every agent-integration write passes: `<private>` spans out, then secrets redacted.

Invariant: nothing the hooks, the inbox or the MCP server write (daily notes, session summaries, moved notes,
event payloads, lessons) bypasses `scrub`; JSON payloads are scrubbed value by value, keys kept, so an event
stays valid for its schema. The order matters: a secret inside a `<private>` block must vanish with the block,
not leave a `[REDACTED]` marker that tells a reader something was there.
"""

from __future__ import annotations

from typing import Any

from pipeline.redact import redact, strip_private


def scrub(text: str, *, emails: bool = True) -> str:
    """`text` without private spans and with secrets replaced by `[REDACTED:kind]`. Pure, idempotent."""
    return redact(strip_private(text), emails=emails)


def scrub_data(value: Any, *, emails: bool = True) -> Any:
    """A JSON value with every string scrubbed (dict keys too are left alone: they are field names)."""
    if isinstance(value, str):
        return scrub(value, emails=emails)
    if isinstance(value, dict):
        return {key: scrub_data(item, emails=emails) for key, item in value.items()}
    if isinstance(value, list):
        return [scrub_data(item, emails=emails) for item in value]
    return value
