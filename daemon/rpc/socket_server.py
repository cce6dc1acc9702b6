"""The Unix-socket server: owner-only, one JSON line per request, many concurrent clients, graceful drain.

Invariants:
- The socket lives in a 0700 directory with mode 0600; on Linux the peer's uid must equal ours.
- A request over the size limit, malformed JSON, invalid UTF-8, an unknown method or bad params each get an
  error reply; only an over-long line also ends its connection (the stream cannot be resynchronised).
- Shutdown: stop accepting, let in-flight requests finish within the grace period, cancel the rest (logging
  how many), unlink the socket (Python 3.11 leaves it behind).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import socket
import struct
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import structlog

from daemon.rpc.protocol import (
    INTERNAL_ERROR,
    METHOD_NOT_FOUND,
    REQUEST_TOO_LARGE,
    Request,
    RpcError,
    encode_error,
    encode_result,
    parse_request,
)

logger = structlog.get_logger(__name__)

Dispatch = Callable[[Request], Awaitable[Any]]
_conn_ids = itertools.count(1)
MAX_SOCKET_PATH = 104  # macOS's sun_path limit, the stricter of the two


class SocketServer:
    def __init__(self, path: Path, dispatch: Dispatch, *, max_request_bytes: int) -> None:
        self.path = path
        self.dispatch = dispatch
        self.max_request_bytes = max_request_bytes
        self._server: asyncio.AbstractServer | None = None
        self._connections: set[asyncio.Task[Any]] = set()
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.requests_served = 0

    async def start(self) -> None:
        """Bind the socket. The caller must already hold the instance lock (binding unlinks a stale socket)."""
        if len(os.fsencode(self.path)) >= MAX_SOCKET_PATH:
            raise OSError(f"socket path is too long for AF_UNIX ({len(str(self.path))} bytes): {self.path}")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(self.path.parent, 0o700)
        self.path.unlink(missing_ok=True)
        old_umask = os.umask(0o177)  # the socket is created 0600, never briefly world-connectable
        try:
            self._server = await asyncio.start_unix_server(
                self._handle, path=str(self.path), limit=self.max_request_bytes + 1, backlog=1024
            )
        finally:
            os.umask(old_umask)
        os.chmod(self.path, 0o600)

    async def stop(self, grace_seconds: float) -> None:
        if self._server is not None:
            self._server.close()
        try:
            async with asyncio.timeout(grace_seconds):
                await self._idle.wait()
        except TimeoutError:
            logger.warning("shutdown_grace_expired", in_flight=self._busy)
        pending = [task for task in self._connections if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        self.path.unlink(missing_ok=True)
        logger.info("socket_closed", connections_cancelled=len(pending), requests=self.requests_served)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        conn_id = next(_conn_ids)
        try:
            if not _peer_is_owner(writer):
                writer.write(encode_error(None, -32003, "permission denied: the socket is owner-only"))
                await writer.drain()
                return
            await self._serve_connection(reader, writer, conn_id)
        except OSError:  # ConnectionError, BrokenPipe, ENOTCONN: the client went away
            logger.debug("client_disconnected", conn_id=conn_id)
        finally:
            self._connections.discard(task)
            writer.close()

    async def _serve_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, conn_id: int) -> None:
        while True:
            try:
                line = await reader.readuntil(b"\n")
            except asyncio.IncompleteReadError as exc:
                line = exc.partial  # a last request without its newline still gets an answer
                if not line.strip():
                    return
            except asyncio.LimitOverrunError:
                message = f"request exceeds {self.max_request_bytes} bytes; the connection is closed"
                writer.write(encode_error(None, REQUEST_TOO_LARGE, message))
                await writer.drain()
                logger.warning("request_too_large", conn_id=conn_id)
                return
            if not line.strip():
                continue
            self._enter()
            try:
                reply = await self._answer(line, conn_id)
            finally:
                self._leave()
            writer.write(reply)
            await writer.drain()
            if reader.at_eof():
                return

    def _enter(self) -> None:
        self._busy += 1
        self._idle.clear()

    def _leave(self) -> None:
        self._busy -= 1
        self.requests_served += 1
        if self._busy == 0:
            self._idle.set()

    async def _answer(self, line: bytes, conn_id: int) -> bytes:
        started = time.perf_counter()
        try:
            request = parse_request(line)
        except RpcError as exc:
            logger.info("request_rejected", conn_id=conn_id, code=exc.code, reason=exc.message)
            return encode_error(None, exc.code, exc.message)
        try:
            result = await self.dispatch(request)
            reply = encode_result(request.id, result)
            outcome = "ok"
        except RpcError as exc:
            reply = encode_error(request.id, exc.code, exc.message, exc.data)
            outcome = "error" if exc.code != METHOD_NOT_FOUND else "unknown_method"
        except Exception:  # isolation boundary: one request
            logger.exception("request_failed", method=request.method, conn_id=conn_id)
            reply = encode_error(request.id, INTERNAL_ERROR, "internal error; see the daemon log")
            outcome = "internal"
        ms = round((time.perf_counter() - started) * 1000, 2)
        logger.info("request_done", method=request.method, outcome=outcome, ms=ms, conn_id=conn_id)
        return reply


def _peer_is_owner(writer: asyncio.StreamWriter) -> bool:
    """On Linux, check the connecting process's uid (SO_PEERCRED); elsewhere the 0600 mode is the guard."""
    if not sys.platform.startswith("linux"):
        return True
    sock = writer.get_extra_info("socket")
    if sock is None:
        return False
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", raw)
    return bool(uid == os.getuid())
