"""Paths as the agent wrote them: POSIX, or Windows when the transcript comes from a Windows machine.

Why: the daemon runs on Linux or macOS, but it reads transcripts from wherever the agent ran, and Claude Code on
Windows writes `C:\\Users\\me\\src\\app`. `pathlib.Path` on POSIX takes such a path for one file name, so the
whole path became the project's name and nothing a Windows session taught reached its project.
"""

from __future__ import annotations

import re
from pathlib import PurePath, PurePosixPath, PureWindowsPath

from pipeline.memory_layout import safe_id

_WINDOWS = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\[^\\])")


def is_windows(path: str) -> bool:
    """A drive-letter or UNC path (`C:\\src\\app`, `\\\\server\\share`)."""
    return bool(_WINDOWS.match(path))


def agent_path(path: str) -> PurePath:
    """`path` in the flavour it was written in."""
    return PureWindowsPath(path) if is_windows(path) else PurePosixPath(path)


def folder_name(path: str) -> str:
    """The last component of a working directory, either flavour ('' for a root or an empty path)."""
    return agent_path(path.rstrip("/\\") or path).name if path else ""


def relative_to(path: str, cwd: str) -> str:
    """`path` relative to `cwd` (with `/`) when it is an absolute path inside it, else as given."""
    if not cwd or is_windows(path) != is_windows(cwd) or not agent_path(path).is_absolute():
        return path
    try:
        return agent_path(path).relative_to(agent_path(cwd)).as_posix()
    except ValueError:
        return path


def folder_project(cwd: str) -> str:
    """The project a working directory names when memoryd has no folder for it: its last component as a safe
    file name ('' when there is none)."""
    name = safe_id(folder_name(cwd)) if cwd else ""
    return "" if name == "session" else name
