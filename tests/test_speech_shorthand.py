"""English typed in chat shorthand (held out 31: "going w X", "before u say done", "thats"), reported views, and
what a blind first run showed read wrongly beside them. The sentences are written for these tests."""

from __future__ import annotations

import pytest

from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge, sentences
from pipeline.agent.speech.shorthand import expanded
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.rules.rule_meaning import candidates, directive
from tests.transcript_lines import Transcript


def test_shorthand_is_spelled_out_and_what_is_found_comes_back_in_the_persons_words() -> None:
    text, own = expanded("no unwrap in handlers, errors go thru AppError w/o exceptions pls")
    assert text == "no unwrap in handlers, errors go through AppError without exceptions please"
    assert own("errors go through AppError without exceptions") == "errors go thru AppError w/o exceptions"
    assert own("something else entirely") == "something else entirely"


@pytest.mark.parametrize(
    "sentence",
    [
        "w kodzie nic nie zmieniałam",  # Polish "in"; no English word around it
        "Dont",  # nothing English to read
        "U-boot and W-2 forms",  # capitals are names
    ],
)
def test_no_shorthand_is_read_where_there_is_no_english_around_it(sentence: str) -> None:
    assert expanded(sentence)[0] == sentence


def test_a_choice_typed_in_shorthand_is_a_decision_in_the_persons_words_and_no_rule() -> None:
    found = extract_knowledge(["going w pnpm workspaces per app, no lerna"])
    assert found.decisions == ("going w pnpm workspaces per app, no lerna",)
    assert found.rules == ()


def test_thats_without_its_apostrophe_after_no_is_a_remark_not_a_rule() -> None:
    assert extract_knowledge(["no thats masking the bug"]).rules == ()
    assert extract_knowledge(["no that's masking the bug"]).rules == ()


def test_a_rust_macro_name_ends_no_sentence() -> None:
    said = sentences(["we use sqlx query! macros, no query builder. ship it!"])
    assert said == ["we use sqlx query! macros, no query builder.", "ship it!"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Marta says we should never use any in TypeScript",
        "my lead said always squash before merging, not sure i agree",
        "kofi thinks never mock the database",
    ],
)
def test_someone_elses_view_reported_is_not_the_persons_instruction(sentence: str) -> None:
    assert not directive(sentence)


def test_an_english_plural_in_les_is_no_polish_past_tense() -> None:
    # "files", "styles" had read as Polish "-łeś/-łaś" reports, and a report is no candidate rule
    found = candidates(["lock files are the source of truth, no init -upgrade in ci"], lambda s: [s])
    assert [c.text for c in found if not c.convention] == ["lock files are the source of truth, no init -upgrade in ci"]
    assert candidates(["w kodzie nic nie zmieniałam, tylko testy"], lambda s: [s]) == []


@pytest.mark.parametrize(
    ("words", "sign"),
    [
        ("k. pr stays red, cant merge it like this", -1),
        ("the nightly build remains broken", -1),
        ("Tot nu merge. Lasa, ma uit eu diseara.", -1),  # Romanian: still doesn't work; I'll look tonight
        ("Merge acum, mersi!", 1),
        ("ei vieläkään toimi", -1),  # Finnish: still doesn't work
        ("Toimii, kiitos!", 1),
        ("jatketaan huomenna", -1),  # Finnish: we go on tomorrow
    ],
)
def test_closing_words_that_judge_the_work(words: str, sign: int) -> None:
    cue = closing_cue(words)
    assert cue is not None and cue[0] * sign > 0, cue


def test_leave_it_as_is_alone_judges_nothing_and_for_now_leaves_it() -> None:
    assert closing_cue("leave it as is") is None
    cue = closing_cue("leave it as is for now")
    assert cue is not None and cue[0] < 0


def test_an_apply_that_went_through_is_shipped_work() -> None:
    t = Transcript().user("apply live/staging/rds, the instance class change")
    t.bash("cd live/staging/rds && terragrunt apply tfplan", "Apply complete! Resources: 0 added, 1 changed", 0)
    t.user("k leave it as is")
    outcome = session_outcome(parse_transcript(t.bytes(), "x"))
    assert outcome.outcome == "success", outcome
    failed = Transcript().user("apply live/staging/rds")
    failed.bash("cd live/staging/rds && terragrunt apply tfplan", "Error: creating RDS instance: AccessDenied", 1)
    assert session_outcome(parse_transcript(failed.bytes(), "y")).outcome == "failed"
