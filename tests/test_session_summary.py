"""Pure parts of agent integration: the transcript reader, the extractive and LLM summaries, the daily note
merge, the inbox's file rules, and hook payload handling without a daemon."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import orjson
import pytest

from daemon.client.hooks.run import parse_args, read_payload
from pipeline.agent.daily_note import Edit, merge_edit
from pipeline.agent.failure_line import error_line
from pipeline.agent.inbox_files import Rejected, StabilityTracker, kind_of, note_destination, parse_events_file
from pipeline.agent.session_summary import apply_llm_reply, extractive_summary, render, summary_sha256
from pipeline.agent.transcript import NotATranscript, parse_transcript
from pipeline.frontmatter import split_front_matter
from tests import agent_payloads as cc


def sample() -> bytes:
    return cc.SAMPLE_TRANSCRIPT.read_bytes()


def test_the_reader_keeps_what_people_said_and_skips_what_claude_code_injected() -> None:
    torn = sample() + b'{"type": "user", "message": {"role": "us'  # a transcript still being written
    t = parse_transcript(torn, "fallback")
    assert t.session_id == cc.SESSION and t.cwd == cc.CWD and t.git_branch == "fix/empty-cart"
    assert t.skipped_lines == 1
    assert len(t.user_texts) == 2 and t.user_texts[0].startswith("The /orders endpoint")  # not the /clear
    assert [c.name for c in t.tool_calls] == ["Read", "Bash", "Edit", "TodoWrite", "Write", "Bash"]
    assert t.errors == ("FAILED tests/test_orders.py::test_empty_cart - ZeroDivisionError: division by zero",)
    assert t.started.startswith("2026-03-14T09:12") and t.ended > t.started
    with pytest.raises(NotATranscript):
        parse_transcript(b'{"type": "summary", "summary": "x"}\n{"a": 1}\nnot json\n', "x")


def test_the_extractive_summary_is_useful_on_its_own() -> None:
    s = extractive_summary(parse_transcript(sample(), "x"), project="acme-api", sha256="a" * 64)
    assert s.topic == "The /orders endpoint returns a 500 when the cart is empty."
    assert s.files == (("app/orders.py", "Edit"), ("tests/test_orders_empty.py", "Write"))
    assert s.rules == ("Always run `make lint` before you commit in this repo",)
    assert s.lessons == ("the mobile client parses total as a string, so never return a number there",)
    assert "Update the API changelog (pending)" in s.todos and s.outcome == "success"
    assert s.key_points[-1].startswith("Answer: Fixed: `compute_total` now returns")
    markdown = render(s)
    meta = split_front_matter(markdown).metadata
    assert meta["session_id"] == cc.SESSION and meta["outcome"] == "success" and meta["project"] == "acme-api"
    assert summary_sha256(markdown) == "a" * 64


def test_a_complaint_at_the_end_makes_the_session_failed() -> None:
    line = {"type": "user", "sessionId": "s", "message": {"role": "user", "content": "It still fails, revert it."}}
    s = extractive_summary(parse_transcript(sample() + orjson.dumps(line), "x"), project=None, sha256="0" * 64)
    assert s.outcome == "failed"


def test_a_model_reply_replaces_judgement_but_never_facts() -> None:
    base = extractive_summary(parse_transcript(sample(), "x"), project=None, sha256="0" * 64)
    reply = 'Sure!\n```json\n{"topic": "Empty cart fix", "key_points": ["k"], "rules": ["Use Decimal"], "outcome": "failed", "files": ["evil.py"]}\n```'
    s = apply_llm_reply(base, reply)
    assert (s.topic, s.key_points, s.outcome, s.method) == ("Empty cart fix", ("k",), "failed", "llm")
    assert s.files == base.files and s.errors == base.errors
    assert s.rules == (*base.rules, "Use Decimal")
    for bad in ("no json here", '{"topic": ""}', '{"topic": "t", "todos": "not a list"}'):
        with pytest.raises(ValueError):
            apply_llm_reply(base, bad)


def test_error_line_picks_the_line_that_names_the_problem() -> None:
    assert (
        error_line("Exit code 1\nTraceback (most recent call last):\n  x\nKeyError: 'currency'\n")
        == "KeyError: 'currency'"
    )
    assert error_line("bash: foo: command not found") == "bash: foo: command not found"
    assert error_line("Exit code 2\nsomething odd") == "something odd"  # not Claude Code's own "Exit code N"
    assert error_line("Exit code 1") == "Exit code 1"  # unless that is all there is
    # an exception named by its module, after a progress bar: what the traceback ends with
    progress = "Calculating Metrics: 100%|██████████| 8/8\nTraceback (most recent call last):\n  x\n"
    said = "google.api_core.exceptions.BadRequest: 400 Cannot read and write in different locations"
    assert error_line(progress + said) == said


def test_a_daily_entry_keeps_what_a_person_wrote_inside_it() -> None:
    at = dt.datetime(2026, 3, 14, 14, 32, tzinfo=dt.UTC)
    text = "# 2026-03-14\n\n## 14:32 · acme\n- `a.py` (Edit)\nWorked on totals.\n\n## Notes\nfree text\n"
    merged = merge_edit(text, "14:32", Edit(at, "acme", "Write", ("b.py", "a.py")))
    assert merged == (
        "# 2026-03-14\n\n## 14:32 · acme\n- `a.py` (Edit, Write)\n- `b.py` (Write)\nWorked on totals.\n\n## Notes\nfree text\n"
    )


def test_inbox_file_rules(tmp_path: Path) -> None:
    assert [kind_of(Path(n)) for n in ("a.md", "b.events.jsonl", "c.jsonl", "d.txt")] == [
        "note",
        "events",
        "transcript",
        None,
    ]
    home = tmp_path / "home"
    (home / "areas").mkdir(parents=True)
    assert note_destination(home, "n.md", None) == home / "notes" / "n.md"
    assert note_destination(home, "n.md", "areas/x/") == home / "areas" / "x" / "n.md"
    assert note_destination(home, "n.md", "areas/renamed.md") == home / "areas" / "renamed.md"
    for bad in ("/etc/x.md", "../x.md", "events/x.md", ".git/x.md", ["list"]):
        with pytest.raises(Rejected):
            note_destination(home, "n.md", bad)
    (home / "areas" / "link").symlink_to(tmp_path)
    with pytest.raises(Rejected, match="outside"):
        note_destination(home, "n.md", "areas/link/")

    tracker = StabilityTracker(0.5)
    (home / "inbox").mkdir()
    (home / "inbox" / "a.md").write_text("x")
    (home / "inbox" / ".a.md.123.tmp").write_text("x")  # a writer's temp name is never a candidate
    assert tracker.ready(home / "inbox", 0.0) == []
    assert tracker.ready(home / "inbox", 0.4) == []
    assert tracker.ready(home / "inbox", 0.6) == [home / "inbox" / "a.md"]
    (home / "inbox" / "a.md").write_text("xy")  # it grew: the clock starts again
    assert tracker.ready(home / "inbox", 0.7) == [] and tracker.ready(home / "inbox", 1.3) == [home / "inbox" / "a.md"]

    idle = StabilityTracker(0.5, idle_seconds=5.0)  # a transcript handed over on Stop waits for the idle time
    (home / "inbox" / "s1.stop.jsonl").write_text("{}")
    assert idle.ready(home / "inbox", 10.0) == []
    assert idle.ready(home / "inbox", 11.0) == [home / "inbox" / "a.md"]  # the note is stable, the session not idle
    assert idle.ready(home / "inbox", 15.0) == [home / "inbox" / "a.md", home / "inbox" / "s1.stop.jsonl"]

    drafts = parse_events_file(b'\n{"type": "x.custom", "data": {"email": "ann@example.com"}}\n', emails=True)
    assert drafts == [("x.custom", {"email": "[REDACTED:email]"})]
    with pytest.raises(Rejected, match="no events"):
        parse_events_file(b"\n\n", emails=True)


def test_hook_arguments_and_payloads_never_raise(tmp_path: Path) -> None:
    assert parse_args(["--socket", "/s.sock", "hook", "Stop"]) == ("Stop", "/s.sock")
    assert parse_args(["--socket=/s.sock", "hook", "SessionStart"]) == ("SessionStart", "/s.sock")
    assert parse_args([]) == ("", None)
    for raw in (b"", b"null", b"[1]", b"{bad", b"\xff\xfe"):
        path = tmp_path / "stdin"
        path.write_bytes(raw)
        with path.open("rb") as stream:
            assert read_payload(stream) == {}
