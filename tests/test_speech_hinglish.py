"""Hinglish (Hindi typed in Latin script, mixed with English), and what came with it: a rule said to hold as
elsewhere, a rule's ground said after it, Flutter's, Dart's analyzer's and credo's failure lines. The sentences
are written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.check_commands import is_check
from pipeline.agent.failure_line import error_line
from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.problems.session_signals import session_signals
from tests.transcript_lines import Transcript


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("aage se migration hamesha reversible banana", "aage se migration hamesha reversible banana"),
        ("kabhi bhi prod DB pe seedha query mat chalana", "kabhi bhi prod DB pe seedha query mat chalana"),
        ("PR merge se pehle hamesha CI green hona chahiye", "PR merge se pehle hamesha CI green hona chahiye"),
        ("setState mat likho, Riverpod notifier use karo", "setState mat likho, Riverpod notifier use karo"),
        ("maine pehle bola tha, dates hamesha UTC mein store hongi", "dates hamesha UTC mein store hongi"),
        ("aur yaad rakhna: secrets kabhi repo mein mat daalna", "secrets kabhi repo mein mat daalna"),
        ("ab se logging Logger se karo, kyunki IO.inspect bhool jaate hain", "ab se logging Logger se karo"),
        # as typed in Roman Urdu too: "… tha na," (I said it, didn't I), "for X use Y", "keep only this"
        ("maine bola tha na, prod DB par kabhi migrate:fresh nahi", "prod DB par kabhi migrate:fresh nahi"),
        ("e2e ke liye Chromium use karo", "e2e ke liye Chromium use karo"),
        ("staging par LOG_LEVEL debug hi rakhna", "staging par LOG_LEVEL debug hi rakhna"),
    ],
)
def test_hinglish_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "kya hamesha async false rakhna padega?",  # a question
        "abhi commit mat karna, main phone pe check karti hoon",  # for now
        "yeh test hamesha CI pe fail hota hai",  # a report
        "main hamesha migration bhool jaati hoon",  # the speaker
        "phir se timeout ho raha hai RatesLiveTest mein",  # a report
        "ye test hi fail ho raha hai, wahi chalana",  # a report, and what to run now
    ],
)
def test_what_is_no_hinglish_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_hinglish_lessons_and_english_rules_with_their_ground_or_said_to_hold_elsewhere() -> None:
    found = extract_knowledge(
        [
            "sab green 🎉 seekh: app ke saath start hone wala GenServer test sandbox ke bahar chalta hai",
            "also amounts are always Decimal, never float, the column is already numeric(12,2).",
            "no force push here either, same rule as the api repo",
        ]
    )
    assert found.lessons == ("app ke saath start hone wala GenServer test sandbox ke bahar chalta hai",)
    learned = extract_knowledge(
        ["badhiya! sabak ye hai ke cron jobs UTC mein chalti hain, server ke time zone mein nahi"]
    )
    assert learned.lessons == ("cron jobs UTC mein chalti hain, server ke time zone mein nahi",)
    assert found.rules == (
        "amounts are always Decimal, never float",
        "no force push here either, same rule as the api repo",
    )


def _closed_with(closing: str) -> str:
    t = Transcript().user("PriceCard golden CI pe red hai")
    t.edit("test/flutter_test_config.dart", "", "tolerant comparator")
    t.bash("fvm flutter test", "00:31 +62: All tests passed!", 0)
    t.user(closing)
    return session_outcome(parse_transcript(t.bytes(), "x")).outcome


@pytest.mark.parametrize(
    ("closing", "outcome"),
    [
        ("badhiya, shukriya", "success"),
        ("CI bhi green 🎉 ab time out nahi hua", "success"),  # what did not happen is no failure
        ("CI pe phir se wahi timeout, local pe pass ho gaya bas", "failed"),
        ("abhi bhi fail ho raha hai CI pe", "failed"),
        ("theek hai chhodo, kal dekhte hain", "failed"),  # left for tomorrow
        ("nahi, tolerance badhana matlab test ko andha karna. yeh file hatao", "failed"),  # no, undo it
    ],
)
def test_hinglish_closings(closing: str, outcome: str) -> None:
    assert _closed_with(closing) == outcome


@pytest.mark.parametrize(
    ("command", "check"),
    [
        ("cd ios && pod install && cd .. && fvm flutter build ios --debug --simulator", True),
        ("rm test/flutter_test_config.dart && git status --short", False),  # a file under test/ is no test run
    ],
)
def test_what_is_a_check(command: str, check: bool) -> None:
    t = Transcript().user("go").bash(command, "ok", 0)
    assert is_check(parse_transcript(t.bytes(), "x").steps[-1]) is check


def test_the_failure_line_of_flutter_dart_analyze_and_credo() -> None:
    flutter = (
        "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════\n"
        "The following assertion was thrown while running async test code:\n"
        'Golden "goldens/card.png": Pixel test failed, 2.31%, 1254px diff detected.\n'
        "Failure feedback can be found at /w/test/failures\n"
        "  Test failed. See exception logs above.\n"
    )
    assert error_line(flutter).startswith('Golden "goldens/card.png": Pixel test failed')
    analyze = "Analyzing app...\n\n   info • Don't invoke 'print' • lib/a.dart:14:7 • avoid_print\n\n1 issue found."
    assert error_line(analyze).startswith("info • Don't invoke 'print'")
    credo = "Checking 64 source files ...\n\n  Code Readability\n┃\n┃ [R] → Modules should have a @moduledoc tag.\n"
    assert error_line(credo) == "┃ [R] → Modules should have a @moduledoc tag."


def test_hinglish_problem_talk_is_compared_with_known_problems() -> None:
    t = Transcript().user("yeh test phir se fail ho raha hai, RatesTest wala. kabhi pass kabhi fail, CI pe bhi.")
    talk = [sentence for _step, sentence in session_signals(parse_transcript(t.bytes(), "x")).problem_talk]
    assert talk == ["yeh test phir se fail ho raha hai, RatesTest wala.", "kabhi pass kabhi fail, CI pe bhi."]


def test_two_hinglish_rules_naming_different_code_are_not_one_subject() -> None:
    """The model puts two Hinglish rules near each other for the Hindi they share; the names from code they use
    say what each is about."""
    from pipeline.learning.rules.rule_lifecycle import replaced_in_other_words

    current = [
        "always use ExMachina factories in tests",
        "aage se index hamesha concurrently banana, @disable_ddl_transaction aur @disable_migration_lock ke saath",
    ]

    def subject(a: str, b: str) -> float:
        return 0.25 if "index" in b else 0.05

    said = "ab se plain fixture functions likho, jaise phx.gen.context banata hai"
    assert replaced_in_other_words(said, current, subject) is None
