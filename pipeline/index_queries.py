"""Reads of the index's file-derived tables (`files`, `chunks`, `skipped`): what search, `get`, `forget`,
`status` and the indexer ask of them, as typed rows. Writes live in `pipeline/ingest/index_writer.py`.

Every function is blocking and takes a plain sqlite3 connection (run it through `Database.read` or
`events.sqlite.run_sync`); rows are read by column name.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from events.sqlite import named_rows, select_in_named


@dataclass(frozen=True, slots=True)
class ChunkKeys:
    """What the ranking signals of one chunk are looked up by."""

    id: int
    chunk_id: str
    content_hash: str
    path: str
    mtime: float


@dataclass(frozen=True, slots=True)
class StoredChunk:
    id: int
    chunk_id: str
    root: str
    path: str
    start_line: int
    end_line: int
    heading: str
    text: str
    content_hash: str


@dataclass(frozen=True, slots=True)
class SkippedFile:
    root: str
    path: str
    reason: str
    at: str


_CHUNK_COLUMNS = "id, chunk_id, root, path, start_line, end_line, heading, text, content_hash"


def _chunk(row: sqlite3.Row) -> StoredChunk:
    return StoredChunk(
        row["id"],
        row["chunk_id"],
        row["root"],
        row["path"],
        row["start_line"],
        row["end_line"],
        row["heading"],
        row["text"],
        row["content_hash"],
    )


def chunks_by_id(conn: sqlite3.Connection, ids: list[int]) -> dict[int, StoredChunk]:
    """The chunks among row `ids` that still exist."""
    sql = f"SELECT {_CHUNK_COLUMNS} FROM chunks WHERE id IN ({{marks}})"
    return {row["id"]: _chunk(row) for row in select_in_named(conn, sql, ids)}


def chunk_keys(conn: sqlite3.Connection, ids: list[int]) -> list[ChunkKeys]:
    """What ranking looks each candidate's signals up by."""
    sql = "SELECT id, chunk_id, content_hash, path, mtime FROM chunks WHERE id IN ({marks})"
    return [
        ChunkKeys(row["id"], row["chunk_id"], row["content_hash"], row["path"], row["mtime"])
        for row in select_in_named(conn, sql, ids)
    ]


def chunks_at(
    conn: sqlite3.Connection, root: str, path: str, lines: tuple[int, int] | None = None
) -> list[StoredChunk]:
    """The chunks of one file (those overlapping `lines`, when given), in line order."""
    sql = f"SELECT {_CHUNK_COLUMNS} FROM chunks WHERE root = ? AND path = ?"
    args: list[object] = [root, path]
    if lines:
        sql += " AND end_line >= ? AND start_line <= ?"
        args += [lines[0], lines[1]]
    return [_chunk(row) for row in named_rows(conn, sql + " ORDER BY start_line", args)]


def chunk_with_id(conn: sqlite3.Connection, chunk_id: str) -> StoredChunk | None:
    rows = named_rows(conn, f"SELECT {_CHUNK_COLUMNS} FROM chunks WHERE chunk_id = ?", (chunk_id,))
    return _chunk(rows[0]) if rows else None


def file_count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM files").fetchone()[0])


def chunk_count(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM chunks").fetchone()[0])


def skipped_files(conn: sqlite3.Connection, limit: int = 100) -> list[SkippedFile]:
    """Files the indexer skipped, with why, newest first."""
    rows = named_rows(conn, "SELECT root, path, reason, at FROM skipped ORDER BY at DESC LIMIT ?", (limit,))
    return [SkippedFile(row["root"], row["path"], row["reason"], row["at"]) for row in rows]


def known_paths(conn: sqlite3.Connection) -> set[tuple[str, str]]:
    """(root, path) of every indexed or skipped file: what a reconcile must look at again."""
    known = {(str(r[0]), str(r[1])) for r in conn.execute("SELECT root, path FROM files")}
    known |= {(str(r[0]), str(r[1])) for r in conn.execute("SELECT root, path FROM skipped")}
    return known


def paths_under(conn: sqlite3.Connection, root: str, prefix: str) -> list[str]:
    """Indexed paths of `root` that start with `prefix` (a folder path ending in '/')."""
    rows = conn.execute("SELECT path FROM files WHERE root = ? AND substr(path, 1, ?) = ?", (root, len(prefix), prefix))
    return [str(row[0]) for row in rows]


def ids_with_embed_hashes(conn: sqlite3.Connection, hashes: list[str]) -> list[tuple[int, str]]:
    """(chunk row id, embed hash) of every chunk whose embedding text has one of `hashes`."""
    sql = "SELECT id, embed_hash FROM chunks WHERE embed_hash IN ({marks})"
    return [(int(row["id"]), str(row["embed_hash"])) for row in select_in_named(conn, sql, hashes)]
