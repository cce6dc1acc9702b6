"""The shape of the generic rule examples: enough of them, no repeats, chat-sized, many languages.

Their quality (do they separate rules from the rest?) is measured on the evaluation corpora, not here.
"""

from __future__ import annotations

import re

from pipeline.learning.rules.rule_examples import OTHER, STANDING

# Script or letters that mark a language (first match wins, so the more specific marks come first).
_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("japanese", re.compile(r"[\u3040-\u30ff]")),
    ("korean", re.compile(r"[\uac00-\ud7af]")),
    ("chinese", re.compile(r"[\u4e00-\u9fff]")),
    ("hindi", re.compile(r"[\u0900-\u097f]")),
    ("ukrainian", re.compile(r"[іїєґІЇЄҐ]")),
    ("russian", re.compile(r"[\u0400-\u04ff]")),
    ("vietnamese", re.compile(r"[ơưđĐ\u1ea0-\u1ef9]")),
    ("turkish", re.compile(r"[ıİşŞğĞ]")),
    ("polish", re.compile(r"[ąęłśźżńĄĘŁŚŹŻŃ]")),
    ("portuguese", re.compile(r"[ãõÃÕ]")),
    ("spanish", re.compile(r"[ñÑ¿¡]")),
    ("german", re.compile(r"[äöüßÄÖÜ]")),
    ("french", re.compile(r"[èêëçœùûîï]")),
)


def _language(sentence: str) -> str | None:
    return next((name for name, mark in _MARKS if mark.search(sentence)), None)


def _languages(sentences: tuple[str, ...]) -> set[str]:
    return {name for s in sentences if (name := _language(s)) is not None}


def test_both_tuples_are_substantial() -> None:
    assert len(STANDING) >= 150
    assert len(OTHER) >= 150


def test_no_sentence_repeats_within_or_between_tuples() -> None:
    def key(sentence: str) -> str:
        return " ".join(sentence.casefold().split())

    assert len({key(s) for s in STANDING}) == len(STANDING)
    assert len({key(s) for s in OTHER}) == len(OTHER)
    assert not {key(s) for s in STANDING} & {key(s) for s in OTHER}


def test_each_sentence_is_a_plausible_chat_line() -> None:
    for sentence in (*STANDING, *OTHER):
        assert sentence == sentence.strip() and sentence, repr(sentence)
        assert len(sentence) < 300, sentence
        assert "\n" not in sentence, sentence


def test_many_languages_in_each_tuple() -> None:
    assert len(_languages(STANDING)) >= 10, _languages(STANDING)
    assert len(_languages(OTHER)) >= 10, _languages(OTHER)


def test_the_language_marks_tell_languages_apart() -> None:
    # the heuristic the test above relies on, checked on sentences whose language is known
    assert _language("ніколи не пуш напряму") == "ukrainian"
    assert _language("никогда не пушь напрямую") == "russian"
    assert _language("テストを直して") == "japanese"
    assert _language("再跑一遍测试") == "chinese"
    assert _language("always run the tests") is None
