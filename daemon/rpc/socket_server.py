"""The Unix-socket server: owner-only, one JSON line per request, many concurrent clients, graceful drain.

Invariants:
- The socket is 0600; on Linux the peer's uid must equal ours. Its directory is created 0700 when missing and
  never re-moded when it exists (it may be the user's, or a symlink); one that other users can write to, or that
  belongs to someone else, is refused with a message (another user could swap the socket).
- One socket path serves one daemon: `SOCKET.lock` (flock) is held for the daemon's life, and a socket that
  still answers is never unlinked; at shutdown the socket is unlinked only if it is still the one we bound.
- A request over the size limit, malformed JSON, invalid UTF-8, an unknown method or bad params each get an
  error reply; only an over-long line also ends its connection (the stream cannot be resynchronised).
- File descriptors cannot run out through clients: at most `max_connections` are open (fewer when the process's
  descriptor limit is low); one more gets an error line and is closed; a connection idle for
  `idle_timeout_seconds` between requests is closed.
- Shutdown: stop accepting, let in-flight requests finish within the grace period, cancel the rest (logging
  how many), unlink the socket (Python 3.11 leaves it behind).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import itertools
import os
import resource
import socket
import stat
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
TOO_MANY_CONNECTIONS = -32005
# Descriptors kept for the daemon itself (SQLite, the log, the watcher, the inbox's scandir, worker threads'
# opens) when the connection cap is derived from RLIMIT_NOFILE.
RESERVED_DESCRIPTORS = 64


class SocketUnavailable(RuntimeError):
    """The socket cannot be served from here; the message says why and what to do."""


def raise_descriptor_limit() -> int:
    """Raise the soft RLIMIT_NOFILE to the hard limit (at most 65536) and return the soft limit now in force.

    Why: 1024 is a common default soft limit, while the hard limit is usually far higher; a daemon that holds
    many connections should use what it is allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20


def connection_cap(configured: int, descriptor_limit: int) -> int:
    return max(1, min(configured, descriptor_limit - RESERVED_DESCRIPTORS))


class SocketServer:
    def __init__(
        self,
        path: Path,
        dispatch: Dispatch,
        *,
        max_request_bytes: int,
        max_connections: int = 512,
        idle_timeout: float = 120.0,
    ) -> None:
        self.path = path
        self.dispatch = dispatch
        self.max_request_bytes = max_request_bytes
        self.max_connections = max_connections
        self.idle_timeout = idle_timeout
        self._server: asyncio.AbstractServer | None = None
        self._connections: set[asyncio.Task[Any]] = set()
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._lock_fd: int | None = None
        self._bound: tuple[int, int] | None = None  # (st_dev, st_ino) of the socket file we created
        self.requests_served = 0
        self.refused_connections = 0
        self.idle_closed = 0

    def claim(self) -> None:
        """Make the socket path ours before anything else starts: its directory is usable, `SOCKET.lock` is held
        and nothing answers on it. Raises SocketUnavailable with a message for the user. Call `release` (or
        `stop`) to give it up."""
        if len(os.fsencode(self.path)) >= MAX_SOCKET_PATH:
            raise SocketUnavailable(f"socket path is too long for AF_UNIX ({len(str(self.path))} bytes): {self.path}")
        check_socket_dir(self.path.parent)
        self._lock_fd = _lock_socket_path(self.path)
        if _answers(self.path):
            self.release()
            raise SocketUnavailable(
                f"the socket {self.path} is in use by another running memoryd (another memory home?);"
                " stop it or set a different [daemon] socket"
            )

    def release(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    async def start(self) -> None:
        """Bind the claimed socket (a stale socket file nobody answers on is replaced)."""
        if self._lock_fd is None:
            self.claim()
        try:
            self.path.unlink(missing_ok=True)  # a stale socket nobody answers on (a SIGKILLed daemon)
            old_umask = os.umask(0o177)  # the socket is created 0600, never briefly world-connectable
            try:
                self._server = await asyncio.start_unix_server(
                    self._handle, path=str(self.path), limit=self.max_request_bytes + 1, backlog=1024
                )
            finally:
                os.umask(old_umask)
            os.chmod(self.path, 0o600)
            st = os.stat(self.path)
            self._bound = (st.st_dev, st.st_ino)
        except BaseException:
            self.release()
            raise

    def status(self) -> dict[str, Any]:
        return {
            "connections": len(self._connections),
            "max_connections": self.max_connections,
            "idle_timeout_s": self.idle_timeout,
            "refused_connections": self.refused_connections,
            "idle_closed": self.idle_closed,
            "requests": self.requests_served,
        }

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
        with contextlib.suppress(OSError):
            st = os.stat(self.path)
            if (st.st_dev, st.st_ino) == self._bound:  # never another daemon's socket
                self.path.unlink()
        self.release()
        logger.info("socket_closed", connections_cancelled=len(pending), requests=self.requests_served)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        conn_id = next(_conn_ids)
        try:
            if len(self._connections) > self.max_connections:
                self.refused_connections += 1
                message = f"too many connections ({self.max_connections} open); try again shortly"
                writer.write(encode_error(None, TOO_MANY_CONNECTIONS, message))
                await writer.drain()
                logger.warning("connection_refused", reason="too_many_connections", limit=self.max_connections)
                return
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
                async with asyncio.timeout(self.idle_timeout):  # between requests, not while one is answered
                    line = await reader.readuntil(b"\n")
            except TimeoutError:
                self.idle_closed += 1
                logger.debug("connection_idle_closed", conn_id=conn_id, idle_s=self.idle_timeout)
                return
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


def check_socket_dir(directory: Path) -> None:
    """Create the socket's directory 0700 when missing; refuse one that others can write to or that belongs to
    someone else. An existing directory's mode is never changed (it may be /tmp, a user's folder, a symlink)."""
    try:
        st = os.stat(directory)
    except FileNotFoundError:
        missing = [d for d in (directory, *directory.parents) if not d.exists()]
        for folder in reversed(missing):
            with contextlib.suppress(FileExistsError):
                folder.mkdir(mode=0o700)
        return
    except OSError as exc:
        raise SocketUnavailable(f"the socket directory {directory} cannot be used: {exc.strerror or exc}") from exc
    if not stat.S_ISDIR(st.st_mode):
        raise SocketUnavailable(f"the socket's parent {directory} is not a directory")
    if st.st_uid != os.getuid():
        raise SocketUnavailable(
            f"the socket directory {directory} belongs to uid {st.st_uid}, not to you (uid {os.getuid()}):"
            " set [daemon] socket to a path in a directory you own (the default is $MEMORYD_HOME/run/memoryd.sock)"
        )
    if st.st_mode & 0o022:
        raise SocketUnavailable(
            f"the socket directory {directory} is writable by others (mode {stat.S_IMODE(st.st_mode):o}): another"
            " user could replace the socket. Use a private directory (the default is $MEMORYD_HOME/run)"
        )


def _lock_socket_path(path: Path) -> int:
    """Hold `SOCKET.lock` (flock) so that two daemons can never bind one socket path, even from two homes."""
    lock = path.with_name(path.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise SocketUnavailable(
            f"the socket {path} is in use by another memoryd (pid {holder}, another memory home?):"
            " stop it or set a different [daemon] socket"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _answers(path: Path) -> bool:
    """Whether something accepts connections on the socket at `path` (a live daemon, not a stale file)."""
    if not path.exists():
        return False
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


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
