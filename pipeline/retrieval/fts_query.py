"""Turn any user string into a safe FTS5 MATCH expression for the index's single FTS5 table.

Invariant: the returned expression is built only from double-quoted terms (`"` doubled inside, no NUL),
an optional `*` right after a quoted term, and the keyword `OR`. FTS5 syntax characters in the user's
text (`* - : ^ ( ) { } + NEAR AND NOT`) therefore never reach the query parser as syntax, so no input can
raise an FTS5 syntax error (https://sqlite.org/fts5.html#full_text_query_syntax).

Terms are joined with OR and ranked by bm25(): a long natural-language question ANDed together usually
matches nothing, while OR lets BM25 put the documents that share the most rare terms first.
"""

from __future__ import annotations

import re
import unicodedata

from pipeline.cjk import CJK_PUNCT, CJK_RUN, cjk_bigrams, normalize_for_fts

MAX_TERMS = 64

# Why this list: NLTK's English stopwords minus words that carry meaning in an engineering memory
# ("down", "up", "off", "out", "over", "under" as in "server down", "rollout", "failover"), plus modals.
_STOPWORD_TEXT = """
a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing don during each few for from further had has have having he her
here hers herself him himself his how i if in into is it its itself just me more most my myself no nor
not now of on once only or other our ours ourselves own s same she should so some such t than that the
their theirs them themselves then there these they this those through to too until very was we were what
when where which while who whom why will with would you your yours yourself yourselves
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

# Candidate words: runs without whitespace or ASCII punctuation. `_` separates, as it does for unicode61.
_CANDIDATE = re.compile(r"[^\s!-/:-@\[-`{-~]+")
_PLAIN_WORD = re.compile(r"[^\W_]+")


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def _is_term_char(ch: str) -> bool:
    # Letters and digits, as unicode61 sees them, plus combining marks (so `हिन्दी` stays one quoted phrase;
    # FTS5 splits it at the marks and matches the pieces as a phrase) and private-use characters.
    return ch.isalnum() or unicodedata.category(ch) in ("Mn", "Mc", "Co")


def _words(segment: str) -> list[str]:
    words: list[str] = []
    for candidate in _CANDIDATE.findall(segment):
        if _PLAIN_WORD.fullmatch(candidate):  # fast path: nearly every real word
            words.append(candidate.lower())
            continue
        current: list[str] = []
        for ch in [*candidate, " "]:
            if ch != " " and _is_term_char(ch):
                current.append(ch)
            elif current:
                word = "".join(current)
                if any(c.isalnum() for c in word):  # a run of bare marks tokenizes to nothing
                    words.append(word.lower())
                current = []
    return words


def _pieces(text: str) -> list[tuple[bool, str]]:
    """(is_cjk, piece) in reading order: English words and whole CJK runs."""
    pieces: list[tuple[bool, str]] = []
    pos = 0
    for match in CJK_RUN.finditer(text):
        pieces.extend((False, w) for w in _words(text[pos : match.start()]))
        pieces.append((True, match.group()))
        pos = match.end()
    pieces.extend((False, w) for w in _words(text[pos:]))
    return pieces


def query_phrases(user_query: str) -> list[tuple[str, bool]]:
    """The ordered, deduplicated (text, is_prefix) phrases for `user_query`, unquoted.

    English words are lowercased and stopwords dropped, unless every piece is a stopword (then they are
    kept: "to be or not to be" should still search). CJK runs become bigrams; a lone CJK character becomes
    a prefix term. At most MAX_TERMS phrases, in order of first appearance.
    """
    pieces = _pieces(CJK_PUNCT.sub(" ", normalize_for_fts(user_query)))
    keep_stopwords = all(not is_cjk and piece in STOPWORDS for is_cjk, piece in pieces)
    phrases: dict[tuple[str, bool], None] = {}  # an ordered set
    for is_cjk, piece in pieces:
        if is_cjk and len(piece) == 1:
            new = [(piece, True)]
        elif is_cjk:
            new = [(bigram, False) for bigram in cjk_bigrams(piece)]
        elif keep_stopwords or piece not in STOPWORDS:
            new = [(piece, False)]
        else:
            continue
        for phrase in new:
            phrases.setdefault(phrase)
            if len(phrases) >= MAX_TERMS:
                return list(phrases)
    return list(phrases)


def query_terms(user_query: str) -> list[str]:
    """The FTS5 terms of `query_phrases`: quoted, with `*` after a prefix term."""
    return [_quote(text) + ("*" if prefix else "") for text, prefix in query_phrases(user_query)]


def build_match(user_query: str) -> str | None:
    """A MATCH expression for `user_query`, or None when nothing searchable remains (return no results).

    Never raises for any `str`; the result is always valid FTS5 syntax for the porter/unicode61 table.
    """
    terms = query_terms(user_query)
    return " OR ".join(terms) if terms else None
