"""The memory-home layout of DESIGN.md, created on `memoryd init` and on the first `serve`, owner-only.

Invariants:
- Creating the layout never overwrites or truncates an existing file.
- The home is private to its owner: folders memoryd creates are 0700 and files 0600 (the daemon runs with umask
  077, `private_dirs` and `init_home` pass the modes explicitly), and at `init` and every start the home, its
  layout folders and memoryd's own data files lose any group/other bits. Nothing is ever loosened: a mode the
  user made stricter (0500, 0400) stays, and a symlink's target is never re-moded.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from pipeline.memory_layout import DIRECTORIES, STARTER_MEMORY

PRIVATE_DIR, PRIVATE_FILE = 0o700, 0o600
# memoryd's own data, besides the layout folders: tightened at start even when an older version made them 0644.
OWN_FILES = ("MEMORY.md", "events/*.jsonl", "events/quarantine/*", "state/index.db*", "config.toml")


def private_dirs(path: Path) -> None:
    """`mkdir -p` with every folder it creates 0700 (Path.mkdir's mode applies to the last one only)."""
    missing = []
    for folder in (path, *path.parents):
        if folder.exists() or folder.is_symlink():
            break
        missing.append(folder)
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):
            folder.mkdir(mode=PRIVATE_DIR)


def init_home(home: Path) -> list[str]:
    """Create missing directories and the starter MEMORY.md, make the home owner-only. Returns what was created
    (relative paths)."""
    created = []
    if not home.exists():
        private_dirs(home)
        created.append(".")
    for relative in DIRECTORIES:
        path = home / relative
        if not path.exists() and not path.is_symlink():
            private_dirs(path)
            created.append(relative + "/")
    memory = home / "MEMORY.md"
    try:
        fd = os.open(memory, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)  # never clobber a user's file
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(STARTER_MEMORY)
        created.append("MEMORY.md")
    make_private(home)
    return created


def make_private(home: Path) -> list[str]:
    """Drop group/other bits from the home, its layout folders and memoryd's own files. Returns what changed.

    A path that is a symlink, belongs to someone else, or cannot be changed is left alone (`exposure` reports
    what stays readable by others)."""
    paths = [home, *(home / relative for relative in DIRECTORIES)]
    for pattern in OWN_FILES:
        paths += sorted(home.glob(pattern))
    changed = []
    for path in paths:
        try:
            st = path.lstat()
        except OSError:
            continue
        mode = stat.S_IMODE(st.st_mode)
        if stat.S_ISLNK(st.st_mode) or st.st_uid != os.getuid() or not mode & 0o077:
            continue
        try:
            os.chmod(path, mode & ~0o077)
        except OSError:
            continue
        changed.append(path.relative_to(home).as_posix() if path != home else ".")
    return changed


def exposure(home: Path) -> list[str]:
    """Warnings for `status`: the home (or a folder holding it) lets other users read it."""
    warnings = []
    try:
        mode = stat.S_IMODE(home.stat().st_mode)
    except OSError:
        return []
    if mode & 0o077:
        warnings.append(
            f"the memory home {home} is readable by others (mode {mode:o}): run `chmod 700 {home}`"
            " (memoryd makes it owner-only at every start)"
        )
    return warnings
