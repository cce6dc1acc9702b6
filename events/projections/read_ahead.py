"""Batches of the log for the projector, and a reader in a second process that parses them ahead of a replay.

Why a second process: parsing the log's lines and folding them into rows is pure Python (about half of a
replay's CPU on 10^6 events), and in a thread it takes turns with SQLite's writing for the one GIL, so the
applier waited for the reader at every batch. A child process parses the lines and runs each projection's
`prepare` on the other core, ahead of the applier, and hands each batch over as the prepared rows (`marshal`:
loading them costs the parent about a seventh of what parsing and preparing cost). It reads with the same code
from the same positions, so the batches and rows are the ones this process would make.

Why a session of its own (`start_new_session`): the parent alone decides when the child stops (`ReadAhead.close`;
a child whose parent is gone dies writing to the closed pipe), so a terminal's Ctrl-C or Ctrl-Z must not reach it;
and where Linux shares the CPU between sessions (autogroup, the default on desktops), a child in the parent's
session only splits the parent's share of it while another session keeps a core busy (2026-11-27, another
session's two jobs running: 10^6 events in 31.5 and 38.8 s with the child in its own session, 36.5-54.6 s in the
parent's, the code before 42-49 s; README, `bench/events.py`).

Why staged rows: a projection whose rows need nothing from the database (`event_index`: a row per event) may
declare `STAGED_COLUMNS`; the child then writes its prepared rows into a scratch SQLite file of the batch's own
(`batch-N.db`, in a temporary directory, one table per such projection) instead of the frame, and the parent
attaches that file and copies the table with one `INSERT ... SELECT` (`apply_staged`). Marshalling a row, loading
it and binding its values one by one cost the parent about five times what SQLite's copy of it does, and the
parent is what a replay waits for; the child's writing of the file is on the other core.

Invariants: the child only reads the log (it never writes it; quarantined lines it reports are adopted by the
parent's log; it writes only its scratch files, each complete before its frame is sent, never touched after), it
reads only the segments the parent listed and this machine's segments only up to what the parent had acknowledged,
and any failure of it (it cannot start, dies, or sends garbage) makes the parent read on in-process from just past
the last batch it received: the child decides speed only, never what is applied.
A projection's `prepare` returns plain values (tuples, lists, dicts, sets, strings, bytes, numbers, None), the
types `marshal` carries; anything else would stop the child, and the replay would go on in-process. A staged
table's values are the ones `prepare` returned, stored without column affinity, so the copy binds the same values.
"""

from __future__ import annotations

import gc
import importlib
import itertools
import marshal
import operator
import os
import queue
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import orjson
import structlog

import events
from events.event import Event
from events.log import EventLog, Position
from events.log_quarantine import QuarantinedLine

logger = structlog.get_logger(__name__)

_HEADER = 8  # bytes: the little-endian length of the marshalled batch (or `_END`) that follows
_MAX_FRAME = 1 << 31  # bytes: a batch of 10^5 events is ~20 MB; a larger length is garbage, not a batch
_END = marshal.dumps(None)  # the last frame: everything the segments held when reading began was sent
CHILD_ARGS = ("-m", "events.projections.read_ahead")  # after the interpreter (tests start a broken one)
# Why 2: the child may run this many batches ahead of the one being applied (a frame of ~6 MB each, and its
# scratch file), so a batch that takes the applier longer than usual does not stop the child, nor the other way
# round; with the pipe alone (64 KiB) the two took turns at every batch.
FRAMES_AHEAD = 2
SCRATCH_SCHEMA = "replay_scratch"  # the name a batch's scratch file is attached under while it is applied


@dataclass(frozen=True, slots=True)
class Batch:
    """Events read from the log, made ready for the projections off the database thread: in id order, with the
    checkpoint they advance to (per-segment next offsets, largest id) and their smallest id (a late event is
    one at or below the checkpoint)."""

    events: list[Event]
    offsets: dict[str, int]
    first_id: str
    last_id: str
    size: int
    # Projection name -> what its `prepare(events)` returned for this batch, made by the reader: a projection
    # named here is applied from this alone (`runner.apply_batch`), and the events are left out once every
    # projection is.
    prepared: dict[str, Any]
    # The scratch file holding the staged rows of the projections named in `staged` (one table each, named for
    # the projection), or "" (see the module docstring); the applier attaches it, and deletes it once applied.
    staged_path: str = ""
    staged: tuple[str, ...] = ()


def read_batch(stream: Iterator[Position], count: int) -> Batch | None:
    """The next `count` events of `stream` (fewer at its end) as a Batch, or None when it is exhausted. Blocking."""
    items = list(itertools.islice(stream, count))
    if not items:
        return None
    # Why the last position of each segment is its largest: a segment is read from start to end, and merging
    # segments keeps each one's order.
    offsets = {segment: next_offset for _, _, segment, next_offset in items}
    # Why sorted: projections fold a batch assuming id order ("the first event of a session"), and a segment may
    # hold imported history (ids of the past) after newer events (`EventLog.make_events`).
    items.sort(key=operator.itemgetter(0))
    return Batch([item[1] for item in items], offsets, items[0][0], items[-1][0], len(items), {})


class ReadAhead:
    """The batches of `log` from `start`, parsed by a child process (see the module docstring). Blocking calls."""

    def __init__(self, log: EventLog, start: dict[str, int], count: int, projections: Sequence[ModuleType]) -> None:
        self.log = log
        self.count = count
        self.position = dict(start)  # just past the last batch handed out: where reading in-process would go on
        self._segments = log.segment_names()
        self._stream: Iterator[Position] | None = None  # reading in-process, once the child failed
        self._proc: subprocess.Popen[bytes] | None = None
        self._scratch = tempfile.mkdtemp(prefix="memoryd-replay-")  # the child's staged rows (`close` removes it)
        self._frames: queue.Queue[bytes | Exception] = queue.Queue(maxsize=FRAMES_AHEAD)  # filled by `_pump`
        self._closing = threading.Event()
        self._pump_thread: threading.Thread | None = None
        self._ended = False
        request = {
            "events_dir": str(log.events_dir),
            "segments": self._segments,
            "start": self.position,
            "durable_ends": log.durable_ends(),
            "count": count,
            "projections": [projection.__name__ for projection in projections],
            "scratch": self._scratch,
        }
        root = str(Path(events.__file__).resolve().parent.parent)  # the child runs this very code
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, (root, os.environ.get("PYTHONPATH")))))
        try:
            self._proc = subprocess.Popen(
                [sys.executable, *CHILD_ARGS],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
                close_fds=True,
                start_new_session=True,
            )
            assert self._proc.stdin is not None
            self._proc.stdin.write(orjson.dumps(request))
            self._proc.stdin.close()
        except OSError as exc:
            self._fail(f"could not start: {exc}")
            return
        self._pump_thread = threading.Thread(target=self._pump, args=(self._proc,), name="read-ahead", daemon=True)
        self._pump_thread.start()

    def next_batch(self) -> Batch | None:
        """The next batch (None at the end of what the segments held when reading began)."""
        batch = self._receive() if self._stream is None else read_batch(self._stream, self.count)
        if batch is not None:
            self.position.update(batch.offsets)
        return batch

    def close(self) -> None:
        """Stop the child, if it still runs (a replay that ends early, or fails), and remove its scratch files."""
        self._closing.set()
        if self._proc is not None:
            if self._proc.poll() is None:
                self._proc.kill()
            self._proc.wait()
            if self._pump_thread is not None:  # (it sees the pipe's end, or `_closing`, at once)
                self._pump_thread.join()
                self._pump_thread = None
            assert self._proc.stdout is not None
            self._proc.stdout.close()
            self._proc = None
        shutil.rmtree(self._scratch, ignore_errors=True)

    def _pump(self, proc: subprocess.Popen[bytes]) -> None:
        """Read the child's frames as they come into `_frames` (a thread of its own; a failure is queued as the
        exception that says what it was). Why a thread: see FRAMES_AHEAD; reading a pipe releases the GIL."""
        stdout = proc.stdout
        assert stdout is not None
        try:
            while True:
                header = stdout.read(_HEADER)
                if len(header) != _HEADER:  # (a child that stops early without saying so, even with status 0)
                    raise RuntimeError(f"ended without its end mark, status {proc.wait()}")
                size = int.from_bytes(header, "little")
                if not 0 < size < _MAX_FRAME:
                    raise RuntimeError(f"not a batch: {size} bytes")
                payload = stdout.read(size)
                if len(payload) != size:
                    raise RuntimeError("a batch cut short")
                if not self._hand_over(payload) or payload == _END:
                    return
        except (OSError, ValueError, RuntimeError) as exc:
            self._hand_over(exc)

    def _hand_over(self, item: bytes | Exception) -> bool:
        """Queue `item` for `_receive`, waiting while the queue is full; False once `close` has begun."""
        while not self._closing.is_set():
            try:
                self._frames.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _receive(self) -> Batch | None:
        if self._proc is None or self._ended:
            return None
        try:
            payload = self._frames.get()
            if isinstance(payload, Exception):
                raise RuntimeError(str(payload))
            if payload == _END:
                self._ended = True
                return None
            rows, offsets, first_id, last_id, count, prepared, quarantined, staged_name, staged = marshal.loads(payload)
            staged_path = ""
            if staged:
                if os.path.basename(staged_name) != staged_name or not staged_name.endswith(".db"):
                    raise RuntimeError(f"not a scratch file: {staged_name!r}")
                staged_path = os.path.join(self._scratch, staged_name)
                if not os.path.isfile(staged_path):
                    raise RuntimeError(f"no scratch file {staged_name!r}")
            self.log.adopt_quarantined(itertools.starmap(QuarantinedLine, quarantined))
            events = list(itertools.starmap(Event, rows))
            return Batch(events, offsets, first_id, last_id, count, prepared, staged_path, tuple(staged))
        except (OSError, ValueError, TypeError, EOFError, IndexError, RuntimeError) as exc:
            self._fail(str(exc))
            return read_batch(self._reading(), self.count)

    def _fail(self, why: str) -> None:
        logger.warning("read_ahead_failed_reading_in_process", error=why, position=self.position)
        self.close()
        self._reading()

    def _reading(self) -> Iterator[Position]:
        if self._stream is None:
            self._stream = self.log.read_positions(self.position, self._segments)
        return self._stream


def events_of_types(events: list[Event], projections: Sequence[ModuleType]) -> Callable[[ModuleType], list[Event]]:
    """`events` as each of `projections` reads them: only the types it declares in `TYPES` (all of them when it
    declares none), in the same order. Blocking.

    Why: most projections read one to three of the log's types, and each one's `prepare` looping over every
    event of a batch to skip the rest cost more than the events it reads (a replay's events are half `ref`s, a
    third `access`es); one pass hands each event to the lists of the type sets that include its type.
    """
    lists: dict[tuple[str, ...], list[Event]] = {}
    into: dict[str, list[list[Event]]] = {}  # type -> the lists of the type sets that include it
    for projection in projections:
        types: tuple[str, ...] | None = getattr(projection, "TYPES", None)
        if types is not None and types not in lists:
            lists[types] = []
            for event_type in types:
                into.setdefault(event_type, []).append(lists[types])
    nowhere: list[list[Event]] = []
    for event in events:
        for found in into.get(event.type, nowhere):
            found.append(event)

    def chosen(projection: ModuleType) -> list[Event]:
        types: tuple[str, ...] | None = getattr(projection, "TYPES", None)
        return events if types is None else lists[types]

    return chosen


def _stage(path: Path, tables: dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]) -> None:
    """Write each table's rows into a new scratch file at `path`. Blocking.

    Why no journal and no sync: the file is written once, closed before the parent hears of it, and only ever
    read by the parent in this boot; a crash loses nothing the log does not still hold.
    """
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("BEGIN")
        for table, (columns, rows) in tables.items():
            # Why no declared types: a column without affinity keeps each value as `prepare` made it.
            conn.execute(f'CREATE TABLE "{table}" ({", ".join(columns)})')
            conn.executemany(f'INSERT INTO "{table}" VALUES ({", ".join("?" * len(columns))})', rows)
        conn.execute("COMMIT")
    finally:
        conn.close()


def _serve(source: IO[bytes], out: IO[bytes]) -> None:
    """The child: read the batches the request on `source` names and write each to `out`, marshalled."""
    gc.disable()  # as in the parent's replay (`bulk.pause_collector`): parsing makes no cycles, only garbage
    request: dict[str, Any] = orjson.loads(source.read())
    log = EventLog.reader(Path(request["events_dir"]), request["durable_ends"])
    known = {(item.segment, item.offset) for item in log.quarantined()}
    projections = [importlib.import_module(name) for name in request["projections"]]
    preparing = [projection for projection in projections if hasattr(projection, "prepare")]
    scratch = Path(request["scratch"]) if request.get("scratch") else None
    staging = [p for p in preparing if scratch is not None and getattr(p, "STAGED_COLUMNS", None)]
    stream = log.read_positions(request["start"], request["segments"])
    for sequence in itertools.count():
        if (batch := read_batch(stream, request["count"])) is None:
            break
        chosen = events_of_types(batch.events, preparing)
        prepared = {projection.NAME: projection.prepare(chosen(projection)) for projection in preparing}
        staged_name = f"batch-{sequence:06d}.db"
        if scratch is not None and staging:
            tables = {p.NAME: (tuple(p.STAGED_COLUMNS), prepared.pop(p.NAME)) for p in staging}
            _stage(scratch / staged_name, tables)
        rows = []
        if len(preparing) < len(projections):
            rows = [(event.id, event.ts, event.type, event.data, event.v) for event in batch.events]
        new = [item for item in log.quarantined() if (item.segment, item.offset) not in known]
        known.update((item.segment, item.offset) for item in new)
        quarantined = [(item.segment, item.offset, item.length, item.error) for item in new]
        staged = [p.NAME for p in staging]
        frame = (rows, batch.offsets, batch.first_id, batch.last_id, batch.size, prepared, quarantined)
        payload = marshal.dumps((*frame, staged_name, staged))
        out.write(len(payload).to_bytes(_HEADER, "little"))
        out.write(payload)
        out.flush()
    out.write(len(_END).to_bytes(_HEADER, "little") + _END)
    out.flush()


if __name__ == "__main__":
    # The batches go out on the original stdout; anything printed (a log line) goes to stderr instead.
    with os.fdopen(os.dup(1), "wb") as channel:
        os.dup2(2, 1)
        _serve(sys.stdin.buffer, channel)
