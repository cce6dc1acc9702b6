"""The single-instance lock, taken before the socket is bound.

Why before: Python 3.11's `start_unix_server` silently unlinks an existing socket file, so a second daemon
binding first would steal the socket from a live one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from daemon.home import private_dirs


class AlreadyRunning(RuntimeError):
    pass


@contextlib.contextmanager
def hold_instance_lock(run_dir: Path) -> Iterator[Path]:
    """Hold `run/memoryd.lock` (flock) for the life of the daemon; released by the OS if the process dies."""
    private_dirs(run_dir)  # never re-moded when it exists: it may be a symlink to a folder of the user's
    path = run_dir / "memoryd.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            raise AlreadyRunning(f"memoryd is already running for this home (pid {holder})") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        os.close(fd)
