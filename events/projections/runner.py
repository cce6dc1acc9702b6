"""Applies the event log to the projections, with checkpoints written in the same transaction as the rows.

Invariants:
- A projection's rows and its checkpoint (per-segment offsets, last event id) commit together, so a crash
  replays cleanly with no double counts (eventsourcing's tracking-record pattern).
- Events are applied in event-id order across all segments. Segments from other machines arrive whenever a
  sync brings them, so an event may arrive late: its id sorts before what was already applied. A projection
  that declares `ORDER_FREE = True` ends in the same state whatever order events arrive in (its rows are sums,
  maxima, sets, or "the latest by event id wins"), so late events are simply applied; any other projection is
  replayed from the start when a late event reaches it. Either way incremental equals rebuilt, on every machine.
- A segment that shrank or vanished below a checkpoint (rewritten by hand, restored from a backup) replays the
  projections that read it, rather than applying from an offset that no longer means anything.
- A changed VERSION (or missing table) drops and replays that projection alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import structlog

from events.log import EventLog
from events.projections import (
    access_stats,
    effectiveness,
    event_index,
    event_keys,
    forgotten,
    injection_days,
    session_slate,
    sessions,
    signal_patterns,
)
from events.projections.bulk import (
    bulk_settings,
    drop_deferred_indexes,
    ensure_indexes,
    pause_collector,
    restore_settings,
    resume_collector,
)
from events.projections.read_ahead import SCRATCH_SCHEMA, Batch, ReadAhead, events_of_types, read_batch
from events.projections.table_diff import differing_tables
from events.sqlite import Database, configure, sync_transaction

logger = structlog.get_logger(__name__)

# Why 50 000: a batch is one transaction and one merge per projection, so larger batches mean fewer commits,
# fewer rewrites of hot pages and fewer per-batch merges and recomputes; replaying 10^6 events took about a
# quarter less CPU at 20 000 than at 5 000, and about 1.3 s (5 %) less again at 50 000. One batch holds the
# write lock for about 0.7 s of CPU time; only a replay (a start with no database, `rebuild`, another machine's
# history arriving) has batches that large.
BATCH_SIZE = 50_000
# Why 200: a batch's worth of the log at about the size of an event (~180 bytes in `bench/events.py`'s mix);
# a log with more unread than that is read by a second process from its first batch on (`read_ahead.py`).
READ_AHEAD_BYTES_PER_EVENT = 200
HANDOVER_WAIT_S = 60.0  # `read_batch_after` reads anyway after this: a wait decides speed only, never correctness
DEFAULT_PROJECTIONS: tuple[ModuleType, ...] = (
    event_index,
    sessions,
    effectiveness,
    access_stats,
    forgotten,
    signal_patterns,
    session_slate,
    event_keys,
    injection_days,
)

_CHECKPOINT_SCHEMA = """
CREATE TABLE IF NOT EXISTS projection_state (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    last_id TEXT NOT NULL DEFAULT '',
    applied INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS projection_offsets (
    name TEXT NOT NULL,
    segment TEXT NOT NULL,
    next_offset INTEGER NOT NULL,
    PRIMARY KEY (name, segment)
) WITHOUT ROWID;
"""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    last_id: str
    offsets: dict[str, int]
    applied: int


def _table_exists(conn: sqlite3.Connection, table: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)).fetchone()
    return row is not None


def reset_projection(conn: sqlite3.Connection, projection: ModuleType) -> None:
    """Drop and recreate a projection's tables and zero its checkpoint. Call inside a transaction."""
    for table in projection.TABLES:
        conn.execute(f'DROP TABLE IF EXISTS "{table}"')
    for statement in _split_sql(projection.SCHEMA):
        conn.execute(statement)
    conn.execute("DELETE FROM projection_offsets WHERE name = ?", (projection.NAME,))
    conn.execute(
        "INSERT OR REPLACE INTO projection_state (name, version, last_id, applied) VALUES (?, ?, '', 0)",
        (projection.NAME, projection.VERSION),
    )


def reset_projections(conn: sqlite3.Connection, projections: Sequence[ModuleType]) -> None:
    """`reset_projection` for each of `projections` (inside the caller's transaction)."""
    for projection in projections:
        reset_projection(conn, projection)


def _split_sql(script: str) -> list[str]:
    """Split a schema script into statements (executescript would COMMIT our open transaction)."""
    statements, current = [], []
    for line in script.splitlines():
        current.append(line)
        joined = "\n".join(current).strip()
        if joined.endswith(";") and sqlite3.complete_statement(joined):
            statements.append(joined)
            current = []
    tail = "\n".join(current).strip()
    if tail:
        statements.append(tail)
    return statements


def read_checkpoint(conn: sqlite3.Connection, name: str) -> Checkpoint:
    row = conn.execute("SELECT last_id, applied FROM projection_state WHERE name = ?", (name,)).fetchone()
    offsets = dict(
        conn.execute("SELECT segment, next_offset FROM projection_offsets WHERE name = ?", (name,)).fetchall()
    )
    return Checkpoint(row[0] if row else "", offsets, row[1] if row else 0)


class Projector:
    """Keeps a set of projections caught up with the log. One instance per database."""

    def __init__(self, db: Database, log: EventLog, projections: Sequence[ModuleType] = DEFAULT_PROJECTIONS):
        self.db = db
        self.log = log
        self.projections = tuple(projections)
        self._lock = asyncio.Lock()
        self.last_catch_up_ms = 0.0
        self._caught_up_to: object = None  # the log's mark when the last catch-up started (see `_catch_up`)

    async def setup(self) -> list[str]:
        """Create checkpoint tables; reset any projection whose version changed. Returns the reset names."""

        def prepare(conn: sqlite3.Connection) -> list[str]:
            for statement in _split_sql(_CHECKPOINT_SCHEMA):
                conn.execute(statement)
            stale = []
            for projection in self.projections:
                row = conn.execute("SELECT version FROM projection_state WHERE name = ?", (projection.NAME,)).fetchone()
                missing = any(not _table_exists(conn, t) for t in projection.TABLES)
                if row is None or row[0] != projection.VERSION or missing:
                    reset_projection(conn, projection)
                    stale.append(projection.NAME)
            ensure_indexes(conn, self.projections)  # a replay cut short leaves its deferred indexes unbuilt
            return stale

        stale = await self.db.write(prepare)
        self._caught_up_to = None
        for name in stale:
            logger.info("projection_reset", projection=name)
        return stale

    async def catch_up(self) -> int:
        """Apply every complete event not yet applied. Returns how many events were applied."""
        async with self._lock:
            return await self._catch_up()

    async def _catch_up(self) -> int:
        """Why the mark: every hook's request catches up first (read-your-writes), and nearly always nothing
        was appended since the last catch-up; reading the checkpoints and the log's tail to find that out took
        three thread hops and two SQLite reads (~1 ms of each hook on this machine). The log's segment sizes
        and acknowledged ends, taken before reading, are what a catch-up reads up to: while they are the same
        as when the last catch-up started, there is nothing new to apply. A changed, added or shrunk segment
        changes the mark; `rebuild` and `setup`, which move the checkpoints themselves, forget it."""
        mark = self._log_mark()
        if mark == self._caught_up_to:
            return 0
        started = time.perf_counter()
        total = 0
        for group in await self.db.read(self._groups):
            total += await self._catch_up_group(group)
        self._caught_up_to = mark
        self.last_catch_up_ms = (time.perf_counter() - started) * 1000
        return total

    def _log_mark(self) -> object:
        """(segment sizes, acknowledged ends): a directory listing and a stat per segment, on the loop (a few
        segments; cheaper than the thread hop it would take)."""
        return self.log.segment_sizes(), self.log.durable_ends()

    def _groups(self, conn: sqlite3.Connection) -> list[list[ModuleType]]:
        """Projections that share a checkpoint advance together over one read of the log."""
        groups: dict[tuple[str, tuple[tuple[str, int], ...]], list[ModuleType]] = {}
        for projection in self.projections:
            cp = read_checkpoint(conn, projection.NAME)
            groups.setdefault((cp.last_id, tuple(sorted(cp.offsets.items()))), []).append(projection)
        return list(groups.values())

    async def _catch_up_group(self, group: list[ModuleType]) -> int:
        checkpoint = await self.db.read(lambda conn: read_checkpoint(conn, group[0].NAME))
        sizes = await asyncio.to_thread(self.log.segment_sizes)
        if shrunk := sorted(seg for seg, offset in checkpoint.offsets.items() if sizes.get(seg, -1) < offset):
            logger.warning("segment_rewritten_replay", segments=shrunk, projections=[p.NAME for p in group])
            await self.db.write(functools.partial(reset_projections, projections=group))
            checkpoint = Checkpoint("", {}, 0)
        unread = sum(size - checkpoint.offsets.get(segment, 0) for segment, size in sizes.items())
        async with contextlib.AsyncExitStack() as readers:  # (the reader process, if any, is stopped on the way out)
            return await self._apply_from(group, checkpoint, unread, readers)

    async def _apply_from(
        self, group: list[ModuleType], checkpoint: Checkpoint, unread: int, readers: contextlib.AsyncExitStack
    ) -> int:
        """Apply every batch after `checkpoint` (`unread` bytes of log, about) to the group of projections."""

        async def read_ahead(start: dict[str, int]) -> Callable[[], Batch | None]:
            reader = await asyncio.to_thread(ReadAhead, self.log, start, BATCH_SIZE, group)
            readers.push_async_callback(asyncio.to_thread, reader.close)
            return reader.next_batch

        # Why a second process only for a long log: a short catch-up is over before it could start.
        ahead = unread > BATCH_SIZE * READ_AHEAD_BYTES_PER_EVENT
        read_next: Callable[[], Batch | None]
        if ahead:
            read_next = await read_ahead(checkpoint.offsets)
        else:
            read_next = functools.partial(read_batch, self.log.read_positions(checkpoint.offsets), BATCH_SIZE)
        applied = 0
        last_id = checkpoint.last_id
        batch = await asyncio.to_thread(read_next)
        if batch is None:
            return 0
        tuned = batch.size >= BATCH_SIZE  # more follows: a replay, worth the bulk settings
        from_zero = tuned and not checkpoint.offsets  # and from zero: query-only indexes are built once at the end
        if tuned:
            if not ahead:  # (small events: a long log after all)
                read_next = await read_ahead({**checkpoint.offsets, **batch.offsets})
            saved = await self.db.read(bulk_settings)
            collecting = pause_collector()
            if from_zero:
                await self.db.write(functools.partial(drop_deferred_indexes, projections=group))
        try:
            while batch is not None:
                # Why the smallest id, not the first: a segment may hold imported history (ids of the past,
                # `EventLog.make_events`) after newer events, so a batch read in log order is not in id order.
                if batch.first_id <= last_id:
                    replay = [p for p in group if not getattr(p, "ORDER_FREE", False)]
                    if replay:
                        late = sum(1 for event in batch.events if event.id <= last_id) if batch.events else None
                        logger.info("late_events_replay", projections=[p.NAME for p in replay], late=late)
                        await self.db.write(functools.partial(reset_projections, projections=replay))
                        rest = [p for p in group if p not in replay]
                        # The rest keep this checkpoint; the replayed ones start again from zero as a group of
                        # their own.
                        again = await self._catch_up_group(rest) if rest else 0
                        return applied + again + await self._catch_up_group(replay)
                # Why read ahead: taking in the next batch in a worker thread overlaps SQLite committing this one
                # (see `read_batch_after`); the stream is only ever read by one thread at a time.
                handed_over = threading.Event()
                following = asyncio.ensure_future(asyncio.to_thread(read_batch_after, handed_over, read_next))
                try:
                    async with _attached(self.db, batch.staged_path):
                        await self.db.write(
                            functools.partial(apply_batch, group=group, batch=batch, then=handed_over.set)
                        )
                except BaseException:
                    following.cancel()  # the stream is ours alone: its reader may finish unheard
                    raise
                finally:
                    handed_over.set()  # (the reader never waits for a commit that will not come)
                applied += batch.size
                last_id = max(last_id, batch.last_id)
                batch = await following
            return applied
        finally:
            if tuned:
                if from_zero:
                    await self.db.write(functools.partial(ensure_indexes, projections=group))
                resume_collector(collecting)
                await self.db.read(functools.partial(restore_settings, saved=saved))

    async def rebuild(self) -> int:
        """Drop every projection and replay the whole log."""
        async with self._lock:  # held throughout: a catch-up in between would apply what this call reports
            await self.db.write(functools.partial(reset_projections, projections=self.projections))
            self._caught_up_to = None
            return await self._catch_up()

    async def verify(self) -> list[str]:
        """Catch up, then compare the live projections with a fresh replay of the same log prefix."""
        await self.catch_up()
        async with self._lock:  # nothing advances the live tables while they are compared
            limits = await self.db.read(lambda conn: read_checkpoint(conn, self.projections[0].NAME).offsets)
            return await asyncio.to_thread(verify_rebuild, self.db.path, self.log, self.projections, limits)

    def status(self, conn: sqlite3.Connection) -> dict[str, dict[str, object]]:
        out: dict[str, dict[str, object]] = {}
        for projection in self.projections:
            cp = read_checkpoint(conn, projection.NAME)
            out[projection.NAME] = {
                "version": projection.VERSION,
                "checkpoint": {"last_id": cp.last_id or None, "applied": cp.applied, "offsets": cp.offsets},
            }
        return out


@contextlib.asynccontextmanager
async def _attached(db: Database, staged_path: str) -> AsyncIterator[None]:
    """A batch's scratch file (`read_ahead.py`: staged rows) attached while the batch is applied, then detached
    and deleted. Why around the write, not in it: SQLite attaches and detaches only outside a transaction."""
    if not staged_path:
        yield
        return
    await db.read(lambda conn: conn.execute(f"ATTACH DATABASE ? AS {SCRATCH_SCHEMA}", (staged_path,)))
    try:
        yield
    finally:
        await db.read(lambda conn: conn.execute(f"DETACH DATABASE {SCRATCH_SCHEMA}"))
        await asyncio.to_thread(Path(staged_path).unlink, missing_ok=True)


def read_batch_after(handed_over: threading.Event, read: Callable[[], Batch | None]) -> Batch | None:
    """`read()` once the batch before has been handed to SQLite to commit (or after HANDOVER_WAIT_S). Blocking.

    Why wait: a batch's folding and binding is Python and holds the GIL, so a reader running beside it only
    takes turns with it (and each turn back costs the applier a switch interval); the COMMIT writes and
    checkpoints pages without the GIL, so parsing then runs beside it on the other core. Replaying 10^6
    events, reading during the whole apply took about a second more wall time than reading after it; reading
    during the commit about one and a half less. Waiting decides only when the reading starts, never what is read.
    """
    handed_over.wait(HANDOVER_WAIT_S)
    return read()


@contextlib.contextmanager
def _bulk(conn: sqlite3.Connection) -> Iterator[None]:
    saved = bulk_settings(conn)
    collecting = pause_collector()
    try:
        yield
    finally:
        resume_collector(collecting)
        restore_settings(conn, saved)


def apply_batch(
    conn: sqlite3.Connection, group: Sequence[ModuleType], batch: Batch, then: Callable[[], None] | None = None
) -> None:
    """Apply a batch to every projection of the group and advance their checkpoints (caller's transaction).

    A projection reads and writes only its own tables, so each one takes the whole batch in turn; one with
    `apply_batch(conn, events)` gets the list in id order (it must equal calling `apply` on each event); one
    whose `prepare(events)` the reader already ran gets that (`apply_prepared`, equal to `apply_batch`), or the
    table the reader staged it in (`apply_staged`, the same again; the batch's scratch file is attached).
    `then` is called once every row is written, just before the caller commits (`read_batch_after`).
    """
    chosen = events_of_types(batch.events, group)
    for projection in group:
        if projection.NAME in batch.staged:
            projection.apply_staged(conn, f'{SCRATCH_SCHEMA}."{projection.NAME}"')
        elif projection.NAME in batch.prepared:
            projection.apply_prepared(conn, batch.prepared[projection.NAME])
        elif (apply_many := getattr(projection, "apply_batch", None)) is not None:
            apply_many(conn, chosen(projection))
        else:
            for event in chosen(projection):
                projection.apply(conn, event)
    for projection in group:
        conn.executemany(
            "INSERT OR REPLACE INTO projection_offsets (name, segment, next_offset) VALUES (?, ?, ?)",
            [(projection.NAME, seg, off) for seg, off in batch.offsets.items()],
        )
        # max(): a checkpoint that late events (or history) did not pass
        conn.execute(
            "UPDATE projection_state SET last_id = max(last_id, ?), applied = applied + ? WHERE name = ?",
            (batch.last_id, batch.size, projection.NAME),
        )
    if then is not None:
        then()


def verify_rebuild(
    live_path: Path, log: EventLog, projections: Sequence[ModuleType], limits: dict[str, int]
) -> list[str]:
    """Replay the log up to `limits` into a fresh database beside the live one and compare every projection
    table row by row. Returns the names of differing tables (empty = identical). Blocking."""
    fresh_path = live_path.with_name(f"verify-{int(time.time() * 1000)}.db")
    try:
        fresh = sqlite3.connect(fresh_path, isolation_level=None)
        try:
            configure(fresh)
            with sync_transaction(fresh):
                for statement in _split_sql(_CHECKPOINT_SCHEMA):
                    fresh.execute(statement)
                for projection in projections:
                    reset_projection(fresh, projection)
            stream = (
                item for item in log.read_positions() if item[3] <= limits.get(item[2], 0)
            )  # (id, event, segment, next offset)
            with _bulk(fresh):
                # (the fresh copy is compared, then deleted: its query-only indexes would never be read)
                with sync_transaction(fresh):
                    drop_deferred_indexes(fresh, projections)
                while (batch := read_batch(stream, BATCH_SIZE)) is not None:
                    with sync_transaction(fresh):
                        apply_batch(fresh, projections, batch)
        finally:
            fresh.close()
        return differing_tables(live_path, fresh_path, projections)
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{fresh_path}{suffix}").unlink(missing_ok=True)
