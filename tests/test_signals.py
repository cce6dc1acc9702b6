"""Rule-based signal extraction: each of the 8 kinds, stable keys across sessions, redacted evidence."""

from __future__ import annotations

import pytest

from pipeline.learning.signals import MAX_EVIDENCE_CHARS, SIGNAL_KINDS, extract_signals, normalise_key

SUMMARY = """
# Session 2026-11-02

## What happened
- ModuleNotFoundError: No module named 'requests' in /home/ana/proj/app.py line 12
- pnpm: command not found
- KeyError: 'user_id' at 0x7ffe12ab
- No, use pnpm instead of npm
- The test suite took 340 seconds, too slow
- I can't read PDF files, there is no tool for that
- The migration keeps failing on staging
- We hard-coded a password in settings.py by mistake
- We added error handling to the parser.
"""


def test_each_kind_is_found_in_a_summary() -> None:
    kinds = [s.kind for s in extract_signals(SUMMARY)]
    assert kinds == [
        "dependency_issue",
        "environment_issue",
        "error",
        "correction",
        "performance_issue",
        "capability_gap",
        "recurring_issue",
        "security_issue",
    ]
    # every kind a text can show (a retry is read from a transcript's tool calls), and prose about "error
    # handling" is not an error
    assert set(kinds) == set(SIGNAL_KINDS) - {"retry"}


def test_the_same_problem_in_two_sessions_gets_the_same_key() -> None:
    first = extract_signals("ModuleNotFoundError: No module named 'requests' in /home/a/x.py line 12")
    second = extract_signals("Traceback ... ModuleNotFoundError: No module named 'requests' (/srv/b/y.py:99)")
    assert first[0].key == second[0].key == "modulenotfounderror no module named requests"
    assert normalise_key("Build 4f3a9c2e1b failed at 12:30 in C:\\work\\x") == normalise_key(
        "build 9e8d7c6b5a failed at 09:15 in D:\\other"
    )


def test_a_ci_log_line_keys_as_the_failure_it_carries() -> None:
    # `gh run view --log` puts the job, the step and a time stamp before every line, GitHub's runner "##[error]"
    from_ci = "plan\tRun terragrunt run-all plan\t2027-10-11T09:37:03Z ##[error]The operation was canceled."
    assert (
        normalise_key(from_ci) == extract_signals("Error: The operation was canceled.")[0].key == "operation canceled"
    )


def test_an_explicit_kind_tag_wins() -> None:
    (signal,) = extract_signals("- capability_gap: cannot render mermaid diagrams")
    assert (signal.kind, signal.key) == ("capability_gap", "cannot render mermaid diagrams")


def test_duplicates_in_one_text_are_reported_once() -> None:
    text = "pnpm: command not found\nbash: pnpm: command not found\npnpm: command not found"
    assert len(extract_signals(text)) == 2  # the `bash:` prefix makes a different key; the exact repeat is dropped


@pytest.mark.parametrize(
    "line",
    [
        "Error: token=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB rejected",
        "build failed with password=hunter2secret",
    ],
)
def test_evidence_and_key_never_carry_a_secret(line: str) -> None:
    (signal,) = extract_signals(line)
    assert "hunter2" not in signal.text + signal.key
    assert "ghp_" not in signal.text + signal.key
    assert "[REDACTED:" in signal.text


def test_private_spans_are_ignored_and_evidence_is_bounded() -> None:
    assert extract_signals("<private>KeyError: 'secret_thing'</private>") == []
    (signal,) = extract_signals("ValueError: " + "x" * 5000)
    assert len(signal.text) <= MAX_EVIDENCE_CHARS


def test_plain_prose_yields_nothing() -> None:
    assert extract_signals("Refactored the chunker and wrote docs. All green.") == []
