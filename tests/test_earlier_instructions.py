"""An instruction the person gave that was not kept as a rule is found again when a later rule replaces it: each
session summary keeps the person's directive sentences that were not taken (`## Instructions`), and a rule that
says it replaces something, superseding no rule in force, strikes the earlier instruction it replaces."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.learning.lessons import apply_changes, current_bullets, superseded_bullets
from pipeline.learning.rules.earlier_instructions import (
    earlier_instructions,
    instructions_of,
    replaces_something,
    section_items,
)
from pipeline.learning.rules.rule_names import names_what_it_replaces
from tests.conftest import write_config
from tests.test_inbox import FAST_INBOX
from tests.test_learning_evidence import drop, events
from tests.transcript_lines import Transcript

CWD = "/home/dev/src/tides"
OLD = "put all the route handlers in src/routes.ts, one file"
NEW = "forget src/routes.ts, from now on each resource gets its own file under src/routes/"


def summary(folder: Path, session: str, project: str, started: str, instructions: list[str]) -> Path:
    path = folder / f"{session}.md"
    bullets = "".join(f"- {text}\n" for text in instructions)
    front = f'---\nsession_id: "{session}"\nproject: "{project}"\nstarted: "{started}"\n---\n\n'
    path.write_text(f"{front}# Session: x\n\n## Rules\n- a rule\n\n## Instructions\n{bullets}\n## Outcome\n- ok\n")
    return path


def test_the_directive_sentences_not_kept_as_rules_are_the_sessions_instructions() -> None:
    said = [f"add a /health endpoint. {OLD}. always run pnpm lint before you commit. what does the router do?"]
    found = instructions_of(said, ["always run pnpm lint before you commit"])
    assert found == [OLD]  # not the rule, not the question
    assert instructions_of(["<private>keep the api key in .env.local, one file</private> thanks"], []) == []


def test_a_rule_says_it_replaces_something_only_with_a_marker() -> None:
    assert replaces_something(NEW)
    assert replaces_something("you may push your feature branches yourself now")
    assert not replaces_something("always run pnpm lint before you commit")


def test_earlier_instructions_are_the_projects_before_this_session_newest_first(tmp_path: Path) -> None:
    summary(tmp_path, "s1", "tides", "2026-09-01T08:00:00Z", [OLD])
    summary(tmp_path, "s2", "other", "2026-09-02T08:00:00Z", ["use yarn, not npm"])
    summary(tmp_path, "s3", "tides", "2026-09-03T08:00:00Z", ["keep the fixtures in tests/fixtures"])
    summary(tmp_path, "s4", "tides", "2026-09-09T08:00:00Z", ["said after the session judged"])
    (tmp_path / "s1--agent-a1.md").write_text('---\nsession_id: "s1"\n---\n## Instructions\n- an agent\'s\n')
    got = earlier_instructions(tmp_path, "tides", before="2026-09-05T08:00:00Z", exclude="s3")
    assert [(i.text, i.session_id) for i in got] == [(OLD, "s1")]
    everywhere = earlier_instructions(tmp_path, None, before="2026-09-05T08:00:00Z", exclude="")
    assert [i.session_id for i in everywhere] == ["s3", "s2", "s1"]
    assert section_items("## Instructions\n- one\n- two\n## Outcome\n- no\n", "Instructions") == ["one", "two"]


def test_a_recovered_instruction_is_written_struck_through_before_its_replacement_once(tmp_path: Path) -> None:
    rules = tmp_path / "rules.md"
    rules.write_text("## Rules\n- never commit .env files\n", encoding="utf-8")
    added, superseded = apply_changes(rules, "Rules", [NEW], [], when="2026-09-10", recovered=[(OLD, NEW)])
    assert added == [NEW] and superseded == []
    text = rules.read_text(encoding="utf-8")
    assert f"- ~~{OLD}~~ (superseded 2026-09-10 by: {NEW})\n- {NEW}\n" in text
    assert current_bullets(text) == ["never commit .env files", NEW] and superseded_bullets(text) == [OLD]
    apply_changes(rules, "Rules", [NEW], [], when="2026-09-11", recovered=[(OLD, NEW)])
    assert rules.read_text(encoding="utf-8") == text  # the same rule again changes nothing


def test_a_rule_replacing_an_instruction_never_kept_strikes_it_through_the_daemon(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """1. the first session asks, mid-task, for every route handler in one file (not kept as a rule: it is one of
    the session's instructions); 2. a week on the person replaces it in other words; 3. rules.md has the old one
    struck through, dated, with its replacement; the knowledge event and `rules --history` say where it was said;
    4. SessionStart gives only the new rule."""
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory(embedding=True).start()  # meaning judges what the new rule replaces
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready", timeout=120)
    first = Transcript("7a0e1c2d-0000-4000-8000-0000000000a1", cwd=CWD)
    first.user(f"add a /health endpoint to the api. {OLD}.").say("Added GET /health in src/routes.ts.")
    first.bash("pnpm test", "Tests  12 passed (12)").user("thanks, works")
    later = Transcript("7a0e1c2d-0000-4000-8000-0000000000a2", cwd=CWD)
    later.minute = 40  # the same day in the builder's clock, but later
    later.user(f"{NEW}. split the current handlers that way").say("Split into src/routes/users.ts and orders.ts.")
    later.bash("pnpm test", "Tests  12 passed (12)").user("great, thanks")
    for t in (first, later):
        source = tmp_path / f"{t.session}.jsonl"
        source.write_bytes(t.bytes())
        drop(daemon, memory_home, source, source.name)

    said = (memory_home / "sessions" / f"{first.session}.md").read_text(encoding="utf-8")
    assert f"## Instructions\n- {OLD}\n" in said
    rules = (memory_home / "areas" / "projects" / "tides" / "rules.md").read_text(encoding="utf-8")
    assert f"- ~~{OLD}~~ (superseded 2026-09-08 by: {NEW})" in rules and f"- {NEW}\n" in rules
    [change] = [c for c in events(daemon, "knowledge") if c.get("replaces") == OLD]
    assert change["replaces_from"] == first.session and change["session_id"] == later.session and change["line"]
    history = daemon.cli("rules", "tides", "--history")
    assert history.returncode == 0, history.stderr
    assert f"- ~~{OLD}~~ superseded 2026-09-08 by: {NEW}    (said in session {first.session})" in history.stdout
    context = daemon.call("session_context", {"cwd": CWD, "session_id": "new", "budget": 4000})["markdown"]
    assert "each resource gets its own file" in context and "one file" not in context.replace(NEW, "")


def test_only_a_replacement_that_names_what_an_instruction_names_recovers_it() -> None:
    assert names_what_it_replaces(
        "forget the settings.py constants for timeouts, from now on they go in config.toml",
        "timeouts in seconds as constants in settings.py, no magic numbers",
    )
    assert names_what_it_replaces(
        "drop Sail for the test runs from now on", "run the tests through Sail, not local php"
    )
    # near in meaning, but nothing named in common: a request for now, not the rule replaced
    assert not names_what_it_replaces(
        "big imports go through COPY now", "import the first march export pls, data/raw/sales-2026-03-01.csv"
    )


def test_what_a_rule_takes_back_ends_with_its_clause() -> None:
    new = "forget mockito, use mockk for the mocks from now on"
    assert names_what_it_replaces(new, "mock with mockito in the unit tests")
    assert not names_what_it_replaces(new, "in the unit tests we use mockk sparingly")  # what it says to do instead
