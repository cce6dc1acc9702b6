"""The inbox drop folder against the real daemon: notes, events files, Claude Code transcripts, rejects, files
still being written, a crash mid-summary, and the LLM summary (a real HTTP server on 127.0.0.1)."""

from __future__ import annotations

import gzip
import json
import shutil
import time
from pathlib import Path
from typing import Any

import orjson

from tests import agent_payloads as cc
from tests.conftest import Daemon, write_config
from tests.fake_llm_server import FakeLLMServer, openai_ok
from tests.transcript_lines import Transcript

FAST_INBOX = "[inbox]\npoll_ms = 50\nstable_ms = 150\n"


def start(daemon_factory: Any, home: Path, config: str = "") -> Daemon:
    home.mkdir(exist_ok=True)
    write_config(home, FAST_INBOX + config)
    return daemon_factory().start()


def inbox_is_empty(home: Path) -> bool:
    return [p.name for p in (home / "inbox").iterdir()] == ["rejected"]


def events(daemon: Daemon, event_type: str, session: str | None = None) -> list[dict[str, Any]]:
    params: dict[str, Any] = {"type": event_type}
    if session:
        params["session_id"] = session
    return list(daemon.call("events", params)["events"])


def rejected(home: Path) -> dict[str, str]:
    folder = home / "inbox" / "rejected"
    names = [p.name for p in folder.iterdir() if p.suffix != ".reason" and not p.name.startswith(".")]
    return {name: (folder / (name + ".reason")).read_text() for name in names}


def test_notes_move_into_the_home_and_are_indexed_and_bad_drops_are_rejected(
    daemon_factory: Any, memory_home: Path
) -> None:
    daemon = start(daemon_factory, memory_home)
    inbox = memory_home / "inbox"
    (memory_home / "areas" / "projects" / "acme-api").mkdir(parents=True)
    (inbox / "zeppelin.md").write_text("# Zeppelin\n\nThe zeppelin migration runs on Fridays.\n")
    (inbox / "deploy.md").write_text("---\ndestination: areas/projects/acme-api/\n---\n# Deploy\n\nCanary first.\n")
    (inbox / "escape.md").write_text("---\ndestination: ../../etc/passwd.md\n---\nno\n")
    (inbox / "sneaky.md").write_text("---\ndestination: state/index.md\n---\nno\n")
    (inbox / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (inbox / "latin1.md").write_bytes("caf\xe9\n".encode("latin-1"))
    (inbox / "linked.md").symlink_to(memory_home / "MEMORY.md")
    (inbox / "folder").mkdir()
    daemon.wait_for(lambda: inbox_is_empty(memory_home))  # each file is removed last, once fully taken

    assert (memory_home / "notes" / "zeppelin.md").read_text().startswith("# Zeppelin")
    assert (memory_home / "areas" / "projects" / "acme-api" / "deploy.md").is_file()
    hits = daemon.wait_for(lambda: daemon.call("search", {"query": "zeppelin migration"})["results"])
    assert hits[0]["path"] == "notes/zeppelin.md"
    reasons = rejected(memory_home)
    assert set(reasons) == {"escape.md", "sneaky.md", "photo.png", "latin1.md", "linked.md", "folder"}
    assert "inside the memory home" in reasons["escape.md"]
    assert "memoryd directory" in reasons["sneaky.md"]
    assert "unsupported file type" in reasons["photo.png"]
    assert "UTF-8" in reasons["latin1.md"]
    assert "symlink" in reasons["linked.md"] and "folder" in reasons["folder"]

    (inbox / "zeppelin.md").write_text("# Zeppelin again\n")  # a clash never overwrites
    daemon.wait_for(lambda: (memory_home / "notes" / "zeppelin-2.md").is_file())
    assert (memory_home / "notes" / "zeppelin.md").read_text().startswith("# Zeppelin\n")

    # the event is logged once the file is in place: wait for it, not for the file
    def three_imports() -> list[dict[str, Any]] | None:
        found = events(daemon, "inbox_import")
        return found if len(found) >= 3 else None

    imports = daemon.wait_for(three_imports)
    assert sorted(e["data"]["path"] for e in imports) == [
        "areas/projects/acme-api/deploy.md",
        "notes/zeppelin-2.md",
        "notes/zeppelin.md",
    ]
    assert daemon.call("status")["inbox"]["rejected_files"] == 6


def test_an_events_file_is_appended_whole_or_rejected_whole(daemon_factory: Any, memory_home: Path) -> None:
    """1. A valid file is appended with its receipt; its `edit` event reaches the daily note.
    2. A file with one bad line is rejected whole, the reason names the line, nothing of it is appended.
    3. The same bytes dropped again (another name) are not appended twice."""
    daemon = start(daemon_factory, memory_home)
    good = b"".join(
        orjson.dumps(line) + b"\n"
        for line in [
            {"type": "outcome", "data": {"session_id": "ev-1", "outcome": "success"}},
            {
                "v": 1,
                "id": "01OLD",
                "ts": "2026-01-01T00:00:00.000Z",
                "type": "ref",
                "data": {"session_id": "ev-1", "experience_id": "x"},
            },
            {
                "type": "edit",
                "data": {
                    "files": [f"{cc.CWD}/app/orders.py"],
                    "tool": "Edit",
                    "cwd": cc.CWD,
                    "at": "2026-03-14T10:00:00+00:00",
                },
            },
        ]
    )
    (memory_home / "inbox" / "batch.events.jsonl").write_bytes(good)
    daemon.wait_for(lambda: inbox_is_empty(memory_home))
    assert len(events(daemon, "outcome", "ev-1")) == 1 and len(events(daemon, "ref", "ev-1")) == 1
    receipt = events(daemon, "inbox_import")[0]["data"]
    assert receipt["kind"] == "events" and receipt["events"] == 3
    assert "`app/orders.py` (Edit)" in (memory_home / "daily" / "2026-03-14.md").read_text()

    bad = b'{"type": "outcome", "data": {"session_id": "ev-2", "outcome": "success"}}\n{"type": "outcome", "data": {"session_id": "ev-2", "outcome": "meh"}}\n'
    (memory_home / "inbox" / "bad.events.jsonl").write_bytes(bad)
    (memory_home / "inbox" / "again.events.jsonl").write_bytes(good)
    daemon.wait_for(lambda: inbox_is_empty(memory_home))
    reason = rejected(memory_home)["bad.events.jsonl"]
    assert "line 2" in reason and "outcome.data.outcome" in reason and "nothing was appended" in reason
    assert events(daemon, "outcome", "ev-2") == []
    assert len(events(daemon, "outcome", "ev-1")) == 1  # the re-dropped copy was recognised by its sha256
    assert (memory_home / "inbox" / "rejected" / "bad.events.jsonl").read_bytes() == bad  # kept as dropped


def test_a_transcript_becomes_a_session_summary_with_events_and_lessons(daemon_factory: Any, memory_home: Path) -> None:
    """1. The sample transcript gives sessions/ID.md, an outcome, signals, and the user's rule and lesson.
    2. The same transcript again changes nothing; a longer one rewrites the summary and appends only what
       is new (the changed outcome, the new signal)."""
    project = memory_home / "areas" / "projects" / "acme-api"
    project.mkdir(parents=True)
    (project / "rules.md").write_text("# Rules\n\n- Money is Decimal.\n")
    daemon = start(daemon_factory, memory_home)
    shutil.copy(cc.SAMPLE_TRANSCRIPT, memory_home / "inbox" / f"{cc.SESSION}.jsonl")
    summary_path = memory_home / "sessions" / f"{cc.SESSION}.md"
    daemon.wait_for(lambda: events(daemon, "session_summary", cc.SESSION))

    summary = summary_path.read_text()
    assert 'project: "acme-api"' in summary and 'summary_method: "extractive"' in summary
    assert "# Session: The /orders endpoint returns a 500 when the cart is empty." in summary
    for expected in (
        "- `app/orders.py` (Edit)",
        "- `tests/test_orders_empty.py` (Write)",
        "guard clause",  # a decision
        "Update the API changelog (pending)",  # an open todo
        "ZeroDivisionError: division by zero",  # the failing tool call
    ):
        assert expected in summary, expected
    [outcome] = [e["data"] for e in events(daemon, "outcome", cc.SESSION)]
    assert (outcome["outcome"], outcome["corrections"]) == ("success", 1)
    assert 0.5 < outcome["confidence"] <= 0.99 and outcome["evidence"][0].startswith("the last check passed")
    kinds = sorted(e["data"]["kind"] for e in events(daemon, "signal", cc.SESSION))
    assert kinds == ["correction", "error"]
    assert "- Always run `make lint` before you commit in this repo\n" in (project / "rules.md").read_text()
    assert "the mobile client parses total as a string" in (memory_home / "MEMORY.md").read_text()
    daemon.wait_for(lambda: not list((memory_home / "state" / "transcripts" / "pending").iterdir()))
    daemon.wait_for(lambda: daemon.call("search", {"query": "ZeroDivisionError"})["results"])

    shutil.copy(cc.SAMPLE_TRANSCRIPT, memory_home / "inbox" / f"{cc.SESSION}.jsonl")
    daemon.wait_for(lambda: inbox_is_empty(memory_home))
    longer = cc.SAMPLE_TRANSCRIPT.read_bytes() + orjson.dumps(
        {
            "type": "user",
            "sessionId": cc.SESSION,
            "cwd": cc.CWD,
            "timestamp": "2026-03-14T09:20:00.000Z",
            "message": {
                "role": "user",
                "content": "It still fails in staging: KeyError: 'currency'. Always run `make lint` before committing!",
            },
        }
    )
    (memory_home / "inbox" / f"{cc.SESSION}.jsonl").write_bytes(longer + b"\n")
    daemon.wait_for(lambda: len(events(daemon, "session_summary", cc.SESSION)) == 2)
    assert "KeyError" in summary_path.read_text()
    outcomes = [e["data"]["outcome"] for e in events(daemon, "outcome", cc.SESSION)]
    assert outcomes == ["failed", "success"]  # newest first: only the change was appended
    kinds = sorted(e["data"]["kind"] for e in events(daemon, "signal", cc.SESSION))
    assert kinds == ["correction", "error", "recurring_issue"]
    assert (project / "rules.md").read_text().count("make lint") == 1  # the restated rule is a near-duplicate
    assert len(events(daemon, "session_summary", cc.SESSION)) == 2


def test_a_file_still_being_written_is_not_taken_half(daemon_factory: Any, memory_home: Path) -> None:
    daemon = start(daemon_factory, memory_home)
    data = cc.SAMPLE_TRANSCRIPT.read_bytes()
    target = memory_home / "inbox" / "growing.jsonl"
    with target.open("wb") as handle:
        for start_at in range(0, len(data), len(data) // 12):
            handle.write(data[start_at : start_at + len(data) // 12])  # lines cut anywhere, as a slow writer does
            handle.flush()
            time.sleep(0.06)  # faster than the 150 ms stable interval
            assert target.exists(), "taken while still being written"
    summary = memory_home / "sessions" / f"{cc.SESSION}.md"
    daemon.wait_for(summary.is_file)
    assert "all 14 tests pass" in summary.read_text()  # the last line made it in


def test_a_crash_mid_summary_is_resumed_and_what_fails_is_kept(daemon_factory: Any, memory_home: Path) -> None:
    pending = memory_home / "state" / "transcripts" / "pending"
    pending.mkdir(parents=True)
    (pending / f"{cc.SESSION}.123.jsonl.gz").write_bytes(gzip.compress(cc.SAMPLE_TRANSCRIPT.read_bytes()))
    (pending / "broken.124.jsonl.gz").write_bytes(b"not gzip")
    daemon = start(daemon_factory, memory_home, "keep_transcripts = true\n")  # continues the [inbox] table
    daemon.wait_for(lambda: (memory_home / "sessions" / f"{cc.SESSION}.md").is_file())
    daemon.wait_for(lambda: not list(pending.iterdir()))
    assert (memory_home / "state" / "transcripts" / f"{cc.SESSION}.jsonl.gz").is_file()  # keep_transcripts
    assert "could not be summarised" in rejected(memory_home)["broken.124.jsonl.gz"]

    (memory_home / "inbox" / "other.jsonl").write_text('{"type": "summary", "summary": "x"}\n{"hello": 1}\n')
    daemon.wait_for(lambda: "other.jsonl" in rejected(memory_home))
    assert "not a Claude Code transcript" in rejected(memory_home)["other.jsonl"]


def test_the_llm_writes_the_summary_when_configured_and_a_bad_reply_falls_back(
    daemon_factory: Any, memory_home: Path
) -> None:
    reply = {
        "topic": "Fix the 500 on empty carts in /orders",
        "key_points": ["compute_total divided by zero for empty carts", "a regression test was added"],
        "decisions": ["Return the string 0.00 for an empty cart"],
        "todos": ["Update the API changelog"],
        "lessons": ["The mobile client parses total as a string"],
        "rules": [],
        "outcome": "success",
    }
    script = [openai_ok(json.dumps(reply), input_tokens=900, output_tokens=120), openai_ok('{"signals": []}')]
    with FakeLLMServer(script) as server:
        config = f'[llm]\nprovider = "openai"\nbase_url = "{server.url}"\nmax_retries = 0\ntimeout_seconds = 5.0\n'
        daemon = start(daemon_factory, memory_home, config)
        shutil.copy(cc.SAMPLE_TRANSCRIPT, memory_home / "inbox" / f"{cc.SESSION}.jsonl")
        summary_path = memory_home / "sessions" / f"{cc.SESSION}.md"
        daemon.wait_for(summary_path.is_file)
        summary = summary_path.read_text()
        assert 'summary_method: "llm"' in summary and "# Session: Fix the 500 on empty carts in /orders" in summary
        assert "- `app/orders.py` (Edit)" in summary  # files come from the transcript, never from the model
        assert "Always run `make lint`" in summary  # the user's own rule is kept beside the model's (none)
        asked = server.requests[0]["json"]["messages"][1]["content"]
        assert "USER: The /orders endpoint returns a 500" in asked
        receipt = daemon.wait_for(lambda: events(daemon, "session_summary", cc.SESSION))[0]["data"]
        assert (receipt["method"], receipt["llm_input_tokens"], receipt["llm_output_tokens"]) == ("llm", 900, 120)

        server.script[:] = [openai_ok("I could not do that.")]  # no JSON: the extractive summary is used
        (memory_home / "inbox" / "second.jsonl").write_bytes(
            cc.SAMPLE_TRANSCRIPT.read_bytes().replace(cc.SESSION.encode(), b"second-session")
        )
        second = memory_home / "sessions" / "second-session.md"
        daemon.wait_for(second.is_file)
        assert 'summary_method: "extractive"' in second.read_text()


def test_a_way_of_working_said_in_one_project_holds_in_the_next_and_is_replaced_there(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. A commit-message rule said in one project's session goes to MEMORY.md's Preferences, beside the
    project's own rule in its rules.md; 2. the person changes it in another project's session, and the old one
    is struck through in MEMORY.md; 3. the other project's SessionStart gives the new rule, not the old. With the
    model, as by default: the change is said in other words, which only meaning ties to the old rule."""
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready", timeout=120)
    first = Transcript("1b0c2d3e-0000-4000-8000-000000000001", cwd="/home/dev/src/lotok")
    first.user("add the orders endpoint. коммиты пиши по-русски. always run go test -race before you commit")
    first.say("Done: the endpoint and its test.")
    second = Transcript("1b0c2d3e-0000-4000-8000-000000000002", cwd="/home/dev/src/lotok-deploy")
    second.user("bump the chart version. теперь сообщения коммитов на английском, в стиле conventional commits")
    second.say("Bumped to 0.4.0.")
    for transcript in (first, second):
        (memory_home / "inbox" / f"{transcript.session}.jsonl").write_bytes(transcript.bytes())
        daemon.wait_for(lambda t=transcript: events(daemon, "knowledge", t.session))  # type: ignore[misc]

    memory = (memory_home / "MEMORY.md").read_text(encoding="utf-8")
    assert "- ~~коммиты пиши по-русски~~ (superseded" in memory
    assert "- теперь сообщения коммитов на английском, в стиле conventional commits" in memory
    project_rules = (memory_home / "areas" / "projects" / "lotok" / "rules.md").read_text(encoding="utf-8")
    assert "go test -race" in project_rules and "коммиты" not in project_rules
    context = daemon.call("session_context", {"cwd": "/home/dev/src/lotok", "session_id": "next"})["markdown"]
    assert "сообщения коммитов на английском" in context and "коммиты пиши по-русски" not in context
