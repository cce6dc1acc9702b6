"""What was held back and is allowed again, said as news ("friday deploys are fine again now that staging is back"),
is a rule only where it lifts one: it supersedes the rule that held the thing back and no rule that asks for
something; lifting nothing, it is not kept (`rule_changes.LIFTED`, `daemon/services/learning/knowledge.py`)."""

from __future__ import annotations

from pathlib import Path

from daemon.services.learning.knowledge import Knowledge
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.embedding.service import EmbeddingService
from pipeline.learning.lessons import current_bullets, superseded_bullets
from tests.conftest import MODEL_CACHE

RULES = (
    "# Rules\n\n- never deploy on a Friday, nobody is around on the weekend\n- always run the tests before a deploy\n"
)


def test_what_is_allowed_again_is_read_and_how_a_thing_is_is_not() -> None:
    said = [
        "friday deploys are fine again now that we have the staging VM back, just not after 4 pm",
        "deploys can go out during the day now",
        "debug level logs on the field units are fine now, the new units write them to flash",
    ]
    for text in said:
        assert extract_knowledge([text]).rules == (text,)
    for report in (
        "the tests are fine now",
        "it's fine now",
        "ok everything is ok again",
        "tests are fine now, thanks",
    ):
        assert extract_knowledge([report]).rules == ()


async def test_a_permission_said_as_news_lifts_the_rule_that_held_it_back_and_nothing_else(tmp_path: Path) -> None:
    embedding = EmbeddingService("multilingual-e5-small", MODEL_CACHE)
    assert await embedding.load()
    knowledge = Knowledge(embedding)
    rules = tmp_path / "rules.md"
    rules.write_text(RULES, encoding="utf-8")
    news = "friday deploys are fine again now that we have the staging VM back, just not after 4 pm"
    done = await knowledge.add(rules, "Rules", [news], when="2029-11-02")
    text = rules.read_text(encoding="utf-8")
    assert done.added == [news]
    assert [old for old, _ in done.superseded] == ["never deploy on a Friday, nobody is around on the weekend"]
    assert "always run the tests before a deploy" in current_bullets(text)
    assert len(superseded_bullets(text)) == 1

    # nothing held back on its subject: not a rule, and the file is left as it was
    other = tmp_path / "other.md"
    other.write_text("# Rules\n\n- always run the tests before a deploy\n", encoding="utf-8")
    done = await knowledge.add(other, "Rules", ["integration runs can go out at night now"], when="2029-11-02")
    assert done.added == [] and done.superseded == []
    assert current_bullets(other.read_text(encoding="utf-8")) == ["always run the tests before a deploy"]
