"""The real daemon process over its real socket: every method, bad input, many clients, lifecycle."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.client.socket_client import DaemonError
from tests.conftest import REPO, Daemon, write_config


def raw_exchange(path: Path, payload: bytes, timeout: float = 10.0) -> list[dict[str, Any]]:
    """Send raw bytes, half-close, and collect every reply line."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(str(path))
        sock.sendall(payload)
        sock.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return [orjson.loads(line) for line in data.splitlines() if line.strip()]


def test_status_round_trip(daemon: Daemon) -> None:
    status = daemon.call("status")
    assert status["pid"] == daemon.proc.pid  # type: ignore[union-attr]
    assert status["home"] == str(daemon.home.resolve())
    assert status["socket"] == str(daemon.socket)
    assert status["events"] == {"count": 0, "segments": [], "quarantined": 0, "quarantine": [], "fsync": True}
    assert set(status["projections"]) >= {"sessions", "experience_effectiveness", "event_index"}
    assert (daemon.home / "MEMORY.md").is_file()  # the first serve initialises the home
    for sub in ("areas/projects", "areas/patterns", "areas/tools", "daily", "sessions", "inbox", "reports"):
        assert (daemon.home / sub).is_dir()


def test_record_events_effectiveness_rebuild_round_trips(daemon: Daemon) -> None:
    one = daemon.call("record", {"type": "ref", "data": {"session_id": "s1", "experience_id": "e1"}})
    many = daemon.call(
        "record",
        {
            "events": [
                {"type": "outcome", "data": {"session_id": "s1", "outcome": "success", "corrections": 2}},
                {"type": "outcome", "data": {"session_id": "s2", "outcome": "failed"}},
            ]
        },
    )
    assert len(one["ids"]) == 1 and len(many["ids"]) == 2
    listed = daemon.call("events", {"session_id": "s1"})["events"]
    assert [e["id"] for e in listed] == [many["ids"][0], one["ids"][0]]  # newest first
    assert daemon.call("events", {"type": "outcome", "limit": 1})["events"][0]["id"] == many["ids"][1]
    assert daemon.call("events", {"since": "2999-01-01"})["events"] == []
    experiences = daemon.call("effectiveness")["experiences"]
    assert experiences[0]["experience_id"] == "e1"
    assert experiences[0]["p"] == pytest.approx(2 / 3, abs=1e-6)
    assert experiences[0]["decay_weight"] == pytest.approx(1.0, abs=1e-3)
    assert daemon.call("rebuild", {"verify": True})["identical"] is True
    assert daemon.call("rebuild")["events"] == 3
    assert daemon.call("status")["events"]["count"] == 3


@pytest.mark.parametrize(
    ("payload", "code", "fragment"),
    [
        (b"{not json\n", -32700, "not valid JSON"),
        (b'{"jsonrpc":"2.0","id":1,"method":"st\xff\xfeatus"}\n', -32700, "UTF-8"),
        (b"[1,2,3]\n", -32600, "JSON object"),
        (b'{"jsonrpc":"2.0","id":1}\n', -32600, "method"),
        (b'{"jsonrpc":"2.0","id":1,"method":"nope"}\n', -32601, "unknown method 'nope'"),
        (b'{"jsonrpc":"2.0","id":1,"method":"status","params":[1]}\n', -32602, "params"),
        (b'{"jsonrpc":"2.0","id":1,"method":"events","params":{"limit":"x"}}\n', -32602, "limit"),
        (b'{"jsonrpc":"2.0","id":1,"method":"events","params":{"colour":1}}\n', -32602, "colour"),
        (b'{"jsonrpc":"2.0","id":1,"method":"record","params":{"type":"outcome","data":{}}}\n', -32602, "session_id"),
    ],
)
def test_malformed_requests_get_an_error_and_the_connection_survives(
    daemon: Daemon, payload: bytes, code: int, fragment: str
) -> None:
    follow_up = b'{"jsonrpc":"2.0","id":"after","method":"status"}\n'
    replies = raw_exchange(daemon.socket, payload + follow_up)
    assert replies[0]["error"]["code"] == code
    assert fragment in replies[0]["error"]["message"]
    assert replies[1]["id"] == "after" and "result" in replies[1]


def test_oversized_request_is_refused_and_the_daemon_goes_on(daemon: Daemon) -> None:
    huge = b'{"jsonrpc":"2.0","id":1,"method":"status","params":{"x":"' + b"a" * (1024 * 1024 + 10) + b'"}}\n'
    replies = raw_exchange(daemon.socket, huge)
    assert replies[0]["error"]["code"] == -32001
    assert "exceeds" in replies[0]["error"]["message"]
    assert daemon.call("status")["pid"]


def test_socket_is_owner_only(daemon: Daemon) -> None:
    assert stat.S_IMODE(daemon.socket.stat().st_mode) == 0o600
    assert stat.S_ISSOCK(daemon.socket.stat().st_mode)
    assert stat.S_IMODE((daemon.home / "run").stat().st_mode) == 0o700


async def test_two_hundred_concurrent_clients(daemon: Daemon) -> None:
    async def client(i: int) -> tuple[str, Any]:
        reader, writer = await asyncio.open_unix_connection(str(daemon.socket))
        try:
            request = {
                "jsonrpc": "2.0",
                "id": i,
                "method": "record",
                "params": {"type": "outcome", "data": {"session_id": f"c{i}", "outcome": "success"}},
            }
            writer.write(orjson.dumps(request) + b"\n")
            await writer.drain()
            reply = orjson.loads(await reader.readline())
            writer.write(b'{"jsonrpc":"2.0","id":"s","method":"status"}\n')
            await writer.drain()
            status = orjson.loads(await reader.readline())
            return reply["result"]["ids"][0], status["result"]["pid"]
        finally:
            writer.close()
            await writer.wait_closed()

    async with asyncio.timeout(60):
        results = await asyncio.gather(*(client(i) for i in range(200)))
    ids = {r[0] for r in results}
    assert len(ids) == 200
    logged = {e["id"] for e in daemon.call("events", {"limit": 1000})["events"]}
    assert ids == logged


def test_a_second_daemon_refuses_to_start_and_leaves_the_first_alone(daemon: Daemon) -> None:
    second = subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "serve"],
        env=daemon.env,
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
    )
    assert second.returncode == 1
    assert "already running" in second.stderr
    assert daemon.call("status")["pid"] == daemon.proc.pid  # type: ignore[union-attr]


def test_sigterm_drains_and_removes_the_socket(daemon_factory: Any) -> None:
    daemon = daemon_factory().start()
    daemon.call("record", {"type": "outcome", "data": {"session_id": "s", "outcome": "success"}})
    assert daemon.stop() == 0
    assert not daemon.socket.exists()
    assert '"daemon_stopped"' in daemon.log()


def test_stale_socket_file_is_replaced(daemon_factory: Any) -> None:
    daemon = daemon_factory()
    daemon.socket.parent.mkdir(parents=True, exist_ok=True)
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(daemon.socket))
    stale.close()  # a socket file with nobody behind it, as after a SIGKILL
    daemon.start()
    assert daemon.call("status")["pid"]


def test_cli_commands(daemon: Daemon) -> None:
    recorded = daemon.cli("record", "outcome", "--data", '{"session_id": "s1", "outcome": "success"}')
    assert recorded.returncode == 0, recorded.stderr
    bad = daemon.cli("record", "outcome", "--data", '{"session_id": "s1", "outcome": "nah"}')
    assert bad.returncode == 1 and "outcome.data.outcome" in bad.stderr and "Traceback" not in bad.stderr
    listed = daemon.cli("events", "--json")
    assert orjson.loads(listed.stdout)["events"][0]["id"] == recorded.stdout.strip()
    table = daemon.cli("events")
    assert "outcome" in table.stdout and "id" in table.stdout.splitlines()[0]
    assert "memoryd 0.1.0" in daemon.cli("status").stdout
    assert orjson.loads(daemon.cli("status", "--json").stdout)["events"]["count"] == 1
    verify = daemon.cli("rebuild", "--verify")
    assert verify.returncode == 0 and verify.stdout.strip() == "identical"
    assert daemon.cli("effectiveness").returncode == 0


def test_cli_with_the_daemon_down_says_how_to_start_it(memory_home: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(tmp_path / "none.sock"), "status"],
        env={**os.environ, "MEMORYD_HOME": str(memory_home)},
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
    )
    assert result.returncode == 3
    assert "memoryd serve" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_config_keys_are_reported_in_status(daemon_factory: Any, memory_home: Path) -> None:
    write_config(memory_home, "[daemon]\ngrace_secondz = 3\n[colour]\nx = 1\n")
    daemon = daemon_factory().start()
    warnings = daemon.call("status")["config_warnings"]
    assert any("grace_secondz" in w for w in warnings)
    assert any("[colour]" in w for w in warnings)


def test_bad_config_value_stops_start_with_a_clear_message(memory_home: Path, tmp_path: Path) -> None:
    write_config(memory_home, '[events]\nfsync = "sometimes"\n')
    result = subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(tmp_path / "x.sock"), "serve"],
        env={**os.environ, "MEMORYD_HOME": str(memory_home)},
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
    )
    assert result.returncode == 2
    assert "[events] fsync must be one of always, never" in result.stderr


def test_init_never_overwrites(memory_home: Path) -> None:
    from daemon.home import init_home

    (memory_home / "MEMORY.md").write_text("# mine\n", encoding="utf-8")
    created = init_home(memory_home)
    assert "MEMORY.md" not in created
    assert (memory_home / "MEMORY.md").read_text(encoding="utf-8") == "# mine\n"
    assert init_home(memory_home) == []


def test_daemon_error_reply_shape(daemon: Daemon) -> None:
    with pytest.raises(DaemonError) as info:
        daemon.call("effectiveness", {"limit": 0})
    assert info.value.code == -32602
    started = time.monotonic()
    assert daemon.call("status")
    assert time.monotonic() - started < 5
