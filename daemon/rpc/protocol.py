"""The socket protocol: one JSON object per line each way, in JSON-RPC 2.0 shape.

Invariant: every request line gets exactly one reply line; a bad line gets an error object that says what
to fix, and the connection (and the daemon) go on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

import orjson

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
REQUEST_TOO_LARGE = -32001
UNAVAILABLE = -32002
DISK_FULL = -32004  # nothing of the request's events was recorded; retrying later is safe


class RpcError(Exception):
    """An error reply: JSON-RPC code plus a message meant for the person reading it."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


class BadParams(RpcError):
    def __init__(self, message: str) -> None:
        super().__init__(INVALID_PARAMS, message)


@dataclass(frozen=True, slots=True)
class Request:
    id: Any
    method: str
    params: dict[str, Any]


def parse_request(line: bytes) -> Request:
    """Parse one request line. Raises RpcError (with id None) describing the problem."""
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            raise RpcError(PARSE_ERROR, "request is not valid UTF-8") from exc
        raise RpcError(PARSE_ERROR, f"request is not valid JSON: {exc}") from exc
    if not isinstance(obj, dict):
        raise RpcError(INVALID_REQUEST, "request must be a JSON object")
    request_id = obj.get("id")
    if not isinstance(request_id, str | int | float | type(None)) or isinstance(request_id, bool):
        raise RpcError(INVALID_REQUEST, "'id' must be a string, a number or null")
    method = obj.get("method")
    if not isinstance(method, str) or not method:
        raise RpcError(INVALID_REQUEST, "'method' must be a non-empty string")
    params = obj.get("params", {})
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "'params' must be a JSON object")
    return Request(request_id, method, params)


def encode_result(request_id: Any, result: Any) -> bytes:
    return orjson.dumps(
        {"jsonrpc": "2.0", "id": request_id, "result": result},
        option=orjson.OPT_APPEND_NEWLINE | orjson.OPT_SERIALIZE_NUMPY,
        default=str,
    )


def encode_error(request_id: Any, code: int, message: str, data: Any = None) -> bytes:
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return orjson.dumps({"jsonrpc": "2.0", "id": request_id, "error": error}, option=orjson.OPT_APPEND_NEWLINE)


# The builtins, for annotations inside `Params` (whose methods shadow them).
_Str: TypeAlias = str
_Int: TypeAlias = int
_Bool: TypeAlias = bool
_Float: TypeAlias = float


class Params:
    """Typed access to request params; each getter raises BadParams naming the parameter."""

    def __init__(self, raw: dict[str, Any], allowed: tuple[str, ...]) -> None:
        unknown = sorted(set(raw) - set(allowed))
        if unknown:
            raise BadParams(f"unknown param(s) {', '.join(unknown)}; allowed: {', '.join(allowed) or 'none'}")
        self.raw = raw

    def str(self, name: _Str, default: _Str | None = None, *, required: _Bool = False) -> _Str | None:
        value = self.raw.get(name, default)
        if value is None:
            if required:
                raise BadParams(f"param '{name}' is required")
            return None
        if not isinstance(value, str):
            raise BadParams(f"param '{name}' must be a string")
        return value

    def int(self, name: _Str, default: _Int, *, minimum: _Int = 0, maximum: _Int = 1_000_000) -> _Int:
        value = self.raw.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadParams(f"param '{name}' must be an integer")
        if not minimum <= value <= maximum:
            raise BadParams(f"param '{name}' must be between {minimum} and {maximum}")
        return value

    def float(
        self, name: _Str, default: _Float | None = None, *, minimum: _Float = 0.0, maximum: _Float = 1.0
    ) -> _Float | None:
        value = self.raw.get(name, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadParams(f"param '{name}' must be a number")
        if not minimum <= value <= maximum:
            raise BadParams(f"param '{name}' must be between {minimum:g} and {maximum:g}")
        return float(value)

    def bool(self, name: _Str, default: _Bool = False) -> _Bool:
        value = self.raw.get(name, default)
        if not isinstance(value, bool):
            raise BadParams(f"param '{name}' must be true or false")
        return value
