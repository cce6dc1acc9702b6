"""The one SQLite opener, the write-transaction helper, and the bridge for batched synchronous work.

Invariant: every connection memoryd opens has the same PRAGMAs (WAL, busy timeout, NORMAL sync). NORMAL is
safe because the fsynced JSONL log, not SQLite, is the durable record: a lost SQLite tail is replayed.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

T = TypeVar("T")


PAGE_SIZE = 16384  # bytes; takes effect only in a new database file (`configure`)


def configure(conn: sqlite3.Connection, *, read_only: bool = False) -> None:
    """Apply memoryd's PRAGMAs to a plain sqlite3 connection (used by the async opener too).

    Why the page size, set before WAL mode fixes it: a new database is filled by a replay of the whole log, and
    with 16 KiB pages (SQLite's default is 4 KiB) the projections' B-trees are shallower, split less often and
    commit fewer pages; replaying 10^6 events took 1.5-2 s less CPU than at 4 KiB, about 1 s less than at 8 KiB.
    An existing database keeps its page size.
    """
    if not read_only:
        conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA busy_timeout=5000")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=NORMAL")
    if read_only:
        conn.execute("PRAGMA query_only=ON")


@contextlib.asynccontextmanager
async def open_index(path: Path, *, read_only: bool = False) -> AsyncIterator[aiosqlite.Connection]:
    """Open (creating) the index database; the caller's `async with` closes it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        db.row_factory = aiosqlite.Row
        await run_sync(db, lambda conn: configure(conn, read_only=read_only))
        yield db
    finally:
        await db.close()


@contextlib.asynccontextmanager
async def write_transaction(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """BEGIN IMMEDIATE takes the write lock up front, so SQLITE_BUSY can't strike mid-transaction."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        await db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # some errors end the transaction themselves; a second ROLLBACK would mask them
            await db.execute("ROLLBACK")
        raise


@contextlib.contextmanager
def sync_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """The synchronous twin of `write_transaction`, for work already running on the connection's thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


IN_CHUNK = 500  # keys per `IN (...)` query, well under SQLITE_MAX_VARIABLE_NUMBER on any build


def select_in(conn: sqlite3.Connection, sql: str, keys: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Rows of `sql` (with `{marks}` where the `IN (...)` placeholders go) for all `keys`, queried in slices
    so any number of keys works. `sql` is a constant of the caller, never user text."""
    rows: list[tuple[Any, ...]] = []
    for start in range(0, len(keys), IN_CHUNK):
        chunk = keys[start : start + IN_CHUNK]
        rows += conn.execute(sql.format(marks=",".join("?" * len(chunk))), chunk).fetchall()
    return rows


def named_rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
    """Rows of `sql` addressable by column name, whatever the connection's own row factory is."""
    cursor = conn.execute(sql, params)
    cursor.row_factory = sqlite3.Row
    return cursor.fetchall()


def select_in_named(conn: sqlite3.Connection, sql: str, keys: Sequence[Any]) -> list[sqlite3.Row]:
    """`select_in` with rows addressable by column name."""
    rows: list[sqlite3.Row] = []
    for start in range(0, len(keys), IN_CHUNK):
        chunk = keys[start : start + IN_CHUNK]
        rows += named_rows(conn, sql.format(marks=",".join("?" * len(chunk))), chunk)
    return rows


async def run_sync(db: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """Run `fn(conn)` on the aiosqlite connection's own thread, in one hop.

    Why: replaying 10^6 events or writing a file's chunks statement by statement costs one thread hop per
    statement (~50 us each); batching the whole unit of work into one call keeps replay and indexing fast
    while the connection stays single-threaded. aiosqlite has no public API for this, so the private
    `_execute`/`_conn` pair is used here and nowhere else (pinned: aiosqlite>=0.22).
    """
    result = await db._execute(lambda: fn(db._conn))  # type: ignore[no-untyped-call]
    return cast(T, result)


class Database:
    """The daemon's single writer connection plus the lock that keeps its transactions whole.

    Why the lock: aiosqlite runs statements in order on one thread, but a transaction that spans awaits
    would let another coroutine's statements slip into it. Every write is one `fn(conn)` call run in one
    hop inside BEGIN IMMEDIATE ... COMMIT, under this lock.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.lock = asyncio.Lock()

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, path: Path) -> AsyncIterator[Database]:
        async with open_index(path) as conn:
            yield cls(conn, path)

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` in one write transaction; roll back if it raises."""

        def in_transaction(conn: sqlite3.Connection) -> T:
            with sync_transaction(conn):
                return fn(conn)

        async with self.lock:
            return await run_sync(self.conn, in_transaction)

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn` between transactions (it sees only committed state)."""
        return await run_sync(self.conn, fn)

    async def fetchall(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        return await self.read(lambda conn: conn.execute(sql, params).fetchall())
