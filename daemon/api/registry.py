"""The daemon's method table. Handler modules register on `api`; `dispatch` answers one request.

A handler reads and checks its params, calls a service, and shapes the reply; a service's `InvalidInput`
becomes an "invalid params" error carrying its message, and a full disk a `disk full` error (nothing of the
request was recorded, so the client may retry without creating duplicates).
"""

from __future__ import annotations

from typing import Any

from daemon.rpc.methods import MethodTable
from daemon.rpc.protocol import DISK_FULL, BadParams, Request, RpcError
from daemon.services.container import Services
from daemon.services.errors import InvalidInput
from events.log import DiskFull

api: MethodTable[Services] = MethodTable()


async def dispatch(services: Services, request: Request) -> Any:
    try:
        return await api.dispatch(services, request)
    except InvalidInput as exc:
        raise BadParams(str(exc)) from exc
    except DiskFull as exc:
        raise RpcError(DISK_FULL, exc.message) from exc
