"""Swedish as developers type it: informal, lower case, English terms and commands inside ("vi kör pnpm, inga
npm-lockfiler"). Told from English, Dutch and German by its own function words. The sentences are written for
these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.learning.rules.rule_lifecycle import judge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("vi kör pnpm i alla paket, inga npm-lockfiler", "vi kör pnpm i alla paket, inga npm-lockfiler"),
        ("inga console.log i komponenterna, använd loggern", "inga console.log i komponenterna, använd loggern"),
        ("rör inte prod-databasen för hand, annars blir det kaos", "rör inte prod-databasen för hand"),
        ("lintern ska vara grön innan vi mergar något", "lintern ska vara grön innan vi mergar något"),
        ("skriv alltid en changelog-rad i varje PR", "skriv alltid en changelog-rad i varje PR"),
        ("kom ihåg att vi taggar releaser med v-prefix", "vi taggar releaser med v-prefix"),
        ("cacha bara svaren från katalog-API:t, inget annat", "cacha bara svaren från katalog-API:t, inget annat"),
        (
            "vi deployar med Kamal nu, Capistrano strular för mycket",  # what goes wrong after a comma is its why
            "vi deployar med Kamal nu",
        ),
    ],
)
def test_swedish_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "ska vi alltid köra e2e-testerna i CI?",  # a question
        "Erik säger att vi aldrig behöver Redis",  # someone else's words
        "kör inte seed-skriptet idag, bara den här gången",  # for this once
        "inga fel i loggen, den bara hänger sig",  # a report
        "jag bygger på min egen maskin så länge",  # the speaker's own doing
        "nä, inte idag",
    ],
)
def test_what_is_no_swedish_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_swedish_lessons_decisions_verdicts() -> None:
    assert extract_knowledge(["lärdom: cron på servern kör i UTC, inte svensk tid"]).lessons == (
        "cron på servern kör i UTC, inte svensk tid",
    )
    assert extract_knowledge(["visar sig att bundlern cachar allt i tmp/"]).lessons == ("bundlern cachar allt i tmp/",)
    assert extract_knowledge(["Release: vi har bestämt att vi stannar på Postgres 15 till sommaren"]).decisions == (
        "vi stannar på Postgres 15 till sommaren",
    )
    assert closing_cue("toppen, tack!")[0] == 3.0  # type: ignore[index]
    assert closing_cue("funkar fortfarande inte")[0] == -3.0  # type: ignore[index]


def test_a_changed_mind_in_swedish_supersedes_the_rule_it_replaces() -> None:
    current = ["log only to stdout, the platform collects it", "commit messages in English"]
    new = extract_knowledge(["jag har ändrat mig om loggningen: vi skickar loggarna direkt till Loki"]).rules
    assert new == ("jag har ändrat mig om loggningen: vi skickar loggarna direkt till Loki",)
    verdict = judge(new[0], current, lambda a, b: 0.7, lambda a, b: 0.4 if "log" in b else 0.1)
    assert verdict.action == "supersede" and verdict.other == current[0]
