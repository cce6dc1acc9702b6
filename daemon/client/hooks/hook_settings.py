"""The few settings a hook process reads, without importing the settings module on every hook.

`daemon.config` validates all of config.toml with dataclasses and tomllib: ~15 ms of imports on this machine,
more than the rest of a hook. A hook needs eight values. The first hook after config.toml changed (or appeared,
or went) loads them the full way and writes them to `state/hook_settings.json`, keyed by config.toml's
(inode, size, mtime, ctime) and memoryd's version; every later hook reads that small file and stats config.toml.

Invariants:
- The values are exactly what `load_settings` gives: the cache is written from it, and used only while
  config.toml is the same file (any edit changes its mtime/ctime) and memoryd the same version.
- A broken config.toml is never cached: every hook then loads the defaults the full way and logs the error,
  as before. A cache that cannot be read or written is ignored (the full way again).
- Standard library only (os, json, contextlib): no dataclasses, typing or tomllib on the way.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from daemon import __version__

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from typing import Any

CACHE_NAME = "hook_settings.json"
_SCHEMA = 1


class HookSettings:
    """What a hook process needs to know (a plain slotted class: `dataclasses` costs ~7 ms to import)."""

    __slots__ = (
        "deadline_ms",
        "emails",
        "home",
        "log_max_bytes",
        "min_prompt_chars",
        "socket_path",
        "timeout_ms",
        "transcript_on_stop",
    )

    def __init__(
        self,
        *,
        home: Path,
        socket_path: Path,
        deadline_ms: int,
        timeout_ms: int,
        log_max_bytes: int,
        transcript_on_stop: bool,
        min_prompt_chars: int,
        emails: bool,
    ) -> None:
        self.home = home
        self.socket_path = socket_path  # --socket, else MEMORYD_SOCKET, else [daemon] socket, else run/memoryd.sock
        self.deadline_ms = deadline_ms
        self.timeout_ms = timeout_ms
        self.log_max_bytes = log_max_bytes
        self.transcript_on_stop = transcript_on_stop
        self.min_prompt_chars = min_prompt_chars
        self.emails = emails  # [redaction] emails


def load_hook_settings(socket: Path | None) -> tuple[HookSettings, str | None]:
    """(the settings, the config error if config.toml is broken). Never raises on a bad config."""
    home = Path(os.path.realpath(os.path.expanduser(os.environ.get("MEMORYD_HOME") or "~/.memoryd")))
    key = _config_key(home / "config.toml")
    cache = home / "state" / CACHE_NAME
    configured = socket or (Path(env) if (env := os.environ.get("MEMORYD_SOCKET")) else None)
    cached = _read_cache(cache, key)
    if cached is not None:
        with contextlib.suppress(KeyError, TypeError, ValueError):  # a cache someone edited: the full way
            return _settings(home, configured, cached), None
    values, error = _load_full(home)
    if error is None and home.is_dir():  # Why is_dir: `memoryd status` before `init` creates no home
        _write_cache(cache, key, values)
    return _settings(home, configured, values), error


def _settings(home: Path, configured_socket: Path | None, values: dict[str, Any]) -> HookSettings:
    return HookSettings(
        home=home,
        socket_path=configured_socket or Path(values["socket"]),
        deadline_ms=int(values["deadline_ms"]),
        timeout_ms=int(values["timeout_ms"]),
        log_max_bytes=int(values["log_max_bytes"]),
        transcript_on_stop=bool(values["transcript_on_stop"]),
        min_prompt_chars=int(values["min_prompt_chars"]),
        emails=bool(values["emails"]),
    )


def _config_key(path: Path) -> list[int] | None:
    """What identifies this config.toml's content without reading it; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _read_cache(cache: Path, key: list[int] | None) -> dict[str, Any] | None:
    try:
        with open(cache, "rb") as handle:
            stored = json.loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("schema") != _SCHEMA or stored.get("version") != __version__:
        return None
    if stored.get("config") != key or not isinstance(values := stored.get("values"), dict):
        return None
    return values


def _load_full(home: Path) -> tuple[dict[str, Any], str | None]:
    """The values from `daemon.config` (imported only here); the defaults and the error when config.toml is
    broken."""
    from daemon.config import ConfigError, default_settings, load_settings

    error = None
    try:
        settings = load_settings(home, socket=None)
    except ConfigError as exc:
        settings, error = default_settings(home, socket=None), str(exc)[:300]
    # Why not settings.socket_path: MEMORYD_SOCKET is read at every hook, so the cache holds only the config's.
    configured = settings.daemon.socket
    socket = Path(configured).expanduser() if configured else settings.home / "run" / "memoryd.sock"
    hooks = settings.hooks
    values: dict[str, Any] = {
        "socket": str(socket),
        "deadline_ms": hooks.deadline_ms,
        "timeout_ms": hooks.timeout_ms,
        "log_max_bytes": hooks.log_max_bytes,
        "transcript_on_stop": hooks.transcript_on_stop,
        "min_prompt_chars": hooks.min_prompt_chars,
        "emails": settings.redaction.emails,
    }
    return values, error


def _write_cache(cache: Path, key: list[int] | None, values: dict[str, Any]) -> None:
    """Atomically, owner-only; a home that cannot be written just means no cache."""
    body = json.dumps({"schema": _SCHEMA, "version": __version__, "config": key, "values": values})
    temp = cache.with_name(f".{CACHE_NAME}.{os.getpid()}.tmp")
    try:
        from daemon.home import private_dirs

        private_dirs(cache.parent)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, body.encode())
        finally:
            os.close(fd)
        os.replace(temp, cache)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
