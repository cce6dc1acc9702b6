"""The inbox drop folder's file handling: which files are ready, what kind they are, where they go.

Invariants:
- A file is taken only after its size and mtime stayed the same for the stable interval, so a file still
  being written (a slow copy, a transcript Claude Code still appends to) is never taken half. A transcript
  handed over by the Stop hook (`ID.stop.jsonl`, a link to the live session) waits for the longer idle
  interval: the session goes on after every Stop, and summarising it after each answer would be waste.
- Dotfiles and temp names (`.x.tmp`, `*.part`) are never taken: writers create under such a name and rename.
- Nothing dropped is lost: a file is either moved into the memory home, kept compressed, or moved to
  `inbox/rejected/` with `NAME.reason` beside it. Names never overwrite: a clash gets a `-2`, `-3` suffix.
- Only regular files are ever opened (a FIFO would block the reader forever); a name longer than
  `MAX_NAME_BYTES` is rejected, under a shortened name, since the names derived from it would not fit.
- Placing a note is idempotent: a note whose scrubbed bytes are already at its destination (an earlier attempt
  that crashed before the inbox copy was removed) is not copied again.
- A note's front-matter `destination:` is confined to the memory home and kept out of the daemon's own
  directories (state, events, run, inbox, logs).
Blocking (file IO): call from a thread in async code.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import orjson

from events.schema import InvalidEvent, validate
from pipeline.atomic_file import fit_name, write_atomic
from pipeline.frontmatter import split_front_matter
from pipeline.ingest.roots import HOME_EXCLUDED_DIRS, is_ignored_name
from pipeline.memory_layout import LIVE_SESSION_SUFFIX
from pipeline.regular_file import read_regular
from pipeline.scrub import scrub, scrub_data

REJECTED_DIR = "rejected"
NOTES_DIR = "notes"
MAX_EVENTS_PER_FILE = 100_000
MAX_REPORTED_ERRORS = 20
# Why 200: a taken name grows (`-2`, `.reason`, `.NAME.PID.memoryd-tmp`, `.bak`) and must stay under 255 bytes.
MAX_NAME_BYTES = 200


class Rejected(Exception):
    """This file cannot be taken; the message is what goes into its `.reason` file."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    size: int
    mtime_ns: int


class StabilityTracker:
    """Remembers each candidate's last (size, mtime) and since when it has not changed."""

    def __init__(self, stable_seconds: float, idle_seconds: float | None = None) -> None:
        self.stable_seconds = stable_seconds
        self.idle_seconds = stable_seconds if idle_seconds is None else max(idle_seconds, stable_seconds)
        self._seen: dict[Path, tuple[Snapshot, float]] = {}

    def ready(self, inbox: Path, now: float) -> list[Path]:
        """Candidates unchanged for the stable interval, oldest name first. Forgets vanished files."""
        current: dict[Path, Snapshot] = {}
        for path in candidates(inbox):
            try:
                st = path.lstat()  # a dangling symlink is still an entry to reject
            except FileNotFoundError:
                continue
            current[path] = Snapshot(st.st_size, st.st_mtime_ns)
        ready = []
        for path, snap in current.items():
            previous = self._seen.get(path)
            if previous is None or previous[0] != snap:
                self._seen[path] = (snap, now)
            elif now - previous[1] >= self._interval(path):
                ready.append(path)
        for gone in set(self._seen) - set(current):
            del self._seen[gone]
        return sorted(ready)

    def _interval(self, path: Path) -> float:
        return self.idle_seconds if path.name.endswith(LIVE_SESSION_SUFFIX) else self.stable_seconds

    def forget(self, path: Path) -> None:
        self._seen.pop(path, None)


def candidates(inbox: Path) -> list[Path]:
    """Entries directly in the inbox that a writer has finished naming (files, and the folders and symlinks
    that `kind_of`/`check_entry` will reject: left alone, they would sit there unexplained)."""
    try:
        entries = list(os.scandir(inbox))
    except FileNotFoundError:
        return []
    return sorted(
        Path(e.path)
        for e in entries
        if not is_ignored_name(e.name) and not e.name.endswith(".reason") and e.name != REJECTED_DIR
    )


def check_entry(path: Path) -> None:
    """Raise Rejected for what the inbox never reads: a symlink (it could point anywhere), a folder, a FIFO,
    socket or device (reading one could block forever), or a name too long to derive names from."""
    st = path.lstat()
    if stat.S_ISLNK(st.st_mode):
        raise Rejected("a symlink is not followed (it could point anywhere); drop the file itself")
    if stat.S_ISDIR(st.st_mode):
        raise Rejected("a folder is not taken; drop its files one by one")
    if not stat.S_ISREG(st.st_mode):
        raise Rejected("not a regular file (a FIFO, socket or device is never opened); drop a file")
    size = len(os.fsencode(path.name))
    if size > MAX_NAME_BYTES:
        raise Rejected(
            f"the name is {size} bytes; the inbox takes names of at most {MAX_NAME_BYTES} bytes."
            f" Rename the file and drop it again. Its name was: {path.name}"
        )


def kind_of(path: Path) -> str | None:
    """`note`, `events`, `transcript`, or None for a type the inbox does not take."""
    name = path.name.lower()
    if name.endswith((".md", ".markdown")):
        return "note"
    if name.endswith(".events.jsonl"):
        return "events"
    if name.endswith(".jsonl"):
        return "transcript"
    return None


def unique_path(path: Path) -> Path:
    """`path`, or `stem-2.ext`, `stem-3.ext`, ... whichever does not exist yet."""
    if not path.exists():
        return path
    stem, dot, rest = path.name.partition(".")
    suffix = dot + rest
    n = 2
    while (candidate := path.with_name(f"{stem}-{n}{suffix}")).exists():
        n += 1
    return candidate


def reject(inbox: Path, path: Path, reason: str) -> Path:
    """Move `path` to `inbox/rejected/` (under a shortened name when its own is too long) and write the reason
    beside it. Returns the new path."""
    target = unique_path(inbox / REJECTED_DIR / fit_name(path.name, MAX_NAME_BYTES - 8))
    target.parent.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    # Why the reason first: whoever sees the rejected file can read why at once.
    write_atomic(target.with_name(target.name + ".reason"), f"{stamp} {path.name}\n{reason.rstrip()}\n")
    os.replace(path, target)
    return target


def read_utf8(path: Path, max_bytes: int) -> bytes:
    """The file's bytes (a regular file only, opened without blocking). Raises Rejected when it is too large."""
    data = read_regular(path, max_bytes)
    if len(data) > max_bytes:
        size = path.stat().st_size
        raise Rejected(f"file is {size} bytes; the inbox takes at most {max_bytes} ([inbox] max_file_bytes)")
    return data


def place_note(home: Path, path: Path, data: bytes, *, emails: bool) -> Path:
    """Write the scrubbed note to its destination (front matter `destination:`, else `notes/NAME`) and return
    it; the caller removes the inbox copy once the import is logged. Raises Rejected."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Rejected(f"not valid UTF-8 (byte {exc.start}); save the note as UTF-8 and drop it again") from exc
    destination = split_front_matter(text).metadata.get("destination")
    scrubbed = scrub(text, emails=emails).encode("utf-8")
    target = note_destination(home, path.name, destination)
    if (placed := placed_copy(target, scrubbed)) is not None:
        return placed
    target = unique_path(target)
    write_atomic(target, scrubbed)
    return target


def placed_copy(target: Path, data: bytes) -> Path | None:
    """`target` or one of its `-N` variants when it already holds exactly `data`, else None.

    Why: a crash between writing the note and removing its inbox copy takes the note again at the next start;
    without this, that would leave a `-2` duplicate of every such note."""
    stem, dot, rest = target.name.partition(".")
    candidate, n = target, 2
    while candidate.exists():
        try:
            if candidate.stat().st_size == len(data) and read_regular(candidate) == data:
                return candidate
        except OSError:
            pass
        candidate = target.with_name(f"{stem}-{n}{dot}{rest}")
        n += 1
    return None


def note_destination(home: Path, name: str, destination: Any) -> Path:
    """Where a dropped note goes: `destination` (a folder ending in `/`, or a file path; relative to the
    memory home) or `notes/NAME`. Raises Rejected when it would leave the home or enter a daemon directory."""
    if destination is None or destination == "":
        return home / NOTES_DIR / name
    if not isinstance(destination, str):
        raise Rejected("front matter 'destination' must be a path relative to the memory home")
    relative = PurePosixPath(destination.strip())
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise Rejected(f"destination {destination!r} must be a relative path inside the memory home, without '..'")
    if relative.parts[0] in HOME_EXCLUDED_DIRS or any(is_ignored_name(p) for p in relative.parts):
        raise Rejected(f"destination {destination!r} is a memoryd directory or a hidden path; not written")
    target = home.joinpath(*relative.parts)
    if destination.strip().endswith("/") or not relative.name.lower().endswith((".md", ".markdown")):
        target = target / name
    real_home = Path(os.path.realpath(home))
    real_parent = Path(os.path.realpath(target.parent))
    if real_parent != real_home and real_home not in real_parent.parents:
        raise Rejected(f"destination {destination!r} resolves outside the memory home (a symlink?); not written")
    return target


def parse_events_file(data: bytes, *, emails: bool) -> list[tuple[str, dict[str, Any]]]:
    """Every line as a scrubbed (type, data) draft, or Rejected listing the bad lines: all or nothing.

    A line is `{"type": ..., "data": {...}}`; `v`, `id` and `ts` may be present (an exported log line) and are
    dropped: the daemon gives each imported event a new id and time. Blank lines are skipped.
    """
    drafts: list[tuple[str, dict[str, Any]]] = []
    errors: list[str] = []
    for number, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            obj = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            errors.append(f"line {number}: not valid JSON ({exc})")
            continue
        if not isinstance(obj, dict) or set(obj) - {"type", "data", "v", "id", "ts"}:
            errors.append(f"line {number}: must be an object with 'type' and 'data' (and optionally v, id, ts)")
            continue
        try:
            validate(obj.get("type"), obj.get("data"))
        except InvalidEvent as exc:
            errors.append(f"line {number}: {exc}")
            continue
        drafts.append((obj["type"], scrub_data(obj["data"], emails=emails)))
    if errors:
        shown = errors[:MAX_REPORTED_ERRORS]
        more = len(errors) - len(shown)
        raise Rejected(
            "nothing was appended (a file is taken whole or not at all):\n"
            + "\n".join(shown)
            + (f"\n... and {more} more" if more else "")
        )
    if not drafts:
        raise Rejected("no events in the file")
    if len(drafts) > MAX_EVENTS_PER_FILE:
        raise Rejected(f"{len(drafts)} events; at most {MAX_EVENTS_PER_FILE} per file (split it)")
    return drafts
