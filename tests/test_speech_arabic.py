"""Arabic as developers type it: spoken (Egyptian) Arabic in Arabic script with English terms inside, the same in
Latin letters with digits (Arabizi), written Arabic's markers beside them, and the English norms such a person
types between them. The sentences are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.languages.arabic import is_arabic
from pipeline.agent.speech.verdicts import LEFT_FOR_LATER, closing_cue


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("ماتستخدمش print في الكود، استخدم logger", "ماتستخدمش print في الكود"),
        ("لا تستخدم var في JavaScript أبداً", "لا تستخدم var في JavaScript أبداً"),
        ("كل endpoint جديد لازم يبقى ليه test", "كل endpoint جديد لازم يبقى ليه test"),
        (
            "عايز صفحة settings. من النهارده كل الـ migrations تتكتب بـ Alembic",
            "من النهارده كل الـ migrations تتكتب بـ Alembic",
        ),
        ("قلتلك قبل كده: الـ secrets ماتتحطش في الـ repo", "الـ secrets ماتتحطش في الـ repo"),
        ("الصور تترفع على S3 بس، السيرفر مساحته صغيرة", "الصور تترفع على S3 بس"),
        ("ممنوع push على main عشان الـ CI بيعمل deploy", "ممنوع push على main"),
        ("w dayman e3mel rebase abl el push", "dayman e3mel rebase abl el push"),
        ("matesta5demsh moment.js, esta5dem dayjs", "matesta5demsh moment.js"),
    ],
)
def test_arabic_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "هو احنا لازم نعمل rebase دايماً؟",  # a question
        "التست ده بيفشل دايماً على الـ CI",  # a report, about this test
        "النهارده ماتعملش deploy",  # today only
        "هما دايماً بيبعتوا الداتا متأخر",  # what others do
        "لو الـ build فشل لازم نشوف الـ logs",  # the case in hand
        "el test da by-fail tany",  # a report in Arabizi
        "howa lazem dayman n3mel keda?",  # a question in Arabizi
    ],
)
def test_what_is_no_arabic_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_arabic_lessons_and_decisions() -> None:
    found = extract_knowledge(
        [
            "تمام. الدرس: الـ cache لازم يتمسح بعد كل upgrade",
            "اتعلمت إن الـ timezone جوه الـ container بيبقى UTC",
            "قررنا نفضل على Postgres 15 لحد ما الـ hosting يتحدث",
        ]
    )
    assert found.lessons == (
        "الـ cache لازم يتمسح بعد كل upgrade",
        "الـ timezone جوه الـ container بيبقى UTC",
    )
    assert found.decisions == ("نفضل على Postgres 15 لحد ما الـ hosting يتحدث",)


def test_arabizi_is_told_from_english_and_other_latin_typed_languages() -> None:
    assert is_arabic("3ayez el page di tefta7 asra3")
    assert is_arabic("el tests dayman b local[2]")
    assert not is_arabic("run the e2e suite on k8s with md5 checks")
    assert not is_arabic("ab se index hamesha concurrently banana")


@pytest.mark.parametrize(
    ("words", "weight"),
    [
        ("تمام كده، شكراً", 3.0),
        ("لسه بيفشل بنفس الـ error", -3.0),
        ("msh shaghal bardo", -3.0),
        ("7elw awy, shokran", 3.0),
    ],
)
def test_arabic_closing_words(words: str, weight: float) -> None:
    cue = closing_cue(words)
    assert cue is not None
    assert cue[0] == weight


def test_arabic_later_is_left_for_later_and_and_then_is_not() -> None:
    assert closing_cue("طيب مش وقته، نكمل بكرة") == (-3.0, LEFT_FOR_LATER)
    assert closing_cue("اعمل pull --rebase وبعدين push عادي") is None


def test_english_norms_said_beside_it() -> None:
    found = extract_knowledge(
        [
            "add the export button. and commit the generated client in gen/ so the app builds without the generator",
            "dist/ keeps conflicting in every PR. stop committing dist/; the deploy job builds it",
            "from our team docs, please follow these:\n\n- Prefix every hook with acme_ (classes with Acme_).\n"
            "- Every REST route checks a capability.\n\nstart with the settings page",
        ]
    )
    assert found.rules == (
        "commit the generated client in gen/ so the app builds without the generator",
        "stop committing dist/; the deploy job builds it",
        "Prefix every hook with acme_",
        "Every REST route checks a capability",
    )
