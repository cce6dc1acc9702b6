"""Search and a memory file: the query box (mode, filters, the `--explain` evidence of each hit), the file a hit
opens (rendered, its lines marked), and forgetting or weighting those lines, each after a confirmation.

A search from the view is a search like any other: it is an `access` event, so its hits gain importance and
recency exactly as from the CLI. Forget and importance are POSTs that first answer with a confirmation page
(no JavaScript needed); only the form on that page, with `confirm=yes`, acts.
"""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from daemon.client.ui.app import guarded, ui_of
from daemon.client.ui.markdown_view import render

MODES = ("hybrid", "bm25", "vector")
SOURCES = ("", "memory", "sessions", "daily", "areas", "extra")
WINDOW_LINES = 2000  # the most `get` answers at once
EXPLAIN_ORDER = ("relevance", "bm25", "cosine", "coverage", "rrf_bm25", "rrf_vector", "importance", "recency")


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    try:
        value = int(raw) if raw else default
    except ValueError:
        return default
    return max(low, min(high, value))


def _float(raw: str | None) -> float | None:
    try:
        value = float(raw) if raw else None
    except ValueError:
        return None
    return value if value is not None and math.isfinite(value) else None


async def search_page(request: Request) -> Response:
    ui = ui_of(request)
    q = request.query_params
    form = {
        "q": q.get("q", "").strip(),
        "mode": q.get("mode") if q.get("mode") in MODES else "hybrid",
        "source": q.get("source") if q.get("source") in SOURCES else "",
        "path": q.get("path", "").strip(),
        "since": q.get("since", "").strip(),
        "k": _int(q.get("k"), 10, 1, 50),
        "min_relevance": q.get("min_relevance", "").strip(),
    }
    result: dict[str, Any] | None = None
    if form["q"]:
        params: dict[str, Any] = {"query": form["q"], "k": form["k"], "mode": form["mode"], "explain": True}
        for name in ("source", "path", "since"):
            if form[name]:
                params[name] = form[name]
        if (floor := _float(str(form["min_relevance"]))) is not None:
            params["min_relevance"] = floor
        result = await ui.ask("search", params)
    hits = [_hit(h) for h in (result or {}).get("results", [])]
    return ui.page(
        request, "search.html", form=form, result=result, hits=hits, modes=MODES, sources=SOURCES, title="Search"
    )


def _hit(raw: dict[str, Any]) -> dict[str, Any]:
    explain = raw.get("explain") or {}
    ordered = [(k, explain[k]) for k in EXPLAIN_ORDER if k in explain]
    ordered += [(k, v) for k, v in sorted(explain.items()) if k not in EXPLAIN_ORDER]
    link = urlencode(
        {"root": raw.get("root") or "", "path": raw["path"], "start": raw["start_line"], "end": raw["end_line"]}
    )
    return {**raw, "explain_rows": ordered, "file_link": f"/file?{link}#hit"}


async def _root_paths(request: Request) -> dict[str, str]:
    status = await ui_of(request).ask("status", wait_s=10.0)
    roots: dict[str, str] = (status.get("index") or {}).get("roots") or {}
    return roots


async def file_page(request: Request) -> Response:
    ui = ui_of(request)
    q = request.query_params
    path = q.get("path", "")
    if not path:
        return ui.page(request, "error.html", 400, title="No file", message="Open a file from a search hit.")
    start, end = _int(q.get("start"), 0, 0, 10**7), _int(q.get("end"), 0, 0, 10**7)
    hit = (start, max(start, end)) if start else None
    target = await _target(request, q.get("root", ""), path)
    first = _int(q.get("from"), max(1, start - 200) if hit else 1, 1, 10**7)
    got = await ui.ask("get", {"path": target, "from": first, "lines": WINDOW_LINES})
    rendered = render(got["text"], first_line=got["from"], hit=hit)
    window = {"from": got["from"], "to": got["to"], "total": got["total_lines"]}
    base = {"root": q.get("root", ""), "path": path, "start": start, "end": end}
    earlier = urlencode({**base, "from": max(1, got["from"] - WINDOW_LINES)}) if got["from"] > 1 else None
    later = urlencode({**base, "from": got["to"] + 1}) if got["to"] < got["total_lines"] else None
    return ui.page(
        request,
        "file.html",
        title=path,
        path=path,
        root=q.get("root", ""),
        target=target,
        hit=hit,
        html=rendered.html,
        marked=rendered.marked,
        window=window,
        earlier=earlier,
        later=later,
    )


async def _target(request: Request, root: str, path: str) -> str:
    """The path `get` understands: relative for the memory home, absolute under an extra root."""
    if not root:
        return path
    roots = await _root_paths(request)
    names = list(roots)
    if not names or root == names[0] or root not in roots:
        return path
    return f"{roots[root].rstrip('/')}/{path}"


async def forget_page(request: Request) -> Response:
    ui = ui_of(request)
    form = await request.form()
    target = str(form.get("target", ""))
    if not target:
        return ui.page(request, "error.html", 400, title="Nothing to forget", message="No lines were given.")
    if form.get("confirm") != "yes":
        return ui.page(request, "confirm.html", title="Forget?", action="forget", target=target, value=None)
    result = await ui.ask("forget", {"target": target, "reason": "memoryd ui"})
    return ui.page(request, "done.html", title="Forgotten", action="forget", target=target, result=result)


async def importance_page(request: Request) -> Response:
    ui = ui_of(request)
    form = await request.form()
    target = str(form.get("target", ""))
    value = _float(str(form.get("value", "")))
    if not target or value is None or not 0.0 <= value <= 1.0:
        message = "Give the lines and an importance between 0 and 1."
        return ui.page(request, "error.html", 400, title="Importance not set", message=message)
    if form.get("confirm") != "yes":
        return ui.page(
            request, "confirm.html", title="Set importance?", action="importance", target=target, value=value
        )
    result = await ui.ask("importance", {"target": target, "value": value})
    return ui.page(request, "done.html", title="Importance set", action="importance", target=target, result=result)


ROUTES = [
    Route("/", guarded(search_page), name="search"),
    Route("/file", guarded(file_page), name="file"),
    Route("/forget", guarded(forget_page), methods=["POST"], name="forget"),
    Route("/importance", guarded(importance_page), methods=["POST"], name="importance"),
]
