"""Reading one candidate file safely: size limit, binary and UTF-8 checks, vanished or unreadable files.

Invariant: never raises for a bad file; returns a `Skip` with a short machine-readable reason instead, so
one bad file never stops a batch.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from pipeline.regular_file import NotRegularFile, open_regular


@dataclass(frozen=True, slots=True)
class FileContent:
    text: str
    size: int
    mtime_ns: int
    sha256: str


@dataclass(frozen=True, slots=True)
class Skip:
    reason: str


def read_text_file(path: Path, max_bytes: int) -> FileContent | Skip | None:
    """Read `path` as UTF-8 text. None means the file no longer exists (treat as deleted). Blocking.

    Only a regular file is opened (never blocking on a FIFO: see `pipeline/regular_file.py`); size and mtime come
    from the opened descriptor, so they describe the bytes that were read."""
    try:
        fd = open_regular(path)  # follows symlinks: a loop raises OSError (ELOOP)
    except FileNotFoundError:
        return None
    except NotRegularFile:
        return Skip("not a regular file")
    except OSError as exc:
        return Skip(f"unreadable: {exc.strerror or exc}")
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if st.st_size > max_bytes:
            return Skip(f"too large: {st.st_size} bytes > limit {max_bytes}")
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            return Skip(f"unreadable: {exc.strerror or exc}")
    if len(data) > max_bytes:
        return Skip(f"too large: grew past limit {max_bytes}")
    if b"\x00" in data[:8192]:
        return Skip("binary file (NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Skip(f"invalid UTF-8 at byte {exc.start}")
    text = text.removeprefix("\ufeff")
    return FileContent(text, len(data), st.st_mtime_ns, hashlib.sha256(data).hexdigest())


def is_within(path: Path, root: Path) -> bool:
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(root))
    except ValueError:
        return False
    return True
