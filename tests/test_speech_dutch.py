"""Dutch as developers type it: informal, lower case, English terms and commands inside, the verb before the
marker ("draai voortaan …"). Told from English and German. The sentences are written for these tests, not taken
from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.problems.problem_match import KnownProblem, references
from pipeline.learning.rules.rule_lifecycle import judge
from tests.transcript_lines import Transcript


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("draai altijd eerst mix format voor je commit", "draai altijd eerst mix format voor je commit"),
        (
            "nooit secrets in de values.yaml zetten, die horen in sops",  # its why after a comma stays with it
            "nooit secrets in de values.yaml zetten, die horen in sops",
        ),
        (
            "vergeet de staging cluster, deploy voortaan alles via ArgoCD",
            "vergeet de staging cluster, deploy voortaan alles via ArgoCD",
        ),
        ("ik zei toch, eerst de migratie reviewen en dan pas mergen", "eerst de migratie reviewen en dan pas mergen"),
        ("gebruik Req in plaats van HTTPoison, want dat is de standaard", "gebruik Req in plaats van HTTPoison"),
        (
            "let op: tests draaien we altijd met --warnings-as-errors",
            "tests draaien we altijd met --warnings-as-errors",
        ),
    ],
)
def test_dutch_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "moeten we altijd een nieuwe migratie maken voor een default?",  # a question
        "Pieter zegt dat we nooit Redis nodig gaan hebben",  # someone else's words
        "draai voor nu alleen de snelle tests",  # for now
        "de job crasht altijd om middernacht",  # a report
        "met een mutable tag weet je nooit wat er draait",  # a description
        "ik vergeet altijd de --context flag",  # the speaker's habit
        "never mind, dat was de verkeerde branch",  # English, no rule
    ],
)
def test_what_is_no_dutch_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_dutch_lessons_decisions_verdicts_and_again() -> None:
    assert extract_knowledge(["les geleerd: cron op de server draait in UTC"]).lessons == (
        "cron op de server draait in UTC",
    )
    assert extract_knowledge(["turns out the runner caches deps, goed om te weten"]).lessons == (
        "the runner caches deps",
    )
    assert extract_knowledge(["besluit: we blijven op Postgres 15 tot de zomer"]).decisions == (
        "we blijven op Postgres 15 tot de zomer",
    )
    assert closing_cue("top, dank je!")[0] == 3.0  # type: ignore[index]
    assert closing_cue("nee, nog steeds de oude pagina")[0] == -3.0  # type: ignore[index]
    known = [KnownProblem("p1", ("exc:ArgumentError@timezone",), ("utc only time zone database",))]
    assert references("de timezone database error is er weer", known) == ["p1"]


def test_an_english_rule_after_a_dutch_no_is_a_rule() -> None:
    said = "nee, never add credo:disable comments, fix the code instead"
    assert extract_knowledge([said]).rules == ("never add credo:disable comments, fix the code instead",)


def test_a_dutch_replacement_supersedes_the_rule_it_names() -> None:
    current = ["run the test suite with --exclude slow locally", "commit messages in English"]
    verdict = judge(
        "vergeet die --exclude slow, draai voortaan gewoon de hele suite",
        current,
        lambda a, b: 0.7,
        lambda a, b: 0.4 if "slow" in b else 0.1,
    )
    assert verdict.action == "supersede" and verdict.other == current[0]


def test_every_kind_of_thing_that_has_to_be_so_is_a_rule_and_what_must_hold_today_is_not() -> None:
    said = "every Oban job that mails a customer has to be unique"
    assert extract_knowledge([said]).rules == (said,)
    assert extract_knowledge(["every test should pass now", "all of them must be fixed today"]).rules == ()


def test_thanks_after_a_deploy_the_person_asked_for_is_success_and_after_an_answer_is_not_judged() -> None:
    deployed = Transcript().user("renamed the key, go ahead and deploy").bash("./scripts/deploy.sh staging", "ok", 0)
    deployed.say("Staging is running again.").user("draait weer, dank je")
    answered = Transcript().user("waar staat de deploy config?").bash("cat scripts/deploy.sh", "helm upgrade …", 0)
    answered.say("In scripts/deploy.sh.").user("top, dank je")
    assert session_outcome(parse_transcript(deployed.bytes(), "d")).outcome == "success"
    assert session_outcome(parse_transcript(answered.bytes(), "a")).outcome == "unknown"
