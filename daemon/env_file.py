"""The service's environment file: secrets (API keys) for a daemon run by systemd or launchd.

A unit file is world-readable and often kept in dotfiles repositories, so memoryd never writes a secret into
it. `memoryd service install --pass-env NAME` writes `NAME=value` into this file instead (0600, owned by the
user; default `$MEMORYD_HOME/service.env`), and the service runs `memoryd serve --env-file PATH`, which reads
it at start. The format is systemd's EnvironmentFile format (`KEY=VALUE`, `export KEY=VALUE`, `#` comments,
values optionally in single or double quotes), so the same file also works with systemd's own
`EnvironmentFile=`.

Invariants: a file another user can read or write, or that another user owns, is never used (its variables
are ignored and the reason is reported); a variable already set in the daemon's environment wins over the
file; the file is written atomically with mode 0600. Standard library only (the CLI imports this).
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ENV_FILE_NAME = "service.env"
_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")
_ESCAPED = re.compile(r'\\(["\\])')
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class EnvFileReport:
    path: str
    loaded: tuple[str, ...] = ()  # variable names taken from the file
    kept: tuple[str, ...] = ()  # names the environment already had (the environment wins)
    problem: str | None = None  # why the file was not used, when it was not
    errors: tuple[str, ...] = field(default=())  # lines that could not be read


def parse(text: str) -> tuple[dict[str, str], list[str]]:
    """`KEY=VALUE` pairs and the lines that are neither that, blank nor a comment (as 'line N: ...')."""
    values: dict[str, str] = {}
    errors: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if match is None:
            errors.append(f"line {number}: not KEY=VALUE")
            continue
        key, value = match.groups()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            quote, value = value[0], value[1:-1]
            if quote == '"':
                value = _ESCAPED.sub(r"\1", value)
        values[key] = value
    return values, errors


def unsafe_reason(path: Path) -> str | None:
    """Why `path` must not be trusted with secrets (another user owns, reads or writes it), or None."""
    info = path.stat()
    if info.st_uid != os.getuid():
        return f"{path} belongs to uid {info.st_uid}, not to you"
    if info.st_mode & 0o077:
        return f"{path} has mode {stat.S_IMODE(info.st_mode):04o}; secrets need 0600 (chmod 600 {path})"
    return None


def load_into_environ(path: Path) -> EnvFileReport:
    """Read `path` into `os.environ` (variables already set win). A missing file is fine (nothing loaded)."""
    try:
        problem = unsafe_reason(path)
        text = path.read_text(encoding="utf-8") if problem is None else ""
    except FileNotFoundError:
        return EnvFileReport(str(path))
    except (OSError, UnicodeDecodeError) as exc:
        return EnvFileReport(str(path), problem=f"{path} cannot be read: {exc}")
    if problem is not None:
        return EnvFileReport(str(path), problem=problem)
    values, errors = parse(text)
    loaded = tuple(sorted(k for k in values if k not in os.environ))
    kept = tuple(sorted(k for k in values if k in os.environ))
    for key in loaded:
        os.environ[key] = values[key]
    return EnvFileReport(str(path), loaded, kept, None, tuple(errors))


def write_values(path: Path, values: dict[str, str]) -> list[str]:
    """Set `values` in the file (other lines kept, same keys replaced), atomically and 0600. Returns the names
    written. Raises ValueError for a bad name or a value with a newline, OSError when it cannot be written."""
    for name, value in values.items():
        if not _NAME.match(name):
            raise ValueError(f"not a variable name: {name!r}")
        if "\n" in value or "\r" in value:
            raise ValueError(f"{name}: a value with a line break cannot go into an environment file")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        lines = ["# memoryd service environment (mode 0600): secrets for `memoryd serve --env-file`"]
    kept = [line for line in lines if not ((m := _LINE.match(line.strip())) and m.group(1) in values)]
    kept += [f"{name}={_quoted(value)}" for name, value in sorted(values.items())]
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(kept) + "\n")
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return sorted(values)


def _quoted(value: str) -> str:
    if value and all(c.isalnum() or c in "-_./:@+,=" for c in value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
