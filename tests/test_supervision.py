"""No exception in a background loop ends the daemon.

Each test produces a real fault in the real daemon process: a name past the filesystem's 255-byte limit, a write
refused by RLIMIT_FSIZE (the kernel's "file too large", standing in for a full disk at a chosen size), a folder the
daemon may not write (standing in for a full disk when the `.reason` is written), and RLIMIT_NOFILE with more idle
connections than file descriptors (EMFILE).
"""

from __future__ import annotations

import os
import resource
import socket
import time
from pathlib import Path
from typing import Any

import orjson

from tests.conftest import Daemon, write_config

FAST_INBOX = "[inbox]\npoll_ms = 50\nstable_ms = 150\n"


def start(daemon_factory: Any, home: Path, config: str = "", **kwargs: Any) -> Daemon:
    home.mkdir(exist_ok=True)
    write_config(home, FAST_INBOX + config)
    return daemon_factory(**kwargs).start()


def reasons(home: Path) -> dict[str, str]:
    folder = home / "inbox" / "rejected"
    names = [p.name for p in folder.iterdir() if p.suffix != ".reason" and not p.name.startswith(".")]
    return {name: (folder / (name + ".reason")).read_text() for name in names}


def test_an_inbox_name_too_long_is_rejected_under_a_short_name_and_the_daemon_stays_up(
    daemon_factory: Any, memory_home: Path
) -> None:
    """78 Chinese characters + `.md` is 237 bytes: the temp name (`.NAME.PID.memoryd-tmp`) and `NAME.reason`
    do not fit in 255 bytes. The file is rejected under a shortened name and the inbox goes on."""
    daemon = start(daemon_factory, memory_home)
    inbox = memory_home / "inbox"
    long_name = "长" * 78 + ".md"
    assert len(os.fsencode(long_name)) == 237
    (inbox / long_name).write_text("# 长\n\nA note with a very long name.\n")
    daemon.wait_for(lambda: reasons(memory_home))
    [(name, reason)] = reasons(memory_home).items()
    assert len(os.fsencode(name + ".reason")) <= 255 and name.endswith(".md")
    assert long_name in reason and "200 bytes" in reason
    (inbox / "after.md").write_text("# After\n\nTaken after the long name.\n")
    daemon.wait_for(lambda: (memory_home / "notes" / "after.md").is_file())
    assert daemon.proc is not None and daemon.proc.poll() is None
    assert daemon.call("status")["supervisor"]["inbox"]["failures"] == 0


def test_a_full_disk_keeps_the_note_in_the_inbox_until_there_is_room(daemon_factory: Any, memory_home: Path) -> None:
    """1. the running daemon may no longer write a single byte to any file (RLIMIT_FSIZE = 0 set with prlimit:
    every write fails with EFBIG, standing in for ENOSPC): not the note, not its `.reason`, not its log; 2. a
    dropped note stays in the inbox, the daemon stays up and `status` says why; 3. the limit is lifted and the
    note is placed, whole."""
    daemon = start(daemon_factory, memory_home)
    assert daemon.proc is not None
    pid = daemon.proc.pid
    inbox = memory_home / "inbox"
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (0, hard))
    body = "# Spooled\n\nA hook spooled this while the disk was full.\n"
    try:
        (inbox / "spooled.md").write_text(body)
        deferred = daemon.wait_for(lambda: daemon.proc.poll() is not None or daemon.call("status")["inbox"]["deferred"])
        assert daemon.proc.poll() is None, "the daemon exited"
        assert deferred[0]["file"] == "spooled.md" and "disk full" in deferred[0]["reason"]
        time.sleep(1.0)  # several polls with every write refused
        assert daemon.proc.poll() is None, "the daemon exited"
        assert daemon.call("status")["pid"] == pid
        assert (inbox / "spooled.md").is_file() and not (memory_home / "notes" / "spooled.md").exists()
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))
    placed = memory_home / "notes" / "spooled.md"
    daemon.wait_for(lambda: placed.is_file() and not (inbox / "spooled.md").exists(), timeout=90)
    assert placed.read_text() == body
    assert daemon.call("status")["inbox"]["deferred"] == []
    assert not [p for p in (inbox / "rejected").iterdir()]


def _limit_files(count: int) -> Any:
    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))

    return preexec


def test_more_idle_connections_than_file_descriptors_neither_stop_nor_starve_the_daemon(
    daemon_factory: Any, memory_home: Path
) -> None:
    """1. the daemon runs with 256 file descriptors (RLIMIT_NOFILE, soft = hard) and a 2 s idle timeout;
    2. 300 clients connect and say nothing; 3. those beyond the connection cap get a clear error; 4. a note dropped
    meanwhile is still taken (the inbox's scandir needs a descriptor); 5. idle connections are closed after the
    timeout and new clients are served."""
    daemon = start(daemon_factory, memory_home, "[daemon]\nidle_timeout_seconds = 2.0\n", preexec=_limit_files(256))
    clients: list[socket.socket] = []
    refused: list[str] = []
    try:
        for _ in range(300):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(10)
            sock.connect(str(daemon.socket))
            clients.append(sock)
        (memory_home / "inbox" / "during.md").write_text("# During\n\nDropped while 300 clients held the socket.\n")
        for sock in clients:
            sock.setblocking(False)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not refused:
            for sock in clients:
                try:
                    data = sock.recv(4096)
                except BlockingIOError:
                    continue
                if data:
                    refused.append(orjson.loads(data.splitlines()[0])["error"]["message"])
            time.sleep(0.05)
        assert refused and "too many connections" in refused[0]
        daemon.wait_for(lambda: (memory_home / "notes" / "during.md").is_file(), timeout=30)
        assert daemon.proc is not None and daemon.proc.poll() is None
        status = daemon.wait_for(lambda: _status_or_none(daemon), timeout=30)  # idle ones time out
        assert status["socket_server"]["refused_connections"] >= 1
        assert status["socket_server"]["idle_closed"] >= 1
    finally:
        for sock in clients:
            sock.close()
    assert daemon.proc is not None and daemon.proc.poll() is None


def _status_or_none(daemon: Daemon) -> Any:
    from daemon.client.socket_client import DaemonError, DaemonUnavailable

    try:
        return daemon.call("status", timeout=2)
    except (DaemonUnavailable, DaemonError):
        return None
