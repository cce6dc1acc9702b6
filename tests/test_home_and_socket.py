"""Other users on the machine.

- The memory home and every file memoryd creates are owner-only (0700/0600), set at `init` and at start without
  loosening what the user made stricter; `status` warns when the home is readable by others.
- The socket's directory: created private when missing, never re-moded when it exists, refused (with a message,
  not a traceback) when others can write to it or it belongs to someone else.
- Two homes configured with one socket path: the second daemon refuses while the first answers.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MODEL_CACHE, REPO, Daemon, write_config


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


@pytest.fixture
def private_tmp() -> Iterator[Path]:
    """A short directory under /tmp for socket paths (AF_UNIX limits), removed afterwards."""
    with tempfile.TemporaryDirectory(dir="/tmp", prefix="md-") as name:
        yield Path(name)


def serve(home: Path, socket_path: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """`memoryd serve` expected to refuse to start: returns its exit code and output."""
    env = {**os.environ, "MEMORYD_HOME": str(home), "MEMORYD_EMBEDDING": "off", "MEMORYD_MODEL_DIR": str(MODEL_CACHE)}
    return subprocess.run(
        [sys.executable, "-m", "daemon", "--socket", str(socket_path), "serve"],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )


def test_the_home_and_what_memoryd_writes_are_owner_only(daemon_factory: Any, memory_home: Path) -> None:
    """1. a home made 0755 with a 0644 MEMORY.md, a group-readable folder and a folder the user made stricter;
    2. the daemon starts, records an event, takes an inbox note and indexes it; 3. the home, the folders and every
    file memoryd made are owner-only, and nothing was loosened."""
    memory_home.chmod(0o755)
    (memory_home / "MEMORY.md").write_text("# Memory\n")
    (memory_home / "MEMORY.md").chmod(0o644)
    (memory_home / "daily").mkdir()
    (memory_home / "daily").chmod(0o750)
    (memory_home / "reports").mkdir()
    (memory_home / "reports").chmod(0o500)
    write_config(memory_home, "[inbox]\npoll_ms = 50\nstable_ms = 150\n")
    daemon = daemon_factory().start()
    daemon.call("record", {"type": "outcome", "data": {"session_id": "s1", "outcome": "success"}})
    (memory_home / "inbox" / "hello.md").write_text("# Hello\n\nowner only\n")
    daemon.wait_for(lambda: (memory_home / "notes" / "hello.md").is_file())
    daemon.wait_for(lambda: daemon.call("search", {"query": "owner only"})["results"])

    assert mode(memory_home) == 0o700
    assert mode(memory_home / "daily") == 0o700
    assert mode(memory_home / "reports") == 0o500  # stricter than 0700: left alone
    for folder in ("events", "state", "run", "inbox", "notes", "areas/projects"):
        assert mode(memory_home / folder) == 0o700, folder
    segment = next((memory_home / "events").glob("*.jsonl"))
    for path in (segment, memory_home / "state" / "index.db", memory_home / "notes" / "hello.md"):
        assert mode(path) == 0o600, path
    assert mode(memory_home / "MEMORY.md") == 0o600
    assert not daemon.call("status")["warnings"]

    memory_home.chmod(0o755)  # someone loosens it while the daemon runs
    warnings = daemon.call("status")["warnings"]
    assert any("readable by others" in w for w in warnings), warnings
    assert "readable by others" in daemon.cli("status").stdout


def test_init_creates_an_owner_only_home(memory_home: Path) -> None:
    home = memory_home / "fresh"
    env = {**os.environ, "MEMORYD_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-m", "daemon", "init"], env=env, capture_output=True, text=True, timeout=30, cwd=REPO
    )
    assert result.returncode == 0, result.stderr
    assert mode(home) == 0o700
    assert mode(home / "MEMORY.md") == 0o600
    assert all(mode(p) == 0o700 for p in home.rglob("*") if p.is_dir())


def test_an_existing_socket_directory_keeps_its_mode(daemon_factory: Any, private_tmp: Path) -> None:
    shared = private_tmp / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    daemon = daemon_factory()
    daemon.socket = shared / "memoryd.sock"
    daemon.start()
    assert mode(shared) == 0o755
    assert mode(daemon.socket) == 0o600


def test_a_missing_socket_directory_is_created_private(daemon_factory: Any, private_tmp: Path) -> None:
    daemon = daemon_factory()
    daemon.socket = private_tmp / "new" / "sub" / "memoryd.sock"
    daemon.start()
    assert mode(private_tmp / "new" / "sub") == 0o700


def test_a_socket_directory_others_can_write_is_refused_and_left_alone(memory_home: Path, private_tmp: Path) -> None:
    """`[daemon] socket = "/tmp/x/memoryd.sock"` with /tmp/x at 1777 (a stand-in for /tmp itself)."""
    shared = private_tmp / "x"
    shared.mkdir()
    shared.chmod(0o1777)
    write_config(memory_home, f'[daemon]\nsocket = "{shared / "memoryd.sock"}"\n')
    result = serve(memory_home, shared / "memoryd.sock")
    assert result.returncode == 1, result.stderr
    assert "writable by others" in result.stderr and "Traceback" not in result.stderr
    assert mode(shared) == 0o1777
    assert not (shared / "memoryd.sock").exists()


def test_a_socket_directory_of_another_user_gives_a_message(memory_home: Path, private_tmp: Path) -> None:
    if os.getuid() == 0:
        theirs = private_tmp / "theirs"
        theirs.mkdir()
        os.chown(theirs, 65534, 65534)  # nobody's
    else:
        theirs = Path("/")  # root's
    result = serve(memory_home, theirs / "memoryd.sock")
    assert result.returncode == 1, result.stderr
    assert "belongs to" in result.stderr and "Traceback" not in result.stderr


def test_a_symlinked_run_directory_keeps_its_target_mode(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    target.chmod(0o755)
    (memory_home / "run").symlink_to(target)
    daemon_factory().start()
    assert mode(target) == 0o755


def test_two_homes_with_one_socket_path_the_second_refuses(
    daemon_factory: Any, tmp_path: Path, private_tmp: Path
) -> None:
    first: Daemon = daemon_factory().start()
    other_home = tmp_path / "other-home"
    other_home.mkdir()
    result = serve(other_home, first.socket)
    assert result.returncode == 1, result.stderr
    assert "in use" in result.stderr and "Traceback" not in result.stderr
    assert first.call("status")["pid"] == first.proc.pid  # type: ignore[union-attr]
    assert first.socket.exists()
