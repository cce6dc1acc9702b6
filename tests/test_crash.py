"""The crash test: SIGKILL mid-stream loses no acknowledged event and counts none twice."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from typing import Any

import orjson

from tests.conftest import Daemon


async def _hammer(daemon: Daemon, client_id: int, acked: list[str], stop: asyncio.Event) -> None:
    """Append as fast as possible; remember an id only once its reply (the acknowledgement) arrived."""
    try:
        reader, writer = await asyncio.open_unix_connection(str(daemon.socket))
    except OSError:
        return
    n = 0
    try:
        while not stop.is_set():
            n += 1
            request = {
                "jsonrpc": "2.0",
                "id": n,
                "method": "record",
                "params": {
                    "events": [
                        {"type": "ref", "data": {"session_id": f"c{client_id}-{n}", "experience_id": f"e{n % 7}"}},
                        {"type": "outcome", "data": {"session_id": f"c{client_id}-{n}", "outcome": "success"}},
                    ]
                },
            }
            writer.write(orjson.dumps(request) + b"\n")
            await writer.drain()
            line = await reader.readline()
            if not line:
                return
            acked.extend(orjson.loads(line)["result"]["ids"])
    except (ConnectionError, OSError, asyncio.IncompleteReadError):
        return
    finally:
        writer.close()


async def test_sigkill_mid_stream_loses_no_acknowledged_event(daemon_factory: Any) -> None:
    """1. six clients append as fast as they can; 2. SIGKILL the daemon mid-stream;
    3. restart; 4. every acknowledged id is in the log exactly once and counted by the projections;
    5. a torn last line, if the kill made one, is quarantined rather than replayed."""
    daemon = daemon_factory().start()
    acked: list[str] = []
    stop = asyncio.Event()
    clients = [asyncio.create_task(_hammer(daemon, i, acked, stop)) for i in range(6)]
    async with asyncio.timeout(30):
        while len(acked) < 600:  # noqa: ASYNC110 - polling a counter other tasks bump
            await asyncio.sleep(0.01)
    os.kill(daemon.proc.pid, signal.SIGKILL)  # type: ignore[union-attr]
    daemon.proc.wait()  # type: ignore[union-attr]
    daemon.proc = None
    stop.set()
    await asyncio.gather(*clients)

    daemon.start()
    logged: list[str] = []
    for segment in sorted((daemon.home / "events").glob("*.jsonl")):
        for line in segment.read_bytes().splitlines():
            with contextlib.suppress(orjson.JSONDecodeError):  # a torn tail: checked via status below
                logged.append(orjson.loads(line)["id"])
    assert len(logged) == len(set(logged)), "an event id appears twice in the log"
    assert set(acked) <= set(logged), f"{len(set(acked) - set(logged))} acknowledged events were lost"

    status = daemon.call("status")
    assert status["events"]["count"] == len(logged)
    sessions = daemon.call("events", {"type": "outcome", "limit": 100_000})["events"]
    assert len(sessions) == sum(1 for _ in sessions)
    effectiveness = {e["experience_id"]: e for e in daemon.call("effectiveness")["experiences"]}
    refs_logged = len(daemon.call("events", {"type": "ref", "limit": 100_000})["events"])
    assert sum(e["total_refs"] for e in effectiveness.values()) == refs_logged
    assert daemon.call("rebuild", {"verify": True})["identical"] is True


async def test_torn_last_line_is_quarantined_and_reported_by_status(daemon_factory: Any) -> None:
    daemon = daemon_factory().start()
    daemon.call("record", {"type": "outcome", "data": {"session_id": "s1", "outcome": "success"}})
    assert daemon.stop() == 0
    segment = next((daemon.home / "events").glob("*.jsonl"))
    torn_at = segment.stat().st_size
    with segment.open("ab") as handle:
        handle.write(b'{"v":1,"id":"01M8","ts":"2026-11-2')
    daemon.start()
    daemon.call("record", {"type": "outcome", "data": {"session_id": "s2", "outcome": "failed"}})
    status = daemon.call("status")
    assert status["events"]["quarantined"] == 1
    assert status["events"]["quarantine"][0]["offset"] == torn_at
    assert status["events"]["count"] == 2
    assert "quarantined lines: 1" in daemon.cli("status").stdout
