"""Lessons appended to MEMORY.md / rules.md: near-duplicate thresholds, only-adds, backup, atomic write."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from pipeline.atomic_file import backup_path_of
from pipeline.learning.lessons import add_lessons, section_bullets, similarity, trigrams
from pipeline.memory_layout import STARTER_MEMORY


def test_jaccard_at_the_threshold_counts_as_duplicate_and_just_below_does_not() -> None:
    existing = "always run the tests before committing"
    candidate = "run the whole test suite before committing"
    jac, con = similarity(trigrams(existing), trigrams(candidate))
    assert con < 0.8  # so only Jaccard decides here
    path_text = f"# Memory\n\n## Lessons\n- {existing}\n"
    # threshold exactly at the measured value: a duplicate (>=); a hair above it: new.
    assert not _added(path_text, candidate, jaccard=jac, containment=0.99)
    assert _added(path_text, candidate, jaccard=jac + 1e-9, containment=0.99)


def test_containment_catches_a_restated_lesson_with_more_words() -> None:
    existing = "never force-push to main"
    candidate = "never force-push to main, even when the CI is red and you are in a hurry on a friday"
    jac, con = similarity(trigrams(existing), trigrams(candidate))
    assert jac < 0.6 <= 0.8 <= con
    text = f"## Lessons\n- {existing}\n"
    assert not _added(text, candidate, jaccard=0.6, containment=0.8)
    assert _added(text, candidate, jaccard=0.6, containment=con + 1e-9)


def _added(text: str, lesson: str, *, jaccard: float, containment: float) -> bool:
    """Whether `lesson` is appended to a file holding `text` (a fresh temp file per call)."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "MEMORY.md"
        path.write_text(text, encoding="utf-8")
        return bool(add_lessons(path, [lesson], jaccard=jaccard, containment=containment))


def test_lessons_go_under_their_section_and_nothing_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text(STARTER_MEMORY + "trailing line without newline", encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    added = add_lessons(path, ["Pin the Python version in CI", "pin the python version in CI!", "Use uv, not pip"])
    assert added == ["Pin the Python version in CI", "Use uv, not pip"]  # the near-duplicate in the call is dropped
    after = path.read_text(encoding="utf-8")
    assert len(after) > len(before)
    lines = after.splitlines()
    start = lines.index("## Lessons")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    assert "- Pin the Python version in CI" in lines[start:end]
    assert "- Use uv, not pip" in lines[start:end]
    remaining = iter(lines)
    assert all(any(old == new for new in remaining) for old in before.splitlines())  # every old line, in order
    assert backup_path_of(path).read_text(encoding="utf-8") == before
    assert not list(tmp_path.glob(".*memoryd-tmp"))  # the temp file was renamed away


def test_a_second_call_with_the_same_lessons_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    assert add_lessons(path, ["Run `make lint` before a PR"], section="Rules") == ["Run `make lint` before a PR"]
    assert path.read_text(encoding="utf-8") == "## Rules\n- Run `make lint` before a PR\n"
    mtime = path.stat().st_mtime_ns
    assert add_lessons(path, ["run make lint before a PR."], section="Rules") == []
    assert path.stat().st_mtime_ns == mtime


def test_a_missing_section_is_appended_and_secrets_are_redacted(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text("# Memory\n\n## Preferences\n- terse answers\n", encoding="utf-8")
    add_lessons(path, ["never paste api_key=sk-live-1234567890abcdef1234 into a prompt", ""])
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Memory\n\n## Preferences\n- terse answers\n\n## Lessons\n- never paste api_key=")
    assert "sk-live" not in text


@pytest.mark.parametrize("lessons", [[], ["   "], ["- "]])
def test_nothing_to_add_leaves_the_file_alone(tmp_path: Path, lessons: list[str]) -> None:
    path = tmp_path / "MEMORY.md"
    path.write_text("# Memory\n", encoding="utf-8")
    assert add_lessons(path, lessons) == []
    assert path.read_text(encoding="utf-8") == "# Memory\n"
    assert not backup_path_of(path).exists()


def test_the_bullets_of_one_section_in_force() -> None:
    text = (
        "# Memory\n\n## Preferences\n- commit messages in English\n- ~~commits in Czech~~ (superseded 2026-01-02 by: x)\n"
        "### Detail\n- still Preferences\n\n## Lessons\n- the cache keys on the locale\n"
    )
    assert section_bullets(text, "Preferences") == ["commit messages in English", "still Preferences"]
    assert section_bullets(text, "lessons") == ["the cache keys on the locale"]
    assert section_bullets(text, "Rules") == []
