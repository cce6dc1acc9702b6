"""The memory-home layout of DESIGN.md, created on `memoryd init` and on the first `serve`.

Invariant: creating the layout never overwrites or truncates an existing file.
"""

from __future__ import annotations

import os
from pathlib import Path

from pipeline.memory_layout import DIRECTORIES, STARTER_MEMORY


def init_home(home: Path) -> list[str]:
    """Create missing directories and the starter MEMORY.md. Returns what was created (relative paths)."""
    created = []
    if not home.exists():
        home.mkdir(parents=True)
        created.append(".")
    for relative in DIRECTORIES:
        path = home / relative
        if not path.exists():
            path.mkdir(parents=True)
            created.append(relative + "/")
    os.chmod(home / "run", 0o700)  # the socket's directory: owner only
    memory = home / "MEMORY.md"
    try:
        with memory.open("x", encoding="utf-8") as handle:  # "x": never clobber a user's file
            handle.write(STARTER_MEMORY)
        created.append("MEMORY.md")
    except FileExistsError:
        pass
    return created
