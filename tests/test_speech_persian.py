"""Persian (Farsi) as developers type it: the verb last, the half-space typed or not, English terms inside, and the
same in Latin letters (Finglish); told from Arabic, whose markers would misread it. The sentences are written for
these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.languages.arabic import is_arabic
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.learning.rules.rule_lifecycle import judge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("نه! هیچ‌وقت migration رو دستی edit نکن، همیشه یه migration جدید بساز", "هیچ‌وقت migration رو دستی edit نکن"),
        ("همیشه قبل از push تستا رو اجرا کن، چون CI کنده", "همیشه قبل از push تستا رو اجرا کن"),
        ("از unwrap استفاده نکنید، به جاش expect با پیام", "از unwrap استفاده نکنید، به جاش expect با پیام"),
        ("از این به بعد config ها با YAML نوشته میشن، JSON نه", "از این به بعد config ها با YAML نوشته میشن، JSON نه"),
        ("یادت باشه که logها همیشه به UTC باشن", "logها همیشه به UTC باشن"),
        ("token ha faghat too env, hichvaght too code nazar", "token ha faghat too env, hichvaght too code nazar"),
        ("dige in karo nakon, docker image ro hamishe ba tag push kon", "docker image ro hamishe ba tag push kon"),
    ],
)
def test_persian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "همیشه باید قبل از deploy بک‌آپ بگیرم یا خودش می‌گیره؟",  # a question
        "فعلا Dockerfile رو دست نزن، بعدا خودم درستش می‌کنم",  # for now
        "فقط کلی توضیح بده",  # "just" explain, no rule (Arabic's "only" read it as one)
        "هیچ خطایی نیست، فقط عددا غلطه",  # a report
        "این تست رو فعلا skip کن",  # this test, for now
        "felan faghat hamin branch ro push kon",  # for now, in Finglish
    ],
)
def test_what_is_no_persian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_persian_is_not_read_as_arabic() -> None:
    assert not is_arabic("حالا یه endpoint جدید اضافه کن، http-types لازم داره")
    assert is_arabic("لازم تعمل rebase قبل الـ merge")


def test_persian_lessons_decisions_and_verdicts() -> None:
    found = extract_knowledge(["درس امروز: cron تو container به وقت UTC اجرا میشه. commit کن"])
    assert found.lessons == ("cron تو container به وقت UTC اجرا میشه",)
    assert extract_knowledge(["تصمیم گرفتیم که روی Postgres 15 بمونیم"]).decisions == ("روی Postgres 15 بمونیم",)
    assert closing_cue("عالیه، مرسی")[0] == 3.0  # type: ignore[index]
    assert closing_cue("هنوز هم همون خطا رو میده")[0] == -3.0  # type: ignore[index]
    assert (closing_cue("Non merci, je garde la version de la carte") or (0.0, ""))[0] != 3.0  # French, no Finglish


def test_a_persian_rule_from_now_on_replaces_the_english_one_it_names() -> None:
    current = ["derive the JSON instances generically, never by hand", "keep handlers small"]
    verdict = judge(
        "از این به بعد instanceهای JSON رو دستی بنویس، generic نه",
        current,
        lambda a, b: 0.88,
        lambda a, b: 0.3 if "JSON" in b else 0.28,
    )
    assert verdict.action == "supersede" and verdict.other == current[0]
