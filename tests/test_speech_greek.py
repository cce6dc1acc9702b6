"""Greek as developers type it: accents typed or left out, English terms and commands inside, ";" as the question
mark, and the same in Latin letters (Greeklish). The sentences are written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.learning.rules.rule_lifecycle import judge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("μην κάνεις force push στο main, χάνουμε commits", "μην κάνεις force push στο main"),
        ("οχι, ποτε docker system prune στον server γιατι σβηνει τα volumes", "ποτε docker system prune στον server"),
        ("πάντα poetry σε αυτό το project, ποτέ pip install", "πάντα poetry σε αυτό το project, ποτέ pip install"),
        ("Και κάτι ακόμα: κάθε νέο endpoint παίρνει integration test", "κάθε νέο endpoint παίρνει integration test"),
        ("μετά από κάθε αλλαγή στο schema τρέχουμε το codegen", "μετά από κάθε αλλαγή στο schema τρέχουμε το codegen"),
        (
            "από εδώ και πέρα τα logs γράφονται σε JSON, όχι plain text",
            "από εδώ και πέρα τα logs γράφονται σε JSON, όχι plain text",
        ),
        ("πάλι print; σου το έχω πει: μόνο logging, όχι print", "μόνο logging, όχι print"),
        ("min mou ksanakaneis push sto main, kane PR", "min mou ksanakaneis push sto main"),
        (
            "apo edw kai pera ta migrations ta grafoume me to xeri",
            "apo edw kai pera ta migrations ta grafoume me to xeri",
        ),
    ],
)
def test_greek_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "πρέπει πάντα να τρέχουμε το lint πριν το commit;",  # a question, with Greek's question mark
        "prepei panta na kanoume rebase prin to merge?",  # the same in Greeklish
        "ο Κώστας πάντα τρέχει τα tests με --runInBand",  # someone else's habit
        "για τώρα μην αλλάξεις το Dockerfile",  # for now
        "αυτό το test σκάει πάντα στο CI",  # a report, about this test
        "φτιάξε πρώτα ένα plan, μην αλλάξεις τίποτα ακόμα",  # about this session
        "5 min kai einai etoimo to build",  # minutes in Greeklish: no "don't"
    ],
)
def test_what_is_no_greek_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_greek_lessons_decisions_and_verdicts() -> None:
    found = extract_knowledge(["Επιτέλους! μάθημα: το pytest-xdist δεν μοιράζει τα fixtures με scope session"])
    assert found.lessons == ("το pytest-xdist δεν μοιράζει τα fixtures με scope session",)
    assert extract_knowledge(["απόφαση: μένουμε σε Postgres 15 μέχρι τον Ιούνιο"]).decisions == (
        "μένουμε σε Postgres 15 μέχρι τον Ιούνιο",
    )
    assert closing_cue("τέλεια, ευχαριστώ!")[0] == 3.0  # type: ignore[index]
    assert closing_cue("teleia, eyxaristw")[0] == 3.0  # type: ignore[index]
    assert closing_cue("ακόμα σκάει στο ίδιο σημείο")[0] == -3.0  # type: ignore[index]
    assert closing_cue("δεν προλαβαίνω τώρα, το αφήνουμε κόκκινο")[0] == -3.0  # type: ignore[index]


def test_a_greek_rule_from_now_on_replaces_the_english_one_it_names() -> None:
    current = ["components fetch with the async pipe, no manual subscribe", "keep services stateless"]
    verdict = judge(
        "από εδώ και πέρα τα components διαβάζουν με signals, όχι async pipe",
        current,
        lambda a, b: 0.88,
        lambda a, b: 0.3 if "async" in b else 0.28,
    )
    assert verdict.action == "supersede" and verdict.other == current[0]
