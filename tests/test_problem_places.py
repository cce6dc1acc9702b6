"""Where a failure is, as problem identity reads it: Godot's scripts and tests (GUT), its engine's own frames,
parse errors in different files, and "same" said of a thing rather than of a failure."""

from __future__ import annotations

from pipeline.learning.problems.failure_evidence import failure_evidence
from pipeline.learning.problems.problem_identity import Evidence, score
from pipeline.learning.problems.problem_match import KnownProblem, references

_GUT = (
    "--- GUT 9.2.1 (Godot 4.2.2) ---\nres://test/unit/test_combat.gd\n* test_jab_deals_10_damage\n"
    "    [Failed]:  [80] expected to equal [90]:  \n      at line 14\n\n---- 1 failing test ----\n"
)


def _parse_error(identifier: str, script: str) -> str:
    return (
        f'SCRIPT ERROR: Parse Error: Identifier "{identifier}" not declared in the current scope.\n'
        f"          at: GDScript::reload (res://{script}:4)\n"
        f'ERROR: Failed to load script "res://{script}" with error "Parse error".\n'
        "   at: load (modules/gdscript/gdscript.cpp:2936)\n"
    )


def test_guts_failing_test_is_an_anchor() -> None:
    assert failure_evidence(_GUT).anchors() == ("test:test_jab_deals_10_damage",)


def test_a_godot_script_is_a_place_and_the_engine_source_is_not() -> None:
    found = failure_evidence(_parse_error("Hero", "scenes/player.gd"), "/home/d/game")
    assert found.facts() == ("file:scenes/player.gd",)


def test_parse_errors_in_two_files_are_kept_apart_and_in_one_file_are_not() -> None:
    def evidence(identifier: str, script: str) -> Evidence:
        found = failure_evidence(_parse_error(identifier, script), "/home/d/game")
        text = f'SCRIPT ERROR: Parse Error: Identifier "{identifier}" not declared in the current scope.'
        return Evidence(identifier, "error", text, found.anchors(), found.facts())

    hero, jagoan, hero_again = (
        evidence("Hero", "scenes/player.gd"),
        evidence("Jagoan", "test/unit/test_jagoan.gd"),
        evidence("Heroes", "scenes/player.gd"),
    )
    assert score(hero, jagoan, 0.55) < 0.55
    assert score(hero, hero_again, 0.55) > 0.55  # the same file: a shared fact, nudged up


def test_same_said_of_a_thing_is_no_return_of_a_problem() -> None:
    problems = [KnownProblem("p1", (), ('relation "orders" does not exist',), ("shop",))]
    assert references("The owner sees all 12 orders of the same shop.", problems, "shop") == []
    assert references("orders again, same error as yesterday", problems, "shop") == ["p1"]
