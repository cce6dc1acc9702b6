"""The systemd user unit and the launchd agent as text: the templates in `systemd/` and `launchd/` (packaged
copies in `daemon/client/units/`) filled in for one memoryd executable, memory home and environment file.

Invariant: a rendered file names the memoryd executable, the memory home and the environment file by absolute
path, quoted so that systemd or launchd reads back exactly those paths; a path that cannot be represented is
refused, never mangled. Standard library only: the CLI imports this on its fast path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from daemon.env_file import ENV_FILE_NAME

UNIT_NAME = "memoryd.service"
LAUNCHD_LABEL = "com.memoryd.daemon"

_PLACEHOLDER = re.compile(r"@(MEMORYD|HOME|ENVFILE)@")
_SOURCE_ROOT = Path(__file__).resolve().parents[2]
_PACKAGED_DIR = Path(__file__).resolve().parent / "units"
_TEMPLATES = {"systemd": ("systemd", UNIT_NAME), "launchd": ("launchd", f"{LAUNCHD_LABEL}.plist")}


class ServiceError(ValueError):
    """A problem the user must fix (unsupported platform, memoryd not found, a path systemd cannot express)."""


def template_path(kind: str) -> Path:
    """The template for `kind` ("systemd" | "launchd"): the top-level file in a source checkout, else the packaged copy.

    Why the pyproject check: installed, this module's grandparent is site-packages, which may hold an unrelated
    `systemd/` package (python-systemd).
    """
    folder, name = _TEMPLATES[kind]
    checkout = _SOURCE_ROOT / folder / name
    if (_SOURCE_ROOT / "pyproject.toml").is_file() and checkout.is_file():
        return checkout
    return _PACKAGED_DIR / name


def env_file_for(home: Path, env_file: Path | None = None) -> Path:
    """The service's environment file: `env_file` when given, else `$MEMORYD_HOME/service.env`."""
    return absolute(env_file) if env_file is not None else absolute(home) / ENV_FILE_NAME


def render_systemd_unit(memoryd_path: Path, home: Path, env_file: Path | None = None) -> str:
    """The user unit for `memoryd_path serve --env-file ...` with `MEMORYD_HOME=home`. Paths must be absolute."""
    exe = _checked_text(memoryd_path, "memoryd path")
    # Why: systemd refuses an executable path containing quotes or backslashes ("Executable name contains special
    # characters"), whatever the escaping. `$` needs no escape there: the program path is not variable-expanded.
    if any(c in exe for c in "\"'\\"):
        raise ServiceError(f"systemd cannot run an executable whose path contains quotes or backslashes: {exe}")
    values = {
        "MEMORYD": _systemd_quoted(exe),
        "HOME": _systemd_quoted(_checked_text(home, "memory home")),
        "ENVFILE": _systemd_quoted(_checked_text(env_file_for(home, env_file), "environment file")),
    }
    return _fill(template_path("systemd").read_text(encoding="utf-8"), values)


def render_launchd_plist(memoryd_path: Path, home: Path, env_file: Path | None = None) -> str:
    """The launchd agent plist for `memoryd_path serve --env-file ...` with `MEMORYD_HOME=home` (absolute paths)."""
    values = {
        "MEMORYD": _xml_escaped(_checked_text(memoryd_path, "memoryd path")),
        "HOME": _xml_escaped(_checked_text(home, "memory home")),
        "ENVFILE": _xml_escaped(_checked_text(env_file_for(home, env_file), "environment file")),
    }
    return _fill(template_path("launchd").read_text(encoding="utf-8"), values)


def _fill(template: str, values: dict[str, str]) -> str:
    # One pass, so a path that itself contains "@HOME@" is not substituted again.
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def _checked_text(path: Path, what: str) -> str:
    text = str(path)
    if not path.is_absolute():
        raise ServiceError(f"the {what} must be an absolute path: {text}")
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
        raise ServiceError(f"the {what} contains control characters: {text!r}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ServiceError(f"the {what} is not valid UTF-8: {text!r}") from exc
    return text


def _systemd_quoted(value: str) -> str:
    """The body of a double-quoted systemd word: C escapes for `\\` and `"`, `%%` so `%` is no specifier."""
    # Environment= and ExecStart= both unquote and C-unescape the word and expand %-specifiers (systemd.unit(5)).
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%")


def _xml_escaped(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def absolute(path: Path) -> Path:
    return Path(os.path.abspath(path.expanduser()))


def unit_file_name(manager: str) -> str:
    """The unit's file name for `manager` ("systemd" | "launchd")."""
    return _TEMPLATES[manager][1]
