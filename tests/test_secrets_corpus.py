"""A corpus of secrets pushed through every agent-integration entry point must reach none of the places memoryd
writes: the index (search, and the SQLite files' bytes), session summaries, moved notes, rules and MEMORY.md,
daily notes, the event log and the hook log.

Entry points: a Claude Code transcript (user text, a failing tool's output, the assistant's text), a note and
an events file dropped in the inbox, and the hooks (a prompt, an edited file's path, PreCompact instructions).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tests import agent_payloads as cc
from tests.conftest import write_config
from tests.test_redact import PEM, SECRETS

PRIVATE = "PRIVATE-MARKER-7f3a"
SPACED = "PRIVATE-MARKER-spaced-41c9"  # `< private>`: a stray space
IN_CODE = "PRIVATE-MARKER-in-code-0b2e"  # `<private>` written as inline code around the secret
FRAGMENTS = [secret for _kind, _line, secret in SECRETS] + [
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAE",
    PRIVATE,
    SPACED,
    IN_CODE,
]
CORPUS = (
    "\n".join(line for _kind, line, _secret in SECRETS)
    + f"\n{PEM}\n<private>{PRIVATE}</private>\n< private>{SPACED}</private >\nsee `<private>`{IN_CODE}`</private>`\n"
)


def transcript_with_secrets() -> bytes:
    """The sample session plus a user turn, a failing tool result and an answer that all carry secrets."""
    extra = [
        {"type": "user", "message": {"role": "user", "content": f"Here is my .env, lesson: never commit it\n{CORPUS}"}},
        {
            "type": "assistant",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": f"Decided: we'll use the vault. Lesson: rotate keys.\n{CORPUS}"},
                    {"type": "tool_use", "id": "toolu_S1", "name": "Bash", "input": {"command": "psql"}},
                ],
            },
        },
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_S1",
                        "is_error": True,
                        "content": f"{CORPUS}\nFATAL: password authentication failed for postgres://admin:Sup3rS3cret@db.example.com:5432/app",
                    }
                ],
            },
        },
        {
            "type": "user",
            "message": {"role": "user", "content": "Always load secrets from the vault, e.g. SECRET=topsecretvalue"},
        },
    ]
    for line in extra:
        line.update(sessionId=cc.SESSION, cwd=cc.CWD, timestamp="2026-03-14T09:30:00.000Z")
    return cc.SAMPLE_TRANSCRIPT.read_bytes() + b"".join(orjson.dumps(line) + b"\n" for line in extra)


def leaks(home: Path) -> dict[str, list[str]]:
    """Every file under the memory home (SQLite files included, as bytes) that contains a corpus fragment."""
    found: dict[str, list[str]] = {}
    for path in home.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        hits = [fragment for fragment in FRAGMENTS if fragment.encode() in data]
        if hits:
            found[path.relative_to(home).as_posix()] = hits
    return found


def test_no_secret_reaches_the_index_summaries_notes_daily_notes_or_logs(
    daemon_factory: Any, memory_home: Path
) -> None:
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, "[inbox]\npoll_ms = 50\nstable_ms = 150\n")
    (memory_home / "areas" / "projects" / "acme-api").mkdir(parents=True)
    daemon = daemon_factory().start()
    inbox = memory_home / "inbox"

    (inbox / f"{cc.SESSION}.jsonl").write_bytes(transcript_with_secrets())
    (inbox / "credentials.md").write_text(f"# Credentials\n\nThe staging secrets:\n{CORPUS}")
    data = {
        "session_id": "leaky",
        "kind": "error",
        "key": "db auth",
        "text": "db_url = postgres://admin:Sup3rS3cret@db.example.com:5432/app",
    }
    (inbox / "leaky.events.jsonl").write_bytes(orjson.dumps({"type": "signal", "data": data}) + b"\n")

    def hook(event: str, payload: dict[str, Any]) -> None:
        result = cc.run_hook(memory_home, daemon.socket, event, payload)
        assert (result.code, result.stderr) == (0, ""), result

    hook("UserPromptSubmit", cc.user_prompt(f"why does this fail?\n{CORPUS}"))
    hook("PostToolUse", cc.edit(f"{cc.CWD}/docs/contact-john.doe+memo@example.co.uk.md"))
    hook("PreCompact", cc.pre_compact("manual", f"keep these:\n{CORPUS}"))
    daemon.wait_for(lambda: daemon.call("events", {"type": "session_summary"})["events"])
    daemon.wait_for(lambda: not [p for p in inbox.iterdir() if p.is_file()])
    daemon.wait_for(lambda: daemon.call("search", {"query": "staging secrets"})["results"])
    daemon.wait_for(lambda: daemon.call("search", {"query": "ZeroDivisionError"})["results"])

    summary = (memory_home / "sessions" / f"{cc.SESSION}.md").read_text()
    assert "[REDACTED:" in summary  # the secrets were there, and were replaced
    assert "[REDACTED:" in (memory_home / "notes" / "credentials.md").read_text()
    assert "vault" in (memory_home / "areas" / "projects" / "acme-api" / "rules.md").read_text()
    assert list((memory_home / "daily").glob("*.md")) and list((memory_home / "events").glob("*.jsonl"))
    assert (memory_home / "logs" / "hooks.log").is_file()
    assert not list((inbox / "rejected").iterdir())

    assert leaks(memory_home) == {}
    for fragment in FRAGMENTS:
        hits = daemon.call("search", {"query": fragment, "k": 20, "mode": "bm25"})["results"]
        assert not [h for h in hits if fragment in h["snippet"]], fragment
        got = [daemon.call("get", {"path": h["path"]})["text"] for h in hits if h["root"] == "memory"]
        assert not [text for text in got if fragment in text], fragment
    assert not list((memory_home / "state").rglob("*.gz"))  # no raw transcript kept (it would hide a leak)
