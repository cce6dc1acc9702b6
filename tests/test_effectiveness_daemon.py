"""Everything that reaches the agent is scored, and only by evidence, through the real daemon and its socket:
a memory, the rules and lessons SessionStart gives and a skill UserPromptSubmit gives each get an effectiveness
row; an outcome with no evidence credits nothing; a skill a session opened counts; a skill whose recent sessions
failed is flagged as falling, in `effectiveness` and in the weekly report."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from tests.conftest import write_config
from tests.transcript_lines import CWD, Transcript

SKILL = """---
name: kafka-consumer
description: "What fixed the flaky kafka consumer tests: a group id per test and stopping the consumer."
triggers: ["kafka", "consumer", "rebalance"]
---

# Kafka consumer
"""


def seed(home: Path) -> None:
    project = home / "areas" / "projects" / "shop"
    project.mkdir(parents=True)
    (project / "rules.md").write_text("# Rules\n\n## Rules\n- Money is Decimal, never float.\n", encoding="utf-8")
    (home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Run migrations before the deploy.\n", encoding="utf-8")
    (home / "kafka.md").write_text("# Kafka\n\nThe kafka consumer tests need their own group id.\n", encoding="utf-8")
    (home / "skills" / "kafka-consumer").mkdir(parents=True)
    (home / "skills" / "kafka-consumer" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    write_config(
        home,
        f'[skills]\ndirs = ["{home / "skills"}"]\nmcp_configs = ["{home / "none.json"}"]\nthreshold = 0.5\n'
        "[consolidation]\nenabled = false\n",
    )


def rows(daemon: Any) -> dict[str, dict[str, Any]]:
    return {r["experience_id"]: r for r in daemon.call("effectiveness")["experiences"]}


def outcome(daemon: Any, session: str, value: str, confidence: float) -> None:
    daemon.call(
        "record", {"type": "outcome", "data": {"session_id": session, "outcome": value, "confidence": confidence}}
    )


def test_every_injected_rule_lesson_memory_and_skill_is_scored_by_evidence(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. SessionStart gives the rule and the lesson, a prompt gives the memory and the skill; the session ends
    in a success judged at 0.9: each has a row, credited 0.8, labelled with its kind and text. 2. A session
    given only the skill, with no evidence either way: referenced, credited nothing. 3. Three failed sessions
    with the skill: it is falling. 4. A transcript that opened the skill counts as a reference for its session."""
    seed(memory_home)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "group id"})["results"])
    start = daemon.call("session_context", {"cwd": CWD, "session_id": "s1"})
    assert "Money is Decimal" in start["markdown"] and "Run migrations" in start["markdown"]
    asked = daemon.call(
        "prompt_context",
        {"query": "the kafka consumer tests need a group id", "cwd": CWD, "session_id": "s1", "min_relevance": 0.0},
    )
    assert asked["memories"] == ["kafka.md:1-3"] and [s["name"] for s in asked["skills"]] == ["kafka-consumer"]
    outcome(daemon, "s1", "success", 0.9)
    found = rows(daemon)
    by_kind = {r["kind"]: r for r in found.values()}
    assert set(by_kind) == {"rule", "lesson", "memory", "skill"}
    assert by_kind["rule"]["label"] == "Money is Decimal, never float."
    assert by_kind["memory"]["label"] == "kafka.md:1-3"
    assert all((r["total_refs"], r["success_refs"], r["success_credit"]) == (1, 1, 0.8) for r in found.values())

    daemon.call("prompt_context", {"query": "kafka consumer rebalance", "cwd": CWD, "session_id": "s2"})
    outcome(daemon, "s2", "unknown", 0.5)
    skill = rows(daemon)["skill:kafka-consumer"]
    assert (skill["total_refs"], skill["success_credit"], skill["fail_credit"]) == (2, 0.8, 0.0)

    for n in (3, 4, 5):
        daemon.call("prompt_context", {"query": "kafka consumer rebalance", "cwd": CWD, "session_id": f"s{n}"})
        outcome(daemon, f"s{n}", "failed", 0.95)
    listed = daemon.cli("effectiveness", "--kind", "skill")
    assert listed.returncode == 0 and "falling" in listed.stdout and "kafka-consumer" in listed.stdout
    # one experience asked for: the sessions that credited it, oldest first (the unknown one credited nothing)
    [one] = daemon.call("effectiveness", {"experience_id": "skill:kafka-consumer"})["experiences"]
    history = [(h["session_id"], h["outcome"], h["credit"]) for h in one["history"]]
    assert history == [("s1", "success", 0.8), ("s3", "failed", 0.9), ("s4", "failed", 0.9), ("s5", "failed", 0.9)]
    assert all(h["at"] for h in one["history"])

    t = Transcript(session="s6").user("fix the flaky consumer test please")
    t.tool("Skill", {"skill": "kafka-consumer"}, "Launching skill: kafka-consumer")
    t.bash("pytest tests/integration", "12 passed", 0).user("thanks, all green")
    inbox = memory_home / "inbox"
    (inbox / ".s6.tmp").write_bytes(t.bytes())
    shutil.move(inbox / ".s6.tmp", inbox / "s6.jsonl")
    daemon.wait_for(lambda: rows(daemon)["skill:kafka-consumer"]["total_refs"] == 6, timeout=60)
    refs = daemon.call("events", {"type": "ref", "session_id": "s6"})["events"]
    assert [e["data"]["context"] for e in refs] == ["opened"]
    assert daemon.call("rebuild", {"verify": True})["identical"]
