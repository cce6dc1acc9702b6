"""Settings and shortcuts for a replay of many batches (`Projector` catching up over a long log).

Invariant: nothing here changes what a projection's tables hold, only how fast they are written. The indexes a
replay from zero leaves out are built again before the replay returns, and `ensure_indexes` (run by
`Projector.setup`) builds any that a crash in between left missing.
"""

from __future__ import annotations

import gc
import sqlite3
from collections.abc import Iterator, Sequence
from types import ModuleType

BULK_CACHE_KIB = -65_536  # negative: KiB, i.e. 64 MB of page cache while a replay runs (`bulk_settings`)
BULK_AUTOCHECKPOINT_PAGES = 10_000


def pause_collector() -> bool:
    """Pause Python's cyclic garbage collector for a replay; returns whether it was on (for `resume_collector`).

    Why: a replay allocates millions of objects that live for a batch or two (events, their payloads, rows),
    so the collector ran a full collection over the whole heap every second or so; that took about a quarter of
    the CPU of replaying 10^6 events. Replay code makes next to no reference cycles; what cycles other work makes
    meanwhile are collected once the collector is back on.
    """
    was_on = gc.isenabled()
    gc.disable()
    return was_on


def resume_collector(was_on: bool) -> None:
    if was_on:  # (an inner replay leaves it to the outer one)
        gc.enable()


def bulk_settings(conn: sqlite3.Connection) -> tuple[int, int]:
    """Settings for a replay of many batches; returns what they replace, for `restore_settings`.

    Why a larger page cache: a replay touches the same index pages (a session's rows, an experience's refs,
    the tail of every table) batch after batch, and with SQLite's default 2 MB they are evicted and read back
    from the WAL each time; 64 MB took about a tenth off the CPU of replaying 10^6 events. Why a larger
    auto-checkpoint: pages rewritten by consecutive batches are copied into the database once instead of each
    time. Neither changes what is written, nor durability (synchronous stays NORMAL; the log is the truth).
    """
    saved = (
        int(conn.execute("PRAGMA cache_size").fetchone()[0]),
        int(conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0]),
    )
    conn.execute(f"PRAGMA cache_size = {BULK_CACHE_KIB}")
    conn.execute(f"PRAGMA wal_autocheckpoint = {BULK_AUTOCHECKPOINT_PAGES}")
    return saved


def restore_settings(conn: sqlite3.Connection, saved: tuple[int, int]) -> None:
    """Put back what `bulk_settings` replaced and give the larger cache's memory back."""
    conn.execute(f"PRAGMA cache_size = {int(saved[0])}")
    conn.execute(f"PRAGMA wal_autocheckpoint = {int(saved[1])}")
    conn.execute("PRAGMA shrink_memory")


# ---- indexes built once, after a replay from zero ---------------------------------------------------------


def _index_statements(projection: ModuleType) -> Iterator[tuple[str, str]]:
    """(name, `CREATE INDEX IF NOT EXISTS ...`) of each index the projection declares in DEFERRED_INDEXES.

    Why a projection declares them: only it knows which of its indexes its own `apply` never reads (they serve
    queries only); an index that `apply` reads must stay, or every batch would scan its table.
    """
    deferred = set(getattr(projection, "DEFERRED_INDEXES", ()))
    found = []
    for statement in projection.SCHEMA.split(";"):
        words = statement.split()
        if words[:2] == ["CREATE", "INDEX"] and words[2] in deferred:
            found.append((words[2], "CREATE INDEX IF NOT EXISTS " + " ".join(words[2:])))
    if len(found) != len(deferred):
        raise ValueError(f"{projection.NAME}: DEFERRED_INDEXES names an index its SCHEMA does not create")
    yield from found


def drop_deferred_indexes(conn: sqlite3.Connection, projections: Sequence[ModuleType]) -> None:
    """Drop the query-only indexes of `projections` before a replay from zero (caller's transaction).

    Why: every event of a replay would otherwise insert into each of them at a scattered place (an event's type,
    an experience among thousands), rewriting most of their pages at every batch's commit; building an index
    once over the finished table is a sort, a fraction of that. Only for a replay from zero: building it again
    over a large table would cost more than a short catch-up saves.
    """
    for projection in projections:
        for name, _ in _index_statements(projection):
            conn.execute(f'DROP INDEX IF EXISTS "{name}"')


def ensure_indexes(conn: sqlite3.Connection, projections: Sequence[ModuleType]) -> None:
    """Create any query-only index of `projections` that is missing (caller's transaction). Idempotent."""
    for projection in projections:
        for _, create in _index_statements(projection):
            conn.execute(create)
