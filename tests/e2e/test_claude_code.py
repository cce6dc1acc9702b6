"""The real Claude Code CLI drives memoryd: its hooks, its MCP server and its transcript reader, checked against
what the (scripted) model was actually shown and against the memory home.

Each test is one or two real `claude -p` sessions in a temp project with memoryd installed as README says
(`memoryd hooks install`, `claude mcp add`), the real daemon, and the scripted Messages API of
`messages_api.py` in place of the model. A failure here means memoryd and the client disagree: a payload
field, an output shape, an exit code, a matcher, a transcript record or the MCP schema.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from daemon.client.hooks.install import HOOKS
from daemon.client.mcp_server import INSTRUCTIONS
from tests.e2e.claude_cli import Run
from tests.e2e.conftest import Workspace
from tests.e2e.messages_api import Request, ScriptedModel, Turn, call, is_compaction, say
from tests.test_hooks import hung_socket  # noqa: F401  (a fixture: a socket that accepts and never answers)

HEADER = "## Memory (memoryd)"
LESSON = "Run migrations before the deploy."
RULE = "Money is Decimal, never float."
DEPLOY = "ships with `make deploy` after the canary"
CHECK = "Use the logger, not print()."
RULES_WITH_CHECK = f"""# Rules

- {RULE}

```check
glob: *.py
pattern: \\bprint\\(
severity: block
message: {CHECK}
```
"""


def seed(home: Path, rules: str = f"# Rules\n\n- {RULE}\n") -> None:
    project = home / "areas" / "projects" / "acme-api"
    project.mkdir(parents=True, exist_ok=True)
    (project / "rules.md").write_text(rules, encoding="utf-8")
    (home / "MEMORY.md").write_text(f"# Memory\n\n## Lessons\n- {LESSON}\n", encoding="utf-8")
    (home / "deploys.md").write_text(f"# Deploys\n\nThe orders service {DEPLOY}.\n", encoding="utf-8")


def start(space: Workspace, *, indexed: str = "canary") -> None:
    space.daemon.start()
    space.daemon.wait_for(lambda: space.daemon.call("search", {"query": indexed})["results"])


def assert_clean(run: Run, space: Workspace, *, results: int = 1, blocks: int = 0) -> None:
    """The session ended normally and no hook failed, as Claude Code itself reports its hooks. `blocks`: how
    many PostToolUse `decision: block` answers (a ```check lesson) the session should have had; Claude Code
    records each as a `hook_blocking_error` attachment."""
    assert run.code == 0, run.stderr
    finals = run.of_type("result")
    assert len(finals) == results and all(r["subtype"] == "success" and not r["is_error"] for r in finals), finals
    responses = run.of_type("system", "hook_response")
    assert responses, "Claude Code reported no hook runs: are the hooks installed where it reads them?"
    for response in responses:
        assert (response["exit_code"], response["outcome"], response["stderr"]) == (0, "success", ""), response
    assert "hook" not in run.stderr.lower(), run.stderr
    transcript = transcript_of(space, run.session_id).read_text(encoding="utf-8")
    assert "hook_non_blocking_error" not in transcript and "hook_error" not in transcript
    assert transcript.count('"type":"hook_blocking_error"') == blocks


def transcript_of(space: Workspace, session_id: str) -> Path:
    (found,) = (space.home / ".claude" / "projects").glob(f"*/{session_id}.jsonl")
    return found


def hook_events(run: Run) -> list[str]:
    return [e["hook_event"] for e in run.of_type("system", "hook_response")]


def after_last_prompt(request: Request, prompt: str) -> str:
    """What the model was shown after the last user message holding `prompt` (that prompt's hook context)."""
    messages = request.messages()
    last = max(i for i, m in enumerate(messages) if m.get("role") == "user" and prompt in json.dumps(m))
    return "\n".join(json.dumps(m) for m in messages[last + 1 :])


def test_session_start_memory_once_and_prompt_memory_only_on_topic_and_only_once(workspace: Workspace) -> None:
    """Three prompts in one session: on-topic, the same topic again, off-topic."""
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    prompts = [
        "how do we deploy the orders service?",
        "remind me again: how do we deploy the orders service?",
        "what is the capital city of peru",
    ]
    run, model = workspace.session(prompts, [say("First."), say("Second."), say("Third.")])
    assert_clean(run, workspace, results=3)
    first, second, third = model.agent_requests()
    # SessionStart: MEMORY.md and the project's rules (the cwd is the project), in the first request.
    assert first.text().count(LESSON) == 1 and first.text().count(RULE) == 1
    # UserPromptSubmit: the relevant memory for the on-topic prompt.
    assert DEPLOY in after_last_prompt(first, prompts[0])
    # The same memory is not sent again for the same topic, and nothing at all for the off-topic prompt.
    assert HEADER not in after_last_prompt(second, prompts[1])
    assert HEADER not in after_last_prompt(third, prompts[2])
    shown = third.text()
    assert (shown.count(LESSON), shown.count(RULE), shown.count(DEPLOY), shown.count(HEADER)) == (1, 1, 1, 2)
    assert hook_events(run).count("SessionStart") == 1
    assert hook_events(run).count("UserPromptSubmit") == 3
    # memoryd saw each of them, in this session, with the client's session id.
    log = [(line["event"], line["outcome"]) for line in workspace.hook_log() if line["event"] != "Stop"]
    assert log == [
        ("SessionStart", "ok"),
        ("UserPromptSubmit", "ok"),
        ("UserPromptSubmit", "empty"),
        ("UserPromptSubmit", "empty"),
        ("SessionEnd", "handed_over"),
    ]
    injected = workspace.daemon.call("events", {"type": "injection"})["events"]
    prompts_seen = [i["data"] for i in sorted(injected, key=lambda i: i["id"]) if i["data"].get("kind") == "prompt"]
    assert {i["session_id"] for i in prompts_seen} == {run.session_id}
    assert [(bool(i["chunk_ids"]), i.get("repeats", 0)) for i in prompts_seen] == [(True, 0), (False, 1), (False, 0)]
    # Resumed, the session still has what SessionStart gave: the conversation is replayed with it, and memoryd
    # gives nothing again.
    resumed, model = workspace.session("and of chile?", [say("Santiago.")], args=("--resume", run.session_id))
    assert_clean(resumed, workspace)
    assert resumed.session_id == run.session_id
    shown = model.agent_requests()[0].text()
    assert (shown.count(LESSON), shown.count(RULE), shown.count(DEPLOY)) == (1, 1, 1)
    assert [line["outcome"] for line in workspace.hook_log() if line["event"] == "SessionStart"] == ["ok", "empty"]


def test_project_rules_arrive_at_the_first_read_and_the_gate_and_checks_act_on_edits(workspace: Workspace) -> None:
    """The session starts outside the project: its rules come with the first Read of one of its files, the
    rules gate denies a Write before that, and a ```check lesson blocks a Write that breaks it."""
    seed(workspace.memory_home, RULES_WITH_CHECK)
    workspace.configure("hooks", rules_gate=True)
    start(workspace)
    workspace.install()
    elsewhere = workspace.project.parent / "scratch"
    elsewhere.mkdir()
    (workspace.project / "app.py").write_text("total = 1\n")
    (workspace.project / "orders.py").write_text("orders = []\n")
    new = workspace.project / "money.py"
    script = [
        call("Write", file_path=str(new), content="price = 1\n"),  # gated: the rules were not loaded yet
        call("Read", file_path=str(workspace.project / "app.py")),  # the rules arrive
        call("Read", file_path=str(workspace.project / "orders.py")),  # nothing again
        call("Write", file_path=str(new), content="print(price)\n"),  # allowed now; the check blocks it
        say("Fixed."),
    ]
    run, model = workspace.session(
        "add a money module to acme-api", script, cwd=elsewhere, args=("--add-dir", str(workspace.project))
    )
    assert_clean(run, workspace, blocks=1)
    requests = model.agent_requests()
    assert len(requests) == 5
    assert RULE not in requests[0].text()  # SessionStart outside the project: no rules
    denied = tool_result(requests[1])
    assert denied["is_error"] is True and "rules.md" in result_text(denied), denied
    assert RULE not in requests[1].text()
    assert requests[2].text().count(RULE) == 1  # the first Read of a project file brought them
    assert CHECK not in requests[2].text()  # ```check blocks are never injected
    assert requests[3].text().count(RULE) == 1  # the second Read did not repeat them
    shown_after_write = requests[4].text()
    assert "memoryd checks failed" in shown_after_write and CHECK in shown_after_write
    assert new.read_text() == "print(price)\n"  # the gate let it through once the rules were loaded
    outcomes = [(line["event"], line.get("tool"), line["outcome"]) for line in workspace.hook_log()]
    assert ("PreToolUse", "Write", "denied") in outcomes and ("PostToolUse", None, "blocked") in outcomes
    edits = workspace.daemon.call("events", {"type": "edit"})["events"]
    assert [e["data"]["files"] for e in edits] == [[str(new)]]


def tool_result(request: Request) -> dict[str, Any]:
    """The last tool_result block the model was sent."""
    blocks = [b for m in request.messages() for b in m.get("content") or [] if isinstance(b, dict)]
    return [b for b in blocks if b.get("type") == "tool_result"][-1]


def result_text(block: dict[str, Any]) -> str:
    content = block.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(str(b.get("text", "")) for b in content or [] if isinstance(b, dict))


MCP_TOOLS = [
    "mcp__memoryd__memory_context",
    "mcp__memoryd__memory_get",
    "mcp__memoryd__memory_record",
    "mcp__memoryd__memory_search",
]


def test_mcp_tools_are_listed_to_the_model_and_a_search_result_reaches_it(workspace: Workspace) -> None:
    seed(workspace.memory_home)
    start(workspace)
    workspace.install(hooks=False)
    script = [
        call("ToolSearch", query="select:mcp__memoryd__memory_search,mcp__memoryd__memory_get", max_results=5),
        call("mcp__memoryd__memory_search", query="canary deploy", k=3),
        call("mcp__memoryd__memory_get", path="deploys.md", from_line=3, lines=1),
        call("mcp__memoryd__memory_context", query="how do we deploy the orders service?"),
        say("It ships with make deploy."),
    ]
    run, model = workspace.session("search your memory for how we deploy", script, wait_for_mcp=True)
    assert run.code == 0 and run.result["subtype"] == "success", run.stdout[-2000:]
    first, after_search, after_get, after_read, last = model.agent_requests()
    listed = first.text() + " ".join(first.tool_names())
    assert all(name in listed for name in MCP_TOOLS), "memoryd's MCP tools are not offered to the model"
    assert INSTRUCTIONS in first.text()  # the server's instructions: when to search it
    schemas = {t["name"]: t for t in after_search.body["tools"] if t["name"].startswith("mcp__memoryd__")}
    search = schemas["mcp__memoryd__memory_search"]
    assert search["input_schema"]["required"] == ["query"]
    assert "relevance" in search["input_schema"]["properties"]["min_relevance"]["description"]
    found = result_text(tool_result(after_get))
    assert found.startswith("2 result(s)") and "- deploys.md:1-3 (relevance 1.00)\n" in found, found
    assert "make deploy" in found
    got = result_text(tool_result(after_read))
    assert got.startswith("deploys.md lines 3-3 of 3") and "make deploy" in got, got
    assert not found.lstrip().startswith("{"), "the model got a JSON wrapper instead of the tool's text"
    context = result_text(tool_result(last))  # the project comes from where Claude Code runs the session
    assert context.startswith(HEADER) and "Project rules: acme-api" in context and DEPLOY in context, context


def test_the_transcript_reaches_memoryd_and_a_stated_rule_is_in_force_next_session(workspace: Workspace) -> None:
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    stated = "From now on, always run the migration check before you deploy."
    (workspace.project / "app.py").write_text("total = 1\n")
    script = [
        call("Read", file_path=str(workspace.project / "app.py")),
        call("Edit", file_path=str(workspace.project / "app.py"), old_string="total = 1", new_string="total = 2"),
        call("Bash", command="python3 -c 'print(2)'", description="check the total"),
        say("Done: the total is 2 now."),
    ]
    run, _ = workspace.session([f"{stated} Now set the total to 2 in app.py.", "thanks, that works"], script)
    assert_clean(run, workspace, results=2)
    session = run.session_id
    events = workspace.daemon.call
    workspace.daemon.wait_for(lambda: events("events", {"type": "session_summary"})["events"], timeout=30)
    (receipt,) = [e["data"] for e in events("events", {"type": "session_summary"})["events"]]
    assert (receipt["session_id"], receipt["project"], receipt["outcome"]) == (session, "acme-api", "success")
    assert receipt["rules_added"] == 1, receipt
    text = (workspace.memory_home / receipt["path"]).read_text(encoding="utf-8")
    assert "app.py" in text and "success" in text.lower(), text
    outcome = events("events", {"type": "outcome"})["events"]
    assert [(e["data"]["session_id"], e["data"]["outcome"]) for e in outcome] == [(session, "success")]
    rules = (workspace.memory_home / "areas" / "projects" / "acme-api" / "rules.md").read_text(encoding="utf-8")
    assert "migration check before you deploy" in rules, rules
    # The next session starts with the rule in force.
    nxt, model = workspace.session("what should I know before deploying?", [say("Noted.")])
    assert_clean(nxt, workspace)
    assert nxt.session_id != session
    assert "migration check before you deploy" in model.agent_requests()[0].text()


def test_an_automatic_compaction_is_recorded_and_the_memory_comes_back(workspace: Workspace) -> None:
    """`--autocompact 100000` and a model that reports 95,000 tokens of context: Claude Code compacts on its
    own (trigger `auto`), and memoryd gives its memory again after it. (2.1.332 first tries at the second
    prompt, fires PreCompact and fails without asking the model, then succeeds at the third: memoryd takes
    the PreCompact of the failed try for a compaction too, see README.)"""
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    prompts = ["how do we deploy the orders service?", "and the next thing please", "how do we deploy it again?"]
    run, model = workspace.session(
        prompts, [say("One."), say("Two."), say("Three.")], args=("--autocompact", "100000"), input_tokens=95_000
    )
    assert_clean(run, workspace, results=3)
    (boundary,) = run.of_type("system", "compact_boundary")
    assert boundary["compact_metadata"]["trigger"] == "auto"
    tries = [e["compact_result"] for e in run.of_type("system", "status") if "compact_result" in e]
    assert tries == ["failed", "success"], tries
    compactions = workspace.daemon.call("events", {"type": "compaction"})["events"]
    assert len(compactions) == 2 and {c["data"]["trigger"] for c in compactions} == {"auto"}  # one per try
    assert {c["data"]["session_id"] for c in compactions} == {run.session_id}
    last = model.agent_requests()[-1].text()
    assert last.count(LESSON) == 1 and last.count(RULE) == 1  # SessionStart `compact` gave them again


def test_a_session_that_dies_without_session_end_is_still_summarised_from_its_stop_copy(
    workspace: Workspace,
) -> None:
    """The CLI is killed after its first answer (a crash, a closed terminal): no SessionEnd ran, but the Stop
    hook had handed the transcript over, and the inbox summarises it once the session has been idle."""
    seed(workspace.memory_home)
    workspace.configure("inbox", session_idle_ms=300)
    start(workspace)
    workspace.install()
    stated = "From now on, always run the migration check before you deploy."
    run, _ = workspace.session([stated, "and now the next thing"], [say("Understood."), say("Next.")], crash_after=1)
    assert run.code != 0 and len(run.of_type("result")) == 1
    session = run.session_id
    assert [line["event"] for line in workspace.hook_log()][-1] == "Stop"
    call_ = workspace.daemon.call
    workspace.daemon.wait_for(lambda: call_("events", {"type": "session_summary"})["events"], timeout=30)
    (receipt,) = [e["data"] for e in call_("events", {"type": "session_summary"})["events"]]
    assert (receipt["session_id"], receipt["rules_added"]) == (session, 1), receipt
    rules = (workspace.memory_home / "areas" / "projects" / "acme-api" / "rules.md").read_text(encoding="utf-8")
    assert "migration check before you deploy" in rules


def test_a_compaction_is_recorded_brings_memory_back_and_the_transcript_still_reaches_memoryd(
    workspace: Workspace,
) -> None:
    """`/compact` in the middle of a session: PreCompact records it, the memory given before comes back after
    it (SessionStart `compact`, and the prompt's memory again), and at the end the whole transcript is
    summarised: the rule stated before the compaction is kept, the model's compaction summary is not read as
    the person's words."""
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    stated = "From now on, always run the migration check before you deploy."
    prompts = [
        "how do we deploy the orders service?",
        stated,
        "/compact keep the deploy notes",
        "how do we deploy the orders service?",
    ]
    summary = "Rule: never deploy on Fridays. The person asked how the orders service is deployed."
    replies = [say("With make deploy."), say("Understood."), say("As I said: make deploy.")]
    run, model = workspace.session(prompts, replies, summary=summary)
    assert_clean(run, workspace, results=4)
    assert len([r for r in model.requests if is_compaction(r)]) == 1
    before, _, after = model.agent_requests()
    assert DEPLOY in before.text() and LESSON in before.text()
    shown = after.text()
    assert "never deploy on Fridays" in shown  # the conversation was replaced by the summary ...
    assert (shown.count(LESSON), shown.count(DEPLOY)) == (1, 1)  # ... and memoryd gave its memory again
    assert [line["outcome"] for line in workspace.hook_log() if line["event"] == "PreCompact"] == ["ok"]
    (compaction,) = workspace.daemon.call("events", {"type": "compaction"})["events"]
    data = compaction["data"]
    assert (data["session_id"], data["trigger"], data["custom_instructions"]) == (
        run.session_id,
        "manual",
        "keep the deploy notes",
    )
    call_ = workspace.daemon.call
    workspace.daemon.wait_for(lambda: call_("events", {"type": "session_summary"})["events"], timeout=30)
    rules = (workspace.memory_home / "areas" / "projects" / "acme-api" / "rules.md").read_text(encoding="utf-8")
    assert "migration check before you deploy" in rules and "Fridays" not in rules, rules


def test_a_subagent_gets_the_project_rules_once_and_its_transcript_reaches_memoryd(workspace: Workspace) -> None:
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    (workspace.project / "app.py").write_text("total = 1\n")
    task = "Read app.py and report the total"
    script = [
        call(
            "Agent",
            description="Read the app module",
            prompt=task,
            subagent_type="general-purpose",
            run_in_background=False,
        ),
        call("Read", file_path=str(workspace.project / "app.py")),  # the subagent's turns
        say("app.py sets total = 1."),
        say("The total is 1."),  # the main agent again
    ]
    run, model = workspace.session("what is the total in app.py? use a subagent", script)
    assert_clean(run, workspace)
    main_first, sub_first, sub_second, main_last = model.agent_requests()
    assert task in json.dumps(sub_first.messages()) and task not in json.dumps(main_first.messages())
    assert sub_first.text().count(RULE) == 1  # SubagentStart: the rules of the subagent's project
    assert LESSON not in sub_first.text()  # (the main agent's SessionStart memory stays the main agent's)
    assert sub_second.text().count(RULE) == 1  # its Read of a project file did not repeat them
    assert main_last.text().count(RULE) == 1  # the main agent had them from SessionStart, once
    starts = [line for line in workspace.hook_log() if line["event"] == "SubagentStart"]
    assert [(s["outcome"], s["project"]) for s in starts] == [("ok", "acme-api")]
    (end,) = [line for line in workspace.hook_log() if line["event"] == "SessionEnd"]
    assert len(end.get("subagents", [])) == 1, end
    events = workspace.daemon.call
    workspace.daemon.wait_for(lambda: len(events("events", {"type": "session_summary"})["events"]) == 2, timeout=30)
    receipts = [e["data"] for e in events("events", {"type": "session_summary"})["events"]]
    assert sorted(bool(r.get("agent_id")) for r in receipts) == [False, True], receipts


# What memoryd's hooks read from each event's stdin (daemon/client/hooks/events.py, rules.py), beyond the
# fields every event has (session_id, transcript_path, cwd, hook_event_name).
READS = {
    "SessionStart": {"source"},
    "UserPromptSubmit": {"prompt"},
    "PreToolUse": {"tool_name", "tool_input", "tool_use_id"},
    "PostToolUse": {"tool_name", "tool_input", "tool_use_id"},
    "Stop": set(),
    "PreCompact": {"trigger", "custom_instructions"},
    "SessionEnd": {"reason"},
}


def test_every_payload_memoryd_reads_has_the_fields_it_reads(workspace: Workspace) -> None:
    """A second hook beside memoryd's on every event records what Claude Code sends on stdin."""
    seed(workspace.memory_home)
    start(workspace)
    workspace.install()
    recorded = workspace.home / "payloads.jsonl"
    settings = json.loads(workspace.settings_path.read_text())
    for groups in settings["hooks"].values():
        groups.append({"hooks": [{"type": "command", "command": f"cat >> {recorded}; echo >> {recorded}"}]})
    workspace.settings_path.write_text(json.dumps(settings))
    (workspace.project / "app.py").write_text("total = 1\n")
    script = [
        call("Read", file_path=str(workspace.project / "app.py")),
        call("Edit", file_path=str(workspace.project / "app.py"), old_string="total = 1", new_string="total = 2"),
        say("Done."),
        say("Compacted and continuing."),
    ]
    prompts = ["set the total in app.py to 2", "/compact keep it short", "thanks, that is all"]
    run, _ = workspace.session(prompts, script)
    assert_clean(run, workspace, results=3)
    payloads = [json.loads(line) for line in recorded.read_text().splitlines() if line.strip()]
    seen = {p["hook_event_name"] for p in payloads}
    assert set(READS) <= seen, seen
    for payload in payloads:
        event = payload["hook_event_name"]
        common = {"session_id": run.session_id, "cwd": str(workspace.project), "hook_event_name": event}
        assert {k: payload.get(k) for k in common} == common, payload
        assert Path(payload["transcript_path"]) == transcript_of(workspace, run.session_id)
        assert READS.get(event, set()) <= set(payload), (event, sorted(payload))
        if event in ("PreToolUse", "PostToolUse") and payload["tool_name"] in ("Read", "Edit"):
            assert payload["tool_input"]["file_path"] == str(workspace.project / "app.py"), payload
    by_event = {p["hook_event_name"]: p for p in payloads}
    assert [p["source"] for p in payloads if p["hook_event_name"] == "SessionStart"] == ["startup", "compact"]
    assert by_event["PreCompact"]["trigger"] == "manual"
    assert by_event["PreCompact"]["custom_instructions"] == "keep it short"
    prompt_sources = {p.get("source") for p in payloads if p["hook_event_name"] == "UserPromptSubmit"}
    assert prompt_sources <= {None, "user", "sdk"}, prompt_sources  # memoryd skips any other source
    # memoryd's matchers chose the same calls Claude Code ran its hooks for: one hook-log line each.
    expected = [p["hook_event_name"] for p in payloads if matches(p)]
    assert sorted(line["event"] for line in workspace.hook_log()) == sorted(expected)


def matches(payload: dict[str, Any]) -> bool:
    """Would memoryd's installed matcher group run for this payload? (Claude Code's matcher: a regex on the
    tool's name, for tool events.)"""
    event = payload["hook_event_name"]
    if event not in HOOKS:
        return False
    matcher = HOOKS[event]
    return matcher is None or "tool_name" not in payload or re.fullmatch(matcher, payload["tool_name"]) is not None


def test_with_the_daemon_stopped_every_session_completes_without_a_hook_error(workspace: Workspace) -> None:
    seed(workspace.memory_home)
    workspace.install()  # and no daemon
    run, model = scripted_work(workspace)
    assert_clean(run, workspace, results=2)
    assert all(HEADER not in r.text() for r in model.agent_requests())
    outcomes = {line["outcome"] for line in workspace.hook_log()}
    assert outcomes <= {"daemon_down", "spooled", "handed_over", "skipped", "empty"}, outcomes
    assert list((workspace.memory_home / "inbox").glob("hook-*.events.jsonl")), "the edit was not spooled"
    searched = tool_result(model.agent_requests()[4])  # the MCP tool tells the model how to start memoryd
    assert searched.get("is_error") and "memoryd is not running" in result_text(searched), searched
    assert (workspace.memory_home / "inbox" / f"{run.session_id}.jsonl").is_file()


def test_with_a_hung_daemon_every_session_completes_without_a_hook_error(
    workspace: Workspace,
    hung_socket: Path,  # noqa: F811
) -> None:
    seed(workspace.memory_home)
    workspace.configure("daemon", socket=str(hung_socket))
    workspace.install()
    run, model = scripted_work(workspace)
    assert_clean(run, workspace, results=2)
    assert all(HEADER not in r.text() for r in model.agent_requests())
    log = workspace.hook_log()
    assert {line["outcome"] for line in log} <= {"daemon_down", "timeout", "spooled", "handed_over", "skipped"}
    assert max(line["ms"] for line in log) < 1000, log  # each hook within its deadline, as Claude Code waits
    searched = tool_result(model.agent_requests()[4])  # the MCP tool gives up after 5 s and says why
    assert searched.get("is_error") and "not answering" in result_text(searched), searched


def scripted_work(space: Workspace) -> tuple[Run, ScriptedModel]:
    (space.project / "app.py").write_text("total = 1\n")
    script: list[Turn] = [
        call("Read", file_path=str(space.project / "app.py")),
        call("Write", file_path=str(space.project / "notes.py"), content="print('x')\n"),
        call("Bash", command="true", description="nothing"),
        call("mcp__memoryd__memory_search", query="deploy"),
        say("Done."),
        say("Bye."),
    ]
    return space.session(["how do we deploy the orders service?", "thanks, bye for now"], script, wait_for_mcp=True)
