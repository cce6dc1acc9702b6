"""The append-only JSONL event log: one segment per month per machine, `events/YYYY-MM.HOST.jsonl`.

Invariants:
- An append is acknowledged only after its bytes are written and (by default) fsynced; concurrent appenders
  share one write and one fsync (group commit), so durability does not cost one fsync per client.
- The log is never rewritten. A torn last line (a crash mid-write) is fenced off by a newline before the
  next append, so it can never glue onto a good event; readers copy any unparseable line to
  `events/quarantine/` with its segment and offset, never replay it, and report it.
- Readers only consume complete lines (ending in a newline), so a line being written is never read half.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import heapq
import operator
import os
import re
import socket
import threading
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import structlog

from events.event import SCHEMA_VERSION, Event, utc_timestamp
from events.schema import validate
from events.ulid import new_ulid

logger = structlog.get_logger(__name__)

# (event id, event, segment, offset just past its line): one event as `read_positions` yields it.
Position = tuple[str, Event, str, int]
_EVENT_ID = operator.itemgetter(0)
# `YYYY-MM.MACHINE.jsonl` travels with `memoryd sync`; `YYYY-MM.MACHINE.local.jsonl` stays on its machine.
SEGMENT_RE = re.compile(r"^(\d{4}-\d{2})\.([A-Za-z0-9_-]+)(\.local)?\.jsonl$")
LOCAL_SUFFIX = ".local"
READ_BLOCK = 8 * 1024 * 1024


def host_name() -> str:
    """This machine's id as it names its segments: `MEMORYD_MACHINE` (or the older `MEMORYD_HOST`), else the
    host name; safe characters only. The daemon passes its resolved `Settings.machine` explicitly."""
    name = os.environ.get("MEMORYD_MACHINE") or os.environ.get("MEMORYD_HOST") or socket.gethostname()
    return clean_machine_id(name.split(".")[0])


def clean_machine_id(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)[:64] or "host"


def segment_machine(name: str) -> str | None:
    """The machine that writes segment `name` (None when `name` is not a segment's name)."""
    match = SEGMENT_RE.match(name)
    return match.group(2) if match else None


def is_local_segment(name: str) -> bool:
    return name.endswith(f"{LOCAL_SUFFIX}.jsonl")


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event read back from the log, with the position just past its line."""

    event: Event
    segment: str
    next_offset: int


@dataclass(frozen=True, slots=True)
class QuarantinedLine:
    segment: str
    offset: int
    length: int
    error: str


class EventLog:
    """The single writer of this machine's segments and the reader of every machine's segments."""

    def __init__(self, events_dir: Path, *, host: str | None = None, fsync: bool = True, local: bool = False) -> None:
        self.events_dir = events_dir
        self.quarantine_dir = events_dir / "quarantine"
        self.host = host or host_name()
        self.fsync = fsync
        self.local = local  # writes this machine's local-only segments (`YYYY-MM.HOST.local.jsonl`)
        self._lock = asyncio.Lock()
        self._pending: list[tuple[bytes, asyncio.Future[None]]] = []
        self._files: dict[str, Any] = {}
        self._quarantine_lock = threading.Lock()
        self._quarantined: dict[tuple[str, int], QuarantinedLine] = {}
        self.appended = 0

    @classmethod
    @contextlib.asynccontextmanager
    async def open(
        cls, events_dir: Path, *, host: str | None = None, fsync: bool = True, local: bool = False
    ) -> AsyncIterator[EventLog]:
        """Open the log for appending; fence torn tails of this machine's segments; close on exit.

        With `local`, appends go to this machine's local-only segments, which `memoryd sync` never shares
        (the daemon keeps one log of each kind); reading is the same either way: every segment of every machine."""
        log = cls(events_dir, host=host, fsync=fsync, local=local)
        await asyncio.to_thread(log._prepare)
        try:
            yield log
        finally:
            async with log._lock:
                for handle in log._files.values():
                    handle.close()
                log._files.clear()

    def _prepare(self) -> None:
        self.events_dir.mkdir(parents=True, exist_ok=True)
        self.quarantine_dir.mkdir(exist_ok=True)
        self._load_quarantine_index()
        for name in self.segment_names():
            if segment_machine(name) == self.host and is_local_segment(name) == self.local:
                self._fence_torn_tail(self.events_dir / name)

    def _fence_torn_tail(self, path: Path) -> None:
        """Why: appending after a torn line would glue the next event onto the fragment and corrupt it."""
        size = path.stat().st_size
        if size == 0:
            return
        with path.open("rb+") as handle:
            handle.seek(size - 1)
            if handle.read(1) != b"\n":
                handle.seek(size)
                handle.write(b"\n")
                handle.flush()
                os.fsync(handle.fileno())
                logger.warning("torn_tail_fenced", segment=path.name, offset=size)

    # ---- appending -------------------------------------------------------------------------------

    def make_events(self, drafts: Iterable[tuple[str, dict[str, Any]]]) -> list[Event]:
        """Validate drafts and stamp them with ids and times. Raises InvalidEvent before anything is written."""
        items = list(drafts)
        for event_type, data in items:
            validate(event_type, data)
        return [Event(new_ulid(), utc_timestamp(), t, d, SCHEMA_VERSION) for t, d in items]

    async def append(self, drafts: Iterable[tuple[str, dict[str, Any]]]) -> list[Event]:
        """Append events; return them once durable. All-or-nothing validation; one group fsync."""
        events = self.make_events(drafts)
        if not events:
            return []
        payload = b"".join(orjson.dumps(e.to_json_obj(), option=orjson.OPT_APPEND_NEWLINE) for e in events)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((payload, done))
        async with self._lock:
            if not done.done():  # an earlier holder of the lock may already have written our bytes
                batch, self._pending = self._pending, []
                try:
                    await asyncio.to_thread(self._write_durably, b"".join(p for p, _ in batch))
                except BaseException as exc:
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(exc if isinstance(exc, Exception) else OSError(str(exc)))
                    raise
                for _, fut in batch:
                    fut.set_result(None)
        await done
        self.appended += len(events)
        return events

    def _segment_for_now(self) -> str:
        return f"{utc_timestamp()[:7]}.{self.host}{LOCAL_SUFFIX if self.local else ''}.jsonl"

    def _write_durably(self, data: bytes) -> None:
        name = self._segment_for_now()
        handle = self._files.get(name)
        if handle is None:
            for old in self._files.values():
                old.close()
            self._files.clear()
            handle = (self.events_dir / name).open("ab")
            self._files[name] = handle
        handle.write(data)
        handle.flush()
        if self.fsync:
            os.fsync(handle.fileno())

    # ---- reading ---------------------------------------------------------------------------------

    def segment_names(self) -> list[str]:
        if not self.events_dir.is_dir():
            return []
        return sorted(p.name for p in self.events_dir.iterdir() if SEGMENT_RE.match(p.name))

    def segment_sizes(self) -> dict[str, int]:
        return {name: (self.events_dir / name).stat().st_size for name in self.segment_names()}

    def read_segment(self, name: str, offset: int = 0) -> Iterator[LoggedEvent]:
        """Yield the complete, valid events of one segment from `offset`, quarantining bad lines. Blocking."""
        for _, event, segment, next_offset in self._segment_positions(name, offset):
            yield LoggedEvent(event, segment, next_offset)

    def _segment_positions(self, name: str, offset: int) -> Iterator[Position]:
        path = self.events_dir / name
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            return
        with handle:
            handle.seek(offset)
            carry = b""
            position = offset  # file offset of carry[0]
            while True:
                block = handle.read(READ_BLOCK)
                if not block:
                    return  # an unterminated tail stays unread until it is completed or fenced
                buffer = carry + block
                end = buffer.rfind(b"\n")
                if end < 0:
                    carry = buffer
                    continue
                next_offset = position
                for line in buffer[:end].split(b"\n"):
                    line_offset = next_offset
                    next_offset += len(line) + 1
                    event = _parse_valid(line)  # the fast path: a well-formed line, as nearly all are
                    if event is None:
                        if not line.strip():
                            continue
                        event = self._parse_line(name, line_offset, line)
                        if event is None:
                            continue
                    yield (event.id, event, name, next_offset)
                carry = buffer[end + 1 :]
                position += end + 1

    def _parse_line(self, segment: str, offset: int, line: bytes) -> Event | None:
        try:
            obj = orjson.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("line is not a JSON object")
            event = Event(
                id=_require_str(obj, "id"),
                ts=_require_str(obj, "ts"),
                type=_require_str(obj, "type"),
                data=obj["data"] if isinstance(obj.get("data"), dict) else _bad("data is not an object"),
                v=int(obj.get("v", SCHEMA_VERSION)),
            )
        except (ValueError, KeyError, TypeError) as exc:
            self._quarantine(segment, offset, line, str(exc))
            return None
        return event

    def read_all(self, start: dict[str, int] | None = None) -> Iterator[LoggedEvent]:
        """Every segment from its start offset, merged in event-id order (the projections' order)."""
        positions = self.read_positions(start)  # the segments are listed now, not at the first next()
        return (LoggedEvent(event, segment, next_offset) for _, event, segment, next_offset in positions)

    def read_positions(self, start: dict[str, int] | None = None) -> Iterator[Position]:
        """`read_all` in raw form, for replay: `(event id, event, segment, next offset)` tuples, same order.

        Why: replaying 10^6 events, a LoggedEvent per line and a Python key function per merge step cost
        more than a second; a tuple keyed by `itemgetter(0)` costs a tenth of that.
        """
        start = start or {}
        streams = [self._segment_positions(name, start.get(name, 0)) for name in self.segment_names()]
        if len(streams) == 1:
            return streams[0]
        return heapq.merge(*streams, key=_EVENT_ID)

    # ---- quarantine ------------------------------------------------------------------------------

    def _load_quarantine_index(self) -> None:
        for path in sorted(self.quarantine_dir.glob("*.jsonl")):
            for raw in path.read_bytes().splitlines():
                try:
                    rec = orjson.loads(raw)
                    item = QuarantinedLine(rec["segment"], rec["offset"], rec["length"], rec["error"])
                except (ValueError, KeyError, TypeError):
                    continue
                self._quarantined[(item.segment, item.offset)] = item

    def _quarantine(self, segment: str, offset: int, line: bytes, error: str) -> None:
        """Copy a bad line aside exactly once, with where it was and why; the segment itself is untouched."""
        key = (segment, offset)
        with self._quarantine_lock:
            if key in self._quarantined:
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
            self.quarantine_dir.mkdir(parents=True, exist_ok=True)
            target = self.quarantine_dir / f"{segment.removesuffix('.jsonl')}.quarantine.jsonl"
            with target.open("ab") as handle:
                handle.write(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))
                handle.flush()
                os.fsync(handle.fileno())
            self._quarantined[key] = item
        logger.warning("event_line_quarantined", segment=segment, offset=offset, error=item.error)

    def quarantined(self) -> list[QuarantinedLine]:
        with self._quarantine_lock:
            return sorted(self._quarantined.values(), key=lambda q: (q.segment, q.offset))


def _parse_valid(line: bytes) -> Event | None:
    """The event on a well-formed line, or None when `_parse_line` must judge (and maybe quarantine) it.

    Why: replay parses every line of the log; these exact-type checks accept only what `_parse_line` would
    accept unchanged, at a fraction of its cost (orjson makes exact `str`, `dict` and `int` objects).
    """
    try:
        obj = orjson.loads(line)
        event_id, ts, event_type, data = obj["id"], obj["ts"], obj["type"], obj["data"]
        v = obj.get("v", SCHEMA_VERSION)
    except (orjson.JSONDecodeError, KeyError, TypeError, AttributeError):
        return None  # not JSON, not an object, or a field missing
    if (
        type(event_id) is str
        and event_id
        and type(ts) is str
        and ts
        and type(event_type) is str
        and event_type
        and type(data) is dict
        and type(v) is int
    ):
        return Event(event_id, ts, event_type, data, v)
    return None


def _require_str(obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"field {key!r} is missing or not a string")
    return value


def _bad(message: str) -> Any:
    raise ValueError(message)
