"""`memoryd sync merge-driver KIND %O %A %B %P`: the git merge drivers `memoryd sync init` registers.

git runs this for a file changed on both sides of a merge, with the common version (%O), ours (%A) and theirs
(%B) in temp files: the merged text goes to %A and the exit code says how it went (0 merged; 1 a conflict,
which memoryd's sync round resolves by keeping both versions as files). It reads no settings and starts no
daemon, so it is fast and works the same when git is run by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pipeline.atomic_file import write_atomic
from pipeline.sync.merge_daily import merge_daily
from pipeline.sync.merge_facts import merge_facts
from pipeline.sync.merge_markdown import MergeFailed, merge_markdown

KINDS = ("markdown", "append", "daily", "facts")
EXIT_MERGED, EXIT_CONFLICT, EXIT_USAGE = 0, 1, 2


def merge_bytes(kind: str, base: bytes, ours: bytes, theirs: bytes) -> bytes | None:
    """The merged content, or None on a conflict. `kind` is a driver kind (KINDS); anything else: only identical
    changes merge."""
    if ours == theirs or base == theirs:
        return ours
    if base == ours:
        return theirs
    if kind == "facts":
        return merge_facts(base, ours, theirs)
    if kind not in KINDS:
        return None
    try:
        texts = [data.decode("utf-8") for data in (base, ours, theirs)]
    except UnicodeDecodeError:
        return None
    text = merge_daily(*texts) if kind == "daily" else None
    if text is None:
        try:
            text = merge_markdown(*texts, join_created=kind != "markdown")
        except MergeFailed:
            return None
    return None if text is None else text.encode("utf-8")


def merge_files(kind: str, base: Path, ours: Path, theirs: Path) -> bool:
    """Merge `theirs` into `ours` in place (from the common `base`). Returns False on a conflict (ours untouched)."""
    raw = [path.read_bytes() for path in (base, ours, theirs)]
    merged = merge_bytes(kind, *raw)
    if merged is None:
        return False
    if merged != raw[1]:
        write_atomic(ours, merged)
    return True


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[0] not in KINDS:
        print(f"usage: memoryd sync merge-driver {{{'|'.join(KINDS)}}} BASE OURS THEIRS [PATH]", file=sys.stderr)
        return EXIT_USAGE
    kind, base, ours, theirs = argv[0], Path(argv[1]), Path(argv[2]), Path(argv[3])
    try:
        merged = merge_files(kind, base, ours, theirs)
    except OSError as exc:
        print(f"memoryd merge-driver: {exc}", file=sys.stderr)
        return EXIT_CONFLICT
    return EXIT_MERGED if merged else EXIT_CONFLICT


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
