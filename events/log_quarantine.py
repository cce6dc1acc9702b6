"""The log's quarantine: bad lines copied aside to `events/quarantine/`, each exactly once, never replayed.

Why its own record of what is quarantined: readers meet the same bad line at every replay, and a reader in
another process (`projections/read_ahead.py`) quarantines lines that this process must then know about.
"""

from __future__ import annotations

import base64
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson
import structlog

from events.event import utc_timestamp

logger = structlog.get_logger(__name__)


@dataclass(frozen=True, slots=True)
class QuarantinedLine:
    segment: str
    offset: int
    length: int
    error: str


class Quarantine:
    """The quarantined lines of one events directory, as recorded under `directory`. Thread-safe."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._known: dict[tuple[str, int], QuarantinedLine] = {}

    def load(self) -> None:
        for path in sorted(self.directory.glob("*.jsonl")):
            for raw in path.read_bytes().splitlines():
                try:
                    rec = orjson.loads(raw)
                    item = QuarantinedLine(rec["segment"], rec["offset"], rec["length"], rec["error"])
                except (ValueError, KeyError, TypeError):
                    continue
                self._known[(item.segment, item.offset)] = item

    def __contains__(self, key: tuple[str, int]) -> bool:
        return key in self._known

    def add(self, segment: str, offset: int, line: bytes, error: str) -> None:
        """Copy a bad line aside exactly once, with where it was and why; the segment itself is untouched."""
        key = (segment, offset)
        with self._lock:
            if key in self._known:
                return
            item = QuarantinedLine(segment, offset, len(line), error[:200])
            record = {
                "segment": segment,
                "offset": offset,
                "length": len(line),
                "error": item.error,
                "quarantined_at": utc_timestamp(),
                "raw_base64": base64.b64encode(line).decode("ascii"),
            }
            self.directory.mkdir(parents=True, exist_ok=True)
            target = self.directory / f"{segment.removesuffix('.jsonl')}.quarantine.jsonl"
            with target.open("ab") as handle:
                handle.write(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))
                handle.flush()
                os.fsync(handle.fileno())
            self._known[key] = item
        logger.warning("event_line_quarantined", segment=segment, offset=offset, error=item.error)

    def adopt(self, items: Iterable[QuarantinedLine]) -> None:
        """Know lines that a reader in another process quarantined (it wrote their records)."""
        with self._lock:
            self._known.update(((item.segment, item.offset), item) for item in items)

    def items(self) -> list[QuarantinedLine]:
        with self._lock:
            return sorted(self._known.values(), key=lambda q: (q.segment, q.offset))
