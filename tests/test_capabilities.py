"""Capability generation: each gate at its boundary, the SKILL.md format, and the edited-skill guard."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.frontmatter import split_front_matter
from pipeline.learning.capability_gates import GateInputs, GateThresholds, all_pass, evaluate_gates
from pipeline.learning.problems.problem_match import KnownProblem
from pipeline.learning.skill_evidence import applying, contradiction, name_words, triggers
from pipeline.learning.skill_registry import combine
from pipeline.learning.skill_writer import (
    FixRecord,
    IndexEntry,
    SkillPattern,
    content_hash,
    parse_steps,
    render_skill,
    skill_name,
    title_of,
    write_index,
    write_skill,
)

PASSING = GateInputs(None, None, 2, ("success", "success", "success", "failed", "failed"))


def gate(inputs: GateInputs, name: str) -> bool:
    return {g.name: g.passed for g in evaluate_gates(inputs, GateThresholds())}[name]


def with_(**changes: object) -> GateInputs:
    values = {
        "env_value": PASSING.env_value,
        "hours_since_generation": PASSING.hours_since_generation,
        "qualifying_patterns": PASSING.qualifying_patterns,
        "recent_outcomes": PASSING.recent_outcomes,
    }
    values.update(changes)
    return GateInputs(**values)  # type: ignore[arg-type]


def test_the_boundary_case_of_every_gate_passes() -> None:
    assert all_pass(evaluate_gates(PASSING, GateThresholds()))  # 2 patterns, exactly 3/5 = 60 %


@pytest.mark.parametrize(
    ("value", "passed"), [(None, True), ("true", True), ("", True), ("false", False), ("FALSE", False)]
)
def test_env_gate(value: str | None, passed: bool) -> None:
    assert gate(with_(env_value=value), "env") is passed


@pytest.mark.parametrize(("hours", "passed"), [(None, True), (23.99, False), (24.0, True), (100.0, True)])
def test_cooldown_gate_at_24_hours(hours: float | None, passed: bool) -> None:
    assert gate(with_(hours_since_generation=hours), "cooldown") is passed


@pytest.mark.parametrize(("patterns", "passed"), [(0, False), (1, False), (2, True), (7, True)])
def test_patterns_gate_needs_two(patterns: int, passed: bool) -> None:
    assert gate(with_(qualifying_patterns=patterns), "patterns") is passed


@pytest.mark.parametrize(
    ("outcomes", "passed"),
    [
        (("success", "success", "success", "failed", "failed"), True),  # 3/5 = 60 %
        (("success", "success", "failed", "failed", "failed"), False),  # 2/5 = 40 %
        (("success", "failed", "failed", "failed", "failed", "success", "success"), False),  # only the last 5 count
        (("success", "success", "failed"), True),  # fewer than 5: 2/3
        ((), False),  # no evidence
    ],
)
def test_success_rate_gate_over_the_last_five(outcomes: tuple[str, ...], passed: bool) -> None:
    assert gate(with_(recent_outcomes=outcomes), "success_rate") is passed


FIX = FixRecord(
    "s-12",
    "2026-09-08T10:00:00Z",
    (
        {"do": "said", "what": "let's go with a per-test group id"},
        {"do": "edit", "what": "tests/integration/conftest.py", "lines": ["group_id=f'test-{uuid.uuid4().hex}',"]},
        {"do": "declined", "what": "git push origin main"},
        {"do": "run", "what": "pytest tests/integration --count 10"},
    ),
    "pytest tests/integration --count 10",
)
PATTERN = SkillPattern(
    "1a2b3c4d5e6f",
    "error",
    "commitfailederror commit cannot completed since group has",
    3,
    "HIGH",
    ("aiokafka.errors.CommitFailedError: Commit cannot be completed",),
    triggers=("commitfailederror", "consumer", "rebalance"),
    fixes=(FIX,),
    lessons=("every Kafka test needs its own consumer group",),
    sessions=4,
)


def test_skill_md_carries_the_fix_its_evidence_and_its_trigger_words() -> None:
    text = render_skill(PATTERN)
    front = split_front_matter(text)
    assert front.metadata["name"] == skill_name(PATTERN) == "error-commitfailederror-commit-cannot-completed"
    assert front.metadata["triggers"] == ["commitfailederror", "consumer", "rebalance"]
    assert "Trigger words: commitfailederror, consumer, rebalance." in front.metadata["description"]
    body = front.body
    assert '1. The user said: "let\'s go with a per-test group id"' in body
    assert "2. Edit `tests/integration/conftest.py`:" in body and "+ group_id=f'test-{uuid.uuid4().hex}'," in body
    assert "3. Not this (the user declined it): `git push origin main`" in body
    assert "4. Run `pytest tests/integration --count 10`" in body
    assert "Verified by: `pytest tests/integration --count 10` (passed)" in body
    assert "- every Kafka test needs its own consumer group" in body
    for boilerplate in ("reproduce the failure", "search memory", "fix the cause"):
        assert boilerplate not in body.lower()


def test_a_skill_is_named_as_a_person_names_the_problem_not_by_its_error_string() -> None:
    kafka = KnownProblem(
        "p1",
        (
            "test:test_order_created_event_updates_stock",
            "exc:CommitFailedError@aiokafka/util",
            "exc:FailedTimeout@aiokafka/consumer/group_coordinator",
        ),
        ("event updates stock failed timeout", "marks order refunded commitfailederror commit cannot completed"),
    )
    alembic = KnownProblem("p2", ("exc:CommandError@alembic/script/base",), ("multiple head revisions present",))
    said = ["the kafka consumer tests again. timeouts last week, the CommitFailedError in the refund test"]
    assert name_words(kafka, said, [kafka, alembic]) == ["kafka", "consumer"]
    # "the same heads thing": the filler goes, and the one word gets what the evidence is about
    assert name_words(alembic, ["is this the same heads thing?"], [kafka, alembic]) == ["alembic", "head"]
    # nobody named it: the words its evidence is about, never exception boilerplate
    words = name_words(alembic, [], [kafka, alembic])
    assert "alembic" in words and not {"commanderror", "error", "failed"} & set(words)
    named = replace(PATTERN, title_words=("kafka", "consumer"))
    assert skill_name(named) == "kafka-consumer" and title_of(named) == "Kafka consumer"
    assert skill_name(replace(named, name="kafka-consumer-2")) == "kafka-consumer-2"  # a skill keeps its name


def test_a_second_resolution_that_differs_updates_the_skill_and_says_so() -> None:
    again = FixRecord(
        "s-20",
        "2026-09-21T09:00:00Z",
        (
            {"do": "run", "what": "pytest tests/integration --count 10"},
            {"do": "edit", "what": "docker-compose.yml", "lines": ["KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: 0"]},
        ),
        "pytest tests/integration",
    )
    same = FixRecord("s-15", "2026-09-14T09:00:00Z", (FIX.steps[3],), "pytest tests/integration --count 10")
    text = render_skill(replace(PATTERN, fixes=(again, same, FIX)))  # newest first
    body = split_front_matter(text).body
    assert "## What fixed it (session `s-12`, 2026-09-08)" in body
    update = body.split("## Updated 2026-09-21: a later resolution (session `s-20`) also did this", 1)[1]
    # only what the first fix did not do, and the first fix's steps are still there above it
    assert "docker-compose.yml" in update and "--count 10" not in update.split("Verified by")[0]
    assert "updated from session `s-20` (2026-09-21)" in body
    assert "- Also resolved in `s-15` (2026-09-14) the same way: `pytest tests/integration --count 10`" in body


def test_trigger_words_are_the_problems_own_nouns_not_shared_ones() -> None:
    kafka = KnownProblem(
        "k", ("exc:CommitFailedError", "test:test_order_created_event_updates_stock"), ("commit cannot completed",)
    )
    history = KnownProblem("h", ("test:test_order_history_newest_first",), ("order history newest",))
    words = triggers(kafka, ["the kafka consumer tests again", "kafka consumer hangs in teardown"], [kafka, history])
    assert words[0] == "commitfailederror" and "stock" in words and "kafka" in words
    assert "order" not in words  # another known problem has it: "show the order history page" is not Kafka's
    assert not {"again", "test", "failed", "error"} & set(words)


def test_lessons_that_share_the_problems_words_apply_and_a_contradicting_fix_is_caught() -> None:
    kafka = KnownProblem("k", ("exc:FailedTimeout@aiokafka/consumer/group_coordinator",), ())
    lessons = ["every Kafka test needs its own consumer group", "always run ruff format before you commit"]
    assert applying(kafka, [], lessons) == ["every Kafka test needs its own consumer group"]
    rules = ["money is an int of cents now, never Decimal", "we never push straight to main"]
    assert contradiction(["+ amount: Decimal = Decimal('0')"], rules) == rules[0]
    assert contradiction(["Run `git push origin main`"], rules) == rules[1]
    assert contradiction(["Run `git push -u origin fix/kafka`", "+ amount_cents: int"], rules) is None


def test_llm_steps_are_parsed_from_a_numbered_or_bulleted_reply() -> None:
    assert parse_steps("Sure!\n1. Do A\n2) Do  B\n- Do C\nThanks") == ["Do A", "Do B", "Do C"]
    assert parse_steps("I cannot help with that.") == []


def test_a_skill_a_person_edited_is_never_overwritten(tmp_path: Path) -> None:
    """1. generate; 2. regenerate with the recorded hash: replaced; 3. a person edits it; 4. regenerate: kept."""
    first = render_skill(PATTERN, ["one"])
    written = write_skill(tmp_path, "s", first, None)
    assert written.status == "written" and written.content_hash == content_hash(first)
    assert write_skill(tmp_path, "s", first, written.content_hash).status == "unchanged"
    second = render_skill(PATTERN, ["two"])
    assert write_skill(tmp_path, "s", second, written.content_hash).status == "written"
    path = tmp_path / "s" / "SKILL.md"
    path.write_text(second + "\nMy own note.\n", encoding="utf-8")
    result = write_skill(tmp_path, "s", render_skill(PATTERN, ["three"]), content_hash(second))
    assert result.status == "edited"
    assert path.read_text(encoding="utf-8").endswith("My own note.\n")
    # A SKILL.md memoryd never wrote (no recorded hash) is a person's file too.
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "SKILL.md").write_text("hand-written", encoding="utf-8")
    assert write_skill(tmp_path, "mine", first, None).status == "edited"


def test_index_lists_every_generated_skill(tmp_path: Path) -> None:
    entries = [
        IndexEntry("b-skill", "x | y", "/s/b/SKILL.md", "2026-11-01 03:00", 3),
        IndexEntry("a", "z", "/a", "t", 2),
    ]
    text = write_index(tmp_path, entries).read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| skill |")]
    assert [r.split(" | ")[0] for r in rows] == ["| a", "| b-skill"]
    assert "x / y" in text  # a pipe in a trigger cannot break the table


def test_two_shared_words_are_not_enough_when_the_prompt_means_something_else() -> None:
    """A generated skill's trigger words come from its failing tests' names ("switches to the dark theme"): a
    feature request sharing two of them ("add a dark theme") scores under the threshold once the model says the
    prompt is about something else; the same words in a prompt about the problem, or three shared words, pass."""
    threshold = 0.7
    assert combine(0.75, None) >= threshold  # no model: keywords decide, as before
    assert combine(0.75, 0.823) < threshold  # about something else
    assert combine(0.75, 0.85) >= threshold  # about the problem
    assert combine(0.875, 0.80) >= threshold  # three distinctive words shared
