"""Issue 7 end to end: project rules on PreToolUse/SubagentStart, the gate, again after PreCompact, ```check
lessons on PostToolUse, and the skill registry, all through `memoryd hook ...` / the CLI against the real daemon.
Payloads follow Claude Code's hooks reference (https://code.claude.com/docs/en/hooks)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import orjson

from tests import agent_payloads as ap
from tests.conftest import write_config

RULES = "# Rules\n\nAlways run `make lint` before committing.\n"
CHECKS = """# Rules

Use the logger.

```check
glob: src/**/*.py
pattern: \\bprint\\(
severity: block
message: Use the structlog logger, not print().

glob: *.py
pattern: TODO
severity: warn
message: Leave no TODO behind; file an issue.
```
"""


def pre_tool_use(tool: str, file_path: str, **kw: Any) -> dict[str, Any]:
    tool_input: dict[str, Any] = {"file_path": file_path}
    if tool == "Edit":
        tool_input.update(old_string="a", new_string="b", replace_all=False)
    if tool == "Write":
        tool_input["content"] = "x\n"
    return {**ap.common("PreToolUse", **kw), "tool_name": tool, "tool_input": tool_input, "tool_use_id": "toolu_01Pre"}


def subagent_start(agent_id: str, **kw: Any) -> dict[str, Any]:
    return {**ap.common("SubagentStart", **kw), "agent_id": agent_id, "agent_type": "Explore"}


def setup_project(home: Path, tmp_path: Path, *, gate: bool = False, rules: str = RULES) -> Path:
    """areas/projects/shop/rules.md, plus a code dir mapped to `shop` by a [projects] prefix."""
    (home / "areas" / "projects" / "shop").mkdir(parents=True)
    (home / "areas" / "projects" / "shop" / "rules.md").write_text(rules, encoding="utf-8")
    (home / "areas" / "projects" / "web").mkdir(parents=True)
    (home / "areas" / "projects" / "web" / "rules.md").write_text("# Web\n\nShared web rule: no inline CSS.\n")
    code = tmp_path / "code" / "shop-repo"
    (code / "src").mkdir(parents=True)
    write_config(
        home,
        f'[hooks]\nrules_gate = {"true" if gate else "false"}\n\n[skills]\ndirs = ["{home / "skills"}"]\n'
        f'mcp_configs = ["{tmp_path / "claude.json"}"]\npoll_ms = 100\n\n'
        f'[projects]\n"{code}" = "shop"\n\n[project_groups]\nweb = ["shop", "admin"]\n',
    )
    return code


def hook(daemon: Any, event: str, payload: dict[str, Any]) -> ap.HookRun:
    run = ap.run_hook(daemon.home, daemon.socket, event, payload)
    assert run.code == 0 and run.stderr == "", run
    return run


def test_read_gets_project_and_group_rules_once_per_session_and_again_after_compaction(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """1. first Read of a project file -> rules (own + group) as additionalContext, no permission decision;
    2. second Read -> silent; 3. another session -> rules again; 4. PreCompact -> rules again."""
    code = setup_project(memory_home, tmp_path)
    daemon = daemon_factory().start()
    first = hook(daemon, "PreToolUse", pre_tool_use("Read", str(code / "src" / "app.py")))
    out = orjson.loads(first.stdout)
    assert set(out["hookSpecificOutput"]) == {"hookEventName", "additionalContext"}
    assert out["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    context = out["hookSpecificOutput"]["additionalContext"]
    assert "make lint" in context and "no inline CSS" in context
    assert hook(daemon, "PreToolUse", pre_tool_use("Read", str(code / "README.md"))).stdout == ""
    other = hook(daemon, "PreToolUse", pre_tool_use("Read", str(code / "a.py"), session="other-session"))
    assert "make lint" in other.stdout
    hook(daemon, "PreCompact", ap.pre_compact())
    again = hook(daemon, "PreToolUse", pre_tool_use("Read", str(code / "src" / "app.py")))
    assert "make lint" in again.stdout
    outside = hook(daemon, "PreToolUse", pre_tool_use("Read", str(tmp_path / "elsewhere.py"), session="s3"))
    assert outside.stdout == ""


def test_project_found_by_folder_name_fallback(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    setup_project(memory_home, tmp_path)
    daemon = daemon_factory().start()
    result = daemon.call("project_rules", {"session_id": "s", "path": "/srv/git/shop/lib/x.py", "event": "read"})
    assert result["project"] == "shop" and result["first_time"] and "make lint" in result["rules_markdown"]
    assert daemon.call("project_rules", {"session_id": "s", "path": "/srv/git/shop/y.py"})["rules_markdown"] is None


def test_gate_denies_edit_until_rules_loaded(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    code = setup_project(memory_home, tmp_path, gate=True)
    daemon = daemon_factory().start()
    target = str(code / "src" / "app.py")
    for tool in ("Edit", "Write"):
        denied = orjson.loads(hook(daemon, "PreToolUse", pre_tool_use(tool, target)).stdout)
        specific = denied["hookSpecificOutput"]
        assert specific["hookEventName"] == "PreToolUse" and specific["permissionDecision"] == "deny"
        assert "rules.md" in specific["permissionDecisionReason"]
    hook(daemon, "PreToolUse", pre_tool_use("Read", target))
    assert hook(daemon, "PreToolUse", pre_tool_use("Edit", target)).stdout == ""
    assert hook(daemon, "PreToolUse", pre_tool_use("Edit", str(tmp_path / "other.py"))).stdout == ""


def test_gate_off_never_denies(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    code = setup_project(memory_home, tmp_path, gate=False)
    daemon = daemon_factory().start()
    assert hook(daemon, "PreToolUse", pre_tool_use("Edit", str(code / "src" / "app.py"))).stdout == ""


def test_subagent_start_gets_rules_once_per_subagent(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    code = setup_project(memory_home, tmp_path)
    daemon = daemon_factory().start()
    run = hook(daemon, "SubagentStart", subagent_start("agent-1", cwd=str(code)))
    assert run.context().count("make lint") == 1
    assert orjson.loads(run.stdout)["hookSpecificOutput"]["hookEventName"] == "SubagentStart"
    assert hook(daemon, "SubagentStart", subagent_start("agent-1", cwd=str(code))).stdout == ""
    assert "make lint" in hook(daemon, "SubagentStart", subagent_start("agent-2", cwd=str(code))).stdout


def test_hooks_are_silent_when_daemon_is_down(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    code = setup_project(memory_home, tmp_path, gate=True)
    daemon = daemon_factory()  # never started
    for event, payload in (
        ("PreToolUse", pre_tool_use("Edit", str(code / "a.py"))),
        ("PreToolUse", pre_tool_use("Read", str(code / "a.py"))),
        ("SubagentStart", subagent_start("a", cwd=str(code))),
    ):
        run = hook(daemon, event, payload)
        assert run.stdout == "" and run.seconds < 1.5


def test_post_tool_use_checks_block_warn_and_pass(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    code = setup_project(memory_home, tmp_path, rules=CHECKS)
    daemon = daemon_factory().start()
    bad = code / "src" / "app.py"
    bad.write_text("import os\nprint('hi')\n", encoding="utf-8")
    blocked = orjson.loads(hook(daemon, "PostToolUse", ap.edit(str(bad), cwd=str(code))).stdout)
    assert blocked["decision"] == "block" and "structlog" in blocked["reason"] and "line 2" in blocked["reason"]
    assert set(blocked) == {"decision", "reason"}  # the reason reaches Claude once, not again as additionalContext
    warned = code / "tool.py"
    warned.write_text("x = 1  # TODO later\n", encoding="utf-8")
    note = hook(daemon, "PostToolUse", ap.write(str(warned), cwd=str(code))).context()
    assert "TODO" in note and "WARN" in note
    clean = code / "src" / "ok.py"
    clean.write_text("logger.info('fine')\n", encoding="utf-8")
    assert hook(daemon, "PostToolUse", ap.edit(str(clean), cwd=str(code))).stdout == ""
    cli = daemon.cli("check", str(bad))
    assert cli.returncode == 1 and "block" in cli.stdout
    # the hook's one round trip: the edit is recorded and the verdict comes with it
    edited = daemon.call("edit", {"files": [str(bad)], "cwd": str(code), "check": str(bad)})
    assert edited["check"]["decision"] == "block" and "structlog" in edited["check"]["text"]
    assert "check" not in daemon.call("edit", {"files": [str(clean)], "cwd": str(code)})
    assert daemon.cli("check", str(clean)).returncode == 0


def test_pathological_check_pattern_does_not_hang_the_hook(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    (memory_home / "MEMORY.md").write_text(
        "# Memory\n\n```check\nglob: *.txt\npattern: (a|aa)+$\nseverity: block\nmessage: never\n```\n"
    )
    daemon = daemon_factory().start()
    victim = tmp_path / "victim.txt"
    victim.write_text("a" * 20000 + "!", encoding="utf-8")
    started = time.monotonic()
    run = hook(daemon, "PostToolUse", ap.write(str(victim)))
    assert run.stdout == "" and time.monotonic() - started < 1.5
    result = daemon.call("check", {"path": str(victim)})
    assert result["decision"] == "pass" and result["timed_out"]
    assert daemon.call("status")  # the daemon still answers


def test_bad_check_is_reported_not_fatal(daemon_factory: Any, memory_home: Path, tmp_path: Path) -> None:
    (memory_home / "MEMORY.md").write_text(
        "```check\nglob: *.py\npattern: ([unclosed\nmessage: m\n\nglob: *.py\nseverity: loud\npattern: x\nmessage: m\n```\n"
    )
    daemon = daemon_factory().start()
    target = tmp_path / "f.py"
    target.write_text("x\n")
    result = daemon.call("check", {"path": str(target)})
    assert result["decision"] == "pass" and len(result["errors"]) == 2


def skill(home: Path, name: str, description: str) -> None:
    folder = home / "skills" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f'---\nname: {name}\ndescription: "{description}"\n---\n\n# {name}\n')


def test_skill_registry_refreshes_and_recommends_above_threshold(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """1. registry lists SKILL.md files and MCP servers; 2. a new SKILL.md appears without a restart;
    3. `context` names only entries that clear 0.7, with their score."""
    setup_project(memory_home, tmp_path)
    (tmp_path / "claude.json").write_text('{"mcpServers": {"github": {"command": "gh-mcp"}}, "projects": {}}')
    skill(memory_home, "pdf", "Extract text and tables from PDF documents")
    daemon = daemon_factory().start()
    listing = orjson.loads(daemon.cli("skills", "--json").stdout)
    assert [s["name"] for s in listing["skills"]] == ["pdf"]
    assert [s["name"] for s in listing["mcp_servers"]] == ["github"]
    skill(memory_home, "frontend", "Build React components and CSS layouts for the web UI")
    daemon.wait_for(lambda: len(daemon.call("skills")["skills"]) == 2, timeout=10)
    ctx = daemon.call("context", {"query": "fix the React component layout in the CSS"})
    assert "Relevant skills:" in ctx["markdown"] and "/frontend" in ctx["markdown"]
    assert [s["name"] for s in ctx["skills"]] == ["frontend"] and ctx["skills"][0]["score"] >= 0.7
    weak = daemon.call("context", {"query": "add a react button"})  # one shared word: 0.5 < 0.7
    assert weak["skills"] == [] and "Relevant skills" not in weak["markdown"]
    assert "MCP server github" in daemon.call("context", {"query": "open a github pull request"})["markdown"]
    prompt = hook(daemon, "UserPromptSubmit", ap.user_prompt("please extract the tables from this PDF report"))
    assert "/pdf" in prompt.context()


def test_skill_scores_use_the_embedding_model_when_it_is_ready(daemon_factory: Any, memory_home: Path) -> None:
    """Two skills share one keyword with the prompt; the real model's similarity must rank the one that means
    the same thing first, lift it above its keyword-only score (0.5), and leave an unrelated prompt with none."""
    skill(memory_home, "db-migrations", "Write and review database schema migrations for PostgreSQL")
    skill(memory_home, "pdf", "Extract text and tables from PDF documents")
    skill(memory_home, "frontend", "Build React components and CSS layouts for the web UI")
    write_config(memory_home, f'[skills]\ndirs = ["{memory_home / "skills"}"]\nmcp_configs = []\nthreshold = 0.3\n')
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["mode"] == "hybrid", timeout=120)
    daemon.wait_for(lambda: len(daemon.call("skills")["skills"]) == 3, timeout=10)
    ranked = daemon.call("context", {"query": "add a migration for the new orders table"})["skills"]
    assert ranked[0]["name"] == "db-migrations" and ranked[0]["score"] > 0.5
    assert all(s["score"] < ranked[0]["score"] for s in ranked[1:])
    assert daemon.call("context", {"query": "what is the capital of France"})["skills"] == []
