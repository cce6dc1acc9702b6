"""Paths to index once they have been left alone: when a file is rewritten in bursts (the daemon rewrites the daily
note on every edit an agent makes), indexing it once, seconds after the burst, saves re-reading and embedding it
each time on the cores the agent's next hook is waiting for. A path is due when no call has named it for `quiet_s`,
and at the latest `max_s` after the first call of its series. Pure: the caller gives the clock (monotonic seconds).
"""

from __future__ import annotations

Key = tuple[str, str]  # (root, path)


class DeferredPaths:
    def __init__(self) -> None:
        self._due: dict[Key, tuple[float, float]] = {}  # key -> (due, first named)

    def __len__(self) -> int:
        return len(self._due)

    def discard(self, key: Key) -> None:
        self._due.pop(key, None)

    def add(self, key: Key, now: float, *, quiet_s: float, max_s: float) -> None:
        first = self._due[key][1] if key in self._due else now
        self._due[key] = (min(now + quiet_s, first + max(max_s, quiet_s)), first)

    def take_due(self, now: float) -> list[Key]:
        """The keys whose time has come, no longer deferred."""
        due = [key for key, (at, _) in self._due.items() if at <= now]
        for key in due:
            del self._due[key]
        return due

    def next_in(self, now: float) -> float | None:
        """Seconds until the next key is due (None: none is deferred)."""
        return min(at for at, _ in self._due.values()) - now if self._due else None
