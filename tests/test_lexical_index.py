"""The in-memory BM25 mirror against FTS5 itself, on a real index database with the index's schema.

The contract: for any query it answers, the same row ids in the same order with bit-identical scores as
`bm25(chunks_fts)` (ties by row id), after loading and after any sequence of committed changes.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import aiosqlite
import pytest

from pipeline.cjk import fts_text
from pipeline.index_schema import ensure_schema
from pipeline.retrieval.fts_query import build_match, query_phrases
from pipeline.retrieval.lexical_index import LexicalIndex
from pipeline.retrieval.search import Filters, allowed_ids, bm25_candidates

_ENGLISH_TEXT = """
deploy deployed deploying deployment staging canary rollback kafka consumer consumers offset retry retries
backoff timeout websocket heartbeat cache caching invalidation migration migrations schema index indexes
token tokens session sessions the a of to and run running runs café naïve
"""
ENGLISH = _ENGLISH_TEXT.split()
CHINESE = "我们用心跳保活间隔三十秒部署到预发环境之后检查日志缓存失效重试退避"


def make_text(rng: random.Random) -> str:
    words = rng.choices(ENGLISH, k=rng.randint(0, 40))
    if rng.random() < 0.4:
        start = rng.randrange(len(CHINESE) - 6)
        words.append(CHINESE[start : start + rng.randint(1, 6)])
    return " ".join(words)


def make_query(rng: random.Random) -> str:
    parts = rng.sample(ENGLISH, rng.randint(1, 5))
    if rng.random() < 0.4:
        start = rng.randrange(len(CHINESE) - 3)
        parts.append(CHINESE[start : start + rng.randint(1, 3)])  # one character: a prefix term
    return " ".join(parts)


def insert(conn: sqlite3.Connection, chunk_id: int, text: str) -> None:
    conn.execute(
        "INSERT INTO chunks (id, chunk_id, root, path, source, heading, start_line, end_line, content_hash,"
        " embed_hash, text, fts_body, mtime) VALUES (?, ?, 'memory', ?, 'memory', '', 1, 1, ?, ?, ?, ?, 0)",
        (chunk_id, f"c{chunk_id}", f"n{chunk_id}.md", f"h{chunk_id}", f"e{chunk_id}", text, fts_text(text)),
    )


def fts5_top(conn: sqlite3.Connection, query: str, depth: int) -> list[tuple[int, float]]:
    match = build_match(query)
    if match is None:
        return []
    sql = "SELECT rowid, -bm25(chunks_fts) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s DESC, rowid LIMIT ?"
    return [(r[0], r[1]) for r in conn.execute(sql, (match, depth))]


@pytest.fixture
def index_db(tmp_path: Path) -> Iterator[tuple[Path, sqlite3.Connection]]:
    path = tmp_path / "index.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    ensure_schema(conn)
    yield path, conn
    conn.close()


def loaded(path: Path, conn: sqlite3.Connection, rng: random.Random, rows: int, **kwargs: int) -> LexicalIndex:
    """Rows 1..`rows` of random text, then a mirror loaded from them."""
    with conn:
        for chunk_id in range(1, rows + 1):
            insert(conn, chunk_id, make_text(rng))
    lexical = LexicalIndex(**kwargs)
    lexical.load(path)
    return lexical


def assert_same_as_fts5(lexical: LexicalIndex, conn: sqlite3.Connection, rng: random.Random, queries: int) -> None:
    for _ in range(queries):
        query = make_query(rng)
        depth = rng.choice([1, 5, 20, 100])
        expected = fts5_top(conn, query, depth)
        assert lexical.search(query_phrases(query), depth) == expected, query


def test_scores_and_order_are_fts5s_own(index_db: tuple[Path, sqlite3.Connection]) -> None:
    path, conn = index_db
    rng = random.Random(7)
    lexical = loaded(path, conn, rng, 800)
    assert lexical.stats()["rows"] == 800
    assert_same_as_fts5(lexical, conn, rng, 300)
    assert lexical.search(query_phrases("心跳"), 10)  # a two-character Chinese word
    assert lexical.search(query_phrases("zzz-not-there"), 10) == []


@pytest.mark.parametrize("seed", [11, 101, 102])
def test_committed_changes_keep_it_identical(index_db: tuple[Path, sqlite3.Connection], seed: int) -> None:
    """Deletes, inserts, a reused row id and merges of the added postings (compaction), each followed by
    the same answers as FTS5 and as a fresh load."""
    path, conn = index_db
    rng = random.Random(seed)
    lexical = loaded(path, conn, rng, 300, compact_min=200)
    next_id = 301
    for step in range(30):
        live = [r[0] for r in conn.execute("SELECT id FROM chunks")]
        removed = rng.sample(live, min(len(live), rng.randint(0, 25)))
        if step % 5 == 0:
            removed.append(max(live))  # SQLite hands the highest id out again
        removed = sorted(set(removed))
        added: list[tuple[int, str]] = []
        with conn:
            conn.executemany("DELETE FROM chunks WHERE id = ?", [(i,) for i in removed])
            for _ in range(rng.randint(0, 25)):
                text = make_text(rng)
                cursor = conn.execute(
                    "INSERT INTO chunks (chunk_id, root, path, source, heading, start_line, end_line,"
                    " content_hash, embed_hash, text, fts_body, mtime)"
                    " VALUES (?, 'memory', 'x.md', 'memory', '', 1, 1, 'h', 'e', ?, ?, 0)",
                    (f"new{next_id}", text, fts_text(text)),
                )
                next_id += 1
                added.append((int(cursor.lastrowid or 0), fts_text(text)))
        lexical.apply(removed, added)
        assert lexical.stats()["rows"] == conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        assert_same_as_fts5(lexical, conn, rng, 10)
    fresh = LexicalIndex()
    fresh.load(path)
    assert fresh.stats()["postings"] == lexical.stats()["postings"]
    for _ in range(50):
        query = make_query(rng)
        assert fresh.search(query_phrases(query), 20) == lexical.search(query_phrases(query), 20)
    # deleting most rows, with nothing added, also merges the arrays (dead postings are not kept forever)
    live = [r[0] for r in conn.execute("SELECT id FROM chunks ORDER BY id")]
    removed = live[: len(live) * 2 // 3]
    with conn:
        conn.executemany("DELETE FROM chunks WHERE id = ?", [(i,) for i in removed])
    lexical.apply(removed, [])
    assert lexical._dead_postings == 0 and not lexical._any_dead
    fresh.load(path)
    assert fresh.stats() | {"load_s": 0} == lexical.stats() | {"load_s": 0}
    assert_same_as_fts5(lexical, conn, rng, 20)


async def test_a_phrase_of_several_tokens_goes_to_fts5(index_db: tuple[Path, sqlite3.Connection]) -> None:
    path, conn = index_db
    with conn:
        insert(conn, 1, "हिन्दी में लिखा गया नोट")
        insert(conn, 2, "deploy notes")
    lexical = LexicalIndex()
    lexical.load(path)
    # unicode61 splits the word at its combining marks: a phrase the mirror cannot score without positions
    assert lexical.search(query_phrases("हिन्दी"), 10) is None
    async with aiosqlite.connect(path) as db:
        hits = await bm25_candidates(db, "हिन्दी", 10, Filters(), lexical)
        assert [c.id for c in hits] == [1]
        via_mirror = await bm25_candidates(db, "deploying", 10, Filters(), lexical)
        via_fts5 = await bm25_candidates(db, "deploying", 10, Filters(), None)
        assert [(c.id, c.bm25) for c in via_mirror] == [(c.id, c.bm25) for c in via_fts5] == [(2, via_fts5[0].bm25)]


async def test_filtered_queries_match_fts5_under_the_same_filter(index_db: tuple[Path, sqlite3.Connection]) -> None:
    """Scores under a filter still use the whole index's statistics, exactly as bm25() does in a join."""
    path, conn = index_db
    rng = random.Random(23)
    lexical = loaded(path, conn, rng, 400)
    sql = (
        "SELECT c.id, -bm25(chunks_fts) AS s FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
        " WHERE chunks_fts MATCH ? AND c.path GLOB ? ORDER BY s DESC, c.id LIMIT ?"
    )
    async with aiosqlite.connect(path) as db:
        for glob in ("n1*.md", "n3?.md", "n7.md", "nothing*"):
            filters = Filters(path_glob=glob)
            allowed = await allowed_ids(db, filters)
            assert sorted(allowed.tolist()) == [
                r[0] for r in conn.execute("SELECT id FROM chunks WHERE path GLOB ? ORDER BY id", (glob,))
            ]
            for _ in range(25):
                query = make_query(rng)
                match = build_match(query)
                expected = [(r[0], r[1]) for r in conn.execute(sql, (match, glob, 20))] if match else []
                hits = await bm25_candidates(db, query, 20, filters, lexical)
                assert [(c.id, c.bm25) for c in hits] == expected, (glob, query)
