"""Context that earns its tokens, through the real daemon, its socket, the CLI and the real hooks: relevance and
its floor, nothing given twice in a session (across a restart, until a compaction), rules given once whichever
hook gave them, and what memory cost (`injections --stats`)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import orjson

from tests import agent_payloads as cc
from tests.conftest import Daemon, write_config

DEPLOYS = "# Deploys\n\nThe orders service deploys with `make deploy` after the canary passes.\n"
PROMPT = "how do we deploy the orders service after the canary?"
# Behaviour, not timing, is tested here: generous hook deadlines keep a loaded machine from turning a slow
# Python start into a hook that gave up (tests/test_hooks.py checks the deadlines themselves).
PATIENT_HOOKS = "[hooks]\ntimeout_ms = 5000\ndeadline_ms = 8000\n"


def seed(home: Path) -> None:
    (home / "areas" / "projects" / "acme-api").mkdir(parents=True)
    (home / "areas" / "projects" / "acme-api" / "rules.md").write_text("# Rules\n\n- Money is Decimal, never float.\n")
    (home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Run migrations before the deploy.\n")
    (home / "deploys.md").write_text(DEPLOYS)
    (home / "garden.md").write_text("# Garden\n\nThe tomatoes need water every morning in July.\n")


def prompt(daemon: Daemon, text: str = PROMPT, session: str = cc.SESSION) -> dict[str, Any]:
    return dict(daemon.call("prompt_context", {"query": text, "session_id": session, "cwd": cc.CWD}))


def test_a_memory_is_given_once_per_session_across_a_restart_until_a_compaction(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. A prompt gets deploys.md; the same prompt again gets nothing (no header either), a repeat avoided.
    2. After a daemon restart, still nothing: the state is the log's. 3. Another session gets it.
    4. PreCompact (the real hook) clears the slate: the next prompt gets it again, once."""
    seed(memory_home)
    write_config(memory_home, PATIENT_HOOKS)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    first = prompt(daemon)
    assert first["memories"] == ["deploys.md:1-3"] and "make deploy" in first["markdown"]
    again = prompt(daemon)
    assert (again["markdown"], again["memories"], again["repeats"]) == ("", [], 1)
    daemon.stop()
    daemon.start()
    assert prompt(daemon)["markdown"] == ""
    assert prompt(daemon, session="another-session")["memories"] == ["deploys.md:1-3"]
    assert cc.run_hook(memory_home, daemon.socket, "PreCompact", cc.pre_compact()).code == 0
    assert prompt(daemon)["memories"] == ["deploys.md:1-3"]
    assert prompt(daemon)["markdown"] == ""
    assert daemon.call("rebuild", {"verify": True})["identical"]


def test_rules_are_given_once_whichever_hook_gives_them_and_the_gate_counts_session_start(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. SessionStart gives MEMORY.md and the rules; the first Read of a project file adds nothing, and with
    the gate on the first Write is allowed. 2. A changed rules file: only the new rule comes with the next
    Read. 3. SessionStart again in the same session gives nothing; after a compaction, everything."""
    seed(memory_home)
    write_config(memory_home, PATIENT_HOOKS + "rules_gate = true\n")
    daemon = daemon_factory().start()
    run = lambda event, payload: cc.run_hook(memory_home, daemon.socket, event, payload)  # noqa: E731
    start = run("SessionStart", cc.session_start()).context()
    assert "Money is Decimal" in start and "Run migrations" in start
    read = {"tool_name": "Read", "tool_input": {"file_path": f"{cc.CWD}/app/orders.py"}, "tool_use_id": "t1"}
    assert run("PreToolUse", {**cc.common("PreToolUse"), **read}).stdout == ""
    write = {"tool_name": "Write", "tool_input": {"file_path": f"{cc.CWD}/app/new.py", "content": "x"}}
    assert run("PreToolUse", {**cc.common("PreToolUse"), **write, "tool_use_id": "t2"}).stdout == ""
    rules = memory_home / "areas" / "projects" / "acme-api" / "rules.md"
    rules.write_text(rules.read_text() + "- Every endpoint has a test.\n")
    added = orjson.loads(run("PreToolUse", {**cc.common("PreToolUse"), **read}).stdout)
    context = added["hookSpecificOutput"]["additionalContext"]
    assert "Every endpoint has a test." in context and "Money is Decimal" not in context
    assert run("SessionStart", cc.session_start("resume")).stdout == ""
    run("PreCompact", cc.pre_compact())
    after = run("SessionStart", cc.session_start("compact")).context()
    assert "Money is Decimal" in after and "Every endpoint has a test." in after


def test_injections_stats_show_what_memory_cost(daemon_factory: Any, memory_home: Path) -> None:
    seed(memory_home)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    daemon.call("session_context", {"session_id": "s1", "cwd": cc.CWD})
    prompt(daemon, session="s1")
    prompt(daemon, session="s1")  # everything already given
    prompt(daemon, "zebra crossing quantum pineapple", session="s1")  # nothing matches at all
    stats = daemon.call("injection_stats", {"session_id": "s1"})
    assert stats["prompts"] == {
        "seen": 3,
        "with_memory": 1,
        "below_floor": 0,
        "all_repeats": 1,
        "mean_chars": stats["prompts"]["mean_chars"],
    }
    assert stats["by_kind"]["session"]["injected"] == 1 and stats["by_kind"]["prompt"]["requests"] == 3
    assert stats["total"]["chars"] == stats["by_kind"]["session"]["chars"] + stats["by_kind"]["prompt"]["chars"] > 0
    assert 0 < stats["total"]["tokens"] < stats["total"]["chars"]
    assert stats["repeats_avoided"] >= 1 and stats["top_memories"] == [{"memory": "deploys.md:1-3", "times": 1}]
    today = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    assert list(stats["by_day"]) == [today] and list(stats["by_session"]) == ["s1"]
    cli = daemon.cli("injections", "--stats", "--session", "s1")
    assert cli.returncode == 0 and "prompts: 3 seen, 1 got memory" in cli.stdout and today in cli.stdout
    assert json.loads(daemon.cli("injections", "--stats", "--since", today, "--json").stdout)["total"]["requests"] == 4
    listed = daemon.cli("injections", "--session", "s1", "--json")
    assert len(json.loads(listed.stdout)["injections"]) == 2  # the requests that injected something


def test_an_unrelated_prompt_injects_nothing_and_search_says_no_memory_matches(
    daemon_factory: Any, memory_home: Path
) -> None:
    """With the real embedding model: relevance is absolute, so a prompt about nothing in the memory (or
    gibberish) gets no hit over the floor and the hook's block is empty, while search without a floor still
    lists the nearest chunks (and says how relevant they are)."""
    seed(memory_home)
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["mode"] == "hybrid", timeout=120)
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedded"] >= 4)
    on_topic = prompt(daemon, session="a")
    assert on_topic["memories"][:1] == ["deploys.md:1-3"] and on_topic["relevance"][0] >= 0.5
    for text in ("what is the capital of France", "xkqzv bnrtw", "rewrite the parser in Rust with serde"):
        off = prompt(daemon, text, session="b")
        assert (off["markdown"], off["memories"]) == ("", []), text
    assert daemon.call("injection_stats", {"session_id": "b"})["prompts"]["below_floor"] >= 2
    nearest = daemon.call("search", {"query": "xkqzv bnrtw", "explain": True})["results"]
    assert nearest and all(hit["relevance"] < 0.5 for hit in nearest)
    assert {"relevance", "coverage", "lift", "null_cosine"} <= set(nearest[0]["explain"])
    assert daemon.call("search", {"query": "xkqzv bnrtw", "min_relevance": 0.5})["results"] == []
    assert "no memory matches" in daemon.cli("search", "xkqzv bnrtw", "--min-relevance", "0.5").stdout
    hits = daemon.call("search", {"query": "when does the canary pass before deploys", "min_relevance": 0.5})
    assert [h["path"] for h in hits["results"]][:1] == ["deploys.md"]
