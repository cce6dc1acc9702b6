"""The inbox drop folder (`$MEMORYD_HOME/inbox/`), watched by a polling loop inside the daemon.

What a dropped file becomes:
- `*.md`: scrubbed and moved to `notes/NAME` (or its front matter's `destination:`); the watcher indexes it.
- `*.events.jsonl`: validated whole, scrubbed and appended to the log in one batch, or rejected whole (all or
  nothing: a half-imported file could not be retried without duplicates). `edit` events also reach the
  daily note (that is how hooks hand over edits made while the daemon was down).
- `*.jsonl`: a Claude Code transcript, summarised by `daemon/services/transcripts/sessions.py` (`ID.stop.jsonl`, handed
  over by the Stop hook, once the session has been idle for `[inbox] session_idle_ms`).
- anything else, or anything that fails: `inbox/rejected/NAME` with `NAME.reason` beside it.

Invariants: a file is taken only once its size has been stable for `[inbox] stable_ms`; one failing file
never stops the loop (each file is an isolation boundary); an imported events file or note is recorded as an
`inbox_import` event carrying its sha256, so a file re-dropped after a crash is not appended twice (the receipt
is in the same atomic batch as the events, see events/log.py, so a crash leaves both or neither).
A file that fails for a reason that passes (a full disk, no file descriptors left, or `rejected/` not writable) is
never rejected for it: it stays in the inbox, `status` lists it under `deferred` with the reason, and it is tried
again after 1 s, 2 s, 4 s ... (at most a minute apart). Hooks spool into the inbox exactly when things go wrong.
Why polling and not watchfiles: the stability check needs a clock tick anyway, an inbox holds a handful of
files, and `os.scandir` of one directory every `poll_ms` costs microseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.services.edits import EditRecorder
from daemon.services.transcripts.sessions import SessionIngest
from events.queries import event_index
from pipeline.agent.inbox_files import (
    REJECTED_DIR,
    Rejected,
    StabilityTracker,
    candidates,
    check_entry,
    kind_of,
    parse_events_file,
    place_note,
    read_utf8,
    reject,
)
from pipeline.agent.transcript import NotATranscript

logger = structlog.get_logger(__name__)

UNSUPPORTED = "unsupported file type: the inbox takes .md notes, Claude Code .jsonl transcripts and .events.jsonl"
# Errors that pass by themselves: the file is kept and tried again, never rejected for them.
TRANSIENT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EMFILE, errno.ENFILE, errno.ENOMEM})
DISK_FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
RETRY_FIRST_S, RETRY_MAX_S = 1.0, 60.0


def is_transient(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in TRANSIENT_ERRNOS


def describe(exc: BaseException) -> str:
    """`disk full (...)` for the disk-full family, else the error itself."""
    if isinstance(exc, OSError) and exc.errno in DISK_FULL_ERRNOS:
        return f"disk full ({exc.strerror or exc})"
    return f"{type(exc).__name__}: {exc}"


@dataclass
class Deferral:
    """A file kept in the inbox after a failure that may pass, and when it is tried again."""

    reason: str
    attempts: int
    retry_at: float  # time.monotonic()


class Inbox:
    """Owns the inbox loop; one instance per daemon, run by the daemon's TaskGroup."""

    def __init__(self, app: App, sessions: SessionIngest, edits: EditRecorder) -> None:
        self.app = app
        self.sessions = sessions
        self.edits = edits
        self.dir = app.settings.home / "inbox"
        self.poll_s = app.settings.inbox.poll_ms / 1000
        self.max_bytes = app.settings.inbox.max_file_bytes
        self.tracker = StabilityTracker(app.settings.inbox.stable_ms / 1000, app.settings.inbox.session_idle_ms / 1000)
        self.counts: dict[str, int] = {"note": 0, "events": 0, "transcript": 0, "rejected": 0}
        self.deferred: dict[Path, Deferral] = {}
        self._resume_at: float | None = 0.0  # when to (re)try the transcripts left in pending/

    async def run(self, stop: asyncio.Event) -> None:
        """Until `stop`: finish pending transcripts, then take every stable file, poll by poll. Runs under the
        supervisor: whatever escapes (e.g. the inbox cannot be listed) restarts it after a backoff."""
        await asyncio.to_thread(lambda: (self.dir / REJECTED_DIR).mkdir(parents=True, exist_ok=True))
        logger.info("inbox_watching", path=str(self.dir), poll_ms=round(self.poll_s * 1000))
        while not stop.is_set():
            now = time.monotonic()
            if self._resume_at is not None and now >= self._resume_at:
                await self._resume_transcripts(stop)
            ready = await asyncio.to_thread(self.tracker.ready, self.dir, now)
            for path in ready:
                if stop.is_set():
                    break
                deferral = self.deferred.get(path)
                if deferral is not None and time.monotonic() < deferral.retry_at:
                    continue
                self.tracker.forget(path)
                await self.take(path, stop)
            await asyncio.to_thread(self._forget_vanished)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll_s):
                    await stop.wait()

    async def _resume_transcripts(self, stop: asyncio.Event) -> None:
        self._resume_at = None
        for gz, exc in await self.sessions.resume_pending(stop):
            if is_transient(exc):  # e.g. a full disk: the transcript stays pending and is tried again later
                self._resume_at = time.monotonic() + RETRY_MAX_S
                continue
            await self._reject(gz, "the transcript could not be summarised (see the daemon log); kept compressed")

    def _defer(self, path: Path, reason: str) -> None:
        """Keep `path` in the inbox and try it again later, each time twice as late (at most a minute)."""
        previous = self.deferred.get(path)
        attempts = previous.attempts + 1 if previous else 1
        delay = min(RETRY_FIRST_S * 2 ** (attempts - 1), RETRY_MAX_S)
        self.deferred[path] = Deferral(reason, attempts, time.monotonic() + delay)
        logger.warning("inbox_deferred", file=path.name, reason=reason, attempts=attempts, retry_in_s=delay)

    def _forget_vanished(self) -> None:
        for path in [p for p in self.deferred if not p.exists() and not p.is_symlink()]:
            del self.deferred[path]

    async def take(self, path: Path, stop: asyncio.Event) -> None:
        """Take one file. Never raises except on cancellation: a failure moves the file to rejected/."""
        kind = kind_of(path)
        started = time.perf_counter()
        try:
            await asyncio.to_thread(check_entry, path)
            if kind is None:
                raise Rejected(UNSUPPORTED)
            data = await asyncio.to_thread(read_utf8, path, self.max_bytes)
            if kind == "note":
                result = await self._note(path, data)
            elif kind == "events":
                result = await self._events(path, data)
            else:
                result = await self.sessions.ingest(path, data, stop)
        except FileNotFoundError:
            logger.info("inbox_file_vanished", file=path.name)
            self.deferred.pop(path, None)
            return
        except (Rejected, NotATranscript) as exc:
            await self._reject(path, str(exc))
            return
        except Exception as exc:  # isolation boundary: one file
            if is_transient(exc) or is_transient(exc.__cause__ or exc):
                self._defer(path, f"{describe(exc.__cause__ or exc)}: kept in the inbox, tried again later")
                if kind == "transcript":
                    self._resume_at = time.monotonic() + RETRY_FIRST_S
                return
            logger.exception("inbox_file_failed", file=path.name, kind=kind)
            await self._reject(path, f"internal error ({type(exc).__name__}: {exc}); see the daemon log")
            return
        self.deferred.pop(path, None)
        self.counts[kind] += 1
        ms = round((time.perf_counter() - started) * 1000, 1)
        logger.info("inbox_taken", file=path.name, kind=kind, ms=ms, **result)

    async def _note(self, path: Path, data: bytes) -> dict[str, Any]:
        home = self.app.settings.home
        sha = hashlib.sha256(data).hexdigest()
        target = await asyncio.to_thread(place_note, home, path, data, emails=self.app.redact_emails)
        relative = target.relative_to(home).as_posix()
        if not await self._already_imported(sha, relative):
            receipt = {"file": path.name, "kind": "note", "path": relative, "sha256": sha}
            await self.app.record([("inbox_import", receipt)])
        # Last: a crash before this takes the note again, and `place_note` finds it already placed.
        await asyncio.to_thread(path.unlink)
        return {"path": relative}

    async def _events(self, path: Path, data: bytes) -> dict[str, Any]:
        drafts = await asyncio.to_thread(parse_events_file, data, emails=self.app.redact_emails)
        sha = hashlib.sha256(data).hexdigest()
        if await self._already_imported(sha):
            await asyncio.to_thread(path.unlink)
            return {"skipped": "already_imported"}
        receipt = {"file": path.name, "kind": "events", "events": len(drafts), "sha256": sha}
        # One batch: the receipt lands with them. A draft whose idempotency key is already in the log (a hook
        # that timed out and spooled what the daemon had applied after all) is left out.
        appended = await self.app.record_once([*drafts, ("inbox_import", receipt)])
        fresh = [draft for draft, (_, new) in zip(drafts, appended, strict=False) if new]
        edits = [data for kind, data in fresh if kind == "edit"]
        if edits:
            await self.edits.record(edits, log=False)
        await asyncio.to_thread(path.unlink)
        return {"events": len(fresh), "duplicates": len(drafts) - len(fresh)}

    async def _already_imported(self, sha: str, path: str | None = None) -> bool:
        await self.app.projections_current()
        return await self.app.db.read(lambda conn: event_index.inbox_import_seen(conn, sha, path))

    async def _reject(self, path: Path, reason: str) -> None:
        try:
            target = await asyncio.to_thread(reject, self.dir, path, reason)
        except FileNotFoundError:
            self.deferred.pop(path, None)
            return
        except OSError as exc:  # e.g. a full disk: the `.reason` cannot be written; keep the file, try later
            first = reason.splitlines()[0]
            self._defer(path, f"{first}; and it could not be moved to rejected/ ({describe(exc)}): kept in the inbox")
            return
        self.deferred.pop(path, None)
        self.counts["rejected"] += 1
        logger.warning("inbox_rejected", file=path.name, moved_to=str(target), reason=reason.splitlines()[0])

    async def status(self) -> dict[str, Any]:
        def count() -> dict[str, int]:
            folder = self.dir / REJECTED_DIR
            names = [p.name for p in folder.iterdir()] if folder.is_dir() else []
            return {
                "waiting": len(candidates(self.dir)),
                "rejected_files": sum(1 for n in names if not n.endswith(".reason") and not n.startswith(".")),
                "transcripts_pending": sum(1 for _ in self.sessions.pending_dir.glob("*.jsonl.gz")),
            }

        now = time.monotonic()
        deferred = [
            {
                "file": path.name,
                "reason": d.reason,
                "attempts": d.attempts,
                "retry_in_s": round(max(0.0, d.retry_at - now), 1),
            }
            for path, d in sorted(self.deferred.items())
        ]
        return {
            "path": str(self.dir),
            **await asyncio.to_thread(count),
            "taken": dict(self.counts),
            "deferred": deferred,
        }


def start_inbox(
    app: App, tasks: asyncio.TaskGroup, stop: asyncio.Event, sessions: SessionIngest, edits: EditRecorder
) -> Inbox:
    """Start the inbox loop (owned by the daemon's TaskGroup) and its `status` section."""
    inbox = Inbox(app, sessions, edits)
    app.status_sections["inbox"] = inbox.status
    app.supervise(tasks, "inbox", lambda: inbox.run(stop), stop)
    return inbox
