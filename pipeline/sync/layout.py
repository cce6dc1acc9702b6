"""What travels between machines and how git merges it: the home's `.gitignore`, `.gitattributes` and drivers.

Travels: the Markdown memory (MEMORY.md, areas/, daily/, sessions/, notes, reports/, archive/), facts.json,
generated skills under the home, and each machine's shared event segments (`events/YYYY-MM.MACHINE.jsonl`).
Stays: `state/` (SQLite projections, models: rebuilt on each machine), `run/`, `inbox/`, `logs/`, `config.toml`
(paths and settings are per machine), `*.bak`, temp files, quarantined log lines, and each machine's local-only
segments (`events/*.local.jsonl`: search hits). `[sync] exclude` keeps more folders on one machine.

Invariant: memoryd owns only the block between its markers in `.gitignore` and `.gitattributes`; a person's own
lines outside it are kept byte for byte when the block is rewritten.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence
from pathlib import Path

BEGIN = "# >>> memoryd sync (managed: edit outside this block)"
END = "# <<< memoryd sync"

IGNORED = (
    "/state/",
    "/run/",
    "/inbox/",
    "/logs/",
    "/config.toml",
    "/events/quarantine/",
    "/events/*.local.jsonl",
    "*.bak",
    "*.memoryd-tmp",
    "*.swp",
    "*~",
    ".DS_Store",
)

# Merge drivers (pipeline/sync/merge_driver.py). Why not git's `union` for the append-only files: union also
# keeps both sides of an edited line (a rule marked superseded on one machine would come back unmarked beside
# it, a daily note's `Edit ×2` would sit beside `Edit`) and orders concatenated lines by side, so two machines
# merging at once disagree. These drivers merge insertions (kept once each, in an order both machines compute
# alike), daily notes by entry and file, facts by id, and leave any other overlap as a conflict, which the sync
# round keeps as two files. A machine without the drivers (a plain `git pull`) falls back to git's text merge:
# the same clean merges, conflict markers where both sides touched the same lines.
ATTRIBUTES = (
    "*.md merge=memoryd-markdown",
    "/MEMORY.md merge=memoryd-append",
    "/daily/*.md merge=memoryd-daily",
    "/archive/daily/*.md merge=memoryd-daily",
    "/areas/**/rules.md merge=memoryd-append",
    "facts.json merge=memoryd-facts",
)
DRIVERS = {
    "memoryd-markdown": ("memoryd: Markdown, concurrent insertions kept", "markdown"),
    "memoryd-append": (
        "memoryd: append-only Markdown, insertions kept, files created on both machines joined",
        "append",
    ),
    "memoryd-daily": ("memoryd: daily notes, merged by entry and file (edit counts added)", "daily"),
    "memoryd-facts": ("memoryd: facts.json merged by fact id", "facts"),
}
CONFLICT_MARK = ".conflict-"


def managed(text: str, lines: Sequence[str]) -> str:
    """`text` with memoryd's block replaced by `lines` (appended when there is none); other lines untouched."""
    block = "\n".join([BEGIN, *lines, END])
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head + block + tail
    prefix = text if not text or text.endswith("\n") else text + "\n"
    return prefix + ("\n" if prefix else "") + block + "\n"


def exclude_lines(exclude: Sequence[str]) -> list[str]:
    """`[sync] exclude` folders as anchored patterns for `.git/info/exclude` (this machine only)."""
    out = []
    for raw in exclude:
        folder = raw.strip().strip("/")
        if folder and ".." not in folder.split("/"):
            out.append(f"/{folder}/")
    return out


def exclude_pathspecs(exclude: Sequence[str]) -> list[str]:
    """The same folders as `git add` pathspecs, so tracked files in them are not staged either."""
    return [f":(exclude){line.strip('/')}" for line in exclude_lines(exclude)]


def driver_config(executable: Sequence[str]) -> dict[str, str]:
    """`merge.NAME.driver` / `.name` for each driver, calling `EXECUTABLE sync merge-driver KIND %O %A %B %P`."""
    base = " ".join(shlex.quote(part) for part in executable)
    config = {}
    for name, (description, kind) in DRIVERS.items():
        config[f"merge.{name}.name"] = description
        config[f"merge.{name}.driver"] = f"{base} sync merge-driver {kind} %O %A %B %P"
    return config


def conflict_path(path: str, machine: str, taken: set[str]) -> str:
    """Where the other machine's version of a conflicting file goes: `notes/x.conflict-desktop.md` beside it
    (`-2`, `-3` ... when that name is taken)."""
    folder, _, name = path.rpartition("/")
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        stem, suffix = name, ""
    n = 1
    while True:
        tag = f"{CONFLICT_MARK}{machine}" + (f"-{n}" if n > 1 else "")
        candidate = f"{stem}{tag}" + (f".{suffix}" if suffix else "")
        full = f"{folder}/{candidate}" if folder else candidate
        if full not in taken:
            return full
        n += 1


_CONFLICT_FILE = re.compile(r"\.conflict-[A-Za-z0-9_-]+(?:\.[^/]*)?$")


def is_conflict_file(path: str) -> bool:
    return bool(_CONFLICT_FILE.search(path.rsplit("/", 1)[-1]))


def conflict_files(home: Path) -> list[str]:
    """Conflict copies present in the home (relative paths): visible until a person resolves and deletes them.
    Blocking (walks the home, skipping dot folders and what never travels)."""
    found = []
    for directory, dirnames, filenames in os.walk(home):
        base = Path(directory).relative_to(home).as_posix()
        prefix = "" if base == "." else base + "/"
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and not (not prefix and d in _LOCAL_DIRS)]
        found += [prefix + name for name in filenames if CONFLICT_MARK in name and is_conflict_file(name)]
    return sorted(found)


_LOCAL_DIRS = frozenset({"state", "run", "inbox", "logs"})
