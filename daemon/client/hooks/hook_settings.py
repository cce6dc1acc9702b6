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
- `os` and lean_json only on the way (paths are strings): no pathlib, json, contextlib, dataclasses, typing or
  tomllib, whose imports would cost more than the rest of a hook (see run.py).
"""

from __future__ import annotations

import os

from daemon import __version__
from daemon.client import lean_json

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
        home: str,
        socket_path: str,
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


def load_hook_settings(socket: str | None) -> tuple[HookSettings, str | None]:
    """(the settings, the config error if config.toml is broken). Never raises on a bad config. `socket` is
    the `--socket` given, if any (already `~`-expanded)."""
    home = os.path.realpath(os.path.expanduser(os.environ.get("MEMORYD_HOME") or "~/.memoryd"))
    key = _config_key(os.path.join(home, "config.toml"))
    cache = os.path.join(home, "state", CACHE_NAME)
    configured = socket or os.environ.get("MEMORYD_SOCKET") or None
    cached = _read_cache(cache, key)
    if cached is not None:
        try:
            return _settings(home, configured, cached), None
        except (KeyError, TypeError, ValueError):  # a cache someone edited: the full way
            pass
    values, error = _load_full(home)
    if error is None and os.path.isdir(home):  # Why isdir: `memoryd status` before `init` creates no home
        _write_cache(cache, key, values)
    return _settings(home, configured, values), error


def _settings(home: str, configured_socket: str | None, values: dict[str, Any]) -> HookSettings:
    if not isinstance(cached_socket := values["socket"], str):
        raise TypeError("socket is not a string")
    return HookSettings(
        home=home,
        socket_path=configured_socket or cached_socket,
        deadline_ms=int(values["deadline_ms"]),
        timeout_ms=int(values["timeout_ms"]),
        log_max_bytes=int(values["log_max_bytes"]),
        transcript_on_stop=bool(values["transcript_on_stop"]),
        min_prompt_chars=int(values["min_prompt_chars"]),
        emails=bool(values["emails"]),
    )


def _config_key(path: str) -> list[int] | None:
    """What identifies this config.toml's content without reading it; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _read_cache(cache: str, key: list[int] | None) -> dict[str, Any] | None:
    try:
        with open(cache, "rb") as handle:
            stored = lean_json.loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("schema") != _SCHEMA or stored.get("version") != __version__:
        return None
    if stored.get("config") != key or not isinstance(values := stored.get("values"), dict):
        return None
    return values


def _load_full(home: str) -> tuple[dict[str, Any], str | None]:
    """The values from `daemon.config` (imported only here); the defaults and the error when config.toml is
    broken."""
    from pathlib import Path

    from daemon.config import ConfigError, default_settings, load_settings

    error = None
    try:
        settings = load_settings(Path(home), socket=None)
    except ConfigError as exc:
        settings, error = default_settings(Path(home), socket=None), str(exc)[:300]
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


def _write_cache(cache: str, key: list[int] | None, values: dict[str, Any]) -> None:
    """Atomically, owner-only; a home that cannot be written just means no cache."""
    body = lean_json.dumps({"schema": _SCHEMA, "version": __version__, "config": key, "values": values})
    temp = os.path.join(os.path.dirname(cache), f".{CACHE_NAME}.{os.getpid()}.tmp")
    try:
        from pathlib import Path

        from daemon.home import private_dirs

        private_dirs(Path(cache).parent)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, body.encode())
        finally:
            os.close(fd)
        os.replace(temp, cache)
    except OSError:
        try:  # noqa: SIM105  (contextlib costs a hook its import)
            os.unlink(temp)
        except OSError:
            pass
