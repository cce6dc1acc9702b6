"""Who may use the web view: whoever holds this run's token, from this machine, through 127.0.0.1 only.

Invariants:
- Every request (pages, the polling API, static files) without the token, or with a wrong one, gets 403.
  The token arrives once in the URL `memoryd ui` prints (`?token=`, like Jupyter's); that request is answered
  with a redirect to the same URL without it and an HttpOnly, SameSite=Strict cookie, so the token leaves the
  address bar and history, and other sites' pages can neither read it nor send it (no cross-site POST).
  Scripts may send it as `Authorization: token ...`.
- The Host header must name 127.0.0.1 or localhost on our port: a DNS-rebinding page (evil.example resolving
  to 127.0.0.1) is refused even before the token is looked at. A POST from another origin is refused.
- The token is stored owner-only (0600 in the home's 0700 `run/`, written atomically) while the view runs,
  and is never logged: request logs carry the path, never the query string.
"""

from __future__ import annotations

import hmac
import os
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import orjson

COOKIE = "memoryd_ui"
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    # Why this policy: pages run only our own script and style files; inline SVG charts are markup, not
    # style attributes, so nothing inline needs to be allowed.
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        b"form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # no-referrer would make Chromium send `Origin: null` on our own forms
    (b"cache-control", b"no-store"),
]
FORBIDDEN = (
    b"<!doctype html><title>403 Forbidden</title><h1>403 Forbidden</h1>"
    b"<p>This page needs the token in the URL that <code>memoryd ui</code> printed when it started "
    b"(its first line).</p>"
)


def new_token() -> str:
    return secrets.token_urlsafe(32)


@dataclass(frozen=True, slots=True)
class TokenFile:
    """`run/ui.json`: where the running view is and its token, for the owner only."""

    path: Path

    @classmethod
    def in_run_dir(cls, run_dir: Path) -> TokenFile:
        return cls(run_dir / "ui.json")

    def write(self, token: str, url: str, port: int) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)  # whatever the umask, and even if a stale temp file was there
            os.write(fd, orjson.dumps({"url": url, "port": port, "pid": os.getpid(), "token": token}))
        finally:
            os.close(fd)
        os.replace(temp, self.path)

    def remove_if_ours(self, token: str) -> None:
        """At exit: remove the file unless another `memoryd ui` has replaced it meanwhile."""
        try:
            held = orjson.loads(self.path.read_bytes()).get("token")
        except (OSError, orjson.JSONDecodeError, AttributeError):
            return
        if held == token:
            self.path.unlink(missing_ok=True)


class TokenGate:
    """ASGI middleware: 403 unless the request carries the token; security headers on every answer."""

    def __init__(self, app: ASGIApp, token: str, port: int) -> None:
        self.app = app
        self.token = token.encode()
        self.hosts = {f"127.0.0.1:{port}".encode(), f"localhost:{port}".encode()}
        self.origins = {b"http://" + host for host in self.hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        if headers.get(b"host") not in self.hosts:
            await _answer(send, 403, FORBIDDEN)
            return
        if scope["method"] == "POST" and b"origin" in headers and headers[b"origin"] not in self.origins:
            await _answer(send, 403, FORBIDDEN)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        in_query = [value for name, value in query if name == "token"]
        if in_query:
            if not self._valid(in_query[-1].encode()):
                await _answer(send, 403, FORBIDDEN)
                return
            rest = urlencode([(name, value) for name, value in query if name != "token"])
            location = scope["path"] + (f"?{rest}" if rest else "")
            cookie = f"{COOKIE}={self.token.decode()}; HttpOnly; SameSite=Strict; Path=/"
            await _answer(send, 303, b"", [(b"location", location.encode()), (b"set-cookie", cookie.encode())])
            return
        if not (self._valid(_cookie(headers)) or self._valid(_bearer(headers))):
            await _answer(send, 403, FORBIDDEN)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _valid(self, offered: bytes | None) -> bool:
        return offered is not None and hmac.compare_digest(offered, self.token)


def _cookie(headers: dict[bytes, bytes]) -> bytes | None:
    raw = headers.get(b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except CookieError:  # a malformed header: as good as no cookie
        return None
    morsel = jar.get(COOKIE)
    return morsel.value.encode() if morsel is not None else None


def _bearer(headers: dict[bytes, bytes]) -> bytes | None:
    scheme, _, value = headers.get(b"authorization", b"").partition(b" ")
    return value.strip() if scheme.lower() == b"token" and value.strip() else None


async def _answer(send: Send, status: int, body: bytes, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    headers = [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send(
        {"type": "http.response.start", "status": status, "headers": [*headers, *(extra or []), *SECURITY_HEADERS]}
    )
    await send({"type": "http.response.body", "body": body})
