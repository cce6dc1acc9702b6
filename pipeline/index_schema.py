"""The index's SQLite schema: file manifest, chunks, the FTS5 table over them, and the embedding cache.

Invariants:
- `chunks_fts` is an external-content FTS5 table over `chunks.fts_body`, kept in sync by triggers in the
  same transaction as the chunk rows (https://sqlite.org/fts5.html#external_content_tables).
- Vectors live only in `embedding_cache`, keyed by (model, hash of the exact embedded text); a chunk points
  at its vector through `embed_hash`. A renamed file, a rebuild or a return to an earlier model therefore
  re-embeds nothing, and a model change is just "vectors missing for this model" (backfilled in background).
- Everything here except `embedding_cache` is derived from the files and can be dropped and rebuilt.
"""

from __future__ import annotations

import sqlite3

INDEX_VERSION = 1
DERIVED_TABLES = ("files", "chunks", "skipped")
FTS_TOKENIZE = "porter unicode61 remove_diacritics 2"  # also pipeline.retrieval.lexical_index's query tokenizer

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS files (
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    chunks INTEGER NOT NULL,
    PRIMARY KEY (root, path)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS chunks (
    id INTEGER PRIMARY KEY,
    chunk_id TEXT NOT NULL UNIQUE,
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    source TEXT NOT NULL,
    heading TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    embed_hash TEXT NOT NULL,
    text TEXT NOT NULL,
    fts_body TEXT NOT NULL,
    mtime REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(root, path);
CREATE INDEX IF NOT EXISTS chunks_content ON chunks(content_hash);
CREATE INDEX IF NOT EXISTS chunks_embed ON chunks(embed_hash);
CREATE INDEX IF NOT EXISTS chunks_source ON chunks(source);
CREATE INDEX IF NOT EXISTS chunks_mtime ON chunks(mtime);

CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    fts_body,
    content='chunks',
    content_rowid='id',
    tokenize='{FTS_TOKENIZE}'
);
CREATE TRIGGER IF NOT EXISTS chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, fts_body) VALUES (new.id, new.fts_body);
END;
CREATE TRIGGER IF NOT EXISTS chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, fts_body) VALUES ('delete', old.id, old.fts_body);
END;
CREATE TRIGGER IF NOT EXISTS chunks_au AFTER UPDATE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, fts_body) VALUES ('delete', old.id, old.fts_body);
    INSERT INTO chunks_fts(rowid, fts_body) VALUES (new.id, new.fts_body);
END;

CREATE TABLE IF NOT EXISTS skipped (
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    reason TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (root, path)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS embedding_cache (
    model TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (model, text_hash)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS index_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""


def ensure_schema(conn: sqlite3.Connection) -> bool:
    """Create the index tables; drop derived ones whose version is stale. Returns True if it reset them."""
    row = None
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'index_meta'").fetchone():
        row = conn.execute("SELECT value FROM index_meta WHERE key = 'index_version'").fetchone()
    reset = row is not None and int(row[0]) != INDEX_VERSION
    if reset:
        drop_derived(conn)
    for statement in _statements(SCHEMA):
        conn.execute(statement)
    conn.execute("INSERT OR REPLACE INTO index_meta (key, value) VALUES ('index_version', ?)", (str(INDEX_VERSION),))
    return reset


def drop_derived(conn: sqlite3.Connection) -> None:
    """Drop everything rebuildable from the files; the embedding cache stays (it cannot go stale)."""
    conn.execute("DROP TABLE IF EXISTS chunks_fts")
    for table in DERIVED_TABLES:
        conn.execute(f"DROP TABLE IF EXISTS {table}")


def _statements(script: str) -> list[str]:
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    return [s for s in out if s]


def reset_index(conn: sqlite3.Connection) -> None:
    """Drop the file-derived tables and create them empty (the embedding cache stays)."""
    drop_derived(conn)
    ensure_schema(conn)


def optimize_fts(conn: sqlite3.Connection) -> bool:
    """Merge the FTS5 index segments (https://sqlite.org/fts5.html#the_optimize_command). False without FTS."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'chunks_fts'").fetchone() is None:
        return False
    conn.execute("INSERT INTO chunks_fts(chunks_fts) VALUES('optimize')")
    return True
