"""Hebrew as developers type it: right to left, English terms joined to Hebrew prefixes with a hyphen, commands
inside. The sentences are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.learning.rules.rule_lifecycle import judge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("אל תריץ npm audit fix אף פעם, זה שובר את ה-lockfile", "אל תריץ npm audit fix אף פעם"),
        ("תמיד להריץ pytest -x לפני push, גם בבראנצ'ים קטנים", "תמיד להריץ pytest -x לפני push, גם בבראנצ'ים קטנים"),
        ("כל endpoint חדש צריך טסט", "כל endpoint חדש צריך טסט"),
        ("ועוד דבר: מעכשיו ה-logs נכתבים ב-JSON בלבד, כדי שה-Loki יקרא אותם", "מעכשיו ה-logs נכתבים ב-JSON בלבד"),
        ("וב-Services משתמשים ב-Result, כמו בשאר הקוד", "ב-Services משתמשים ב-Result, כמו בשאר הקוד"),
        ("יופי. ותזכור שכל API חדש מתועד ב-OpenAPI", "כל API חדש מתועד ב-OpenAPI"),
    ],
)
def test_hebrew_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "אנחנו תמיד צריכים לעדכן את ה-changelog, או שה-bot עושה את זה?",  # a question
        "הטסט הזה נופל תמיד ב-CI",  # a report, about this test
        "בינתיים אל תעדכן את ה-SDK",  # for now
        "דני אמר שהוא תמיד מנקה את ה-cache לפני",  # someone else's habit
        "אל תיגע ב-config, תחזיר את זה",  # a correction of the change at hand
    ],
)
def test_what_is_no_hebrew_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_hebrew_lessons_decisions_and_verdicts() -> None:
    found = extract_knowledge(["סוף סוף. לקח: ה-container רץ ב-UTC ולא בשעון המקומי", "החלטנו שנשארים על Java 17"])
    assert found.lessons == ("לקח: ה-container רץ ב-UTC ולא בשעון המקומי",)
    assert found.decisions == ("נשארים על Java 17",)
    assert closing_cue("מעולה, תודה")[0] == 3.0  # type: ignore[index]
    assert closing_cue("עדיין נופל באותו מקום")[0] == -3.0  # type: ignore[index]


def test_a_hebrew_rule_from_now_on_replaces_the_english_one_it_names() -> None:
    current = ["integration tests use the shared staging database, no testcontainers", "keep handlers thin"]
    verdict = judge(
        "מעכשיו טסטי ה-integration רצים עם testcontainers ולא מול ה-staging",
        current,
        lambda a, b: 0.88,
        lambda a, b: 0.3 if "staging" in b else 0.28,
    )
    assert verdict.action == "supersede" and verdict.other == current[0]
