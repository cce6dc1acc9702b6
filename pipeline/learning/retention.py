"""Retention: old session summaries and daily notes move to `archive/`, never deleted.

Session summaries (`sessions/*.md`) older than `session_days` (30) by modification time, and daily notes
(`daily/YYYY-MM-DD.md`) older than `daily_days` (90) by the date in their name (modification time when the
name has none), move to `archive/sessions/` and `archive/daily/`. Why move and not delete: the watcher sees a
delete and a create, so the text stays indexed and searchable (under source `sessions`/`daily`), while the
live folders stay small enough to browse. A name already taken in the archive gets a `-N` suffix; nothing is
overwritten. Blocking (file IO): call from a thread.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from pathlib import Path

import structlog

logger = structlog.get_logger(__name__)

_DAY_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})")


@dataclass(frozen=True, slots=True)
class Moved:
    source: str  # relative to the memory home
    target: str


def archive_old(home: Path, now: dt.datetime, *, session_days: int, daily_days: int) -> list[Moved]:
    moved: list[Moved] = []
    for folder, days, by_name in (("sessions", session_days, False), ("daily", daily_days, True)):
        cutoff = now - dt.timedelta(days=days)
        source_dir = home / folder
        if not source_dir.is_dir():
            continue
        for path in sorted(source_dir.glob("*.md")):
            if not path.is_file() or path.name.startswith("."):
                continue
            if _age_reference(path, by_name) >= cutoff:
                continue
            target = _free_name(home / "archive" / folder / path.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.rename(path, target)
            except OSError as exc:  # one file's problem never stops the rest
                logger.warning("archive_skipped", path=str(path), reason=str(exc))
                continue
            moved.append(Moved(f"{folder}/{path.name}", str(target.relative_to(home))))
    if moved:
        logger.info("archived", count=len(moved))
    return moved


def _age_reference(path: Path, by_name: bool) -> dt.datetime:
    if by_name and (match := _DAY_NAME.search(path.stem)):
        try:
            return dt.datetime.fromisoformat(match.group(1)).replace(tzinfo=dt.UTC) + dt.timedelta(days=1)
        except ValueError:
            pass
    return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)


def _free_name(target: Path) -> Path:
    candidate, n = target, 1
    while candidate.exists():
        candidate = target.with_name(f"{target.stem}-{n}{target.suffix}")
        n += 1
    return candidate
