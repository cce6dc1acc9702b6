"""Ukrainian as developers type it: informal, lower case, English terms and commands inside ("пакети ставимо
тільки через uv"). Told from Russian by its own letters and words. The sentences are written for these tests, not
taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.speech.knowledge import extract_knowledge


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("ніколи не пушимо прямо в main", "ніколи не пушимо прямо в main"),
        ("залежності ставимо тільки через uv, бо інакше lock розʼїдеться", "залежності ставимо тільки через uv"),
        ("ніяких print у сервісному коді, тільки logger", "ніяких print у сервісному коді, тільки logger"),
        ("відтепер гілки називай feature/<номер-таски>", "відтепер гілки називай feature/<номер-таски>"),
        ("обов'язково прогоняй mypy перед комітом", "обов'язково прогоняй mypy перед комітом"),
        ("не комітимо .env файли в репо", "не комітимо .env файли в репо"),
        ("до речі, секрети тримай тільки в vault", "секрети тримай тільки в vault"),
    ],
)
def test_ukrainian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "чи ми завжди запускаємо e2e в CI?",  # a question
        "я завжди забуваю підняти docker",  # the speaker's own habit
        "не чіпай цей міграційний файл поки що",  # for now, and a thing in front of the person
        "прибери зайвий console.log з компонента",  # a perfective imperative: one thing, once
        "тести знову падають тільки на CI",  # a report
        "запускаємо тести і дивимось",  # what is happening now
        "пиши тест в tests/test_refund.py",  # one request, though imperfective
    ],
)
def test_what_is_no_ukrainian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_ukrainian_lessons_and_decisions() -> None:
    assert extract_knowledge(["виявляється, cron на сервері працює в UTC, а не за Києвом"]).lessons == (
        "cron на сервері працює в UTC, а не за Києвом",
    )
    assert extract_knowledge(["урок: redis треба чистити між тестами"]).lessons == ("redis треба чистити між тестами",)
    assert extract_knowledge(["рішення: лишаємось на Postgres 15 до літа"]).decisions == (
        "лишаємось на Postgres 15 до літа",
    )


def test_russian_is_not_read_as_ukrainian() -> None:
    """Russian shares the alphabet: its own markers read it ("никогда не пушим в main"), the Ukrainian ones do not
    take a Russian report for a rule."""
    assert extract_knowledge(["никогда не пушим в main"]).rules == ("никогда не пушим в main",)
    assert extract_knowledge(["вчера тесты опять упали на CI"]).rules == ()


def test_ukrainian_problem_talk_names_a_known_problem() -> None:
    """Problem talk ("давай нарешті розберемось з цим sync воркером"), where "нарешті" says the problem came back:
    one word of its own is enough to name it."""
    from pipeline.agent.transcript import parse_transcript
    from pipeline.learning.problems.problem_match import KnownProblem, references
    from pipeline.learning.problems.session_signals import session_signals
    from tests.transcript_lines import Transcript

    said = "давай нарешті розберемось з цим sync воркером, він мені вже набрид"
    talk = session_signals(parse_transcript(Transcript().user(said).bytes(), "u")).problem_talk
    assert [sentence for _, sentence in talk] == [said]
    known = [KnownProblem("p-sync", ("exc:TimeoutError",), ("sync worker timeouterror waiting for lock",))]
    assert references(said, known) == ["p-sync"]
    quiet = Transcript().user("додай, будь ласка, поле phone до профілю")
    assert session_signals(parse_transcript(quiet.bytes(), "q")).problem_talk == ()
