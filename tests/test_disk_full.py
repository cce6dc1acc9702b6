"""A full disk while `record` appends, and a start on a full disk.

The fault is real but not ENOSPC itself (a small filesystem needs root): RLIMIT_FSIZE, set on the running daemon
with prlimit, makes the kernel refuse any write past a chosen file size with EFBIG ("File too large"), part-way
through a write when it crosses the limit, exactly where a disk would run out.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.client.socket_client import DaemonError
from tests.conftest import MODEL_CACHE, REPO, Daemon


def batch(tag: str, n: int = 50) -> dict[str, Any]:
    return {
        "events": [{"type": "outcome", "data": {"session_id": f"{tag}-{i}", "outcome": "success"}} for i in range(n)]
    }


def logged_lines(home: Path) -> list[bytes]:
    return [line for seg in sorted((home / "events").glob("*.jsonl")) for line in seg.read_bytes().splitlines()]


def test_a_record_refused_by_a_full_disk_says_so_and_its_bytes_never_appear(daemon: Daemon) -> None:
    """1. acknowledged events; 2. the disk "fills" 3000 bytes past the segment's end: every 50-event batch (about
    6 KB) is written in part and then refused; 3. each refusal is a clear `disk full` error and `status` answers;
    4. once there is room again, new records are acknowledged and none of the refused bytes ever reach the log,
    not even after a restart."""
    home = daemon.home
    acked = daemon.call("record", batch("before", 5))["ids"]
    assert daemon.call("status")["events"]["count"] == 5  # applied to the projections before the disk fills
    assert daemon.proc is not None
    pid = daemon.proc.pid
    segment = next((home / "events").glob("*.jsonl"))
    size = segment.stat().st_size
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (size + 3000, hard))
    try:
        for attempt in range(5):
            with pytest.raises(DaemonError) as info:
                daemon.call("record", batch(f"refused{attempt}"))
            assert "disk full" in info.value.message, info.value.message
            assert segment.stat().st_size == size  # cut back to the last acknowledged byte
            assert daemon.call("status")["events"]["count"] == 5
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))
    acked += daemon.call("record", batch("after", 5))["ids"]
    assert daemon.stop() == 0
    daemon.start()
    lines = logged_lines(home)
    assert all(b"refused" not in line for line in lines)
    assert [orjson.loads(line)["id"] for line in lines] == acked
    status = daemon.call("status")
    assert status["events"]["count"] == 10 and status["events"]["quarantined"] == 0


def test_a_start_on_a_full_disk_with_a_torn_tail_gives_a_message(daemon: Daemon) -> None:
    """The torn tail must be fenced with a newline before the first append; when not even that byte can be
    written (RLIMIT_FSIZE at the segment's size), the start fails with a message, not a traceback."""
    daemon.call("record", batch("ok", 3))
    assert daemon.stop() == 0
    segment = next((daemon.home / "events").glob("*.jsonl"))
    with segment.open("ab") as handle:
        handle.write(b'{"v":1,"id":"01M8","ts":"2026-11-2')
    size = segment.stat().st_size

    def full_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))

    env = {**daemon.env, "MEMORYD_MODEL_DIR": str(MODEL_CACHE)}
    result = subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "serve"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        preexec_fn=full_disk,
    )
    assert result.returncode == 1, result.stderr[-2000:]
    assert "disk full" in result.stderr and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert len(result.stderr.strip().splitlines()) <= 3
    assert os.path.getsize(segment) == size
