"""`state/hook_settings.json`: the few settings a hook process needs, written by whoever loaded them the full way.

Why a module of its own: the hook process (`load_hook_settings`, below) reads this file instead of
importing `daemon.config` (~26 ms under `python -S`, more than the rest of a hook). Before, only a hook wrote it,
so the first hook after config.toml changed, appeared or went (and every session's first hook in a fresh home)
paid for that import on the agent's critical path: SessionStart, which Claude Code waits for. The daemon has
loaded the settings anyway when it starts, so it writes the file too (`write_at_start`), and that first hook
finds it.

Invariants:
- The values are exactly what `load_settings` gives for config.toml as it is (its `[daemon] socket`, not
  `MEMORYD_SOCKET` or `--socket`, which the hook reads itself), keyed by config.toml's (inode, size, mtime,
  ctime) and memoryd's version. The daemon writes them only when config.toml did not change while it loaded
  them (the same key before and after), and never for a broken config.toml.
- Imported by every hook process, which reads its settings here (both sides of the file in one module: each
  module a hook imports costs it ~0.3 ms): `os` and the version only at import time (the JSON reader is the
  caller's: `daemon.client.lean_json.loads` in a hook, which this daemon module may not import); `json`, `pathlib` and
  `daemon.config` are imported inside the functions that need them (the slow path).
- A hook that finds no file matching config.toml as it is now (config.toml changed since the daemon
  started, or no daemon ever ran) loads the values the full way and writes the file for the hooks after
  it. A broken config.toml is never cached: every hook then loads the defaults the full way and logs the
  error. A file that cannot be read or written is ignored (the full way again).
- Written atomically, owner-only; a home that cannot be written just means no file.
"""

import os

from daemon import __version__

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from daemon.config import Settings

CACHE_NAME = "hook_settings.json"
SCHEMA = 1
VERSION = __version__


def cache_path(home: str) -> str:
    return os.path.join(home, "state", CACHE_NAME)


def config_key(home: str) -> list[int] | None:
    """What identifies config.toml's content without reading it; None when there is none."""
    try:
        st = os.stat(os.path.join(home, "config.toml"))
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def hook_values(settings: "Settings") -> "dict[str, Any]":
    """What a hook reads from `settings` (`HookSettings`)."""
    from pathlib import Path

    configured = settings.daemon.socket  # Why not settings.socket_path: MEMORYD_SOCKET is read at every hook
    socket = Path(configured).expanduser() if configured else settings.home / "run" / "memoryd.sock"
    hooks = settings.hooks
    return {
        "socket": str(socket),
        "deadline_ms": hooks.deadline_ms,
        "timeout_ms": hooks.timeout_ms,
        "log_max_bytes": hooks.log_max_bytes,
        "transcript_on_stop": hooks.transcript_on_stop,
        "min_prompt_chars": hooks.min_prompt_chars,
        "emails": settings.redaction.emails,
    }


def load_values(home: str) -> "tuple[dict[str, Any], str | None]":
    """The values from `daemon.config` (imported only here); the defaults and the error when config.toml is
    broken."""
    from pathlib import Path

    from daemon.config import ConfigError, default_settings, load_settings

    error = None
    try:
        settings = load_settings(Path(home), socket=None)
    except ConfigError as exc:
        settings, error = default_settings(Path(home), socket=None), str(exc)[:300]
    return hook_values(settings), error


def write(home: str, key: list[int] | None, values: "dict[str, Any]") -> None:
    """Atomically, owner-only; a home that cannot be written just means no file. (`json` is cheap here: the
    callers have imported `daemon.config`, and with it `re`, already.)"""
    import json

    body = json.dumps({"schema": SCHEMA, "version": VERSION, "config": key, "values": values})
    cache = cache_path(home)
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


def write_at_start(home: str) -> bool:
    """The daemon, starting: the file for the hooks to come, unless config.toml is broken or changed while
    it was read. Returns whether it was written."""
    before = config_key(home)
    values, error = load_values(home)
    if error is not None or config_key(home) != before:
        return False
    write(home, before, values)
    return True


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


def load_hook_settings(socket: str | None, loads: "Callable[[bytes], Any]") -> tuple[HookSettings, str | None]:
    """(the settings, the config error if config.toml is broken). Never raises on a bad config. `socket` is
    the `--socket` given, if any (already `~`-expanded)."""
    home = os.path.realpath(os.path.expanduser(os.environ.get("MEMORYD_HOME") or "~/.memoryd"))
    key = config_key(home)
    configured = socket or os.environ.get("MEMORYD_SOCKET") or None
    cached = _read_cache(cache_path(home), key, loads)
    if cached is not None:
        try:
            return _settings(home, configured, cached), None
        except (KeyError, TypeError, ValueError):  # a cache someone edited: the full way
            pass
    values, error = load_values(home)
    if error is None and os.path.isdir(home):  # Why isdir: `memoryd status` before `init` creates no home
        write(home, key, values)
    return _settings(home, configured, values), error


def _settings(home: str, configured_socket: str | None, values: "dict[str, Any]") -> HookSettings:
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


def _read_cache(cache: str, key: list[int] | None, loads: "Callable[[bytes], Any]") -> "dict[str, Any] | None":
    try:
        with open(cache, "rb") as handle:
            stored = loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("schema") != SCHEMA:
        return None
    if stored.get("version") != VERSION:
        return None
    if stored.get("config") != key or not isinstance(values := stored.get("values"), dict):
        return None
    return values
