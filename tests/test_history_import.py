"""`memoryd import claude-code` against the real daemon and a fake HOME holding real-format Claude Code transcripts
(two projects, subagents, a compaction, a session still running, a malformed line, a secret) and CLAUDE.md /
AGENTS.md / Claude Code memory files."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.client.cli.history_import import TAKE_TIMEOUT_S
from tests.claude_home import (
    CORPUS_CWD,
    PAST,
    SECRET,
    FakeClaudeHome,
    at_time,
    codex_rollout,
    patch,
    said,
    session_id,
    shell,
)
from tests.conftest import REPO, Daemon, write_config
from tests.fake_llm_server import FakeLLMServer
from tests.transcript_lines import Transcript, pytest_failure


def run_import(
    daemon: Daemon, fake: FakeClaudeHome, *args: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """The CLI as a user runs it: HOME is the fake one, so `~/.claude` is the default source."""
    env = dict(daemon.env, HOME=str(fake.root))
    return subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "import", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


def report(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr + done.stdout
    result: dict[str, Any] = orjson.loads(done.stdout)
    return result


def events(daemon: Daemon, event_type: str, session: str | None = None) -> list[dict[str, Any]]:
    params: dict[str, Any] = {"type": event_type, "limit": 100_000}
    if session:
        params["session_id"] = session
    return list(daemon.call("events", params)["events"])


def log_lines(home: Path) -> list[dict[str, Any]]:
    lines = []
    for segment in sorted((home / "events").glob("*.jsonl")):
        for raw in segment.read_bytes().splitlines():
            if raw.strip():
                lines.append(orjson.loads(raw))
    return lines


def snapshot(paths: list[Path]) -> dict[Path, tuple[bytes, float]]:
    return {p: (p.read_bytes(), p.stat().st_mtime) for p in paths}


@pytest.fixture
def fake(tmp_path: Path) -> FakeClaudeHome:
    return FakeClaudeHome(tmp_path / "user")


def test_import_learns_from_history_once_with_session_times_and_instructions(
    daemon: Daemon, fake: FakeClaudeHome, memory_home: Path
) -> None:
    """1. A dry run says what would be imported and changes nothing.
    2. The import takes every finished transcript (corpus sessions with subagents, project 2's sessions), leaves
       the running one for later, reports the malformed line; events carry each session's own time; the
       compaction summary's words are not taken as the person's; the secret reaches no file and no event.
    3. CLAUDE.md, AGENTS.md and Claude Code's memory land in rules.md / MEMORY.md under sections naming their
       source, without duplicating a rule already learned, and the user's files are untouched.
    4. A second run imports nothing; once the running session has ended (and grown) it is imported, and a
       transcript that grew is continued: only what is new is logged."""
    corpus = fake.corpus(limit=6)
    sessions = fake.api_sessions()
    instructions = fake.instructions()
    before = snapshot([*instructions.values(), *corpus, *sessions.values()])

    dry = report(run_import(daemon, fake, "claude-code", "--dry-run", "--json"))
    counts = dry["plan"]["counts"]
    assert counts == {"new": len(corpus) + 3, "in_progress": 1}, counts
    assert sorted(dry["plan"]["projects"]) == sorted([CORPUS_CWD, str(fake.api)])
    assert {Path(f["path"]) for f in dry["instructions"]["files"]} >= {
        instructions["user"],
        instructions["agents"],
        instructions["memory"],
    }  # the shop project's folder does not exist on this machine: nothing of it to read
    assert events(daemon, "history_import") == [] and not list((memory_home / "sessions").glob("*.md"))

    done = run_import(daemon, fake, "claude-code", "--json")
    first = report(done)
    assert "sessions" in done.stderr and "ETA" in done.stderr  # the progress bar
    subagents = sum(1 for p in corpus if p.parent.name == "subagents")
    assert subagents >= 1
    assert (first["sessions"], first["subagents"]) == (len(corpus) - subagents + 3, subagents)
    assert first["skipped"] == {"in_progress": 1}
    assert [m["lines"] for m in first["malformed_lines"]] == [1]
    assert first["malformed_lines"][0]["path"] == str(sessions["secret"])
    assert sum(first["outcomes"].values()) == first["sessions"]
    assert first["learned"]["consolidation"] == "completed" and first["learned"]["patterns"] >= 1
    assert sorted(first["projects"]) == ["api", "shop"]
    week = (memory_home / first["learned"]["report"]).read_text()  # the report spans the imported weeks
    assert (
        week.startswith(f"# Weekly consolidation {first['span'][0][:10]} ")
        and f"Sessions with an outcome: {first['sessions']}" in week
    )

    # Each session's events carry its own time, so the log reads as history.
    failing = session_id(1)
    [outcome] = events(daemon, "outcome", failing)
    assert outcome["ts"].startswith("2026-10-05T09:") and outcome["data"]["outcome"] == "failed"
    summaries = events(daemon, "session_summary")
    for event in summaries:
        assert event["ts"][:16] == (event["data"].get("ended") or event["data"]["started"])[:16]
    newest_first = [e["data"]["session_id"] for e in events(daemon, "outcome")]
    assert newest_first[:3] == [session_id(3), session_id(2), session_id(1)]  # by session time, not import order
    agent_summaries = list((memory_home / "sessions").glob("*--agent-*.md"))
    assert len(agent_summaries) == subagents

    # The compaction summary restated words the person did not say in this session: not a rule.
    api_rules = (memory_home / "areas" / "projects" / "api" / "rules.md").read_text()
    assert "yarn" not in api_rules and "pnpm for the frontend" in api_rules
    # The secret is nowhere in the memory home (files, summaries, events).
    for path in memory_home.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".jsonl", ".json"):
            text = path.read_text(errors="replace")
            assert SECRET not in text and "salary" not in text, path

    # Instructions: marked with their source, not duplicated, the user's files untouched.
    memory_md = (memory_home / "MEMORY.md").read_text()
    assert "## Preferences (from ~/.claude/CLAUDE.md)" in memory_md
    assert "- Answer in English, even when I write German" in memory_md
    assert "never-taken-from-a-code-block" not in memory_md
    assert "Example Bank" not in memory_md and "birthday" not in memory_md  # a <private> block, over two items
    assert "- Deploy keys: use [REDACTED" in memory_md
    assert "## Lessons of api (from Claude Code memory of api/MEMORY.md)" in memory_md
    assert "staging database is reset every Monday" in memory_md and "debugging.md" not in memory_md
    assert "## Rules (from api/AGENTS.md)" in api_rules
    assert "Database migrations live in migrations/ and are written by hand, never autogenerated." in api_rules
    assert "- Use httpx, never requests, for outgoing calls" in api_rules
    assert api_rules.lower().count("make check") == 1  # learned from session 1 already: a restatement
    assert "@docs/architecture.md" not in api_rules and "a comment" not in api_rules
    assert snapshot([*instructions.values(), *corpus, *sessions.values()]) == before

    # 4. A second run imports nothing and adds nothing.
    log_before = log_lines(memory_home)
    files_before = snapshot([memory_home / "MEMORY.md", memory_home / "areas" / "projects" / "api" / "rules.md"])
    second = report(run_import(daemon, fake, "claude-code", "--json"))
    assert (second["sessions"], second["subagents"]) == (0, 0)
    assert second["skipped"] == {"already_imported": len(corpus) + 3, "in_progress": 1}
    assert log_lines(memory_home) == log_before
    assert snapshot(list(files_before)) == files_before

    # The running session ends (it grew and went quiet), and session 1 was resumed: a new failure.
    day = dt.datetime(2026, 10, 8, 9, 0, tzinfo=dt.UTC)
    t = Transcript(session_id(4)).user("add a healthcheck endpoint").say("Working on it.")
    t.bash("pytest tests/test_health.py", "1 passed")
    t.user("thanks, that works")
    path = sessions["running"]
    lines = at_time(t.lines, day, str(fake.api))
    path.write_bytes(b"".join(orjson.dumps(x, option=orjson.OPT_APPEND_NEWLINE) for x in lines))
    grown = Transcript(session_id(1))
    grown.bash(
        "pytest tests/test_orders.py",
        pytest_failure("test_total", "ZeroDivisionError: division by zero", "api/orders.py:9"),
        1,
    )
    extra = b"".join(
        orjson.dumps(x, option=orjson.OPT_APPEND_NEWLINE)
        for x in at_time(grown.lines, dt.datetime(2026, 10, 5, 11, 0, tzinfo=dt.UTC), str(fake.api))
    )
    with sessions["failing"].open("ab") as handle:
        handle.write(extra)
    for p in (path, sessions["failing"]):
        os.utime(p, (PAST, PAST))
    signals_before = {(e["data"]["kind"], e["data"]["key"]) for e in events(daemon, "signal", failing)}
    third = report(run_import(daemon, fake, "claude-code", "--json"))
    assert (third["sessions"], third["continued"]) == (2, 1)
    assert third["skipped"] == {"already_imported": len(corpus) + 2}
    signals_after = [(e["data"]["kind"], e["data"]["key"]) for e in events(daemon, "signal", failing)]
    assert len(signals_after) == len(set(signals_after))  # nothing logged twice for the session
    assert set(signals_after) > signals_before and any("zerodivisionerror" in k for _, k in signals_after)
    assert len(events(daemon, "outcome", failing)) == 1  # still failed: the outcome is not repeated
    assert len(events(daemon, "outcome", session_id(4))) == 1


def test_filters_other_sources_and_bad_input(daemon: Daemon, fake: FakeClaudeHome, memory_home: Path) -> None:
    """--project and --since leave sessions out (and say so); gemini is not supported yet; a missing
    --from is a usage error; a file that holds no message is reported, not fatal."""
    fake.corpus(limit=3)
    fake.api_sessions()
    empty = fake.transcript_path(str(fake.api), "not-a-session")
    empty.write_bytes(b'{"type": "summary", "summary": "nothing else"}\n')
    os.utime(empty, (PAST, PAST))

    since = report(run_import(daemon, fake, "claude-code", "--since", "2026-10-06", "--json", "--no-instructions"))
    assert since["sessions"] == 2 and since["projects"] == ["api"]  # sessions 2 and 3; the shop's are September's
    assert since["skipped"]["before_since"] == 4 + 1 and since["skipped"]["in_progress"] == 1
    assert since["skipped"]["not_a_transcript"] == 1 and since["not_imported"][0]["path"] == str(empty)

    only_api = report(
        run_import(daemon, fake, "claude-code", "--project", str(fake.api), "--json", "--no-instructions")
    )
    assert only_api["sessions"] == 1 and only_api["projects"] == ["api"]  # session 1
    assert only_api["skipped"]["other_project"] == 4 + 1  # the shop's, and the file that names no directory
    assert only_api["skipped"]["already_imported"] == 2

    done = run_import(daemon, fake, "gemini")
    assert done.returncode == 2 and "not supported yet" in done.stderr
    done = run_import(daemon, fake, "codex")  # the fake HOME has no ~/.codex
    assert done.returncode == 2 and "no Codex CLI home" in done.stderr
    done = run_import(daemon, fake, "claude-code", "--from", str(fake.root / "nowhere"))
    assert done.returncode == 2 and "no Claude Code home" in done.stderr
    done = run_import(daemon, fake, "claude-code", "--since", "last tuesday")
    assert done.returncode == 2 and "--since" in done.stderr
    with pytest.raises(Exception, match="not a transcript under"):
        daemon.call("import_take", {"from": str(fake.claude), "path": str(fake.api / "CLAUDE.md.jsonl")})


def count_in_log(home: Path, needle: bytes) -> int:
    return sum(segment.read_bytes().count(needle) for segment in (home / "events").glob("*.jsonl"))


def test_an_import_killed_mid_way_resumes_without_duplicates(
    daemon_factory: Any, fake: FakeClaudeHome, memory_home: Path
) -> None:
    """1. Ctrl-C (SIGINT) stops the CLI: it says so and exits 130; what was taken stays taken.
    2. SIGKILL of the daemon in the middle of an import; the daemon starts again.
    3. The next run takes exactly what is missing: every session has one summary receipt, one outcome, no
       signal or rule twice, and every transcript is in the ledger once."""
    corpus = fake.corpus(copies=4)  # about 110 transcripts: an import takes several seconds
    daemon = daemon_factory().start()
    env = dict(daemon.env, HOME=str(fake.root))
    command = [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "import", "claude-code", "--json"]

    # Why the default SIGINT: a test run started in the background (`make test &`, CI under nohup) ignores SIGINT,
    # children inherit that, and Python installs no KeyboardInterrupt for a signal ignored at its start
    cli = subprocess.Popen(
        command,
        env=env,
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    daemon.wait_for(lambda: count_in_log(memory_home, b'"history_import"') >= 2, timeout=120, interval=0.01)
    cli.send_signal(signal.SIGINT)
    out, err = cli.communicate(timeout=60)
    assert cli.returncode == 130, err
    assert orjson.loads(out)["interrupted"] is True

    cli = subprocess.Popen(command, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    taken = count_in_log(memory_home, b'"history_import"')
    daemon.wait_for(lambda: count_in_log(memory_home, b'"history_import"') >= taken + 10, timeout=120, interval=0.005)
    daemon.kill()
    cli.communicate(timeout=60)
    assert cli.returncode != 0
    partial = count_in_log(memory_home, b'"history_import"')
    assert partial < len(corpus)

    daemon = daemon_factory().start()
    last = report(run_import(daemon, fake, "claude-code", "--json"))
    assert last["sessions"] + last["subagents"] + last["skipped"].get("already_imported", 0) == len(corpus)

    ledger = Counter(e["data"]["file"] for e in events(daemon, "history_import"))
    assert set(ledger) == {str(p) for p in corpus} and set(ledger.values()) == {1}
    receipts = Counter(
        (e["data"]["session_id"], e["data"].get("agent_id", "")) for e in events(daemon, "session_summary")
    )
    assert len(receipts) == len(corpus) and set(receipts.values()) == {1}
    outcomes = Counter(e["data"]["session_id"] for e in events(daemon, "outcome"))
    assert set(outcomes.values()) == {1}
    signals = Counter((e["data"]["session_id"], e["data"]["kind"], e["data"]["key"]) for e in events(daemon, "signal"))
    assert set(signals.values()) == {1}
    added = Counter(
        (e["data"]["path"], e["data"]["text"]) for e in events(daemon, "knowledge") if e["data"]["action"] == "added"
    )
    assert set(added.values()) == {1}
    rules = (memory_home / "areas" / "projects" / "shop" / "rules.md").read_text().splitlines()
    bullets = [line for line in rules if line.startswith("- ")]
    assert len(bullets) == len(set(bullets))
    verified = daemon.call("rebuild", {"verify": True}, timeout=120)
    assert verified["identical"], verified


def test_a_session_the_hooks_handed_in_is_not_learned_twice_and_no_llm_keeps_the_model_out(
    daemon_factory: Any, fake: FakeClaudeHome, memory_home: Path
) -> None:
    """1. A transcript the inbox already summarised (the SessionEnd hook's copy) is recorded in the ledger as
       already summarised: no second outcome, no second summary receipt.
    2. With an LLM configured, the dry run says each transcript costs a call; `--no-llm` makes no call per
       session and writes extractive summaries."""
    sessions = fake.api_sessions()
    with FakeLLMServer([]) as server:
        memory_home.mkdir(exist_ok=True)
        write_config(
            memory_home,
            "[inbox]\npoll_ms = 50\nstable_ms = 150\n"
            f'[llm]\nprovider = "openai"\nbase_url = "{server.url}"\nmax_retries = 0\ntimeout_seconds = 5.0\n',
        )
        daemon = daemon_factory().start()
        handed = sessions["failing"]
        (memory_home / "inbox" / handed.name).write_bytes(handed.read_bytes())
        daemon.wait_for(lambda: events(daemon, "session_summary", session_id(1)), timeout=60)
        calls = len(server.requests)

        dry = run_import(daemon, fake, "claude-code", "--dry-run", "--no-instructions")
        assert dry.returncode == 0 and "by the LLM (openai): one call per transcript" in dry.stdout
        done = report(run_import(daemon, fake, "claude-code", "--no-llm", "--json", "--no-instructions"))
        assert done["skipped"] == {"already_summarised": 1, "in_progress": 1} and done["sessions"] == 2
        # --no-llm: no call per session; the one consolidation at the end may ask once (its bounded extraction)
        assert len(server.requests) <= calls + 1
        assert len(events(daemon, "session_summary", session_id(1))) == 1
        assert len(events(daemon, "outcome", session_id(1))) == 1
        [entry] = [e["data"] for e in events(daemon, "history_import") if e["data"]["file"] == str(handed)]
        assert entry["status"] == "already_summarised"
        for n in (2, 3):
            assert 'summary_method: "extractive"' in (memory_home / "sessions" / f"{session_id(n)}.md").read_text()
        again = report(run_import(daemon, fake, "claude-code", "--no-llm", "--json", "--no-instructions"))
        assert again["skipped"] == {"already_imported": 3, "in_progress": 1}


def test_codex_sessions_are_imported_the_same_way(daemon: Daemon, fake: FakeClaudeHome, memory_home: Path) -> None:
    """Codex CLI rollouts (real format: session_meta, response items, shell calls with exit codes, apply_patch)
    give summaries, outcomes, signals and the person's rules like Claude Code sessions; ~/.codex/AGENTS.md goes
    to MEMORY.md; a second run imports nothing."""
    codex = fake.root / ".codex"
    cwd = str(fake.api)
    failing = codex_rollout(
        codex,
        "019a2d7a-0000-7000-8000-000000000001",
        cwd,
        dt.datetime(2026, 10, 12, 9, 0, tzinfo=dt.UTC),
        [
            said("user", "the totals endpoint crashes on empty carts. Always run `make check` before you commit"),
            *shell(
                "call_1",
                "pytest tests/test_totals.py",
                pytest_failure("test_empty", "ZeroDivisionError: division by zero", "api/totals.py:12"),
                1,
            ),
            said("assistant", "The average divides by the item count, which is 0 for an empty cart."),
            said("user", "stop here, it still fails"),
        ],
    )
    fixed = codex_rollout(
        codex,
        "019a2d7a-0000-7000-8000-000000000002",
        cwd,
        dt.datetime(2026, 10, 13, 9, 0, tzinfo=dt.UTC),
        [
            said("user", "fix the ZeroDivisionError in api/totals.py"),
            *patch("call_2", "api/totals.py"),
            *shell("call_3", "pytest tests/test_totals.py", "3 passed in 0.41s", 0),
            said("assistant", "Fixed: an empty cart has a total of 0."),
            said("user", "great, thanks"),
        ],
    )
    (codex / "AGENTS.md").write_text("- Reply tersely; no summaries of what you did\n", encoding="utf-8")

    done = report(run_import(daemon, fake, "codex", "--json"))
    assert (done["sessions"], done["outcomes"]) == (2, {"failed": 1, "success": 1}), done
    sid = "019a2d7a-0000-7000-8000-000000000001"
    [outcome] = events(daemon, "outcome", sid)
    assert outcome["ts"].startswith("2026-10-12T09:00") and outcome["data"]["outcome"] == "failed"
    errors = [e["data"] for e in events(daemon, "signal", sid) if e["data"]["kind"] == "error"]
    assert any("zerodivisionerror" in e["key"] for e in errors)
    assert "<environment_context>" not in (memory_home / "sessions" / f"{sid}.md").read_text()
    assert "api/totals.py" in (memory_home / "sessions" / "019a2d7a-0000-7000-8000-000000000002.md").read_text()
    assert "make check" in (memory_home / "areas" / "projects" / "api" / "rules.md").read_text()
    memory_md = (memory_home / "MEMORY.md").read_text()
    assert "## Preferences (from ~/.codex/AGENTS.md)" in memory_md and "Reply tersely" in memory_md
    assert {e["data"]["source"] for e in events(daemon, "history_import")} == {"codex"}
    assert {Path(e["data"]["file"]) for e in events(daemon, "history_import")} == {failing, fixed}
    again = report(run_import(daemon, fake, "codex", "--json"))
    assert again["sessions"] == 0 and again["skipped"] == {"already_imported": 2}


def test_the_index_embeds_the_imported_summaries_once_the_import_is_done(
    daemon_factory: Any, fake: FakeClaudeHome, memory_home: Path
) -> None:
    """The index's background embedding waits while transcripts are taken (the learning step needs the model);
    `import_finish` lets it go, so every chunk of the new summaries gets its vector without a restart."""
    fake.corpus(limit=4)
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["mode"] == "hybrid", timeout=180)
    assert daemon.call("status")["index"]["embedding_held_s"] == 0
    source = {"from": str(fake.claude)}
    plan = daemon.call("import_plan", source)
    # as long as the CLI waits for one transcript: taking it runs the learning step with the model
    first = daemon.call("import_take", source | {"path": plan["items"][0]["path"]}, timeout=TAKE_TIMEOUT_S)
    assert first["outcome"] and daemon.call("status")["index"]["embedding_held_s"] > 0  # held while taking
    done = report(run_import(daemon, fake, "claude-code", "--json", "--no-instructions"))
    assert done["sessions"] == 3 and done["skipped"] == {"already_imported": 1}
    assert done["learned"]["consolidation"] == "completed"
    assert daemon.call("status")["index"]["embedding_held_s"] == 0  # import_finish let it go

    def caught_up() -> bool:
        index = daemon.call("status")["index"]
        return bool(index["chunks"]) and index["embedded"] == index["chunks"] and not index["embed_queue"]

    daemon.wait_for(caught_up, timeout=120, interval=0.2)
    hits = daemon.call("search", {"query": "alembic multiple heads", "mode": "vector"})["results"]
    assert any(hit["path"].startswith("sessions/") for hit in hits)
