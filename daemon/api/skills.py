"""The `skills` socket method: the registry of SKILL.md files and MCP servers, and recommendations."""

from __future__ import annotations

from typing import Any

from daemon.api.registry import api
from daemon.rpc.protocol import Params
from daemon.services.container import Services


@api.method("skills")
async def skills(services: Services, params: dict[str, Any]) -> dict[str, Any]:
    """{refresh?: bool, query?: str} -> the registry (and, with `query`, the scored recommendations)."""
    p = Params(params, ("refresh", "query"))
    service = services.skills
    if p.bool("refresh"):
        await service.refresh(force=True)
    result = service.listing()
    if query := p.str("query"):
        result["recommended"] = [
            {"kind": r.kind, "name": r.name, "score": r.score, "description": r.description}
            for r in await service.recommend(query)
        ]
    return result
