"""Project facts (`areas/projects/P/facts.json`) as the daemon writes them: one lock around every write.

Invariant: the daemon is the only writer of facts.json on its machine while it runs, and one lock (the app's
`home_writes`, which a sync round also takes while git rewrites files) serialises its writes, so two clients
adding at once cannot both take the same next id. Ids carry the machine id, so other machines cannot either.
"""

from __future__ import annotations

import asyncio

from daemon.app import App
from daemon.services.errors import InvalidInput
from events.event import utc_timestamp
from pipeline.learning.facts import (
    Fact,
    FactsError,
    add_fact,
    archive_fact,
    list_facts,
    similar_facts,
    supersede_fact,
)


class FactStore:
    def __init__(self, app: App) -> None:
        self.app = app
        self._lock = app.home_writes
        self.machine = app.settings.machine

    async def add(
        self, project: str, text: str, *, category: str, evidence: str, create: bool = False
    ) -> tuple[Fact, bool, list[Fact]]:
        """Add an active fact. Returns it, whether it was created (False: an equal active one exists) and the
        near-duplicates already in the file (any status), which the person is warned about. An unknown
        project is refused unless `create`."""
        now = utc_timestamp(self.app.clock())
        home, lessons = self.app.settings.home, self.app.settings.lessons
        async with self._lock:
            try:
                similar = await asyncio.to_thread(
                    similar_facts, home, project, text, jaccard=lessons.jaccard, containment=lessons.containment
                )
                fact, created = await asyncio.to_thread(
                    add_fact,
                    home,
                    project,
                    text,
                    now=now,
                    category=category,
                    evidence=evidence,
                    create=create,
                    machine=self.machine,
                )
            except FactsError as exc:
                raise InvalidInput(str(exc)) from exc
        return fact, created, [f for f in similar if f.id != fact.id]

    async def supersede(self, fact_id: str, text: str, *, evidence: str) -> tuple[Fact, Fact]:
        """Replace a fact; returns (the old one, now superseded; the new one)."""
        now = utc_timestamp(self.app.clock())
        async with self._lock:
            try:
                return await asyncio.to_thread(
                    supersede_fact,
                    self.app.settings.home,
                    fact_id,
                    text,
                    now=now,
                    evidence=evidence,
                    machine=self.machine,
                )
            except FactsError as exc:
                raise InvalidInput(str(exc)) from exc

    async def archive(self, fact_id: str) -> Fact:
        async with self._lock:
            try:
                return await asyncio.to_thread(archive_fact, self.app.settings.home, fact_id)
            except FactsError as exc:
                raise InvalidInput(str(exc)) from exc

    async def listed(self, project: str | None, *, include_all: bool) -> list[Fact]:
        try:
            return await asyncio.to_thread(list_facts, self.app.settings.home, project, include_all=include_all)
        except FactsError as exc:
            raise InvalidInput(str(exc)) from exc
