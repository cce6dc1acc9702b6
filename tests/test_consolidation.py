"""The weekly consolidation in-process, on a real log, SQLite file and memory home, with a controllable clock:
catch-up after a missed run, the schedule's options, what a run writes, and every LLM failure path."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.app import App
from daemon.config import load_settings
from daemon.home import init_home
from daemon.services.learning.consolidation import Consolidator
from daemon.services.learning.scheduler import JOB_ID, catch_up, make_scheduler, make_trigger, start_learning
from events.log import EventLog
from events.projections.runner import Projector
from events.sqlite import Database
from pipeline.atomic_file import backup_path_of
from pipeline.index_schema import ensure_schema
from pipeline.llm import make_llm
from tests.conftest import write_config
from tests.fake_llm_server import FakeLLMServer, Scripted, ok


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


@contextlib.asynccontextmanager
async def running(home: Path, clock: Clock) -> AsyncIterator[App]:
    settings = load_settings(home)
    init_home(home)
    async with Database.open(settings.db_path) as db, EventLog.open(settings.events_dir) as log:
        await db.write(ensure_schema)
        projector = Projector(db, log)
        await projector.setup()
        await projector.catch_up()
        app = App(settings=settings, db=db, log=log, projector=projector)
        app.clock = clock
        try:
            yield app
        finally:
            await app.drain_background(30)


async def consolidations(app: App) -> list[dict[str, Any]]:
    await app.projections_current()
    rows = await app.db.fetchall("SELECT data FROM event_index WHERE type = 'consolidation' ORDER BY id")
    return [orjson.loads(r[0]) for r in rows]


async def test_catch_up_after_a_missed_run_with_a_controllable_clock(memory_home: Path) -> None:
    """1. a fresh home is not overdue; 2. a week after the first event it is, and the catch-up runs; 3. just
    after that run nothing is due; 4. the machine sleeps through the next slot: due again at start-up."""
    real = dt.datetime.now(dt.UTC)
    clock = Clock(real)
    async with running(memory_home, clock) as app:
        await app.record([("outcome", {"session_id": "s1", "outcome": "success"})])
        consolidator = Consolidator(app, None)
        assert not await catch_up(app, consolidator)
        clock.now = real + dt.timedelta(days=7) - dt.timedelta(minutes=5)
        assert not await catch_up(app, consolidator)
        clock.now = real + dt.timedelta(days=7, minutes=5)
        assert await catch_up(app, consolidator)
        await app.drain_background(30)
        assert [c["status"] for c in await consolidations(app)] == ["started", "completed"]
        assert (await consolidations(app))[-1]["summary"]["reason"] == "catch_up"
        clock.now = real + dt.timedelta(days=1)
        assert not await catch_up(app, consolidator)
    clock.now = real + dt.timedelta(days=8)  # the daemon was down over the weekly slot
    async with running(memory_home, clock) as app, contextlib.AsyncExitStack() as stack:
        stop = asyncio.Event()
        async with asyncio.TaskGroup() as tasks:
            await start_learning(app, stack, tasks, stop)
        await app.drain_background(30)
        assert [c["status"] for c in await consolidations(app)][-1] == "completed"
        assert len(await consolidations(app)) == 4
        status = await app.status_sections["learning"]()
        assert status["next_consolidation"] and status["last_consolidation"]


async def test_the_weekly_job_is_scheduled_with_grace_coalesce_and_one_instance() -> None:
    scheduler = make_scheduler(lambda: None, "0 3 * * sun", 12.0)
    scheduler.start()
    try:
        job = scheduler.get_job(JOB_ID)
        assert (job.coalesce, job.max_instances, job.misfire_grace_time) == (True, 1, 12 * 3600)
        fields = {f.name: str(f) for f in job.trigger.fields}
        assert (fields["day_of_week"], fields["hour"], fields["minute"]) == ("sun", "3", "0")
        assert job.next_run_time.weekday() == 6 and (job.next_run_time.hour, job.next_run_time.minute) == (3, 0)
    finally:
        scheduler.shutdown(wait=False)
    with pytest.raises(ValueError):
        make_trigger("every sunday")


def seed_home(home: Path) -> None:
    (home / "sessions" / "s-recent.md").write_text(
        "---\nproject: memoryd\ntopic: Wire the learning loop\n---\n# Session s-recent\n\n"
        "## Decisions\n- Use APScheduler 3 for the weekly job\n\n"
        "## Lessons\n- Never run the whole suite with -x in CI\n\n"
        "## Rules\n- Keep modules under 400 lines\n\nmemoryd uses httpx for LLM calls.\n",
        encoding="utf-8",
    )
    old = home / "sessions" / "s-old.md"
    old.write_text("# An old session\n", encoding="utf-8")
    forty_days_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(days=40)).timestamp()
    os.utime(old, (forty_days_ago, forty_days_ago))
    today = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    (home / "daily" / f"{today}.md").write_text(
        "- 10:02 memoryd: edited `daemon/server.py`\n- 10:05 memoryd: edited `daemon/server.py`, `pipeline/llm.py`\n",
        encoding="utf-8",
    )
    (home / "daily" / "2020-01-01.md").write_text("- an old day\n", encoding="utf-8")


async def seed_patterns(app: App) -> None:
    """Three successful sessions sharing two problems, the last one resolving both: every capability gate
    passes, and each problem has the fix a skill is written from."""
    drafts: list[tuple[str, dict[str, Any]]] = [
        (
            "resolution",
            {
                "session_id": "p2",
                "keys": [
                    {"kind": "error", "key": "keyerror user_id"},
                    {"kind": "environment_issue", "key": "pnpm command not found"},
                ],
                "steps": [
                    {"do": "run", "what": "corepack enable pnpm"},
                    {"do": "edit", "what": "app/users.py", "lines": ["user_id = row.get('user_id')"]},
                ],
                "verified_by": "pnpm test",
                "ended": "2026-11-01T10:00:00Z",
            },
        )
    ]
    for n in range(3):
        session = f"p{n}"
        drafts += [
            (
                "signal",
                {"session_id": session, "kind": "error", "key": "keyerror user_id", "text": "KeyError: 'user_id'"},
            ),
            (
                "signal",
                {
                    "session_id": session,
                    "kind": "environment_issue",
                    "key": "pnpm command not found",
                    "text": "pnpm: command not found",
                },
            ),
            ("outcome", {"session_id": session, "outcome": "success"}),
        ]
    await app.record(drafts)


async def test_a_run_reports_extracts_archives_and_only_adds(
    memory_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CAPABILITY_GENERATION", raising=False)
    async with running(memory_home, Clock(dt.datetime.now(dt.UTC))) as app:
        seed_home(memory_home)
        await seed_patterns(app)
        await app.record([("outcome", {"session_id": "s-recent", "outcome": "success", "corrections": 2})])
        memory_before = (memory_home / "MEMORY.md").read_text(encoding="utf-8")
        summary = await Consolidator(app, None).run("test")
        assert summary["status"] == "completed", summary
        assert (summary["facts_added"], summary["lessons_added"], summary["rules_added"]) == (2, 1, 1)
        assert summary["capabilities"]["generated"] == [
            "environment-issue-pnpm-command-not-found",
            "error-keyerror-user-id",
        ]
        assert sorted(summary["archived"]) == ["archive/daily/2020-01-01.md", "archive/sessions/s-old.md"]
        assert summary["fts_optimized"] is True
        assert summary["tokens"] == {"limit": 200_000, "used": 0, "calls": 0}
        report = (memory_home / summary["report"]).read_text(encoding="utf-8")
        assert "Sessions with an outcome: 4 (4 successful" in report and "Corrections by the user: 2" in report
        assert "`daemon/server.py` (2)" in report and "Wire the learning loop" in report
        assert "| HIGH | 3 | error | keyerror user_id | addressed |" in report

        memory = (memory_home / "MEMORY.md").read_text(encoding="utf-8")
        assert memory.startswith(memory_before.rstrip("\n").split("\n## Lessons")[0])
        assert "- Never run the whole suite with -x in CI" in memory and len(memory) > len(memory_before)
        assert backup_path_of(memory_home / "MEMORY.md").read_text(encoding="utf-8") == memory_before
        rules = (memory_home / "areas/projects/memoryd/rules.md").read_text(encoding="utf-8")
        assert rules == "## Rules\n- Keep modules under 400 lines\n"
        facts = orjson.loads((memory_home / "areas/projects/memoryd/facts.json").read_bytes())["facts"]
        assert [f["fact"] for f in facts] == [
            "Use APScheduler 3 for the weekly job",
            "memoryd uses httpx for LLM calls",
        ]

        again = await Consolidator(app, None).run("again")  # nothing new: nothing added, nothing shrinks
        assert (again["facts_added"], again["lessons_added"], again["rules_added"]) == (0, 0, 0)
        assert (memory_home / "MEMORY.md").read_text(encoding="utf-8") == memory
        assert again["capabilities"]["failed_gates"] == ["cooldown", "patterns"]
        assert [c["status"] for c in await consolidations(app)] == ["started", "completed"] * 2


LLM_CONFIG = """[llm]
provider = "{provider}"
base_url = "{url}"
max_retries = 1
backoff_seconds = 0.01
max_backoff_seconds = 0.02
timeout_seconds = 2.0
"""
VALID_EXTRACTION = orjson.dumps(
    {
        "facts": [
            {
                "project": "memoryd",
                "fact": "The daemon speaks JSON-RPC over a Unix socket",
                "category": "arch",
                "evidence": "s-llm",
            }
        ],
        "lessons": ["Check the socket path length on macOS"],
        "rules": [{"project": "memoryd", "rule": "Use structlog, never print"}],
    }
).decode()


def failing(kind: str, provider: str) -> Scripted:
    return {
        "truncated": ok(provider, VALID_EXTRACTION[:60], truncated=True),
        "malformed": Scripted(body=b'{"choices": [ oops'),
        "not_json_text": ok(provider, "Here are the facts: the daemon is fast."),
        "server_error": Scripted(status=500, body={"error": "down"}),
        "empty": ok(provider, ""),
    }[kind]


@pytest.mark.parametrize(
    ("kind", "provider"),
    [
        ("truncated", "anthropic"),
        ("truncated", "openai"),
        ("malformed", "openai"),
        ("not_json_text", "anthropic"),
        ("server_error", "anthropic"),
        ("empty", "openai"),
    ],
)
async def test_a_failed_llm_reply_changes_nothing(
    memory_home: Path, monkeypatch: pytest.MonkeyPatch, kind: str, provider: str
) -> None:
    monkeypatch.delenv("CAPABILITY_GENERATION", raising=False)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    (memory_home / "sessions").mkdir(parents=True)
    (memory_home / "sessions" / "s-llm.md").write_text("# s-llm\nproject: memoryd\nWe talked about sockets.\n")
    with FakeLLMServer([failing(kind, provider)]) as server:
        write_config(memory_home, LLM_CONFIG.format(provider=provider, url=server.url))
        async with running(memory_home, Clock(dt.datetime.now(dt.UTC))) as app:
            await seed_patterns(app)
            memory_before = (memory_home / "MEMORY.md").read_bytes()
            summary = await Consolidator(app, make_llm(app.settings)).run("test")
            generations = [
                orjson.loads(r[0])
                for r in await app.db.fetchall("SELECT data FROM event_index WHERE type = 'generation'")
            ]
    assert summary["status"] == "completed" and summary["llm"]["errors"] == 1
    assert (memory_home / "MEMORY.md").read_bytes() == memory_before
    assert not backup_path_of(memory_home / "MEMORY.md").exists()
    assert not (memory_home / "areas/projects/memoryd").exists()  # no facts.json, no rules.md
    assert [g["steps_from"] for g in generations] == ["evidence", "evidence"]  # no summary: the evidence stands
    if kind == "truncated":
        assert summary["tokens"]["used"] > 0  # a cut reply still cost tokens, and they are accounted


async def test_a_whole_llm_reply_is_applied_and_its_tokens_recorded(
    memory_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CAPABILITY_GENERATION", raising=False)
    (memory_home / "sessions").mkdir(parents=True)
    (memory_home / "sessions" / "s-llm.md").write_text("# s-llm\nWe talked about sockets.\n")
    script = [ok("openai", f"```json\n{VALID_EXTRACTION}\n```", input_tokens=500, output_tokens=80),
              ok("openai", "1. Run `pnpm --version`\n2. Install pnpm with corepack", input_tokens=100, output_tokens=20)]  # fmt: skip
    with FakeLLMServer(script) as server:
        write_config(memory_home, LLM_CONFIG.format(provider="openai", url=server.url))
        async with running(memory_home, Clock(dt.datetime.now(dt.UTC))) as app:
            await seed_patterns(app)
            summary = await Consolidator(app, make_llm(app.settings)).run("test")
            events = await consolidations(app)
    assert (summary["facts_added"], summary["lessons_added"], summary["rules_added"]) == (1, 1, 1)
    assert summary["tokens"] == {"limit": 200_000, "used": 580 + 2 * 120, "calls": 3}
    assert events[-1]["summary"]["tokens"]["used"] == 820  # the accounting is in the event log
    skill = next((memory_home / "skills").glob("environment-issue-*/SKILL.md")).read_text(encoding="utf-8")
    assert "1. Run `pnpm --version`" in skill
    assert "Check the socket path length on macOS" in (memory_home / "MEMORY.md").read_text(encoding="utf-8")


async def test_the_token_budget_stops_calls_before_they_are_sent(
    memory_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CAPABILITY_GENERATION", raising=False)
    (memory_home / "sessions").mkdir(parents=True)
    (memory_home / "sessions" / "s-llm.md").write_text("# s-llm\n" + "words " * 2000)
    with FakeLLMServer([ok("openai", VALID_EXTRACTION)]) as server:
        write_config(
            memory_home, LLM_CONFIG.format(provider="openai", url=server.url) + "[consolidation]\ntoken_budget = 500\n"
        )
        async with running(memory_home, Clock(dt.datetime.now(dt.UTC))) as app:
            await seed_patterns(app)
            summary = await Consolidator(app, make_llm(app.settings)).run("test")
    assert server.requests == []
    assert summary["status"] == "completed" and summary["tokens"] == {"limit": 500, "used": 0, "calls": 0}
