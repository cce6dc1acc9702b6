"""What it learned: one page over `learned.gather` (problems, skills, resolutions, rules and lessons with their
history, facts), in sections a person can jump between."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from daemon.client.ui.app import guarded, ui_of
from daemon.client.ui.learned import gather


async def learned_page(request: Request) -> Response:
    ui = ui_of(request)
    everything = request.query_params.get("patterns") == "all"
    learned = await gather(ui, all_patterns=everything)
    return ui.page(request, "learned.html", title="What it learned", learned=learned, all_patterns=everything)


ROUTES = [Route("/learned", guarded(learned_page), name="learned")]
