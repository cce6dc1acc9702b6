"""Socket methods over facts.json: fact_add, fact_supersede, fact_archive, facts."""

from __future__ import annotations

from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services


@api.method("fact_add")
async def fact_add(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("project", "text", "category", "evidence", "create"))
    project = p.str("project", required=True) or ""
    text = p.str("text", required=True) or ""
    fact, created, similar = await services.facts.add(
        project,
        text,
        category=p.str("category") or "general",
        evidence=p.str("evidence") or "",
        create=p.bool("create"),
    )
    return {"fact": fact.to_json_obj(), "created": created, "similar": [f.to_json_obj() for f in similar]}


@api.method("fact_supersede")
async def fact_supersede(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("id", "text", "evidence"))
    fact_id = p.str("id", required=True) or ""
    text = p.str("text", required=True) or ""
    old, new = await services.facts.supersede(fact_id, text, evidence=p.str("evidence") or "")
    return {"superseded": old.to_json_obj(), "fact": new.to_json_obj()}


@api.method("fact_archive")
async def fact_archive(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("id",))
    fact = await services.facts.archive(p.str("id", required=True) or "")
    return {"fact": fact.to_json_obj()}


@api.method("facts")
async def facts(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    p = Params(params, ("project", "all"))
    found = await services.facts.listed(p.str("project"), include_all=p.bool("all"))
    return {"facts": [f.to_json_obj() for f in found]}
