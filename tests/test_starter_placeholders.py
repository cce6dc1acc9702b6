"""MEMORY.md's starter placeholders are no rules: a replacement is judged against the person's rules only
(`pipeline/memory_layout.is_starter_placeholder`, `daemon/services/learning/knowledge.py`)."""

from __future__ import annotations

from pathlib import Path

from daemon.services.learning.knowledge import Knowledge
from pipeline.embedding.service import EmbeddingService
from pipeline.learning.lessons import current_bullets, superseded_bullets
from pipeline.memory_layout import STARTER_MEMORY, is_starter_placeholder
from tests.conftest import MODEL_CACHE


def test_the_starters_placeholders_are_known_and_a_persons_own_bracketed_bullet_is_not() -> None:
    assert is_starter_placeholder("(How you like to work: languages, tools, style.)")
    assert is_starter_placeholder("(Mistakes not to repeat.  memoryd appends deduplicated lessons here.)")
    assert not is_starter_placeholder("(always) squash merge my branches")


async def test_no_rule_is_judged_against_the_starter_text(tmp_path: Path) -> None:
    """A rule that reads like the starter's placeholder ("how I like to work: …") is added, never taken for a
    restatement of the placeholder or a replacement of it; the placeholder stays as it is."""
    embedding = EmbeddingService("multilingual-e5-small", MODEL_CACHE)
    assert await embedding.load()
    knowledge = Knowledge(embedding)
    (tmp_path / "MEMORY.md").write_text(STARTER_MEMORY, encoding="utf-8")
    rule = "how I like to work: languages typed, tools pinned, style checked by the linter"
    done = await knowledge.add(tmp_path / "MEMORY.md", "Preferences", [rule], when="2027-05-03", within_section=True)
    memory = (tmp_path / "MEMORY.md").read_text(encoding="utf-8")
    assert done.added == [rule] and not done.restated and not done.superseded
    assert rule in current_bullets(memory) and superseded_bullets(memory) == []
    assert "- (How you like to work: languages, tools, style.)" in memory
