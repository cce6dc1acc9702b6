"""The learning loop through the real daemon and CLI: patterns, gates, generation, facts, signals,
the catch-up consolidation at start (with an LLM on 127.0.0.1), `consolidate --now`, archived files searchable."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from pathlib import Path
from typing import Any

import orjson

from events.event import utc_timestamp
from events.ulid import new_ulid
from tests.conftest import write_config
from tests.fake_llm_server import FakeLLMServer, ok


def seed_events() -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for n in range(3):
        s = f"s{n}"
        events += [
            {
                "type": "signal",
                "data": {"session_id": s, "kind": "error", "key": "keyerror user_id", "text": "KeyError: 'user_id'"},
            },
            {
                "type": "signal",
                "data": {
                    "session_id": s,
                    "kind": "environment_issue",
                    "key": "pnpm command not found",
                    "text": "pnpm: command not found",
                },
            },
            {"type": "outcome", "data": {"session_id": s, "outcome": "success"}},
        ]
    # s2 resolved both: what a skill is written from (a problem nobody resolved gets none)
    keys = [
        {"kind": "error", "key": "keyerror user_id"},
        {"kind": "environment_issue", "key": "pnpm command not found"},
    ]
    steps = [{"do": "run", "what": "corepack enable pnpm"}, {"do": "edit", "what": "app/users.py", "lines": ["x = 1"]}]
    resolution = {"session_id": "s2", "keys": keys, "steps": steps, "verified_by": "pnpm test", "ended": "2026-11-01"}
    events.append({"type": "resolution", "data": resolution})
    return events


def test_patterns_gates_and_generation_through_the_cli(daemon_factory: Any, memory_home: Path) -> None:
    """1. env gate closed: status says so and --generate writes nothing; 2. restarted with the gate open:
    skills are written with a hash in the generation event; 3. the cooldown now fails; 4. a pattern is suppressed."""
    daemon = daemon_factory()
    daemon.env["CAPABILITY_GENERATION"] = "false"
    daemon.start()
    daemon.call("record", {"events": seed_events()})
    patterns = orjson.loads(daemon.cli("patterns", "--json").stdout)["patterns"]
    assert [(p["priority"], p["count"], p["sessions"]) for p in patterns] == [("HIGH", 3, ["s0", "s1", "s2"])] * 2
    status = daemon.cli("capabilities", "--status")
    assert status.returncode == 0 and "FAIL  env" in status.stdout and "pass  success_rate" in status.stdout
    refused = daemon.cli("capabilities", "--generate")
    assert refused.returncode == 1 and not (memory_home / "skills").exists()
    assert daemon.stop() == 0

    daemon = daemon_factory()
    daemon.env.pop("CAPABILITY_GENERATION", None)
    daemon.start()
    generated = daemon.cli("capabilities", "--generate")
    assert generated.returncode == 0, generated.stderr
    assert "generated error-keyerror-user-id" in generated.stdout
    skill = memory_home / "skills" / "error-keyerror-user-id" / "SKILL.md"
    assert skill.read_text(encoding="utf-8").startswith("---\nname: error-keyerror-user-id\ndescription: ")
    assert "error-keyerror-user-id" in (memory_home / "skills" / "auto-capabilities.md").read_text(encoding="utf-8")
    generations = [e["data"] for e in daemon.call("events", {"type": "generation"})["events"]]
    by_name = {g["capability_name"]: g for g in generations}
    assert by_name["error-keyerror-user-id"]["content_hash"] == hashlib.sha256(skill.read_bytes()).hexdigest()
    assert "FAIL  cooldown" in daemon.cli("capabilities", "--status").stdout

    pid = patterns[0]["id"]
    marked = daemon.cli("pattern", "suppressed", pid[:6])
    assert marked.returncode == 0 and marked.stdout.strip() == f"pattern {pid}: suppressed"
    statuses = {p["id"]: p["status"] for p in daemon.call("patterns")["patterns"]}
    assert statuses[pid] == "suppressed" and set(statuses.values()) == {"suppressed", "addressed"}
    assert daemon.cli("pattern", "addressed", "ffff").returncode == 1  # unknown id: a clear error


def test_facts_and_signals_through_the_cli(daemon: Any, memory_home: Path) -> None:
    m = "@" + daemon.call("status")["sync"]["machine"]  # new fact ids carry the machine that added them
    args = ("memoryd uses httpx", "--category", "stack", "--evidence", "s1", "--create")  # a new project: --create
    added = daemon.cli("fact", "add", "memoryd", *args)
    assert added.returncode == 0 and added.stdout.strip() == f"added: memoryd-1{m}"
    assert daemon.cli("fact", "add", "memoryd", "tests use pytest").stdout.strip() == f"added: memoryd-2{m}"
    superseded = daemon.cli("fact", "supersede", f"memoryd-1{m}", "memoryd uses httpx 0.28")
    assert superseded.stdout.strip() == f"memoryd-1{m} superseded by memoryd-3{m}"
    assert daemon.cli("fact", "archive", f"memoryd-2{m}").stdout.strip() == f"archived: memoryd-2{m}"
    listed = daemon.cli("facts", "memoryd")
    assert f"memoryd-3{m}" in listed.stdout and "memoryd-1" not in listed.stdout
    every = orjson.loads(daemon.cli("facts", "--all", "--json").stdout)["facts"]
    assert [(f["id"], f["status"], f.get("supersededBy")) for f in every] == [
        (f"memoryd-1{m}", "superseded", f"memoryd-3{m}"),
        (f"memoryd-2{m}", "archived", None),
        (f"memoryd-3{m}", "active", None),
    ]
    missing = daemon.cli("fact", "archive", "memoryd-99")
    assert missing.returncode == 1 and "no fact memoryd-99" in missing.stderr

    transcript = "Running tests\nModuleNotFoundError: No module named 'httpx'\nNo, use uv instead of pip\nAll good\n"
    dry = daemon.cli("signals", "sx", "--dry-run", "--json", input_text=transcript)
    assert [s["kind"] for s in orjson.loads(dry.stdout)["signals"]] == ["dependency_issue", "correction"]
    assert daemon.call("events", {"type": "signal"})["events"] == []
    recorded = daemon.call("signals", {"session_id": "sx", "text": transcript})
    assert len(recorded["ids"]) == 2
    assert {p["kind"] for p in daemon.call("patterns")["patterns"]} == {"dependency_issue", "correction"}


def write_old_segment(home: Path, days_ago: int) -> None:
    """An event logged `days_ago` days ago (as another machine would have synced it)."""
    moment = dt.datetime.now(dt.UTC) - dt.timedelta(days=days_ago)
    event = {
        "v": 1,
        "id": new_ulid(int(moment.timestamp() * 1000)),
        "ts": utc_timestamp(moment),
        "type": "outcome",
        "data": {"session_id": "old", "outcome": "success"},
    }
    (home / "events").mkdir(parents=True, exist_ok=True)
    (home / "events" / f"{moment:%Y-%m}.oldhost.jsonl").write_bytes(orjson.dumps(event) + b"\n")


def test_catch_up_at_start_then_consolidate_now_with_an_llm(daemon_factory: Any, memory_home: Path) -> None:
    """1. a home whose log is 10 days old and never consolidated: the daemon catches up at start, using the
    configured LLM (tokens in the event); 2. `consolidate --now` runs again; 3. the archived old session
    stays searchable."""
    write_old_segment(memory_home, days_ago=10)
    (memory_home / "sessions").mkdir(parents=True)
    (memory_home / "sessions" / "s-week.md").write_text("# Week session\nproject: memoryd\nSockets.\n")
    old = memory_home / "sessions" / "s-ancient.md"
    old.write_text("# Ancient session\nThe zebracorn migration happened here.\n")
    stamp = (dt.datetime.now(dt.UTC) - dt.timedelta(days=45)).timestamp()
    os.utime(old, (stamp, stamp))
    reply = orjson.dumps(
        {"facts": [{"project": "memoryd", "fact": "The socket is owner-only"}], "lessons": [], "rules": []}
    )
    with FakeLLMServer([ok("openai", reply.decode(), input_tokens=300, output_tokens=40)]) as server:
        write_config(memory_home, f'[llm]\nprovider = "openai"\nbase_url = "{server.url}"\n')
        daemon = daemon_factory().start()

        def completed() -> list[dict[str, Any]]:
            found = daemon.call("events", {"type": "consolidation"})["events"]
            return [e["data"] for e in found if e["data"]["status"] == "completed"]

        (first,) = daemon.wait_for(completed)
        assert first["summary"]["reason"] == "catch_up"
        assert first["summary"]["tokens"]["used"] == 340 and first["summary"]["facts_added"] == 1
        assert first["summary"]["archived"] == ["archive/sessions/s-ancient.md"]
        assert server.requests[0]["path"] == "/v1/chat/completions"

        now = daemon.cli("consolidate", "--now")
        assert now.returncode == 0, now.stderr
        assert now.stdout.startswith("report: reports/weekly-") and "facts +0" in now.stdout
    assert len(completed()) == 2
    status = daemon.call("status")["learning"]
    assert status["llm"] == "openai" and status["next_consolidation"] and status["last_consolidation"]

    def archived_hit() -> list[str]:
        hits = daemon.call("search", {"query": "zebracorn migration", "mode": "bm25"})["results"]
        return [h["path"] for h in hits]

    assert daemon.wait_for(archived_hit) == ["archive/sessions/s-ancient.md"]
