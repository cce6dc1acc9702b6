"""Capability generation: each gate at its boundary, the SKILL.md format, and the edited-skill guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.frontmatter import split_front_matter
from pipeline.learning.capability_gates import GateInputs, GateThresholds, all_pass, evaluate_gates
from pipeline.learning.skill_writer import (
    IndexEntry,
    SkillPattern,
    content_hash,
    parse_steps,
    render_skill,
    skill_name,
    template_steps,
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


PATTERN = SkillPattern(
    "1a2b3c4d5e6f",
    "dependency_issue",
    "modulenotfounderror no module named requests",
    3,
    "HIGH",
    ("ModuleNotFoundError: No module named 'requests'",),
)


def test_skill_md_has_front_matter_naming_its_trigger_words() -> None:
    text = render_skill(PATTERN, template_steps(PATTERN))
    front = split_front_matter(text)
    assert front.metadata["name"] == skill_name(PATTERN) == "dependency-issue-modulenotfounderror-no-module"
    description = front.metadata["description"]
    assert "Trigger words:" in description and "requests" in description and "modulenotfounderror" in description
    assert "1. Check the dependency manifest" in front.body
    assert "ModuleNotFoundError: No module named 'requests'" in front.body


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
