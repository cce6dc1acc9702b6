"""Three-way merge of a Markdown memory file edited on two machines: concurrent insertions are all kept.

git's own line merge (`git merge-file --diff3`) does the alignment; each region it cannot merge is resolved here
only when both sides merely *inserted* lines at the same place (two daily-note entries, two lessons appended to
one list). The inserted blocks (a heading or list item with its continuation lines) are kept once each, in an
order both machines compute alike: equal blocks aligned, the others interleaved by their text, which puts
`## 14:32 ·` entries in time order. Anything else — both sides changed or deleted the same lines — is a real
conflict: `None`, and the sync round keeps both versions as files.

A file created on both machines (no common version) is joined the same way with `join_created` (daily notes,
MEMORY.md, rules.md: timelines and lists); for other files it is a conflict.
Blocking (runs `git merge-file`).
"""

from __future__ import annotations

import difflib
import re
import subprocess
import tempfile
from pathlib import Path

MARKER_SIZE = 40
_OURS, _BASE, _SEP, _THEIRS = ("<" * MARKER_SIZE, "|" * MARKER_SIZE, "=" * MARKER_SIZE, ">" * MARKER_SIZE)
_BLOCK_START = re.compile(r"^(?:#{1,6}\s|[-*+]\s|\d{1,9}[.)]\s)")


class MergeFailed(RuntimeError):
    """git merge-file could not run (not a conflict: the caller treats it as one anyway)."""


def merge_markdown(base: str, ours: str, theirs: str, *, join_created: bool) -> str | None:
    """The merged text, or None when both sides changed the same lines (a conflict)."""
    if ours == theirs or base == theirs:
        return ours
    if base == ours:
        return theirs
    base, ours, theirs = (_terminated(t) for t in (base, ours, theirs))
    if not base.strip():
        return "".join(_union(_lines(ours), _lines(theirs))) if join_created else None
    merged: list[str] = []
    for region in _diff3(base, ours, theirs):
        if isinstance(region, str):
            merged.append(region)
            continue
        resolved = _insertions(*region)
        if resolved is None:
            return None
        merged += resolved
    return "".join(merged)


def _terminated(text: str) -> str:
    """A last line without its newline would make an append look like an edit of that line."""
    return text if not text or text.endswith("\n") else text + "\n"


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _diff3(base: str, ours: str, theirs: str) -> list[str | tuple[list[str], list[str], list[str]]]:
    """Merged text as clean stretches (str) and conflict regions (base, ours, theirs line lists)."""
    with tempfile.TemporaryDirectory(prefix="memoryd-merge-") as tmp:
        paths = []
        for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            path = Path(tmp) / name
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        command = ["git", "merge-file", "-p", "--diff3", f"--marker-size={MARKER_SIZE}"]
        command += ["-L", "ours", "-L", "base", "-L", "theirs", *paths]
        try:
            proc = subprocess.run(command, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise MergeFailed(f"git merge-file: {exc}") from exc
    if proc.returncode < 0 or proc.returncode > 127:
        raise MergeFailed(f"git merge-file exited {proc.returncode}: {proc.stderr.decode('utf-8', 'replace')}")
    regions: list[str | tuple[list[str], list[str], list[str]]] = []
    clean: list[str] = []
    side: list[str] | None = None
    parts: dict[str, list[str]] = {}
    for line in proc.stdout.decode("utf-8").splitlines(keepends=True):
        bare = line.rstrip("\n")
        if bare == f"{_OURS} ours":
            regions.append("".join(clean))
            clean, parts = [], {"ours": [], "base": [], "theirs": []}
            side = parts["ours"]
        elif side is not None and bare == f"{_BASE} base":
            side = parts["base"]
        elif side is not None and bare == _SEP:
            side = parts["theirs"]
        elif side is not None and bare == f"{_THEIRS} theirs":
            regions.append((parts["base"], parts["ours"], parts["theirs"]))
            side = None
        elif side is not None:
            side.append(line)
        else:
            clean.append(line)
    regions.append("".join(clean))
    return regions


def _insertions(base: list[str], ours: list[str], theirs: list[str]) -> list[str] | None:
    """Resolve a conflict region where both sides only inserted lines before or after the base's; else None."""
    k = len(base)
    if ours[:k] == base and theirs[:k] == base:
        return base + _union(ours[k:], theirs[k:])
    if k and ours[-k:] == base and theirs[-k:] == base:
        return _union(ours[:-k], theirs[:-k]) + base
    return None


def _union(ours: list[str], theirs: list[str]) -> list[str]:
    """Both insertions: common leading and trailing lines once, then the blocks of each, equal blocks once."""
    head = 0
    while head < min(len(ours), len(theirs)) and ours[head] == theirs[head]:
        head += 1
    tail = 0
    while tail < min(len(ours), len(theirs)) - head and ours[-1 - tail] == theirs[-1 - tail]:
        tail += 1
    mine, other = _blocks(ours[head : len(ours) - tail]), _blocks(theirs[head : len(theirs) - tail])
    merged: list[str] = []
    matcher = difflib.SequenceMatcher(None, [b.strip() for b in mine], [b.strip() for b in other], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            merged += mine[i1:i2]
        else:
            merged += _interleave(mine[i1:i2], other[j1:j2])
    return ours[:head] + _separated(merged) + ours[len(ours) - tail :]


def _blocks(lines: list[str]) -> list[str]:
    """Lines grouped into blocks: a heading or list item with the lines that follow it up to the next one."""
    blocks: list[list[str]] = []
    for line in lines:
        if not blocks or _BLOCK_START.match(line):
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return ["".join(block) for block in blocks]


def _interleave(mine: list[str], other: list[str]) -> list[str]:
    """Merge two runs of blocks, each keeping its own order, the smaller head first; a block in both, once."""
    out: list[str] = []
    i = j = 0
    while i < len(mine) and j < len(other):
        a, b = mine[i], other[j]
        if a.strip() == b.strip():
            out.append(a)
            i, j = i + 1, j + 1
        elif a.strip() < b.strip():
            out.append(a)
            i += 1
        else:
            out.append(b)
            j += 1
    return out + mine[i:] + other[j:]


def _separated(blocks: list[str]) -> list[str]:
    """Blocks as lines again; a heading that lands right after a non-blank line gets a blank line before it."""
    out: list[str] = []
    for block in blocks:
        lines = _lines(_terminated(block))
        if out and out[-1].strip() and lines and lines[0].startswith("#"):
            out.append("\n")
        out += lines
    return out
