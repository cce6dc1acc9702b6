"""Learning from evidence through the real daemon and its real inbox: scenario transcripts (from
`bench/learning_corpus`) become outcomes, one problem per recurring problem, a resolution, a skill carrying the
fix, rules with a lifecycle; facts and rules in force reach SessionStart; reads count for effectiveness."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson

from tests import agent_payloads as cc
from tests.conftest import REPO, write_config
from tests.transcript_lines import Transcript, pytest_failure

CORPUS = REPO / "bench" / "learning_corpus" / "sessions"
S05, S11, S17 = (
    "0fab9aaf-7276-5bc7-800e-c25176115ba6",
    "ed3639af-1aa2-5a6e-b46e-cb0bcc81b966",
    "8fd41d4f-17ce-5c21-94b5-9424c0fe43e6",
)
S01, S19 = "8915aaef-c988-5f68-ac14-fdd909fd4a3d", "1183eeab-ef1e-5343-bc60-397f60b09cbb"
SUB11 = "agent-a6fb2900136cb51db"
SHOP_CWD = "/home/dev/src/shop"


def start(daemon_factory: Any, home: Path) -> Any:
    write_config(
        home,
        f'[skills]\nmin_hours_between = 0.0\nmin_patterns = 1\ndirs = ["{home / "skills"}"]\n'
        f'mcp_configs = ["{home / "none.json"}"]\n[consolidation]\nenabled = false\n',
    )
    (home / "areas" / "projects" / "shop").mkdir(parents=True)
    return daemon_factory().start()


def drop(daemon: Any, home: Path, source: Path, name: str) -> None:
    """Into the inbox as a hook would (temp name, then rename), then wait until it was taken."""
    before = len(events(daemon, "session_summary"))
    temp = home / "inbox" / f".{name}.tmp"
    shutil.copyfile(source, temp)
    temp.rename(home / "inbox" / name)
    daemon.wait_for(lambda: len(events(daemon, "session_summary")) > before, timeout=60)


def events(daemon: Any, kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in daemon.call("events", {"type": kind, "limit": 10_000})["events"]][::-1]


def test_a_recurring_problem_becomes_one_pattern_and_its_fix_a_skill(daemon_factory: Any, memory_home: Path) -> None:
    """1. the failed session, the fix (with its subagent) and the recurrence go through the inbox; 2. their
    outcomes come from the evidence; 3. the problem, worded three ways, is one pattern in all three sessions;
    4. the fix session left a resolution and the skill carries its commands, and the pattern is addressed;
    5. the subagent is summarised beside its parent and linked to it."""
    daemon = start(daemon_factory, memory_home)
    drop(daemon, memory_home, CORPUS / f"{S05}.jsonl", f"{S05}.jsonl")
    drop(daemon, memory_home, CORPUS / f"{S11}.jsonl", f"{S11}.jsonl")
    drop(daemon, memory_home, CORPUS / S11 / "subagents" / f"{SUB11}.jsonl", f"{S11}.{SUB11}.jsonl")
    drop(daemon, memory_home, CORPUS / f"{S17}.jsonl", f"{S17}.jsonl")
    # The skill is written after the session's receipt (the gates needed the recurrence): wait for it too.
    daemon.wait_for(lambda: len(events(daemon, "generation")) == 1, timeout=60)

    outcomes = {o["session_id"]: o for o in events(daemon, "outcome")}
    assert {s: o["outcome"] for s, o in outcomes.items()} == {S05: "failed", S11: "success", S17: "success"}
    assert all(o["confidence"] > 0.5 and o["evidence"] for o in outcomes.values())  # no outcome for the subagent

    patterns = daemon.call("patterns", {"all": True})["patterns"]
    alembic = [p for p in patterns if "exc:CommandError@alembic/script/base" in p["anchors"]]
    assert len(alembic) == 1 and alembic[0]["sessions"] == [S05, S11, S17]
    assert alembic[0]["status"] == "addressed"

    resolutions = {r["session_id"] for r in events(daemon, "resolution")}
    assert {S11, S17} <= resolutions and S05 not in resolutions
    [generation] = events(daemon, "generation")
    skill = Path(generation["path"]).read_text(encoding="utf-8")
    for fix in ("alembic heads", "alembic merge", "alembic upgrade head"):
        assert fix in skill, fix
    assert "reproduce the failure" not in skill.lower()

    child = (memory_home / "sessions" / f"{S11}--{SUB11}.md").read_text(encoding="utf-8")
    assert f'parent_session: "{S11}"' in child and 'agent_id: "a6fb2900136cb51db"' in child
    parent = (memory_home / "sessions" / f"{S11}.md").read_text(encoding="utf-8")
    assert "a6fb2900136cb51db" in parent and "## Outcome" in parent
    rules = (memory_home / "areas" / "projects" / "shop" / "rules.md").read_text(encoding="utf-8")
    assert "never edit a migration once it's merged" in rules  # said mid-line, after "rule:"


def test_a_reversed_rule_is_superseded_and_only_the_rule_in_force_reaches_the_agent(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. s01 says "always use Decimal for money", s19 (two weeks on) "money is an int of cents now, never
    Decimal"; 2. rules.md keeps both texts, the old one struck through; 3. SessionStart gives the new rule and
    the project's facts, not the old rule; 4. the weekly report lists the reversal."""
    daemon = start(daemon_factory, memory_home)
    drop(daemon, memory_home, CORPUS / f"{S01}.jsonl", f"{S01}.jsonl")
    drop(daemon, memory_home, CORPUS / f"{S19}.jsonl", f"{S19}.jsonl")
    rules = (memory_home / "areas" / "projects" / "shop" / "rules.md").read_text(encoding="utf-8")
    assert "- ~~always use Decimal for money~~ (superseded 2026-09-14 by: money is an int of cents now" in rules
    assert "- money is an int of cents now, never Decimal" in rules
    changes = events(daemon, "knowledge")
    assert any(c["action"] == "superseded" and c["replaces"] == "always use Decimal for money" for c in changes)

    added = daemon.cli("fact", "add", "shop", "orders.total_cents is BIGINT", "--json")
    assert added.returncode == 0, added.stderr
    context = daemon.call("session_context", {"cwd": SHOP_CWD, "session_id": "new", "budget": 4000})["markdown"]
    assert "money is an int of cents now" in context and "always use Decimal for money" not in context
    assert "### Project facts: shop" in context and "- orders.total_cents is BIGINT" in context

    history = daemon.cli("rules", "shop", "--history")
    assert history.returncode == 0, history.stderr
    assert f"- money is an int of cents now, never Decimal    (session {S19} line" in history.stdout
    assert "- ~~always use Decimal for money~~ superseded 2026-09-14 by: money is an int of cents now" in history.stdout

    report = daemon.call("consolidate", {})
    text = (memory_home / report["report"]).read_text(encoding="utf-8")
    assert '"always use Decimal for money" is now "money is an int of cents now, never Decimal"' in text
    assert "## What to do next" in text


def test_facts_reads_and_the_small_cli_fixes(daemon_factory: Any, memory_home: Path) -> None:
    """1. `fact add` refuses an unknown project unless --create, and warns on a near-duplicate; an archived
    fact is never brought back by extraction; 2. a `get` in a session counts once for that session's outcome;
    3. `signals ID t.jsonl` reads a transcript as one; 4. `patterns | head` ends quietly."""
    daemon = start(daemon_factory, memory_home)
    refused = daemon.cli("fact", "add", "nosuch", "the API is on port 8080")
    assert refused.returncode == 1 and "unknown project 'nosuch'" in refused.stderr and "--create" in refused.stderr
    assert daemon.cli("fact", "add", "nosuch", "the API is on port 8080", "--create").returncode == 0
    warned = daemon.cli("fact", "add", "nosuch", "the API is on port 8080 in dev")
    assert warned.returncode == 0 and "warning: similar to nosuch-1" in warned.stderr
    daemon.cli("fact", "archive", "nosuch-1")
    again = daemon.call("facts", {"project": "nosuch", "all": True})["facts"]
    assert [f["status"] for f in again] == ["archived", "active"]

    (memory_home / "notes").mkdir(exist_ok=True)
    (memory_home / "notes" / "deploy.md").write_text("# Deploy\n\nmake deploy after the canary.\n")
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    for _ in range(2):
        daemon.call("get", {"path": "notes/deploy.md", "session_id": "s-read"})
    daemon.call("record", {"type": "outcome", "data": {"session_id": "s-read", "outcome": "success"}})
    [row] = daemon.call("effectiveness", {"experience_id": "notes/deploy.md"})["experiences"]
    assert (row["total_refs"], row["success_refs"]) == (1, 1)  # two reads, one session

    transcript = CORPUS / f"{S05}.jsonl"
    found = orjson.loads(daemon.cli("signals", "x", str(transcript), "--dry-run", "--json").stdout)["signals"]
    assert found and all("parentuuid" not in s["key"] for s in found)
    assert any("multiple head revisions" in s["key"] for s in found)

    daemon.call(
        "record",
        {
            "events": [
                {"type": "signal", "data": {"session_id": f"p{n}", "kind": "error", "key": f"k{n} x"}}
                for n in range(60)
            ]
        },
    )
    piped = subprocess.run(
        f"{sys.executable} -m daemon --socket {daemon.socket} patterns | head -1",
        shell=True, capture_output=True, text=True, env=daemon.env, cwd=REPO, timeout=60,
    )  # fmt: skip
    assert piped.returncode == 0 and "BrokenPipeError" not in piped.stderr and piped.stdout.startswith("id")


def test_session_end_hands_over_the_subagent_transcripts_too(tmp_path: Path, memory_home: Path) -> None:
    folder = tmp_path / "projects" / "-home-dev-src-shop"
    (folder / S11 / "subagents").mkdir(parents=True)
    shutil.copyfile(CORPUS / f"{S11}.jsonl", folder / f"{S11}.jsonl")
    shutil.copyfile(CORPUS / S11 / "subagents" / f"{SUB11}.jsonl", folder / S11 / "subagents" / f"{SUB11}.jsonl")
    (folder / S11 / "subagents" / "agent-acompact-1.jsonl").write_text("{}\n")  # Claude Code's own compaction
    payload = {**cc.session_end(transcript=str(folder / f"{S11}.jsonl")), "session_id": S11}
    assert cc.run_hook(memory_home, tmp_path / "no.sock", "SessionEnd", payload).code == 0
    assert {p.name for p in (memory_home / "inbox").iterdir()} == {f"{S11}.jsonl", f"{S11}.{SUB11}.jsonl"}


def test_a_second_different_resolution_updates_the_skill_even_while_the_gates_are_closed(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. the sync test fails, then a session fixes it (a retry in the client): the skill is written; 2. it
    fails again (twice), then another session fixes it differently (the server waits for the port): three failed
    of the last five sessions close the success-rate gate for new skills, yet the skill gets an "Updated" section with
    the new steps and says which session they came from."""
    daemon = start(daemon_factory, memory_home)
    fail = pytest_failure(
        "test_sync_roundtrip",
        "ConnectionRefusedError: [Errno 111] Connection refused",
        "shop/sync/client.py:41",
        file="tests/test_sync.py",
    )

    def session(name: str, *, fixed_by: tuple[str, str, str] | None) -> bytes:
        t = Transcript(session=name).user("the sync roundtrip test is failing again, have a look")
        t.bash("pytest tests/test_sync.py -q", fail, 1)
        if fixed_by is None:
            return t.user("no time today, I'll look tomorrow").bytes()
        path, old, new = fixed_by
        t.edit(path, old, new).bash("pytest tests/test_sync.py -q", "3 passed in 1.2s", 0)
        return (
            t.bash("git commit -am 'fix sync roundtrip'", "[main 1a2b3c4] fix sync roundtrip", 0)
            .user("thanks!")
            .bytes()
        )

    def take(name: str, data: bytes) -> None:
        source = memory_home.parent / f"{name}.jsonl"
        source.write_bytes(data)
        drop(daemon, memory_home, source, f"{name}.jsonl")

    other = Transcript(session="s-0").user("add a docstring to shop/cart.py please")
    other.edit("shop/cart.py", "def total(", '"""The cart."""\ndef total(').bash("pytest -q", "12 passed in 0.9s", 0)
    take("s-0", other.user("thanks").bytes())
    take("s-1", session("s-1", fixed_by=None))
    take("s-2", session("s-2", fixed_by=("shop/sync/client.py", "connect()", "connect(retries=3)")))
    daemon.wait_for(lambda: len(events(daemon, "generation")) == 1, timeout=60)
    take("s-3", session("s-3", fixed_by=None))
    take("s-3b", session("s-3b", fixed_by=None))
    take("s-4", session("s-4", fixed_by=("shop/sync/server.py", "serve()", "serve(wait_for_port=True)")))
    daemon.wait_for(lambda: len(events(daemon, "generation")) == 2, timeout=60)
    first, second = events(daemon, "generation")
    assert first["capability_name"] == second["capability_name"] and second["replaces_hash"] == first["content_hash"]
    skill = Path(second["path"]).read_text(encoding="utf-8")
    assert "connect(retries=3)" in skill.split("## Updated")[0]
    update = skill.split("## Updated", 1)[1]
    assert "a later resolution (session `s-4`) also did this" in update and "serve(wait_for_port=True)" in update
    gates = daemon.call("capabilities", {})
    assert gates["passed"] is False  # new skills still wait for the gates


def test_a_session_from_windows_teaches_its_project_by_the_folder_name(daemon_factory: Any, memory_home: Path) -> None:
    """Claude Code on Windows writes `C:\\Users\\…\\app` as its cwd: the rule goes to `areas/projects/app`, the
    session names `app` as its project, and a second session in another case of the same path is the same
    project (the bug was one project named `C-Users-giulia-src-ricambi-api` per spelling)."""
    daemon = start(daemon_factory, memory_home)
    cwd = "C:\\Users\\giulia\\src\\ricambi-api"

    def take(name: str, data: bytes) -> None:
        source = memory_home.parent / f"{name}.jsonl"
        source.write_bytes(data)
        drop(daemon, memory_home, source, f"{name}.jsonl")

    first = Transcript(session="w-1", cwd=cwd).user("from now on every endpoint gets a validator, no manual checks")
    take("w-1", first.edit("src/Api/Parts.cs", "x", "y").say("Done.").user("thanks").bytes())
    second = Transcript(session="w-2", cwd=cwd.lower()).user("never edit the generated clients, regenerate them")
    take("w-2", second.say("Understood.").bytes())
    rules = (memory_home / "areas" / "projects" / "ricambi-api" / "rules.md").read_text(encoding="utf-8")
    assert "every endpoint gets a validator" in rules and "never edit the generated clients" in rules
    assert sorted(p.name for p in (memory_home / "areas" / "projects").iterdir()) == ["ricambi-api", "shop"]
    summary = (memory_home / "sessions" / "w-1.md").read_text(encoding="utf-8")
    assert "- `src/Api/Parts.cs` (Edit)" in summary


def test_a_failure_pasted_under_words_naming_a_known_problem_is_that_problem(
    daemon_factory: Any, memory_home: Path
) -> None:
    """A CI log pasted under "it's the report ordering again, not my importer" fails another test than the
    first sighting did, in other words: the person said what it is, so its signal joins that problem."""
    daemon = start(daemon_factory, memory_home)
    cwd = "/home/dev/src/ledger"

    def take(name: str, data: bytes) -> None:
        source = memory_home.parent / f"{name}.jsonl"
        source.write_bytes(data)
        drop(daemon, memory_home, source, f"{name}.jsonl")

    first = Transcript(session="r-1", cwd=cwd).user("the monthly report lists categories in a random order, look pls")
    failing = pytest_failure(
        "test_report_lists_categories_sorted",
        "AssertionError: assert ['rent', 'food'] == ['food', 'rent']",
        "tests/test_report.py:31",
        file="tests/test_report.py",
    )
    take("r-1", first.bash("pytest -q tests/test_report.py", failing, 1).user("leave it, later").bytes())
    pasted = pytest_failure(
        "test_export_json_stable",
        "AssertionError: snapshot 'month.json' does not match",
        "tests/test_export.py:12",
        file="tests/test_export.py",
    )
    said = f"ci red on my csv importer PR, but it's the report ordering again, not my importer:\n```\n{pasted}\n```"
    take("r-2", Transcript(session="r-2", cwd=cwd).user(said).say("Looking.").user("ok, tomorrow").bytes())

    signals = [s for s in events(daemon, "signal") if s["session_id"] == "r-2" and s.get("source") == "pasted"]
    assert signals and any(a.startswith("node:") for a in signals[0].get("anchors", []))
    patterns = daemon.call("patterns", {"all": True})["patterns"]
    both = [p for p in patterns if {"r-1", "r-2"} <= set(p.get("sessions", []))]
    assert len(both) == 1, patterns
