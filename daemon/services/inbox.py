"""The inbox drop folder (`$MEMORYD_HOME/inbox/`), watched by a polling loop inside the daemon.

What a dropped file becomes:
- `*.md`: scrubbed and moved to `notes/NAME` (or its front matter's `destination:`); the watcher indexes it.
- `*.events.jsonl`: validated whole, scrubbed and appended to the log in one batch, or rejected whole (all or
  nothing: a half-imported file could not be retried without duplicates). `edit` events also reach the
  daily note (that is how hooks hand over edits made while the daemon was down).
- `*.jsonl`: a Claude Code transcript, summarised by `daemon/services/sessions.py` (`ID.stop.jsonl`, handed
  over by the Stop hook, once the session has been idle for `[inbox] session_idle_ms`).
- anything else, or anything that fails: `inbox/rejected/NAME` with `NAME.reason` beside it.

Invariants: a file is taken only once its size has been stable for `[inbox] stable_ms`; one failing file
never stops the loop (each file is an isolation boundary); an imported events file or note is recorded as an
`inbox_import` event carrying its sha256, so a file re-dropped after a crash is not appended twice.
Why polling and not watchfiles: the stability check needs a clock tick anyway, an inbox holds a handful of
files, and `os.scandir` of one directory every `poll_ms` costs microseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
from pathlib import Path
from typing import Any

import structlog

from daemon.app import App
from daemon.services.edits import EditRecorder
from daemon.services.sessions import SessionIngest
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

    async def run(self, stop: asyncio.Event) -> None:
        """Until `stop`: finish pending transcripts, then take every stable file, poll by poll."""
        await asyncio.to_thread(lambda: (self.dir / REJECTED_DIR).mkdir(parents=True, exist_ok=True))
        for gz in await self.sessions.resume_pending(stop):
            await self._reject(gz, "the transcript could not be summarised (see the daemon log); kept compressed")
        logger.info("inbox_watching", path=str(self.dir), poll_ms=round(self.poll_s * 1000))
        while not stop.is_set():
            ready = await asyncio.to_thread(self.tracker.ready, self.dir, time.monotonic())
            for path in ready:
                if stop.is_set():
                    break
                self.tracker.forget(path)
                await self.take(path, stop)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll_s):
                    await stop.wait()

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
            return
        except (Rejected, NotATranscript) as exc:
            await self._reject(path, str(exc))
            return
        except Exception as exc:  # isolation boundary: one file
            logger.exception("inbox_file_failed", file=path.name, kind=kind)
            await self._reject(path, f"internal error ({type(exc).__name__}: {exc}); see the daemon log")
            return
        self.counts[kind] += 1
        ms = round((time.perf_counter() - started) * 1000, 1)
        logger.info("inbox_taken", file=path.name, kind=kind, ms=ms, **result)

    async def _note(self, path: Path, data: bytes) -> dict[str, Any]:
        home = self.app.settings.home
        target = await asyncio.to_thread(place_note, home, path, data, emails=self.app.redact_emails)
        relative = target.relative_to(home).as_posix()
        sha = hashlib.sha256(data).hexdigest()
        await self.app.record([("inbox_import", {"file": path.name, "kind": "note", "path": relative, "sha256": sha})])
        await asyncio.to_thread(path.unlink)  # last: a crash before it re-imports (a -2 copy), never loses
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

    async def _already_imported(self, sha: str) -> bool:
        await self.app.projections_current()
        return await self.app.db.read(lambda conn: event_index.inbox_import_seen(conn, sha))

    async def _reject(self, path: Path, reason: str) -> None:
        try:
            target = await asyncio.to_thread(reject, self.dir, path, reason)
        except FileNotFoundError:
            return
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

        return {"path": str(self.dir), **await asyncio.to_thread(count), "taken": dict(self.counts)}


def start_inbox(
    app: App, tasks: asyncio.TaskGroup, stop: asyncio.Event, sessions: SessionIngest, edits: EditRecorder
) -> Inbox:
    """Start the inbox loop (owned by the daemon's TaskGroup) and its `status` section."""
    inbox = Inbox(app, sessions, edits)
    app.status_sections["inbox"] = inbox.status
    tasks.create_task(inbox.run(stop))
    return inbox
