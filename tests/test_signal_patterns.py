"""Projection `signal_patterns` on a real log and SQLite file: the 8-session window, HIGH/CRITICAL, failure
streaks, pattern status, and incremental == rebuilt."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from events.log import EventLog
from events.projections import signal_patterns as sp
from events.projections.problem_rows import priority_of
from events.projections.runner import Projector
from events.queries.signal_patterns import known_nodes
from events.sqlite import Database

Draft = tuple[str, dict[str, Any]]


def signal(session: str, key: str = "keyerror user_id", kind: str = "error") -> Draft:
    return ("signal", {"session_id": session, "kind": kind, "key": key, "text": f"{kind}: {key}"})


def outcome(session: str, result: str = "success") -> Draft:
    return ("outcome", {"session_id": session, "outcome": result})


class Harness:
    def __init__(self, db: Database, log: EventLog, projector: Projector, path: Path) -> None:
        self.db, self.log, self.projector, self.path = db, log, projector, path

    async def add(self, drafts: list[Draft]) -> None:
        await self.log.append(drafts)
        await self.projector.catch_up()

    async def pattern(self, key: str = "keyerror user_id", kind: str = "error") -> dict[str, Any]:
        rows = await self.db.fetchall(
            "SELECT count, occurrences, priority, sessions, status, recurred, total FROM signal_patterns"
            " WHERE pattern_id = ?",
            (sp.pattern_id(kind, key),),
        )
        count, occurrences, priority, sessions, status, recurred, total = rows[0]
        return {
            "count": count,
            "occurrences": occurrences,
            "priority": priority,
            "sessions": orjson.loads(sessions),
            "status": status,
            "recurred": recurred,
            "total": total,
        }

    async def streak(self) -> tuple[int, bool, list[str]]:
        row = (await self.db.fetchall("SELECT length, flagged, sessions FROM failure_streak"))[0]
        return row[0], bool(row[1]), orjson.loads(row[2])

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        conn = sqlite3.connect(self.path)
        try:
            return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in sp.TABLES}
        finally:
            conn.close()


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Database.open(tmp_path / "index.db") as db, EventLog.open(tmp_path / "events") as log:
        projector = Projector(db, log, (sp,))
        await projector.setup()
        yield Harness(db, log, projector, tmp_path / "index.db")


async def test_count_is_over_the_last_8_sessions(harness: Harness) -> None:
    """1. the pattern in s1..s3; 2. five more sessions fill the window: still 3; 3. each new session pushes
    one old one out, until the pattern has left the window."""
    await harness.add([d for s in ("s1", "s2", "s3") for d in (signal(s), outcome(s))])
    assert (await harness.pattern())["count"] == 3
    await harness.add([outcome(f"s{n}") for n in range(4, 9)])  # 8 sessions now
    assert (await harness.pattern())["sessions"] == ["s1", "s2", "s3"]
    await harness.add([outcome("s9")])  # s1 leaves the window
    found = await harness.pattern()
    assert (found["count"], found["sessions"], found["total"]) == (2, ["s2", "s3"], 3)
    await harness.add([outcome("s10"), signal("s11", key="other")])
    assert (await harness.pattern())["count"] == 0  # all-time total stays 3
    assert (await harness.pattern())["total"] == 3


async def test_the_window_is_the_last_sessions_of_the_patterns_own_project(harness: Harness) -> None:
    """A person working on two projects: ten sessions of the other project between two sessions that hit a
    tally problem leave it recurring (count 2) in tally's window; the other project's window is its own."""
    hit = ("signal", {"session_id": "t1", "kind": "error", "key": "report order", "text": "x", "project": "tally"})
    await harness.add([hit, ("outcome", {"session_id": "t1", "outcome": "failed", "project": "tally"})])
    for n in range(10):
        await harness.add([("outcome", {"session_id": f"e{n}", "outcome": "success", "project": "etl"})])
    await harness.add([(hit[0], {**hit[1], "session_id": "t2"})])
    rows = await harness.db.fetchall(
        "SELECT count, sessions FROM signal_patterns WHERE pattern_id = ?",
        (sp.pattern_id("error", "report order", "tally"),),
    )
    assert [(count, orjson.loads(sessions)) for count, sessions in rows] == [(2, ["t1", "t2"])]
    # a node without a project still counts over the last sessions of all projects
    await harness.add([signal("e10"), *[outcome(f"x{n}") for n in range(8)]])
    assert (await harness.pattern())["count"] == 0


async def test_priority_thresholds(harness: Harness) -> None:
    expected = {1: "NORMAL", 2: "NORMAL", 3: "HIGH", 4: "HIGH", 5: "CRITICAL", 6: "CRITICAL"}
    for n, priority in expected.items():
        await harness.add([signal(f"s{n}")])
        assert (await harness.pattern())["priority"] == priority, n
    assert priority_of(2) == "NORMAL" and priority_of(3) == "HIGH" and priority_of(5) == "CRITICAL"


async def test_a_session_repeating_a_signal_counts_once(harness: Harness) -> None:
    await harness.add([signal("s1"), signal("s1"), signal("s1"), signal("s2")])
    found = await harness.pattern()
    assert (found["count"], found["occurrences"]) == (2, 4)


async def test_failure_streak_is_flagged_at_three(harness: Harness) -> None:
    await harness.add([outcome("a", "success"), outcome("b", "failed"), outcome("c", "failed")])
    assert await harness.streak() == (2, False, ["b", "c"])
    await harness.add([signal("d")])  # a session with no outcome yet neither breaks nor extends the streak
    assert await harness.streak() == (2, False, ["b", "c"])
    await harness.add([outcome("e", "failed")])
    assert await harness.streak() == (3, True, ["b", "c", "e"])
    await harness.add([outcome("f", "success")])
    assert await harness.streak() == (0, False, [])
    await harness.add([outcome("f", "failed")])  # a corrected outcome counts as the session's outcome
    assert await harness.streak() == (4, True, ["b", "c", "e", "f"])


async def test_status_events_and_recurrence(harness: Harness) -> None:
    pid = sp.pattern_id("error", "keyerror user_id")
    await harness.add([signal("s1"), signal("s2")])
    assert (await harness.pattern())["status"] == "active"
    await harness.add([("pattern_status", {"pattern_id": pid, "status": "addressed"})])
    assert (await harness.pattern())["status"] == "addressed"
    await harness.add([signal("s3")])  # it came back: active again
    found = await harness.pattern()
    assert (found["status"], found["recurred"]) == ("active", 1)
    await harness.add([("pattern_status", {"pattern_id": pid, "status": "suppressed"})])
    found = await harness.pattern()
    assert (found["status"], found["recurred"]) == ("suppressed", 0)


async def test_incremental_equals_rebuild(harness: Harness) -> None:
    """1. a mixed history in three batches; 2. dump; 3. rebuild from zero; 4. equal, and verify agrees."""
    pid = sp.pattern_id("environment_issue", "pnpm command not found")
    history: list[Draft] = []
    for n in range(12):
        session = f"s{n:02d}"
        history.append(signal(session, key="keyerror user_id" if n % 2 else "pnpm command not found"))
        history.append(signal(session, kind="environment_issue", key="pnpm command not found"))
        if n == 5:
            history.append(("pattern_status", {"pattern_id": pid, "status": "addressed"}))
        history.append(outcome(session, "failed" if n > 8 else "success"))
    history.append(outcome("s03", "failed"))  # a corrected outcome
    history.append(("custom.unknown", {"x": 1}))
    await harness.add(history[:7])
    await harness.add(history[7:20])
    await harness.add(history[20:])
    incremental = harness.dump()
    assert await harness.projector.rebuild() == len(history)
    assert harness.dump() == incremental
    assert await harness.projector.verify() == []
    assert await harness.streak() == (3, True, ["s09", "s10", "s11"])
    env = await harness.pattern("pnpm command not found", "environment_issue")
    assert (env["count"], env["status"], env["recurred"]) == (8, "active", 6)  # addressed, then it came back


def tangled_history(seed: int, count: int) -> list[Draft]:
    """Signals of three projects (and none) whose anchors join nodes into problems, `node:` anchors that join
    across projects, statuses, corrected outcomes: what makes a batch's derived rows depend on other batches."""
    rng = random.Random(seed)
    projects = ["", "tally", "etl", "web"]
    keys = [f"key {n}" for n in range(14)]
    anchors = [f"test_{n}" for n in range(6)]
    history: list[Draft] = []
    for _ in range(count):
        session = f"s{rng.randrange(40):02d}"
        roll = rng.random()
        if roll < 0.55:
            kind = rng.choice(["error", "correction", "dependency_issue"])
            project = rng.choice(projects)
            data: dict[str, Any] = {"session_id": session, "kind": kind, "key": rng.choice(keys), "text": "t"}
            if project:
                data["project"] = project
            data["source"] = rng.choice(["tool", "person"])
            data["anchors"] = rng.sample(anchors, rng.randint(0, 2))
            if rng.random() < 0.1:
                other = sp.pattern_id(rng.choice(["error", "correction"]), rng.choice(keys), rng.choice(projects))
                data["anchors"].append(f"node:{other}")
            history.append(("signal", data))
        elif roll < 0.9:
            data = {"session_id": session, "outcome": rng.choice(["success", "failed", "unknown"])}
            if (project := rng.choice(projects)) != "":
                data["project"] = project
            history.append(("outcome", data))
        else:
            node = sp.pattern_id(rng.choice(["error", "correction"]), rng.choice(keys), rng.choice(projects))
            history.append(("pattern_status", {"pattern_id": node, "status": rng.choice(["addressed", "suppressed"])}))
    return history


@pytest.mark.parametrize("seed", [3, 4])
async def test_rows_recomputed_for_what_a_batch_touched_equal_a_full_recompute(harness: Harness, seed: int) -> None:
    """1. a tangled history applied in small batches of random size (each recomputes only what it touched);
    2. the derived rows equal a recompute of every problem from the same base tables, and a rebuild in one batch."""
    rng = random.Random(seed)
    history = tangled_history(seed, 500)
    start = 0
    while start < len(history):
        size = rng.choice([1, 1, 2, 5, 17])
        await harness.add(history[start : start + size])
        start += size
    incremental = harness.dump()
    assert len(incremental["signal_patterns"]) < len(incremental["signal_pattern_keys"])  # some problems joined
    await harness.db.write(sp.recompute)
    assert harness.dump() == incremental
    assert await harness.projector.rebuild() == len(history)
    assert harness.dump() == incremental


async def test_a_pasted_failure_is_a_known_node_and_the_persons_words_are_not(harness: Harness) -> None:
    """A crash report the person pasted is evidence like a tool's output: a later test failure of the same root
    cause must be able to join it by meaning. What the person said is not a failure node."""

    def said(session: str, key: str, source: str) -> Draft:
        data = {"session_id": session, "kind": "error", "key": key, "text": key, "source": source, "project": "app"}
        return ("signal", data)

    await harness.add(
        [
            said("s1", "fatal error store migration failed", "pasted"),
            said("s1", "the app crashes at launch", "user"),
            said("s2", "no such table users", "tool"),
        ]
    )
    conn = sqlite3.connect(harness.path)
    try:
        keys = sorted(node.key for node in known_nodes(conn, "app"))
    finally:
        conn.close()
    assert keys == ["fatal error store migration failed", "no such table users"]


async def test_a_node_keeps_the_latest_thing_the_agent_said_caused_it_and_a_rebuild_gives_it_again(
    harness: Harness,
) -> None:
    """What the agent said caused a failure (`failure_cause.py`) is what a later failure with another symptom is
    compared with: the node keeps the latest one said, an occurrence without one keeps it, and a rebuild from the
    log gives the same."""

    def failed(session: str, cause: str = "") -> Draft:
        data = {"session_id": session, "kind": "error", "key": "typeerror tofixed", "text": "TypeError: toFixed"}
        return ("signal", {**data, "source": "tool", "project": "web", **({"cause": cause} if cause else {})})

    await harness.add([failed("s1", "The numeric column comes back as a string."), failed("s2", "Still a string.")])
    await harness.add([failed("s3")])

    def causes() -> list[str]:
        conn = sqlite3.connect(harness.path)
        try:
            return [node.cause for node in known_nodes(conn, "web")]
        finally:
            conn.close()

    assert causes() == ["Still a string."]
    incremental = harness.dump()
    await harness.projector.rebuild()
    assert harness.dump() == incremental
    assert causes() == ["Still a string."]
