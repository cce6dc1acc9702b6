"""Appending lessons ("avoidances") to MEMORY.md or a project's rules.md without repeating one, and marking a
rule that a newer one reversed as superseded.

Invariants:
- Only adds: every byte of the file is kept, the new bullets go at the end of `## {section}` (created at the
  end of the file if missing). A result shorter than the original is refused. Marking a bullet superseded
  keeps its whole text: `- old rule` becomes `- ~~old rule~~ (superseded DATE by: new rule)`, and
  `current_text` leaves such bullets out of what agents are given.
- A lesson is added only when no bullet already in the file, and no lesson added before it in the same call,
  is a near-duplicate: character-trigram Jaccard >= `jaccard` or containment >= `containment` (the share of
  the shorter text's trigrams found in the longer one, which catches a lesson restated with more words).
- Each write is atomic (temp file + os.replace) and preceded by a backup of the previous version at
  `NAME.bak` beside the file (`MEMORY.md.bak`, `rules.md.bak`), see `pipeline/atomic_file.py`.
Blocking (file IO): call from a thread in async code.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import structlog

from pipeline.atomic_file import backup_copy, write_atomic
from pipeline.memory_layout import is_starter_placeholder
from pipeline.redact import redact, strip_private
from pipeline.regular_file import read_regular

logger = structlog.get_logger(__name__)

MAX_LESSON_CHARS = 500
_BULLET = re.compile(r"^\s*[-*+]\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$")
_NOT_WORD = re.compile(r"[\W_]+")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SUPERSEDED = re.compile(r"^\s*[-*+]\s+~~(.+?)~~\s+\(superseded\b")
_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()


def trigrams(text: str) -> frozenset[str]:
    """Character trigrams of the text lowercased with punctuation folded to single spaces."""
    norm = " ".join(_NOT_WORD.sub(" ", text.lower()).split())
    if len(norm) < 3:
        return frozenset({norm}) if norm else frozenset()
    return frozenset(norm[i : i + 3] for i in range(len(norm) - 2))


def similarity(a: frozenset[str], b: frozenset[str]) -> tuple[float, float]:
    """(Jaccard, containment) of two trigram sets; both 0.0 when either is empty."""
    if not a or not b:
        return 0.0, 0.0
    common = len(a & b)
    return common / len(a | b), common / min(len(a), len(b))


def is_near_duplicate(
    candidate: frozenset[str], existing: Iterable[frozenset[str]], *, jaccard: float, containment: float
) -> bool:
    for other in existing:
        jac, con = similarity(candidate, other)
        if jac >= jaccard or con >= containment:
            return True
    return False


def clean_lesson(text: str) -> str:
    """One line, no bullet marker, no private span or secret, at most MAX_LESSON_CHARS."""
    line = " ".join(redact(strip_private(text)).split())
    if match := _BULLET.match(line):
        line = match.group(1)
    if len(line) > MAX_LESSON_CHARS:
        line = line[: MAX_LESSON_CHARS - 1] + "…"
    return line


def existing_bullets(text: str) -> list[str]:
    return [m.group(1) for line in text.splitlines() if (m := _BULLET.match(line))]


def is_superseded(line: str) -> bool:
    return bool(_SUPERSEDED.match(line))


def current_bullets(text: str) -> list[str]:
    """The bullets that are in force (not marked superseded, not MEMORY.md's starter placeholders: "(How you like
    to work: …)" is no rule, and judged as one it moved the rule lifecycle's centroid)."""
    return [
        m.group(1)
        for line in text.splitlines()
        if (m := _BULLET.match(line)) and not is_superseded(line) and not is_starter_placeholder(m.group(1))
    ]


def section_bullets(text: str, section: str) -> list[str]:
    """The bullets in force under `## section` (up to the next heading of level 1 or 2), as `current_bullets`."""
    found: list[str] = []
    inside = False
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) <= 2:
            inside = _is_section(line, section)
        elif (
            inside and (m := _BULLET.match(line)) and not is_superseded(line) and not is_starter_placeholder(m.group(1))
        ):
            found.append(m.group(1))
    return found


def superseded_bullets(text: str) -> list[str]:
    return [m.group(1) for line in text.splitlines() if (m := _SUPERSEDED.match(line))]


def current_text(text: str) -> str:
    """The file without its superseded bullets: what an agent is given."""
    return "".join(line for line in text.splitlines(keepends=True) if not is_superseded(line))


def apply_changes(
    path: Path,
    section: str,
    added: list[str],
    superseded: list[tuple[str, str]],
    *,
    when: str,
    recovered: Sequence[tuple[str, str]] = (),
) -> tuple[list[str], list[tuple[str, str]]]:
    """Append `added` bullets to `## section` and mark each `(old, new)` old bullet superseded by new.
    `recovered`: `(old, new)` where old was never a bullet (an earlier instruction a new rule replaces): it is
    written struck through just before new. Returns what was done (a bullet that changed meanwhile, or a
    duplicate, is left alone). Atomic, backed up, never shrinks the file. Blocking."""
    with _lock_for(path):
        for _attempt in range(3):
            original = path.read_text(encoding="utf-8") if path.exists() else ""
            present = {b.lower() for b in current_bullets(original)}
            adding = [b for b in dict.fromkeys(clean_lesson(a) for a in added) if b and b.lower() not in present]
            lines = original.splitlines(keepends=True)
            marked: list[tuple[str, str]] = []
            for old, new in superseded:
                for i, line in enumerate(lines):
                    match = _BULLET.match(line)
                    if match and match.group(1) == old and not is_superseded(line):
                        indent = line[: line.index(line.lstrip()[0])]
                        end = "\n" if line.endswith("\n") else ""
                        note = f" (superseded {when} by: {clean_lesson(new)})"
                        lines[i] = f"{indent}{line.lstrip()[0]} ~~{old}~~{note}{end}"
                        marked.append((old, new))
                        break
            if not adding and not marked:
                return [], []
            updated = "".join(lines)
            if adding:
                struck = {old.lower() for old in superseded_bullets(original)}
                before = {new: old for old, new in recovered if old.lower() not in struck | present}
                bullets = [
                    line
                    for new in adding
                    for line in (
                        *([f"~~{before[new]}~~ (superseded {when} by: {new})"] if new in before else []),
                        new,
                    )
                ]
                updated = insert_bullets(updated, section, bullets)
            if len(updated) < len(original) or not _keeps_every_line(original, updated, loose=bool(marked)):
                raise RuntimeError(f"refusing to shrink {path}")  # a bug, never a user's data loss
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if _digest(current) != _digest(original):
                continue  # a person saved the file while we worked: start again from theirs
            if path.exists():
                backup_copy(path)
            write_atomic(path, updated)
            logger.info("knowledge_updated", path=str(path), added=len(adding), superseded=len(marked))
            return adding, marked
        logger.warning("lessons_skipped", path=str(path), reason="file_kept_changing")
        return [], []


def add_lessons(
    path: Path,
    lessons: list[str],
    *,
    section: str = "Lessons",
    jaccard: float = 0.6,
    containment: float = 0.8,
) -> list[str]:
    """Append the lessons that are not near-duplicates; return those added (cleaned), in order.

    A missing file is created (with just the section). Nothing is written when nothing is new.
    """
    with _lock_for(path):
        for _attempt in range(3):
            original = read_regular(path).decode("utf-8") if path.exists() else ""
            added = _new_lessons(original, lessons, jaccard=jaccard, containment=containment)
            if not added:
                return []
            updated = insert_bullets(original, section, added)
            if len(updated) < len(original) or not _keeps_every_line(original, updated):
                raise RuntimeError(f"refusing to shrink {path}")  # a bug, never a user's data loss
            # Why the re-read: a person may save the file while we worked; never overwrite their edit.
            current = read_regular(path).decode("utf-8") if path.exists() else ""
            if _digest(current) != _digest(original):
                continue
            if path.exists():
                backup_copy(path)
            write_atomic(path, updated)
            logger.info("lessons_added", path=str(path), added=len(added), section=section)
            return added
        logger.warning("lessons_skipped", path=str(path), reason="file_kept_changing")
        return []


def _new_lessons(original: str, lessons: list[str], *, jaccard: float, containment: float) -> list[str]:
    known = [trigrams(b) for b in existing_bullets(original)]
    added: list[str] = []
    for raw in lessons:
        lesson = clean_lesson(raw)
        grams = trigrams(lesson)
        if not grams or is_near_duplicate(grams, known, jaccard=jaccard, containment=containment):
            continue
        known.append(grams)
        added.append(lesson)
    return added


def insert_bullets(text: str, section: str, bullets: list[str]) -> str:
    """`text` with `- bullet` lines appended at the end of its `## section` (or a new section at the end)."""
    lines = text.splitlines(keepends=True)
    block = [f"- {b}\n" for b in bullets]
    start = next((i for i, line in enumerate(lines) if _is_section(line, section)), None)
    if start is None:
        prefix = text if not text or text.endswith("\n") else text + "\n"
        gap = "\n" if prefix.strip() else ""
        return prefix + gap + f"## {section}\n" + "".join(block)
    end = len(lines)
    for i in range(start + 1, len(lines)):
        heading = _HEADING.match(lines[i])
        if heading and len(heading.group(1)) <= 2:
            end = i
            break
    last = end
    while last > start + 1 and not lines[last - 1].strip():
        last -= 1  # the new bullets go right after the section's last non-blank line
    if last > 0 and not lines[last - 1].endswith("\n"):
        lines[last - 1] += "\n"
    return "".join(lines[:last] + block + lines[last:])


def _is_section(line: str, section: str) -> bool:
    heading = _HEADING.match(line)
    return heading is not None and len(heading.group(1)) == 2 and heading.group(2).lower() == section.lower()


def _keeps_every_line(original: str, updated: str, *, loose: bool = False) -> bool:
    """Every original line is still there, in order (the new text only interleaves additions). `loose`: a
    line may also survive inside a longer one (a bullet marked superseded keeps its whole text)."""
    remaining = iter(updated.splitlines())

    def kept(line: str, other: str) -> bool:
        if line == other:
            return True
        match = _BULLET.match(line)
        return loose and match is not None and f"~~{match.group(1)}~~" in other

    return all(any(kept(line, other) for other in remaining) for line in original.splitlines())


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _lock_for(path: Path) -> threading.Lock:
    key = path.absolute()
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())
