"""watchfiles over every root, feeding the indexer's queue.

Directory moves and deletes arrive as one event for the directory (inotify does not list its files), so a
directory path is expanded: an existing directory is walked, a vanished one re-checks its manifest entries.

A folder reachable under two paths (a symlinked folder inside a root, `ln -s ../notes areas/x`) is watched
once by inotify, and its events may come under either path. So each reported path is also queued at its real
location (symlinks resolved), which is where the indexer keeps the file; the alias itself is left out of the
index (otherwise a new note could be reported only under its alias and never be indexed).

A daily note (`daily/*.md` in the memory home), which the daemon rewrites on every edit an agent makes, is
queued for later (`Indexer.enqueue_later`): indexed once it has been left alone for `[index] daily_delay_ms`,
and at the latest `DAILY_MAX_DELAYS` times that after the first change of a series.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from pathlib import Path

import structlog
from watchfiles import Change, DefaultFilter, awatch

from events.sqlite import Database
from pipeline.index_queries import paths_under
from pipeline.ingest.indexer import Indexer
from pipeline.ingest.roots import MEMORY_ROOT, Root, is_ignored_name, is_indexed, locate, real_location, walk

logger = structlog.get_logger(__name__)

WATCH_STEP_MS = 50
DAILY_MAX_DELAYS = 5


class _CandidateFilter(DefaultFilter):
    """Indexed files, plus anything that might be a directory (no suffix) so moves are not missed."""

    def __init__(self, roots: Sequence[Root]) -> None:
        super().__init__()
        self.roots = tuple(roots)

    def __call__(self, change: Change, path: str) -> bool:
        if not super().__call__(change, path):
            return False
        found = locate(self.roots, Path(path))
        if found is None or not found[1] or any(is_ignored_name(p) for p in found[1].split("/")):
            return False
        return is_indexed(*found) or "." not in found[1].rsplit("/", 1)[-1]


async def watch_roots(
    roots: Sequence[Root],
    indexer: Indexer,
    db: Database,
    stop: asyncio.Event,
    debounce_ms: int,
    daily_delay_ms: int = 0,
) -> None:
    """Run until `stop`. Owned by the daemon's TaskGroup."""
    paths = [str(root.path) for root in roots if root.path.is_dir()]
    if not paths:
        return
    logger.info("watching", roots=paths, debounce_ms=debounce_ms)
    # Why step 50 (watchfiles' default): its thread wakes every `step` ms whether or not anything changed;
    # at 20 ms that alone cost 0.23 % of a core in an idle daemon, at 50 ms about 0.09 %, and a change waits
    # at most 30 ms longer to be noticed (bench/footprint.py, bench/indexing.py).
    async for changes in awatch(
        *paths, watch_filter=_CandidateFilter(roots), stop_event=stop, debounce=debounce_ms, step=WATCH_STEP_MS
    ):
        reported = sorted({raw for _change, raw in changes})
        for root, relative, raw in await asyncio.to_thread(_with_real_paths, roots, reported):
            if is_indexed(root, relative):
                if daily_delay_ms > 0 and root.name == MEMORY_ROOT and relative.startswith("daily/"):
                    quiet_s = daily_delay_ms / 1000
                    indexer.enqueue_later(root.name, relative, quiet_s=quiet_s, max_s=quiet_s * DAILY_MAX_DELAYS)
                else:
                    indexer.enqueue(root.name, relative)
                continue
            inside = await asyncio.to_thread(_files_in_directory, root, Path(raw))
            if inside is not None:
                for sub in inside:
                    indexer.enqueue(root.name, f"{relative}/{sub}")
            else:
                prefix = relative.rstrip("/") + "/"
                for path in await db.read(functools.partial(paths_under, root=root.name, prefix=prefix)):
                    indexer.enqueue(root.name, path)


def _with_real_paths(roots: Sequence[Root], reported: list[str]) -> list[tuple[Root, str, str]]:
    """(root, relative path, path) for each reported path inside a root and, when symlinks make its real
    location another path inside a root, for that one too. Blocking."""
    out: list[tuple[Root, str, str]] = []
    for raw in reported:
        found = locate(roots, Path(raw))
        if found is None:
            continue
        out.append((*found, raw))
        real = real_location(roots, *found)
        if real is not None and (real[0].name, real[1]) != (found[0].name, found[1]) and real[1]:
            out.append((*real, str(real[0].path / real[1])))
    return out


def _files_in_directory(root: Root, directory: Path) -> list[str] | None:
    """Indexable files under `directory` (relative to it), or None when it is not a directory. Blocking.

    A symlinked directory is not walked (like `walk` below the top): its files are other paths of files that
    are indexed at their real place, or are outside the roots."""
    if directory.is_symlink():
        return []
    if not directory.is_dir():
        return None
    return list(walk(Root(root.name, directory, root.writable)))
