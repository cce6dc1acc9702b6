"""Socket methods over facts.json: fact_add, fact_supersede, fact_archive, facts.

Invariant: the daemon is the only writer of facts.json while it runs, and one lock serialises its writes,
so two clients adding at once cannot both take the same next id.
"""

from __future__ import annotations

import asyncio
from typing import Any

from daemon.app import App
from daemon.capability_service import clock_of
from daemon.protocol import BadParams, Params
from daemon.rpc import method
from events.event import utc_timestamp
from pipeline.facts import FactsError, add_fact, archive_fact, list_facts, supersede_fact


def _lock(app: App) -> asyncio.Lock:
    lock: asyncio.Lock = app.components.setdefault("facts_lock", asyncio.Lock())
    return lock


@method("fact_add")
async def fact_add(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("project", "text", "category", "evidence"))
    project = p.str("project", required=True) or ""
    text = p.str("text", required=True) or ""
    now = utc_timestamp(clock_of(app)())
    async with _lock(app):
        try:
            fact, created = await asyncio.to_thread(
                add_fact,
                app.settings.home,
                project,
                text,
                now=now,
                category=p.str("category") or "general",
                evidence=p.str("evidence") or "",
            )
        except FactsError as exc:
            raise BadParams(str(exc)) from exc
    return {"fact": fact.to_json_obj(), "created": created}


@method("fact_supersede")
async def fact_supersede(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("id", "text", "evidence"))
    fact_id = p.str("id", required=True) or ""
    text = p.str("text", required=True) or ""
    now = utc_timestamp(clock_of(app)())
    async with _lock(app):
        try:
            old, new = await asyncio.to_thread(
                supersede_fact, app.settings.home, fact_id, text, now=now, evidence=p.str("evidence") or ""
            )
        except FactsError as exc:
            raise BadParams(str(exc)) from exc
    return {"superseded": old.to_json_obj(), "fact": new.to_json_obj()}


@method("fact_archive")
async def fact_archive(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("id",))
    fact_id = p.str("id", required=True) or ""
    async with _lock(app):
        try:
            fact = await asyncio.to_thread(archive_fact, app.settings.home, fact_id)
        except FactsError as exc:
            raise BadParams(str(exc)) from exc
    return {"fact": fact.to_json_obj()}


@method("facts")
async def facts(app: App, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("project", "all"))
    try:
        found = await asyncio.to_thread(list_facts, app.settings.home, p.str("project"), include_all=p.bool("all"))
    except FactsError as exc:
        raise BadParams(str(exc)) from exc
    return {"facts": [f.to_json_obj() for f in found]}
