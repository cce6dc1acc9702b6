"""ULIDs: 128-bit ids whose text sorts by creation time, unique across machines without coordination.

Invariant: ids made by one process are strictly increasing, even within one millisecond (the random part
is incremented), so the log's id order is its append order on each machine.
"""

from __future__ import annotations

import os
import threading
import time

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32
_lock = threading.Lock()
_last_ms = -1
_last_rand = 0


def _encode(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_ulid(now_ms: int | None = None) -> str:
    """A new ULID (26 chars). Thread-safe and monotonic within the process."""
    global _last_ms, _last_rand
    ms = int(time.time() * 1000) if now_ms is None else now_ms
    with _lock:
        if ms <= _last_ms:
            ms = _last_ms
            _last_rand = (_last_rand + 1) & ((1 << 80) - 1)
        else:
            _last_ms = ms
            _last_rand = int.from_bytes(os.urandom(10), "big") >> 1  # headroom for increments
        rand = _last_rand
    return _encode(ms, 10) + _encode(rand, 16)


def ulids_at(ms: int, count: int) -> list[str]:
    """`count` ULIDs whose time part is `ms` (a moment in the past: an imported session's own time), strictly
    increasing among themselves, so a batch keeps its order. They do not touch this process's monotonic
    state: ids made now still sort after them. Unique like any ULID (a random 80-bit start)."""
    start = int.from_bytes(os.urandom(10), "big") >> 1  # headroom for `count` increments
    return [_encode(ms, 10) + _encode((start + i) & ((1 << 80) - 1), 16) for i in range(count)]


def ulid_time_ms(ulid: str) -> int:
    """The millisecond timestamp encoded in a ULID."""
    value = 0
    for ch in ulid[:10]:
        value = value * 32 + _ALPHABET.index(ch)
    return value
