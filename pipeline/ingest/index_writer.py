"""Synchronous index writes, each run inside one transaction on the daemon's writer connection.

Invariant: a file's old chunks, FTS rows (via triggers) and manifest row are replaced together; a reader
never sees half a file.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from events.sqlite import select_in_named
from pipeline.ingest.chunker import Chunk


@dataclass(frozen=True, slots=True)
class PreparedChunk:
    chunk: Chunk
    chunk_id: str
    embed_text: str
    embed_hash: str
    fts_body: str


@dataclass(frozen=True, slots=True)
class FileUpdate:
    root: str
    path: str
    source: str
    size: int
    mtime_ns: int
    sha256: str
    chunks: tuple[PreparedChunk, ...]


def embed_text_of(chunk: Chunk) -> str:
    return f"{chunk.heading}\n{chunk.text}" if chunk.heading else chunk.text


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chunk_id_of(root: str, path: str, chunk: Chunk) -> str:
    return text_hash(f"{root}\0{path}\0{chunk.start_line}\0{chunk.content_hash}")[:20]


@dataclass(frozen=True, slots=True)
class ManifestEntry:
    """What the index knows of a file it indexed: enough to tell whether it changed since."""

    size: int
    mtime_ns: int
    sha256: str


def manifest_of(conn: sqlite3.Connection, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], ManifestEntry]:
    out = {}
    for root, path in keys:
        found = conn.execute(
            "SELECT size, mtime_ns, sha256 FROM files WHERE root = ? AND path = ?", (root, path)
        ).fetchone()
        if found:
            size, mtime_ns, sha256 = found
            out[(root, path)] = ManifestEntry(size, mtime_ns, sha256)
    return out


def cached_hashes(conn: sqlite3.Connection, model: str, hashes: Iterable[str]) -> set[str]:
    found = set()
    for h in set(hashes):
        if conn.execute("SELECT 1 FROM embedding_cache WHERE model = ? AND text_hash = ?", (model, h)).fetchone():
            found.add(h)
    return found


def uncached(conn: sqlite3.Connection, model: str, hashes: list[str]) -> list[str]:
    """`hashes` (in order, each once) that have no vector for `model` yet."""
    cached = cached_hashes(conn, model, hashes)
    return [h for h in dict.fromkeys(hashes) if h not in cached]


def texts_to_embed(conn: sqlite3.Connection, model: str, hashes: list[str]) -> list[tuple[str, str]]:
    """(hash, embedding text) of those `hashes` that some chunk still has and `model` has no vector for, in the
    order given. A hash no chunk has any more (its file changed or vanished) is left out."""
    found: dict[str, str] = {}
    sql = "SELECT embed_hash, heading, text FROM chunks WHERE embed_hash IN ({marks})"
    for row in select_in_named(conn, sql, hashes):
        found.setdefault(row["embed_hash"], f"{row['heading']}\n{row['text']}" if row["heading"] else row["text"])
    cached = cached_hashes(conn, model, found)
    return [(h, found[h]) for h in hashes if h in found and h not in cached]


def cache_vectors(conn: sqlite3.Connection, model: str, vectors: dict[str, np.ndarray]) -> None:
    conn.executemany(
        "INSERT OR IGNORE INTO embedding_cache (model, text_hash, dim, vector) VALUES (?, ?, ?, ?)",
        [(model, h, int(v.shape[0]), np.asarray(v, dtype=np.float32).tobytes()) for h, v in vectors.items()],
    )


def write_files(
    conn: sqlite3.Connection,
    updates: list[FileUpdate],
    deleted: list[tuple[str, str]],
    skipped: list[tuple[str, str, str]],
    new_vectors: dict[str, np.ndarray],
    model: str | None,
) -> tuple[list[int], list[tuple[int, str]]]:
    """Apply a batch. Returns (removed chunk row ids, [(added row id, embed_hash)])."""
    removed: list[int] = []
    added: list[tuple[int, str]] = []
    if model:
        cache_vectors(conn, model, new_vectors)
    for root, path in deleted:
        removed += _delete_file(conn, root, path)
        conn.execute("DELETE FROM skipped WHERE root = ? AND path = ?", (root, path))
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    for root, path, reason in skipped:
        removed += _delete_file(conn, root, path)
        conn.execute(
            "INSERT OR REPLACE INTO skipped (root, path, reason, at) VALUES (?, ?, ?, ?)", (root, path, reason, now)
        )
    for update in updates:
        removed += _delete_file(conn, update.root, update.path)
        conn.execute("DELETE FROM skipped WHERE root = ? AND path = ?", (update.root, update.path))
        mtime = update.mtime_ns / 1e9
        for prepared in update.chunks:
            c = prepared.chunk
            cursor = conn.execute(
                "INSERT OR REPLACE INTO chunks (chunk_id, root, path, source, heading, start_line, end_line,"
                " content_hash, embed_hash, text, fts_body, mtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    prepared.chunk_id,
                    update.root,
                    update.path,
                    update.source,
                    c.heading,
                    c.start_line,
                    c.end_line,
                    c.content_hash,
                    prepared.embed_hash,
                    c.text,
                    prepared.fts_body,
                    mtime,
                ),
            )
            added.append((int(cursor.lastrowid or 0), prepared.embed_hash))
        conn.execute(
            "INSERT OR REPLACE INTO files (root, path, size, mtime_ns, sha256, chunks) VALUES (?, ?, ?, ?, ?, ?)",
            (update.root, update.path, update.size, update.mtime_ns, update.sha256, len(update.chunks)),
        )
    return removed, added


def save_model(conn: sqlite3.Connection, model: str, dim: int) -> None:
    """Record which model (and dimension) the vectors in memory belong to."""
    conn.executemany(
        "INSERT OR REPLACE INTO index_meta (key, value) VALUES (?, ?)", [("model", model), ("dim", str(dim))]
    )


def touch_manifest(conn: sqlite3.Connection, root: str, path: str, size: int, mtime_ns: int) -> None:
    conn.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE root = ? AND path = ?", (size, mtime_ns, root, path))


def _delete_file(conn: sqlite3.Connection, root: str, path: str) -> list[int]:
    ids = [r[0] for r in conn.execute("SELECT id FROM chunks WHERE root = ? AND path = ?", (root, path))]
    if ids:
        conn.execute("DELETE FROM chunks WHERE root = ? AND path = ?", (root, path))
    conn.execute("DELETE FROM files WHERE root = ? AND path = ?", (root, path))
    return ids


def vectors_for(
    conn: sqlite3.Connection, model: str, dim: int, pairs: list[tuple[int, str]]
) -> tuple[list[int], np.ndarray]:
    """Vectors of the given (chunk row id, embed hash) pairs that the cache holds for `model`."""
    ids, blobs = [], []
    for chunk_id, embed_hash in pairs:
        row = conn.execute(
            "SELECT vector FROM embedding_cache WHERE model = ? AND text_hash = ?", (model, embed_hash)
        ).fetchone()
        if row:
            ids.append(chunk_id)
            blobs.append(row[0])
    return ids, _stack(blobs, dim)


def all_vectors(conn: sqlite3.Connection, model: str, dim: int) -> tuple[list[int], np.ndarray]:
    rows = conn.execute(
        "SELECT c.id, e.vector FROM chunks c JOIN embedding_cache e ON e.model = ? AND e.text_hash = c.embed_hash"
        " ORDER BY c.id",
        (model,),
    ).fetchall()
    return [r[0] for r in rows], _stack([r[1] for r in rows], dim)


def missing_vectors(conn: sqlite3.Connection, model: str, limit: int) -> list[str]:
    """Up to `limit` distinct embed hashes of chunks with no vector for `model`, the newest written first."""
    rows = conn.execute(
        "SELECT c.embed_hash FROM chunks c"
        " WHERE NOT EXISTS (SELECT 1 FROM embedding_cache e WHERE e.model = ? AND e.text_hash = c.embed_hash)"
        " GROUP BY c.embed_hash ORDER BY max(c.id) DESC LIMIT ?",
        (model, limit),
    ).fetchall()
    return [r[0] for r in rows]


def _stack(blobs: list[bytes], dim: int) -> np.ndarray:
    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), dim)
