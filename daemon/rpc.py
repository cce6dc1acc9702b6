"""The method table of the socket API. Handler modules register with `@method("name")`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from daemon.protocol import METHOD_NOT_FOUND, Request, RpcError

if TYPE_CHECKING:
    from daemon.app import App

Handler = Callable[["App", dict[str, Any]], Awaitable[Any]]
METHODS: dict[str, Handler] = {}


def method(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        METHODS[name] = handler
        return handler

    return register


async def dispatch(app: App, request: Request) -> Any:
    handler = METHODS.get(request.method)
    if handler is None:
        known = ", ".join(sorted(METHODS))
        raise RpcError(METHOD_NOT_FOUND, f"unknown method '{request.method}'; methods: {known}")
    return await handler(app, request.params)
