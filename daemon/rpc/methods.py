"""A table of socket methods: handler modules register with `@table.method("name")`; `dispatch` finds one.

Generic over what handlers receive (the daemon passes its services), so the transport knows no service.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from daemon.rpc.protocol import METHOD_NOT_FOUND, Request, RpcError

Ctx = TypeVar("Ctx")
Handler = Callable[[Ctx, dict[str, Any]], Awaitable[Any]]


class MethodTable(Generic[Ctx]):
    def __init__(self) -> None:
        self.handlers: dict[str, Handler[Ctx]] = {}

    def method(self, name: str) -> Callable[[Handler[Ctx]], Handler[Ctx]]:
        def register(handler: Handler[Ctx]) -> Handler[Ctx]:
            if name in self.handlers:
                raise ValueError(f"method {name!r} registered twice")
            self.handlers[name] = handler
            return handler

        return register

    async def dispatch(self, ctx: Ctx, request: Request) -> Any:
        handler = self.handlers.get(request.method)
        if handler is None:
            known = ", ".join(sorted(self.handlers))
            raise RpcError(METHOD_NOT_FOUND, f"unknown method '{request.method}'; methods: {known}")
        return await handler(ctx, request.params)
