"""Opening files for reading without ever blocking on something that is not a file.

Why: opening a FIFO for reading blocks until a writer appears, and reading a character device may never end.
A FIFO inside the memory home once tied up one worker thread per `get`; after six of them every request that
needed a thread hung, and SIGTERM left a process that never exited. So every read of a user's file
goes through here: the file is opened with O_NONBLOCK (which makes opening a FIFO return at once) and O_NOCTTY,
and only a regular file, checked with fstat on the opened descriptor (no window between check and use), is read.

Standard library only: the hooks and the CLI read memory files through `pipeline.memory_layout`, which uses this.
Blocking (file IO): call from a thread in async code.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegularFile(OSError):
    """The path is a FIFO, socket, device or directory: it is never read."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def open_regular(path: Path | str) -> int:
    """A read-only descriptor of the regular file at `path` (symlinks followed). The caller closes it.

    Raises FileNotFoundError, NotRegularFile, or the OSError of the open."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _kind(mode)
            raise NotRegularFile(f"not a regular file ({kind}); it is never opened for reading")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, max_bytes: int | None = None) -> bytes:
    """The bytes of the regular file at `path`, at most `max_bytes + 1` of them when a limit is given (so the
    caller can tell "too large" from "exactly the limit"). Raises like `open_regular`."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as handle:
        return handle.read() if max_bytes is None else handle.read(max_bytes + 1)
