"""Agent edits: the `edit` events and the daily note (`daily/YYYY-MM-DD.md`) they are written into.

Invariants:
- The daily note has one writer: this daemon, under one lock (the app's `home_writes`, also taken by a sync round
  while git rewrites files), so concurrent hooks never interleave an entry and a merge never loses one.
- What goes into the note or the log is scrubbed (`pipeline/scrub.py`) with the `[redaction] emails` setting.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

from daemon.app import App
from daemon.services.project_rules import ProjectRules
from events.event import parse_timestamp
from pipeline.agent.daily_note import Edit, add_edit
from pipeline.agent_path import folder_name
from pipeline.scrub import scrub, scrub_data


def display_path(path: str, cwd: str | None) -> str:
    """The path as a person reads it in the note: relative to the cwd when inside it, `~/...` under home."""
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1 :]
    home = str(Path.home())
    return "~" + path[len(home) :] if path.startswith(home + "/") else path


class EditRecorder:
    """Writes edits into the daily note (and the log); used by the `edit` method and by the inbox."""

    def __init__(self, app: App, projects: ProjectRules) -> None:
        self.app = app
        self.projects = projects
        self._lock = app.home_writes

    def project_name(self, cwd: str | None) -> str:
        """The project an edit belongs to in the daily note: a known project folder, else the cwd's folder name."""
        return self.projects.project_of(cwd) or folder_name(cwd or "") or "unknown"

    def edit_from_data(self, data: dict[str, Any]) -> Edit:
        """An `edit` event's payload as a daily-note `Edit` (scrubbed; paths relative to cwd when inside it)."""
        emails = self.app.redact_emails
        cwd = data["cwd"] if isinstance(data.get("cwd"), str) else None
        at = parse_timestamp(data["at"]) if isinstance(data.get("at"), str) else dt.datetime.now(dt.UTC)
        files = tuple(scrub(display_path(f, cwd), emails=emails) for f in data.get("files", []) if isinstance(f, str))
        project = data["project"] if isinstance(data.get("project"), str) else None
        tool = data["tool"] if isinstance(data.get("tool"), str) else "Edit"
        return Edit(
            at=at,
            project=scrub(project or self.project_name(cwd), emails=emails),
            tool=scrub(tool, emails=emails),
            files=files,
        )

    async def record(self, payloads: list[dict[str, Any]], *, log: bool) -> list[str]:
        """Append the `edit` events (when `log`) and, while they are written, write each edit into its daily
        note (one writer, under the lock). Returns the notes' paths relative to the home. An edit whose
        idempotency key is already in the log (a hook's request that arrived after its spooled copy, or the
        reverse) is not written again. The inbox passes `log=False` with the edits it appended itself. A crash
        between the note's write and the events' fsync leaves the note with an edit the log lacks; the hook
        then spools it, and its import counts the tool once more in the note."""
        written: list[str] = []

        async def write_notes(indices: list[int]) -> None:
            written.extend(await self._write_notes([payloads[i] for i in indices]))

        if log:
            emails = self.app.redact_emails
            drafts: list[tuple[str, dict[str, Any]]] = [("edit", scrub_data(d, emails=emails)) for d in payloads]
            # Why alongside: the note is written (and fsynced) while the events are, not after them
            await self.app.record_once(drafts, alongside=write_notes)
        else:
            await write_notes(list(range(len(payloads))))
        return written

    async def _write_notes(self, payloads: list[dict[str, Any]]) -> list[str]:
        home = self.app.settings.home
        written = []
        async with self._lock:
            for data in payloads:
                note = self.edit_from_data(data)
                if not note.files:
                    continue
                path = await asyncio.to_thread(add_edit, home / "daily", note)
                written.append(path.relative_to(home).as_posix())
        return written
