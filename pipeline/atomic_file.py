"""Atomic replacement of a file the user or the watcher may read at any moment.

Invariant: a reader sees either the whole old file or the whole new one, never a torn write: the new bytes go
to a hidden temp file in the same directory (a dotfile, so the watcher ignores it), are fsynced, and then
`os.replace`d over the target (atomic on POSIX within one filesystem). Blocking: call from a thread.
A temp name always fits the filesystem's 255-byte name limit, however long the target's name is.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

NAME_MAX = 255  # bytes in one file name on every filesystem memoryd supports (ext4, APFS, btrfs, xfs)


def write_atomic(path: Path, data: str | bytes) -> None:
    """Replace `path` with `data` (str is written as UTF-8), creating parent directories as needed."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(fit_name(f".{path.name}.{os.getpid()}.memoryd-tmp", NAME_MAX, keep=".memoryd-tmp"))
    try:
        with temp.open("wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            shutil.copymode(path, temp)  # keep the user's permissions on a file we rewrite
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def fit_name(name: str, max_bytes: int, *, keep: str | None = None) -> str:
    """`name` if its UTF-8 form fits in `max_bytes`, else its start cut at a character boundary, a short hash of
    the whole name (so two long names never collide) and its ending kept: `keep`, or the file's suffixes (e.g.
    `.events.jsonl`, at most 24 bytes)."""
    if len(os.fsencode(name)) <= max_bytes:
        return name
    if keep is None:
        _stem, dot, suffixes = name.partition(".") if not name.startswith(".") else ("", "", name)
        keep = dot + suffixes if dot and len(os.fsencode(dot + suffixes)) <= 24 else "." + name.rsplit(".", 1)[-1]
        if len(os.fsencode(keep)) > 24:
            keep = ""
    tag = "-" + hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    budget = max_bytes - len(os.fsencode(tag + keep))
    head = os.fsencode(name[: len(name) - len(keep)] if keep and name.endswith(keep) else name)[:budget]
    return head.decode("utf-8", errors="ignore") + tag + keep


def backup_path_of(path: Path) -> Path:
    """Where `backup_copy` keeps the previous version: `NAME.bak` beside the file (e.g. `MEMORY.md.bak`).

    Why beside it and not under state/: it survives a `state/` wipe, a person finds it next to the file, and the
    `.bak` suffix keeps it out of the index (only `.md`, `.markdown` and facts.json are indexed).
    """
    return path.with_name(path.name + ".bak")


def backup_copy(path: Path) -> Path | None:
    """Copy `path` to its backup atomically (the previous backup is replaced). None when `path` is missing."""
    if not path.exists():
        return None
    target = backup_path_of(path)
    write_atomic(target, path.read_bytes())
    return target


def _fsync_directory(directory: Path) -> None:
    # Why: the rename is durable only once the directory entry is on disk; some filesystems refuse O_RDONLY
    # on a directory, and then there is nothing more we can do.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def replace_dir(staging: Path, target: Path) -> None:
    """Move the complete directory `staging` to `target`, replacing any old `target`.

    Why two renames: rename(2) cannot replace a non-empty directory. The old build is renamed aside first, so
    a reader sees either the old complete directory, the new one, or (for an instant) none, never a mix.
    """
    old: Path | None = None
    if target.exists() or target.is_symlink():
        old = target.with_name(f".{target.name}.old.{os.getpid()}")
        shutil.rmtree(old, ignore_errors=True)
        os.rename(target, old)
    os.rename(staging, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
