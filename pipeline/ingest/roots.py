"""Which roots are indexed, which files in them count, and how a path maps to a search `source`.

The memory home is root `memory`; each configured extra root (an Obsidian vault, a project's docs) is
indexed read-only under its directory name. The same rules serve the start-up scan and the watcher, so
the two can never disagree about what belongs in the index.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

MEMORY_ROOT = "memory"
INDEXED_SUFFIXES = (".md", ".markdown")
# Why: these hold the log, the database, the socket and the inbox's own pipeline; indexing them would
# loop (the index writing into what it watches) or index raw, unreviewed input.
HOME_EXCLUDED_DIRS = ("state", "events", "run", "inbox", "logs", "skills")
SWAP_SUFFIXES = (".swp", ".swo", ".swx", ".tmp", ".part", ".crdownload", "~")


@dataclass(frozen=True, slots=True)
class Root:
    name: str
    path: Path
    writable: bool


def make_roots(home: Path, extra: Sequence[Path]) -> tuple[Root, ...]:
    roots = [Root(MEMORY_ROOT, home.resolve(), True)]
    taken = {MEMORY_ROOT}
    for path in extra:
        name = path.name or "extra"
        while name in taken:
            name += "_"
        taken.add(name)
        roots.append(Root(name, path.resolve(), False))
    return tuple(roots)


def is_ignored_name(name: str) -> bool:
    """Dotfiles, editor swap/backup files (vim's `4913` probe, emacs `.#x`, `x~`)."""
    return name.startswith((".", "#")) or name == "4913" or name.endswith(SWAP_SUFFIXES)


def is_indexed(root: Root, relative: str) -> bool:
    parts = relative.split("/")
    if any(is_ignored_name(part) for part in parts):
        return False
    if root.name == MEMORY_ROOT and parts[0] in HOME_EXCLUDED_DIRS:
        return False
    name = parts[-1]
    if name == "facts.json":
        return True
    return name.lower().endswith(INDEXED_SUFFIXES)


def source_of(root: Root, relative: str) -> str:
    """The `--source` bucket: memory (MEMORY.md and loose notes), sessions, daily, areas, or extra."""
    if root.name != MEMORY_ROOT:
        return "extra"
    head = relative.split("/", 1)[0]
    if head in ("sessions", "daily", "areas"):
        return head
    if head == "archive":
        rest = relative.split("/")
        return rest[1] if len(rest) > 2 and rest[1] in ("sessions", "daily") else "memory"
    return "memory"


def locate(roots: Sequence[Root], path: Path) -> tuple[Root, str] | None:
    """The root holding `path` and the path relative to it (POSIX separators), or None."""
    absolute = Path(os.path.abspath(path))
    for root in sorted(roots, key=lambda r: len(str(r.path)), reverse=True):
        try:
            relative = absolute.relative_to(root.path)
        except ValueError:
            continue
        return root, relative.as_posix()
    return None


def walk(root: Root) -> Iterator[str]:
    """Every indexable file under a root, as relative POSIX paths. Symlinked directories are not followed
    (no loops, no second copy of a folder); a symlinked file is listed, and `real_location` decides about it."""
    for directory, dirnames, filenames in os.walk(root.path, followlinks=False):
        base = Path(directory).relative_to(root.path).as_posix()
        prefix = "" if base == "." else base + "/"
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not is_ignored_name(d) and not (root.name == MEMORY_ROOT and not prefix and d in HOME_EXCLUDED_DIRS)
        )
        for name in sorted(filenames):
            relative = prefix + name
            if is_indexed(root, relative):
                yield relative


def resolve_request_path(roots: dict[str, Root], raw: str) -> tuple[Root, str] | None:
    """Map a user path (absolute, or relative to the memory home) to (root, relative path)."""
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = roots[MEMORY_ROOT].path / path
    return locate(list(roots.values()), path)


class OutsideRoots(ValueError):
    """A requested path resolves outside every configured root."""


def confine(roots: Sequence[Root], raw: str) -> tuple[Root, str, Path]:
    """Resolve a user path (relative to the memory home, or absolute) through symlinks and `..`, and
    return (root, relative path, real path) only if the real path stays inside a root."""
    if "\x00" in raw:
        raise OutsideRoots("path contains a NUL byte")
    candidate = Path(raw).expanduser()
    if not candidate.is_absolute():
        candidate = roots[0].path / candidate
    real = Path(os.path.realpath(candidate))
    for root in sorted(roots, key=lambda r: len(str(r.path)), reverse=True):
        real_root = Path(os.path.realpath(root.path))
        try:
            relative = real.relative_to(real_root)
        except ValueError:
            continue
        return root, relative.as_posix(), real
    raise OutsideRoots(f"{raw} resolves outside the memory home and the configured roots; refused")


def real_location(roots: Sequence[Root], root: Root, relative: str) -> tuple[Root, str] | None:
    """Where the file at `relative` under `root` really is once symlinks are resolved: (root, relative path)
    inside a configured root, or None when it resolves outside all of them.

    Why: the indexer must confine what it reads exactly as `get` does (a symlinked `notes/leak.md` pointing at
    /etc/passwd was indexed and injected), and a file reached through a symlink inside the roots is the same
    file as at its real path, to be indexed once, there."""
    try:
        found, real_relative, _ = confine(roots, str(root.path / relative))
    except OutsideRoots:
        return None
    return found, real_relative
