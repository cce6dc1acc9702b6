"""Two machines, one memory: two homes, one bare repository on local disk, two running daemons.

Both record events, edit notes and daily notes and add facts while sync rounds run both ways; both edit the same
file; at the end both homes hold the same files, `rebuild --verify` is identical on both, their projections are
equal (but for this machine's local-only search hits), queries give the same results, nothing recorded anywhere
is missing, and the conflict is visible.
"""

from __future__ import annotations

import concurrent.futures
import datetime as dt
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from events.event import utc_timestamp
from events.projections.runner import DEFAULT_PROJECTIONS
from events.ulid import new_ulid
from tests.conftest import MODEL_CACHE, Daemon, write_config

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
MACHINES = ("lap", "desk")


class Fleet:
    """Daemons of several homes (one per machine id) sharing one bare repository."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.bare = root / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(self.bare)], check=True)
        self.sockets = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-sync-")
        self.daemons: dict[str, Daemon] = {}

    def start(self, name: str, config: str = "[sync]\ninterval = 0\n") -> Daemon:
        home = self.root / name
        home.mkdir(exist_ok=True)
        write_config(home, config)
        env = dict(os.environ)
        env.update(
            MEMORYD_HOME=str(home),
            MEMORYD_MACHINE=name,
            MEMORYD_MODEL_DIR=str(MODEL_CACHE),
            MEMORYD_LOG_FORMAT="json",
            MEMORYD_EMBEDDING="off",
        )
        daemon = Daemon(home, Path(self.sockets.name) / f"{name}.sock", self.root / f"{name}.log", env)
        self.daemons[name] = daemon
        return daemon.start()

    def close(self) -> None:
        for name, daemon in self.daemons.items():
            if daemon.proc is not None:
                assert daemon.stop() == 0, f"{name} exited badly:\n{daemon.log()}"
        self.sockets.cleanup()


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[Fleet]:
    made = Fleet(tmp_path)
    yield made
    made.close()


def git(home: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(home), *args], capture_output=True, text=True, check=True).stdout


def sync(daemon: Daemon) -> dict[str, Any]:
    result: dict[str, Any] = daemon.call("sync", timeout=120)
    assert result["ok"], result
    return result


def settle(daemons: list[Daemon]) -> None:
    """Rounds on every machine until one full pass moves nothing."""
    for _ in range(6):
        results = [sync(d) for d in daemons]
        if all(not r["committed"] and not r["received"] and r["ahead"] == r["behind"] == 0 for r in results):
            return
    raise AssertionError(f"the machines did not settle: {results}")


def projection_rows(home: Path) -> dict[str, list[Any]]:
    """Every projection table, sorted; search hits (`access`, local to each machine) left out."""
    conn = sqlite3.connect(f"file:{home / 'state' / 'index.db'}?mode=ro", uri=True)
    try:
        rows = {}
        for projection in DEFAULT_PROJECTIONS:
            for table in projection.TABLES:
                where = " WHERE type != 'access'" if table == "event_index" else ""
                if table not in ("access_stats", "access_hits"):
                    rows[table] = sorted(conn.execute(f'SELECT * FROM "{table}"{where}').fetchall(), key=repr)
        rows["importance"] = sorted(
            conn.execute("SELECT content_hash, set_id, set_value FROM access_stats WHERE set_id != ''").fetchall()
        )
        return rows
    finally:
        conn.close()


def event_ids(home: Path, *, access: bool = False) -> set[str]:
    conn = sqlite3.connect(f"file:{home / 'state' / 'index.db'}?mode=ro", uri=True)
    try:
        op = "=" if access else "!="
        return {row[0] for row in conn.execute(f"SELECT id FROM event_index WHERE type {op} 'access'")}
    finally:
        conn.close()


def work(daemon: Daemon, name: str, rounds: int) -> list[str]:
    """What an agent session does on one machine: events, daily-note edits, a fact, a note; returns event ids."""
    ids: list[str] = []
    for i in range(rounds):
        session = f"{name}-s{i}"
        events = [
            {"type": "ref", "data": {"session_id": session, "experience_id": "MEMORY.md"}},
            {"type": "signal", "data": {"session_id": session, "kind": "error", "key": "kafka flaky", "text": f"{i}"}},
            {"type": "outcome", "data": {"session_id": session, "outcome": "success" if i % 3 else "failed"}},
        ]
        ids += daemon.call("record", {"events": events})["ids"]
        edit = {"files": [f"/src/atlas/{name}_{i}.py"], "tool": "Edit", "cwd": "/src/atlas", "session_id": session}
        daemon.call("edit", edit)
        if i % 3 == 0:
            fact = {
                "project": "atlas",
                "text": f"{name} learned fact number {i}",
                "category": "general",
                "evidence": "",
                "create": True,  # the project's folder may not exist yet on this machine
            }
            daemon.call("fact_add", fact)
    note = daemon.home / "notes" / f"{name}.md"
    note.parent.mkdir(exist_ok=True)
    note.write_text(f"# {name}\n\nThe {name} machine keeps its zanzibar notes here.\n", encoding="utf-8")
    return ids


def searched(daemon: Daemon, query: str) -> list[tuple[str, int]]:
    hits = daemon.call("search", {"query": query, "k": 5})["results"]
    return [(h["path"], h["start_line"]) for h in hits]


def test_two_machines_converge_to_the_same_memory(fleet: Fleet) -> None:
    """1. Each machine starts with a memory of its own (events, a fact, a note) and a search (local hits).
    2. `sync init` on both (the second joins the first's memory). 3. Both work while rounds run both ways.
    4. Both edit the same note differently and append to MEMORY.md. 5. Rounds until nothing moves.
    6. Same files, identical verify, equal projections, same search results, nothing missing, the conflict shown."""
    lap, desk = fleet.start("lap"), fleet.start("desk")
    recorded = {name: work(daemon, name, 2) for name, daemon in (("lap", lap), ("desk", desk))}
    lap.wait_for(lambda: searched(lap, "zanzibar notes"))  # search hits (`access` events) stay on the laptop
    init = lap.cli("sync", "init", "--remote", str(fleet.bare))
    assert init.returncode == 0, init.stderr + init.stdout
    assert "created the repository" in init.stdout and "pushed" in init.stdout
    assert desk.call("sync_init", {"remote": str(fleet.bare)}, timeout=120)["round"]["ok"]

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        jobs = {name: pool.submit(work, daemon, name, 9) for name, daemon in (("lap", lap), ("desk", desk))}
        rounds = [pool.submit(lambda d=d: [sync(d) for _ in range(3)]) for d in (lap, desk)]
        for name, job in jobs.items():
            recorded[name] += job.result(timeout=120)
        for job in rounds:
            job.result(timeout=300)

    shared = lap.home / "notes" / "shared.md"
    shared.write_text("# Release\n\nShip on Tuesdays.\n\nAsk the on-call first.\n", encoding="utf-8")
    settle([lap, desk])
    (lap.home / "notes" / "shared.md").write_text("# Release\n\nShip on Wednesdays.\n\nAsk the on-call first.\n")
    (desk.home / "notes" / "shared.md").write_text(
        "# Release\n\nShip on Thursdays, never Fridays.\n\nAsk the on-call first.\n"
    )
    for daemon, lesson in (
        (lap, "- lap lesson: pin the kafka client"),
        (desk, "- desk lesson: retry the flaky test once"),
    ):
        memory = daemon.home / "MEMORY.md"
        memory.write_text(memory.read_text(encoding="utf-8") + lesson + "\n", encoding="utf-8")
    sync(lap)
    conflicted = sync(desk)
    assert [(c["path"], c["copy"], c["machine"]) for c in conflicted["conflicts"]] == [
        ("notes/shared.md", "notes/shared.conflict-lap.md", "lap")
    ]
    settle([lap, desk])

    # Same files, same history.
    assert git(lap.home, "rev-parse", "HEAD") == git(desk.home, "rev-parse", "HEAD")
    tracked = git(lap.home, "ls-files").split()
    assert tracked == git(desk.home, "ls-files").split()
    for path in tracked:
        assert (lap.home / path).read_bytes() == (desk.home / path).read_bytes(), path
    assert git(lap.home, "status", "--porcelain") == git(desk.home, "status", "--porcelain") == ""
    assert not [p for p in tracked if p.endswith(".local.jsonl") or p.startswith(("state/", "run/", "inbox/"))]
    assert "sync merge-driver facts" in git(lap.home, "config", "merge.memoryd-facts.driver")

    # Projections: the rounds brought each machine the other's events; identical to a replay on each machine.
    lap.wait_for(lambda: projection_rows(lap.home) == projection_rows(desk.home), timeout=10)
    for daemon in (lap, desk):
        assert daemon.call("rebuild", {"verify": True}, timeout=120)["identical"]
    assert projection_rows(lap.home) == projection_rows(desk.home)

    # Nothing recorded anywhere is missing; search hits stayed on the laptop.
    everything = set(recorded["lap"]) | set(recorded["desk"])
    assert len(everything) == 3 * 11 * 2
    for daemon in (lap, desk):
        assert everything <= event_ids(daemon.home)
    assert event_ids(lap.home, access=True) and not event_ids(desk.home, access=True)
    facts = [f["fact"] for f in orjson.loads(lap.cli("facts", "--json").stdout)["facts"]]
    assert sorted(facts) == sorted(f"{m} learned fact number {i}" for m in MACHINES for i in (0, 3, 6))
    for daemon in (lap, desk):
        ids = [f["id"] for f in orjson.loads(daemon.cli("facts", "--json").stdout)["facts"]]
        assert len(ids) == len(set(ids)) and {i.rsplit("@", 1)[1] for i in ids} == set(MACHINES)
        daily = "".join(p.read_text(encoding="utf-8") for p in (daemon.home / "daily").glob("*.md"))
        for name in MACHINES:
            for i in range(9):
                assert f"`{name}_{i}.py`" in daily
        memory = (daemon.home / "MEMORY.md").read_text(encoding="utf-8")
        assert "pin the kafka client" in memory and "retry the flaky test once" in memory

    # The conflict is visible, both versions are kept and indexed, and queries agree.
    for daemon in (lap, desk):
        status = daemon.call("sync_status")
        assert status["conflicts"] == ["notes/shared.conflict-lap.md"] and (status["ahead"], status["behind"]) == (0, 0)
        assert daemon.call("status")["sync"]["conflicts"] == ["notes/shared.conflict-lap.md"]
        assert "Thursdays" in (daemon.home / "notes" / "shared.md").read_text()
        assert "Wednesdays" in (daemon.home / "notes" / "shared.conflict-lap.md").read_text()
        daemon.wait_for(lambda d=daemon: ("notes/shared.conflict-lap.md", 1) in searched(d, "ship on wednesdays"))
    for query in ("ship on wednesdays", "zanzibar notes", "kafka client", "learned fact number 6"):
        lap.wait_for(lambda q=query: searched(lap, q) == searched(desk, q) and searched(lap, q))


def test_offline_rounds_keep_the_memory_working_report_and_recover(fleet: Fleet) -> None:
    """1. A synced home loses its remote (the USB disk is unplugged). 2. Scheduled rounds fail, back off and say
    so in `status`; recording goes on and is committed locally. 3. The remote comes back: the next round pushes."""
    lap = fleet.start("lap", "[sync]\ninterval = 0.3\nmax_backoff_seconds = 1.0\n")
    assert lap.call("sync_init", {"remote": str(fleet.bare)}, timeout=120)["round"]["ok"]
    unplugged = fleet.root / "unplugged.git"
    fleet.bare.rename(unplugged)
    ids = lap.call("record", {"type": "outcome", "data": {"session_id": "offline", "outcome": "success"}})["ids"]
    state = lap.wait_for(lambda: (s := lap.call("status")["sync"])["failures"] >= 2 and s)
    assert state["offline"] and state["error"] and state["next_attempt_at"] and state["last_round_ok"] is False
    assert ids[0] in git(lap.home, "show", "HEAD:events/" + next((lap.home / "events").glob("*.lap.jsonl")).name)
    assert "offline" in lap.cli("sync", "status").stdout
    unplugged.rename(fleet.bare)
    lap.wait_for(lambda: lap.call("status")["sync"]["last_round_ok"] and lap.call("sync_status")["ahead"] == 0)
    assert git(fleet.bare, "rev-parse", "main") == git(lap.home, "rev-parse", "HEAD")


def test_a_consolidation_another_machine_just_did_is_not_done_again(fleet: Fleet) -> None:
    """1. The laptop consolidates and syncs. 2. The desktop, whose memory is old enough to be due, starts: before
    its catch-up consolidation it syncs, sees the laptop's run, and skips its own (no duplicate report or facts)."""
    lap, desk = fleet.start("lap"), fleet.start("desk")
    assert lap.call("sync_init", {"remote": str(fleet.bare)}, timeout=120)["round"]["ok"]
    assert desk.call("sync_init", {"remote": str(fleet.bare)}, timeout=120)["round"]["ok"]
    assert lap.call("consolidate", timeout=120)["status"] == "completed"
    sync(lap)
    desk.stop()
    old = (dt.datetime.now(dt.UTC) - dt.timedelta(days=30)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    segment = desk.home / "events" / f"{utc_timestamp()[:7]}.desk.jsonl"
    line = {"v": 1, "id": new_ulid(), "ts": old, "type": "outcome", "data": {"session_id": "old", "outcome": "success"}}
    with segment.open("ab") as handle:  # a memory a month old: a consolidation is due at start
        handle.write(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE))
    desk.start()
    desk.wait_for(lambda: "consolidation_skipped_done_elsewhere" in desk.log())
    assert b'"consolidation"' not in segment.read_bytes()
    assert not [p for p in (desk.home / "reports").glob("*.conflict-*")]
