"""Hungarian as developers type it: informal, accents sometimes dropped, English terms and commands inside
("soha ne pushold a main-t"). The sentences are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import LEFT_FOR_LATER, closing_cue


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("soha ne pushold közvetlenül a main-t", "soha ne pushold közvetlenül a main-t"),
        ("a lintert mindig futtasd commit előtt, mert a CI szigorú", "a lintert mindig futtasd commit előtt"),
        ("új függőséget ne adj hozzá kérdezés nélkül", "új függőséget ne adj hozzá kérdezés nélkül"),
        ("nálunk nincs force push, rebase helyett merge", "nálunk nincs force push, rebase helyett merge"),
        ("a timeout a configban legyen, ne a kódban", "a timeout a configban legyen, ne a kódban"),
        ("ok. mostantól a képeket S3-ba töltsd fel", "mostantól a képeket S3-ba töltsd fel"),
        ("csomagot csak pnpm-mel telepíts", "csomagot csak pnpm-mel telepíts"),
        ("szabály: a PR címe a ticket számával kezdődik", "a PR címe a ticket számával kezdődik"),
    ],
)
def test_hungarian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "miért nem megy a build mindig elsőre?",  # a question
        "mindig elfelejtem elindítani a dockert",  # the speaker's own habit
        "ezt a fájlt most ne módosítsd",  # for now, and a thing in front of the person
        "ne pushold még, előbb megnézem",  # not yet
        "a teszt mindig piros a CI-n",  # a report
        "on ne peut pas défaire cette migration, génial",  # French: its "ne" is no Hungarian one
    ],
)
def test_what_is_no_hungarian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_hungarian_lessons_decisions_and_closings() -> None:
    found = extract_knowledge(
        ["kiderült, hogy a staging cron UTC-ben fut", "úgy döntöttünk, hogy maradunk a Postgres 16-nál"]
    )
    assert found.lessons == ("a staging cron UTC-ben fut",)
    assert found.decisions == ("maradunk a Postgres 16-nál",)
    assert closing_cue("köszi, szuper")[0] > 0  # type: ignore[index]
    assert closing_cue("még mindig nem megy")[0] < 0  # type: ignore[index]
    assert closing_cue("majd holnap folytatjuk") == (-3.0, LEFT_FOR_LATER)
