"""FTS text and query building against a real SQLite FTS5 table with the index's tokenizer."""

from __future__ import annotations

import random
import sqlite3
import string
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.cjk import cjk_bigrams, fts_text
from pipeline.retrieval.fts_query import MAX_TERMS, build_match, query_terms

DOCS = {
    1: "我们用 WebSocket 心跳保活，间隔三十秒",
    2: "The deployment to staging runs every night; we deployed twice yesterday.",
    3: "Configuration lives in config.toml and the configuring guide explains each key.",
    4: "ログはデプロイの後に確認する",
    5: "서버에서 로그를 확인하세요",
    6: "Use pnpm, not npm, for the frontend monorepo.",
    7: "ＡＰＩ keys rotate monthly",
    8: "Le café est très naïve",
}

BM25 = "SELECT rowid, bm25(t) FROM t WHERE t MATCH ? ORDER BY bm25(t)"


@pytest.fixture
def fts(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(tmp_path / "fts.db")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
    conn.executemany("INSERT INTO t(rowid, body) VALUES (?, ?)", [(k, fts_text(v)) for k, v in DOCS.items()])
    conn.commit()
    yield conn
    conn.close()


def search(conn: sqlite3.Connection, query: str) -> list[int]:
    match = build_match(query)
    if match is None:
        return []
    return [rowid for rowid, _ in conn.execute(BM25, (match,)).fetchall()]


def test_two_character_chinese_word_finds_the_heartbeat_sentence(fts: sqlite3.Connection) -> None:
    assert search(fts, "心跳") == [1]
    assert search(fts, "间隔多少") == [1]  # 间隔 matches; 隔多 and 多少 do not, OR keeps the hit


def test_single_cjk_character_finds_it_anywhere_in_a_run(fts: sqlite3.Connection) -> None:
    assert build_match("心") == '"心"*'
    assert search(fts, "心") == [1]  # first character of a bigram
    assert search(fts, "秒") == [1]  # last character of a run: indexed alone for this case


def test_japanese_and_korean_runs_are_searchable(fts: sqlite3.Connection) -> None:
    assert search(fts, "デプロイ") == [4]
    assert search(fts, "로그") == [5]


def test_mixed_language_query_ranks_the_document_with_both(fts: sqlite3.Connection) -> None:
    assert search(fts, "websocket 心跳")[0] == 1


def test_porter_stemming_matches_inflections(fts: sqlite3.Connection) -> None:
    assert search(fts, "deploying") == [2]  # deploying, deployed -> "deploi"
    assert search(fts, "deployment") == [2]
    assert search(fts, "configure") == [3]  # configuring, configuration -> "configur"
    # Porter stems "deploying" to "deploi" but "deployment" to "deploy", so those two alone do not meet.


def test_fullwidth_and_diacritics_fold(fts: sqlite3.Connection) -> None:
    assert search(fts, "api") == [7]
    assert search(fts, "cafe naive") == [8]


def test_natural_language_question_uses_or_and_drops_stopwords(fts: sqlite3.Connection) -> None:
    assert build_match("What is the package manager for the frontend?") == '"package" OR "manager" OR "frontend"'
    assert search(fts, "Which package manager should we use for the frontend?") == [6]


def test_only_stopwords_are_kept_rather_than_searching_nothing() -> None:
    assert build_match("to be or not to be") == '"to" OR "be" OR "or" OR "not"'


def test_nothing_searchable_returns_none() -> None:
    for query in ("", "   ", "!!!", "🙂🙂", "\x00", '""', "-- * :", "\u0301"):
        assert build_match(query) is None


def test_terms_are_lowercased_deduplicated_and_capped() -> None:
    assert build_match("Deploy deploy DEPLOY staging") == '"deploy" OR "staging"'
    words = [f"word{i}" for i in range(200)]
    terms = query_terms(" ".join(words))
    assert len(terms) == MAX_TERMS
    assert terms[0] == '"word0"'


def test_syntax_characters_never_reach_the_parser() -> None:
    assert build_match('NEAR(deploy staging) AND "x" OR y*') == '"near" OR "deploy" OR "staging" OR "x" OR "y"'
    assert build_match("col:val -x ^y {a b}") == '"col" OR "val" OR "x" OR "y" OR "b"'


def test_fts_text_makes_overlapping_bigrams_and_keeps_other_text() -> None:
    tokens = ["WebSocket", "心跳", "跳保", "保活", "活", ",", "间隔", "隔"]  # NFKC turns ， into a plain comma
    assert fts_text("WebSocket心跳保活，间隔").split() == tokens
    assert fts_text("保活。间隔").split() == ["保活", "活", "间隔", "隔"]  # CJK punctuation separates runs
    assert fts_text("用 Go").split() == ["用", "Go"]
    assert fts_text("plain english, unchanged") == "plain english, unchanged"
    assert cjk_bigrams("心") == ["心"]
    assert cjk_bigrams("") == []


RANDOM = random.Random(20240501)
NASTY = [
    '"',
    '""',
    '"""',
    "'",
    "(",
    ")",
    "((a)",
    "NEAR(a b",
    "NEAR",
    "a AND",
    "AND",
    "OR OR",
    "NOT x",
    "a NOT",
    "*",
    "a*",
    "*a",
    "-x",
    "col:val",
    "body:心跳",
    "{a b}",
    "a + b",
    "^start",
    "\x00",
    "a\x00b",
    "心\x00跳",
    "🙂🙂",
    "deploy 🚀 now",
    "\u200b\u200d",
    "e\u0301",
    "\\",
    "'; DROP TABLE t; --",
    "%_[]",
    "हिन्दी",
    "".join(RANDOM.choice(string.printable) for _ in range(10_240)),
    "".join(chr(RANDOM.randint(0x4E00, 0x9FFF)) for _ in range(10_240)),
    "".join(chr(RANDOM.randint(1, 0x2FFFF)) for _ in range(4_000))
    .encode("utf-8", "replace")
    .decode("utf-8", "replace"),
]


@pytest.mark.parametrize("query", NASTY, ids=[repr(q[:20]) for q in NASTY])
def test_nasty_strings_never_raise_and_run_as_bm25(fts: sqlite3.Connection, query: str) -> None:
    match = build_match(query)
    if match is not None:
        assert len(query_terms(query)) <= MAX_TERMS
        fts.execute(BM25, (match,)).fetchall()


def test_random_fuzz_never_raises(fts: sqlite3.Connection) -> None:
    rng = random.Random(7)
    alphabet = string.printable + '"*()^:-+{}' + "心跳保活デプロイ로그 \x00🙂é\u0301"
    for _ in range(500):
        query = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        match = build_match(query)
        if match is not None:
            fts.execute(BM25, (match,)).fetchall()


def test_long_queries_never_blow_up() -> None:
    """A guard against pathological behaviour, not a speed target."""
    started = time.perf_counter()
    for query in NASTY[-3:]:
        build_match(query)
    assert time.perf_counter() - started < 10.0
