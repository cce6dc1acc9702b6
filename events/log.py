"""The append-only JSONL event log: one segment per month per machine, `events/YYYY-MM.HOST.jsonl`.

Invariants:
- An append is acknowledged only after its bytes are written and (by default) fsynced; concurrent appenders
  share one write and one fsync (group commit), so durability does not cost one fsync per client.
- An append is atomic across a crash. A batch of several events carries `"batch": [i, n]` on each of its lines
  (line i of n, contiguous in one segment); readers replay a batch only once all n lines are there, never part
  of it. A batch cut short by a crash is fenced by the writer at its next start and quarantined by readers, like
  a torn line; one still being written is simply not read yet. Single events carry no mark; old logs read as
  before (a SIGKILL during a 100,000-event import used to replay part of it, then import it again).
- A write that fails (a full disk, EIO) is cut back to the last acknowledged byte before the error is returned,
  so refused bytes can never surface later; a full disk is reported as `DiskFull` ("disk full: ...").
- Readers in this process never see this machine's bytes before they are acknowledged (they read up to the
  durable end), so a projection can never apply an event that a failed write then takes back.
- Otherwise the log is never rewritten. A torn last line (a crash mid-write) is fenced off by a newline before
  the next append, so it can never glue onto a good event; readers copy any unparseable line to
  `events/quarantine/` with its segment and offset, never replay it, and report it.
- Readers only consume complete lines (ending in a newline), so a line being written is never read half.
- Ids and `ts` are the moment of the append, except for history imported late (`append(..., at=)`): those carry
  the time the session happened, so a segment may hold older ids after newer ones (the projector sorts each
  batch by id and every projection is ORDER_FREE, so the rows are the same either way).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import errno
import heapq
import operator
import os
import re
import socket
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from events.event import SCHEMA_VERSION, Event, utc_timestamp
from events.log_lines import ParsedLine, encode_batch, ends_inside_a_batch, parse_line, parse_valid
from events.log_quarantine import Quarantine, QuarantinedLine
from events.schema import validate
from events.ulid import new_ulid, ulids_at

logger = structlog.get_logger(__name__)

# (event id, event, segment, offset just past its line): one event as `read_positions` yields it.
Position = tuple[str, Event, str, int]
_EVENT_ID = operator.itemgetter(0)
# `YYYY-MM.MACHINE.jsonl` travels with `memoryd sync`; `YYYY-MM.MACHINE.local.jsonl` stays on its machine.
SEGMENT_RE = re.compile(r"^(\d{4}-\d{2})\.([A-Za-z0-9_-]+)(\.local)?\.jsonl$")
LOCAL_SUFFIX = ".local"
# Why 1 MiB: a replay merges every segment at once (two machines make 24 a year) and holds one block of each,
# split into lines; at 8 MiB that was about 0.5 GB at the peak of a 10^6-event replay, at 1 MiB about 0.2 GB less.
READ_BLOCK = 1024 * 1024
TAIL_PROBE = 1 << 20  # bytes read back from a segment's end at open to find its last line
DISK_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


class DiskFull(OSError):
    """An append refused because the disk (or the file-size limit) is full; nothing of it was written."""

    def __init__(self, cause: OSError) -> None:
        detail = cause.strerror or str(cause)
        super().__init__(cause.errno, f"disk full: the events were not recorded ({detail}); free some space and retry")
        self.message = self.strerror or ""


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
        self._fds: dict[str, int] = {}  # this machine's open segment (one at a time), O_APPEND
        self._durable: dict[str, int] = {}  # this machine's segments: end of the last acknowledged append
        self._peers: list[EventLog] = []  # logs writing other segments of this directory (`share_durable_ends`)
        self._quarantined = Quarantine(self.quarantine_dir)
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
                log._close_fds()

    def _close_fds(self) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    def _prepare(self) -> None:
        self.events_dir.mkdir(parents=True, exist_ok=True)
        self.quarantine_dir.mkdir(exist_ok=True)
        self._quarantined.load()
        for name in self.segment_names():
            if segment_machine(name) == self.host and is_local_segment(name) == self.local:
                self._durable[name] = self._fence_torn_tail(self.events_dir / name)

    def _fence_torn_tail(self, path: Path) -> int:
        """End a crash's leftovers before the first append; returns the segment's size after that.

        Why: appending after a torn line would glue the next event onto the fragment and corrupt it, so a tail
        without its newline gets one. A batch whose last lines never reached the disk (the crash came between
        two lines) gets an empty line after it: readers take that as "this batch ends here, incomplete"."""
        size = path.stat().st_size
        if size == 0:
            return 0
        with path.open("rb+") as handle:
            handle.seek(max(0, size - TAIL_PROBE))
            tail = handle.read()
            fence = b""
            if not tail.endswith(b"\n"):
                fence = b"\n"
                logger.warning("torn_tail_fenced", segment=path.name, offset=size)
            elif ends_inside_a_batch(tail):
                fence = b"\n"
                logger.warning("torn_batch_fenced", segment=path.name, offset=size)
            if fence:
                handle.seek(size)
                handle.write(fence)
                handle.flush()
                os.fsync(handle.fileno())
        return size + len(fence)

    # ---- appending -------------------------------------------------------------------------------

    def make_events(
        self, drafts: Iterable[tuple[str, dict[str, Any]]], *, at: dt.datetime | None = None
    ) -> list[Event]:
        """Validate drafts and stamp them with ids and times. Raises InvalidEvent before anything is written.

        `at` stamps the events with a moment in the past instead of now: both `ts` and the time part of each id
        (ids increasing within the batch). Why: history imported late (`memoryd import claude-code`) must read
        as having happened when it did, because the projections order by event id (recency, the recurring-
        problem window, the failure streak) and reports select by `ts`. Such events land in the segment being
        written now, so a segment's ids are not always increasing; every projection is ORDER_FREE (the runner's
        invariant), so the rows are the same as if the events had been appended at the time they carry.
        """
        items = list(drafts)
        for event_type, data in items:
            validate(event_type, data)
        if at is not None:
            moment = at.astimezone(dt.UTC)
            ids = ulids_at(int(moment.timestamp() * 1000), len(items))
            stamp = utc_timestamp(moment)
            return [Event(i, stamp, t, d, SCHEMA_VERSION) for i, (t, d) in zip(ids, items, strict=True)]
        return [Event(new_ulid(), utc_timestamp(), t, d, SCHEMA_VERSION) for t, d in items]

    async def append(
        self, drafts: Iterable[tuple[str, dict[str, Any]]], *, at: dt.datetime | None = None
    ) -> list[Event]:
        """Append events; return them once durable. All-or-nothing validation; one group fsync. `at`: see
        `make_events` (the events carry that moment, not now)."""
        events = self.make_events(drafts, at=at)
        if not events:
            return []
        payload = encode_batch(events)
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
        """Write and fsync `data` at the segment's end, or cut the segment back to where it was and raise
        (`DiskFull` for a full disk). Unbuffered: no refused byte can stay in a buffer for the next write."""
        name = self._segment_for_now()
        fd = self._fds.get(name)
        if fd is None:
            self._close_fds()
            fd = os.open(self.events_dir / name, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
            self._fds[name] = fd
        start = self._durable.get(name)
        if start is None:
            start = self._durable[name] = os.fstat(fd).st_size
        try:
            if os.fstat(fd).st_size != start:  # leftovers of a write whose cut-back failed
                os.ftruncate(fd, start)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if self.fsync:
                os.fsync(fd)
        except OSError as exc:
            self._cut_back(fd, name, start)
            if exc.errno in DISK_FULL_ERRNOS:
                raise DiskFull(exc) from exc
            raise
        self._durable[name] = start + len(data)

    def _cut_back(self, fd: int, name: str, start: int) -> None:
        try:
            os.ftruncate(fd, start)
            if self.fsync:
                os.fsync(fd)
        except OSError:  # retried before the next write (see above); readers stop at the durable end anyway
            logger.exception("append_cut_back_failed", segment=name, offset=start)
        else:
            logger.warning("append_refused_cut_back", segment=name, offset=start)

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

    def share_durable_ends(self, other: EventLog) -> None:
        """Read `other`'s segments (this machine's local-only ones) only up to what `other` acknowledged."""
        self._peers.append(other)

    def durable_ends(self) -> dict[str, int]:
        """Where this log and its peers stop reading their own segments (what they acknowledged so far)."""
        ends: dict[str, int] = {}
        for log in (*reversed(self._peers), self):
            ends.update(log._durable)
        return ends

    @classmethod
    def reader(cls, events_dir: Path, durable_ends: dict[str, int]) -> EventLog:
        """A log that only reads, stopping at `durable_ends` (another process's `durable_ends()`)."""
        log = cls(events_dir, host="-")
        log._durable = dict(durable_ends)
        log._quarantined.load()
        return log

    def _durable_end(self, name: str) -> int | None:
        for log in (self, *self._peers):
            if (end := log._durable.get(name)) is not None:
                return end
        return None

    def _segment_positions(self, name: str, offset: int) -> Iterator[Position]:
        """The events of one segment from `offset`, whole batches only (see the module docstring)."""
        path = self.events_dir / name
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            return
        limit = self._durable_end(name)  # this machine's segment: never past the last acknowledged byte
        remaining = None if limit is None else max(0, limit - offset)
        pending: list[Position] = []  # the batch being read
        pending_start = expected = 0  # where the pending batch starts, how many lines it has
        continuing = True  # reading from `offset`, the rest of a batch yielded (so complete) before may follow
        with handle:
            handle.seek(offset)
            carry = b""
            position = offset  # file offset of carry[0]
            while True:
                block = handle.read(READ_BLOCK if remaining is None else min(READ_BLOCK, remaining))
                if not block:
                    return  # an unterminated tail, or a batch not complete yet, stays unread until it is
                if remaining is not None:
                    remaining -= len(block)
                buffer = carry + block
                end = buffer.rfind(b"\n")
                if end < 0:
                    carry = buffer
                    continue
                next_offset = position
                for line in buffer[:end].split(b"\n"):
                    line_offset = next_offset
                    next_offset += len(line) + 1
                    parsed = parse_valid(line)  # the fast paths: a well-formed line, as nearly all are
                    if parsed is not None:
                        event, mark = parsed
                        if mark is None and not pending:  # a single event
                            continuing = False
                            yield (event.id, event, name, next_offset)
                            continue
                        if mark is not None and pending and mark[0] == len(pending) and mark[1] == expected:
                            pending.append((event.id, event, name, next_offset))  # the next line of a batch
                            if len(pending) == expected:
                                yield from pending
                                pending = []
                            continue
                    if parsed is None:
                        parsed = self._parse_line(name, line_offset, line) if line.strip() else None
                    if parsed is None:  # a blank line (a writer's fence) or a quarantined one: a batch ends here
                        self._abandon(name, pending, pending_start, expected)
                        pending, continuing = [], False
                        continue
                    event, mark = parsed
                    here = (event.id, event, name, next_offset)
                    if mark is None:
                        self._abandon(name, pending, pending_start, expected)
                        pending, continuing = [], False
                        yield here
                        continue
                    index, count = mark
                    if index == 0:
                        self._abandon(name, pending, pending_start, expected)
                        pending, pending_start, expected, continuing = [here], line_offset, count, False
                    elif pending and index == len(pending) and count == expected:
                        pending.append(here)
                    elif not pending and continuing:
                        continuing = index < count - 1
                        yield here
                        continue
                    else:  # a line of a batch whose start is missing: cut short by a crash
                        self._abandon(name, pending, pending_start, expected)
                        self._abandon(name, [here], line_offset, count)
                        pending, continuing = [], False
                        continue
                    if len(pending) == expected:
                        yield from pending
                        pending = []
                carry = buffer[end + 1 :]
                position += end + 1

    def _abandon(self, segment: str, lines: list[Position], start: int, count: int) -> None:
        """Quarantine the lines of an incomplete batch (from `start`) as one record: none is ever replayed."""
        if not lines or (segment, start) in self._quarantined:
            return
        with (self.events_dir / segment).open("rb") as handle:  # rare: the bytes are read again only here
            handle.seek(start)
            raw = handle.read(lines[-1][3] - start).rstrip(b"\n")
        error = f"incomplete batch: {len(lines)} of {count} events (cut short by a crash); none replayed"
        self._quarantine(segment, start, raw, error)

    def _parse_line(self, segment: str, offset: int, line: bytes) -> ParsedLine | None:
        try:
            return parse_line(line)
        except ValueError as exc:
            self._quarantine(segment, offset, line, str(exc))
            return None

    def read_all(self, start: dict[str, int] | None = None) -> Iterator[LoggedEvent]:
        """Every segment from its start offset, merged in event-id order (the projections' order)."""
        positions = self.read_positions(start)  # the segments are listed now, not at the first next()
        return (LoggedEvent(event, segment, next_offset) for _, event, segment, next_offset in positions)

    def read_positions(
        self, start: dict[str, int] | None = None, segments: list[str] | None = None
    ) -> Iterator[Position]:
        """`read_all` in raw form, for replay: `(event id, event, segment, next offset)` tuples, same order;
        only `segments` when given (a reader in another process reads the segments this one listed).

        Why: replaying 10^6 events, a LoggedEvent per line and a Python key function per merge step cost
        more than a second; a tuple keyed by `itemgetter(0)` costs a tenth of that.
        """
        start = start or {}
        names = self.segment_names() if segments is None else segments
        streams = [self._segment_positions(name, start.get(name, 0)) for name in names]
        if len(streams) == 1:
            return streams[0]
        return heapq.merge(*streams, key=_EVENT_ID)

    # ---- quarantine ------------------------------------------------------------------------------

    def _quarantine(self, segment: str, offset: int, line: bytes, error: str) -> None:
        self._quarantined.add(segment, offset, line, error)

    def adopt_quarantined(self, items: Iterable[QuarantinedLine]) -> None:
        """Know lines that a reader in another process quarantined (it wrote their records)."""
        self._quarantined.adopt(items)

    def quarantined(self) -> list[QuarantinedLine]:
        return self._quarantined.items()
