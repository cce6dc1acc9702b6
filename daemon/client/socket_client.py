"""A blocking client of the daemon's socket, standard library only (the CLI's and every hook's fast path).

Why stdlib JSON (`lean_json`, the C module under `json`) and not orjson: importing orjson 3.13 pulls in
dataclasses, inspect, uuid and datetime, ~14 ms of a hook process's ~40 (`python -X importtime`), while the
requests and replies here are a few KB, which `_json` reads and writes in microseconds. A value it cannot
write (a datetime, a dataclass) is converted the way orjson would, importing orjson only then.
"""

# Why `_socket`, the C module under `socket`: `socket.py` builds its enums at import (~2 ms of every hook and CLI
# process); a Unix stream socket with a timeout needs nothing of it. Its errors are the builtin OSError family.
import _socket

from daemon.client import lean_json

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

_last_id = 0  # Why not itertools.count: one more module for every hook; an id only needs to be unique per connection


class DaemonUnavailable(ConnectionError):
    """Nothing answers on the socket (daemon stopped, socket missing, or it timed out)."""


class DaemonNotAnswering(DaemonUnavailable):
    """Something holds the socket but did not accept or answer in time: the daemon is running but hung or
    overloaded (not "not running": starting another one would not help)."""


class DaemonError(Exception):
    """The daemon answered with an error object."""

    def __init__(self, code: int, message: str, data: "Any" = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


def call(
    socket_path: "Path | str", method: str, params: "dict[str, Any] | None" = None, *, timeout: float = 30.0
) -> "Any":
    """Send one request and return its result. Raises DaemonUnavailable or DaemonError."""
    global _last_id
    _last_id = request_id = _last_id + 1
    request = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}}
    payload = lean_json.dumps(request, default=_as_orjson_would, compact=True).encode() + b"\n"
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        try:
            sock.connect(str(socket_path))
        except (FileNotFoundError, ConnectionRefusedError) as exc:
            raise DaemonUnavailable(f"memoryd is not running (no daemon at {socket_path})") from exc
        except PermissionError as exc:
            raise DaemonUnavailable(f"permission denied on {socket_path}") from exc
        except TimeoutError as exc:
            raise DaemonNotAnswering(f"memoryd did not accept the connection within {timeout:g}s") from exc
        try:
            sock.sendall(payload)
            reply = _read_line(sock)
        except TimeoutError as exc:
            raise DaemonNotAnswering(f"memoryd did not answer within {timeout:g}s") from exc
        except OSError as exc:
            raise DaemonUnavailable(f"connection to memoryd failed: {exc}") from exc
    finally:
        sock.close()
    obj = lean_json.loads(reply)
    if "error" in obj:
        error = obj["error"]
        raise DaemonError(int(error.get("code", -1)), str(error.get("message", "")), error.get("data"))
    return obj.get("result")


def _read_line(sock: _socket.socket) -> bytes:
    chunks = []
    while True:
        chunk = sock.recv(1 << 16)
        if not chunk:
            raise DaemonUnavailable("memoryd closed the connection without answering")
        chunks.append(chunk)
        if chunk.endswith(b"\n") or b"\n" in chunk:
            data = b"".join(chunks)
            return data[: data.index(b"\n")]


def _as_orjson_would(value: "Any") -> "Any":
    """A value stdlib json cannot write (datetime, dataclass, UUID, numpy), as orjson writes it."""
    import orjson

    return orjson.loads(orjson.dumps(value, option=orjson.OPT_SERIALIZE_NUMPY))
