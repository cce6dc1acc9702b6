"""The few settings a hook process reads, without importing the settings module on every hook.

`daemon.config` validates all of config.toml with dataclasses and tomllib: ~15 ms of imports on this machine,
more than the rest of a hook. A hook needs eight values, from `state/hook_settings.json` (daemon/hook_settings_file.py),
keyed by config.toml's (inode, size, mtime, ctime) and memoryd's version, which the daemon writes when it
starts; every hook reads that small file and stats config.toml. A hook that finds no file matching config.toml
as it is now (config.toml changed since the daemon started, or no daemon ever ran) loads the values the full
way and writes the file for the hooks after it.

Invariants:
- The values are exactly what `load_settings` gives: the file is written from it, and used only while
  config.toml is the same file (any edit changes its mtime/ctime) and memoryd the same version.
- A broken config.toml is never cached: every hook then loads the defaults the full way and logs the error,
  as before. A cache that cannot be read or written is ignored (the full way again).
- `os` and lean_json only on the way (paths are strings): no pathlib, json, contextlib, dataclasses, typing or
  tomllib, whose imports would cost more than the rest of a hook (see run.py).
"""

import os

from daemon import hook_settings_file as settings_file
from daemon.client import lean_json

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from typing import Any


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
    key = settings_file.config_key(home)
    configured = socket or os.environ.get("MEMORYD_SOCKET") or None
    cached = _read_cache(settings_file.cache_path(home), key)
    if cached is not None:
        try:
            return _settings(home, configured, cached), None
        except (KeyError, TypeError, ValueError):  # a cache someone edited: the full way
            pass
    values, error = settings_file.load_values(home)
    if error is None and os.path.isdir(home):  # Why isdir: `memoryd status` before `init` creates no home
        settings_file.write(home, key, values)
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


def _read_cache(cache: str, key: list[int] | None) -> "dict[str, Any] | None":
    try:
        with open(cache, "rb") as handle:
            stored = lean_json.loads(handle.read())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("schema") != settings_file.SCHEMA:
        return None
    if stored.get("version") != settings_file.VERSION:
        return None
    if stored.get("config") != key or not isinstance(values := stored.get("values"), dict):
        return None
    return values
