"""What reached the agent: sessions newest first with their outcome; one session's requests for context, each
with the memories, rules and skills it was given (relevance, characters) or why it got nothing (the floor,
repeats held back); and what memory cost per day and per kind of request, as a chart.

Reads `sessions`, `events` (one session's), `injection_days` and `injections`; all paginated or bounded by a
period, so a year of events costs no page more than its page.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from daemon.client.ui import chart
from daemon.client.ui.app import PAGE_SIZE, guarded, ui_of

SESSION_EVENTS = 2000
PERIODS = (7, 30, 90, 365)
SHOWN_TYPES = ("injection", "outcome", "session_summary", "signal", "resolution", "knowledge", "compaction", "ref")


def _page_number(request: Request) -> int:
    try:
        return max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        return 1


async def sessions_page(request: Request) -> Response:
    ui = ui_of(request)
    page = _page_number(request)
    result = await ui.ask("sessions", {"limit": PAGE_SIZE, "offset": (page - 1) * PAGE_SIZE})
    pages = max(1, -(-result["total"] // PAGE_SIZE))
    return ui.page(
        request,
        "sessions.html",
        title="Sessions",
        sessions=result["sessions"],
        total=result["total"],
        page=page,
        pages=pages,
    )


async def session_page(request: Request) -> Response:
    ui = ui_of(request)
    session = request.path_params["session_id"]
    found = await ui.ask("events", {"session_id": session, "limit": SESSION_EVENTS})
    events = list(reversed(found["events"]))  # oldest first: the session as it went
    requests = [_request(e) for e in events if e["type"] == "injection"]
    outcome = next((e["data"] for e in reversed(events) if e["type"] == "outcome"), None)
    summary = next((e["data"] for e in reversed(events) if e["type"] == "session_summary"), None)
    others = [e for e in events if e["type"] in SHOWN_TYPES and e["type"] != "injection"]
    counts: dict[str, int] = {}
    for event in events:
        counts[event["type"]] = counts.get(event["type"], 0) + 1
    return ui.page(
        request,
        "session.html",
        title=f"Session {session}",
        session_id=session,
        requests=requests,
        outcome=outcome,
        summary=summary,
        others=others,
        counts=sorted(counts.items()),
        truncated=len(events) >= SESSION_EVENTS,
        gave=sum(1 for r in requests if r["used"]),
    )


def _request(event: dict[str, Any]) -> dict[str, Any]:
    """One context request: what it gave, memory by memory, and what it held back."""
    data = event["data"]
    paths = data.get("paths") or []
    relevance = data.get("relevance") or []
    memories = [{"ref": p, "relevance": relevance[i] if i < len(relevance) else None} for i, p in enumerate(paths)]
    return {
        "id": event["id"],
        "ts": event["ts"],
        "kind": data.get("kind", "unknown"),
        "agent_id": data.get("agent_id"),
        "project": data.get("project"),
        "memories": memories,
        "item_count": len(data.get("items") or []),
        "skills": data.get("skills") or [],
        "files": data.get("files") or [],
        "used": int(data.get("used") or 0),
        "budget": data.get("budget"),
        "tokens": data.get("tokens"),
        "repeats": int(data.get("repeats") or 0),
        "below_floor": int(data.get("below_floor") or 0),
        "min_relevance": data.get("min_relevance"),
    }


def memory_link(ref: str) -> str:
    """`path:12-20` -> the file view with those lines marked."""
    path, _, lines = ref.rpartition(":")
    if not path or not lines.replace("-", "").isdigit():
        return "/file?" + _query(path=ref)
    start, _, end = lines.partition("-")
    return "/file?" + _query(path=path, start=start, end=end or start) + "#hit"


def _query(**params: str) -> str:
    return urlencode(params)


async def cost_page(request: Request) -> Response:
    ui = ui_of(request)
    try:
        days = int(request.query_params.get("days", "30"))
    except ValueError:
        days = 30
    days = days if days in PERIODS else 30
    today = dt.datetime.now(dt.UTC).date()
    first = today - dt.timedelta(days=days - 1)
    stats = await ui.ask("injection_days", {"since": first.isoformat(), "until": today.isoformat(), "top": 15})
    held = await ui.ask("injections", {"all": True, "limit": 200, "since": first.isoformat()})
    nothing = [_request({"id": i["id"], "ts": i["ts"], "data": i}) for i in held["injections"] if not i.get("used")]
    drawn = chart.build(stats.get("by_day_kind") or {}, first, today)
    return ui.page(
        request,
        "cost.html",
        title="What memory cost",
        stats=stats,
        chart=drawn,
        days=days,
        periods=PERIODS,
        nothing=nothing[:50],
    )


ROUTES = [
    Route("/sessions", guarded(sessions_page), name="sessions"),
    Route("/session/{session_id:path}", guarded(session_page), name="session"),
    Route("/cost", guarded(cost_page), name="cost"),
]
