"""Taglish as Filipino developers type it: Tagalog and English in one sentence, English verbs with Tagalog affixes.
Told from Indonesian, which shares a word or two. The sentences are written for these tests, not taken from a
corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.learning.rules.rule_lifecycle import judge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "lagi nating i-rebase yung branch bago mag-merge, para malinis",
            "lagi nating i-rebase yung branch bago mag-merge",
        ),
        (
            "wag mo nang gagalawin yung migrations folder, ako na bahala dyan",
            "wag mo nang gagalawin yung migrations folder, ako na bahala dyan",
        ),
        ("bawal mag-deploy pag Friday, kahit hotfix", "bawal mag-deploy pag Friday, kahit hotfix"),
        (
            "Simula ngayon, lahat ng logs naka-JSON, walang print",
            "Simula ngayon, lahat ng logs naka-JSON, walang print",
        ),
        ("pnpm lang, sabi ko na, walang npm install", "pnpm lang, sabi ko na, walang npm install"),
        ("gaya sa api, PR lang lagi, walang push sa main", "PR lang lagi, walang push sa main"),
    ],
)
def test_tagalog_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "dapat ba lagi tayong naka-VPN pag nagde-deploy?",  # a question
        "wag mo i-restart yung server, naka-run na sa kabilang tab",  # about now: a plain "wag mo"
        "sa test na to lang muna, wag mo nang i-run yung buong suite",  # this test, for now
        "si Jun lagi nagpu-push diretso sa main",  # someone else's habit
        "gw lagi di jalan, nanti gw cek",  # Indonesian: "lagi" there is "right now"
    ],
)
def test_what_is_no_tagalog_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_tagalog_lessons_decisions_and_verdicts() -> None:
    found = extract_knowledge(["Ayos! natutunan ko: hindi sinasama ng docker build yung .env"])
    assert found.lessons == ("hindi sinasama ng docker build yung .env",)
    assert extract_knowledge(["desisyon: Postgres pa rin tayo, hindi MySQL"]).decisions == (
        "Postgres pa rin tayo, hindi MySQL",
    )
    assert closing_cue("ayos, salamat!")[0] == 3.0  # type: ignore[index]
    assert closing_cue("deployed na pero mali pa rin yung total")[0] == -3.0  # type: ignore[index]


def test_a_tagalog_rule_taken_back_replaces_the_one_it_names() -> None:
    current = ["lagi nating i-squash yung commits bago i-merge", "commit messages in English"]
    verdict = judge(
        "wag na pala natin i-squash yung commits, gusto ng team makita yung history",
        current,
        lambda a, b: 0.7,
        lambda a, b: 0.4 if "squash" in b else 0.1,
    )
    assert verdict.action == "supersede" and verdict.other == current[0]
