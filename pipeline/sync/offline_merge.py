"""A merge made without touching the working tree, then applied to it in milliseconds.

Why: git runs a merge driver as a process per file changed on both sides; under load a merge takes a second,
and memoryd's own writers (the edit hook's daily note, facts) must not write while git rewrites the files. So the
merge is computed aside (`git merge-tree --write-tree`, git >= 2.38, with the same drivers), conflicts resolved
in a temporary index (ours at the path, theirs beside it), committed with `commit-tree`; then, under the home
lock, only the changed files are written and the index and branch moved (`apply`). A file memoryd wrote since
the round's commit is merged with the new version in-process (the same drivers), so that write is kept too.

Invariants: the branch moves only by compare-and-swap from the commit the merge was made on; nothing a person
or memoryd wrote is overwritten without being merged or kept as a conflict copy; another machine's event
segment is written before the lock is taken (memoryd's writers never touch it).
Blocking: call from a thread.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from pipeline.atomic_file import write_atomic
from pipeline.sync.git import Git
from pipeline.sync.layout import DRIVERS, conflict_path
from pipeline.sync.merge_driver import merge_bytes
from pipeline.sync.repository import SyncConfig
from pipeline.sync.round import Conflict, Merged, MergePlan, existing_names, last_machine

ZERO = "0" * 40
_REGULAR = ("100644", "100755")


@dataclass(frozen=True, slots=True)
class Change:
    path: str
    old: bytes | None  # at the commit the merge was made on (None: added)
    new: bytes | None  # in the merge (None: deleted)
    mode: str
    oid: str
    kind: str  # the driver kind of its `merge` attribute ("" for none)


@dataclass(frozen=True, slots=True)
class Prepared:
    commit: str
    base: str
    upstream: str
    changes: tuple[Change, ...]
    conflicts: tuple[Conflict, ...]


def supported(git: Git) -> bool:
    match = re.search(r"(\d+)\.(\d+)", git.out("version"))
    return bool(match) and (int(match.group(1)), int(match.group(2))) >= (2, 38)  # type: ignore[union-attr]


def prepare(config: SyncConfig, git: Git, plan: MergePlan, who: dict[str, str]) -> Prepared | None:
    """The merge commit of HEAD and the fetched branch, and what it changes; None when a case needs git's own
    in-place merge (a symlink, a submodule, a merge-tree that failed)."""
    base = git.out("rev-parse", "HEAD")
    conflicts: list[Conflict] = []
    if git.ok("merge-base", "--is-ancestor", "HEAD", plan.upstream):
        commit = git.out("rev-parse", plan.upstream)  # a fast-forward: their commit as it is
    else:
        args = ["merge-tree", "--write-tree", "-z"] + ([] if plan.related else ["--allow-unrelated-histories"])
        result = git.run([*args, base, plan.upstream], check=False)
        if result.code not in (0, 1):
            return None
        fields = result.stdout.split("\0")
        tree: str | None = fields[0]
        if staged := _stages(fields[1:]):
            tree, conflicts = _resolve(config, git, fields[0], staged, plan.upstream)
        if tree is None:
            return None
        message = plan.message.encode()
        commit = git.run(
            ["commit-tree", tree, "-p", base, "-p", plan.upstream, "-F", "-"], env=who, input_bytes=message
        ).stdout.strip()
    changes = _changes(git, base, commit)
    if changes is None:
        return None
    return Prepared(commit, base, plan.upstream, changes, tuple(conflicts))


def apply_outside_lock(config: SyncConfig, prepared: Prepared) -> None:
    """Write the other machines' event segments (memoryd's writers never touch them), before the lock."""
    for change in prepared.changes:
        if change.path.startswith("events/"):
            _apply_one(config, change)  # a conflict copy of a log would never be read: the segment is restored


def apply(config: SyncConfig, git: Git, prepared: Prepared) -> Merged:
    """Under the home lock: write the changed files (merging any write made since the commit), then point the
    index entries and the branch at the merge."""
    late = [
        c for change in prepared.changes if not change.path.startswith("events/") if (c := _apply_one(config, change))
    ]
    entries = []
    for change in prepared.changes:
        entries.append(
            f"0 {ZERO}\t{change.path}" if change.new is None else f"{change.mode} {change.oid}\t{change.path}"
        )
    if entries:
        git.run(["update-index", "-z", "--index-info"], input_bytes="\0".join(entries).encode() + b"\0")
    git.run(["update-ref", "-m", "memoryd sync: merge", "HEAD", prepared.commit, prepared.base])
    fast_forward = prepared.commit == git.out("rev-parse", prepared.upstream)
    received = tuple(c.path for c in prepared.changes)
    return Merged(prepared.commit, fast_forward, received, (*prepared.conflicts, *late))


def _apply_one(config: SyncConfig, change: Change) -> Conflict | None:
    """Bring one file to the merge's version, keeping a write made here since the round's commit."""
    target = config.home / change.path
    current = target.read_bytes() if target.is_file() else None
    if current == change.new:
        return None
    if current == change.old:
        _write(target, change.new, change.mode)
        return None
    # Changed here since the round's commit (or by hand): merge it with the new version, or keep both.
    if current is not None and change.new is not None:
        merged = merge_bytes(change.kind, change.old or b"", current, change.new)
        if merged is not None:
            _write(target, merged, change.mode)  # the local write stays uncommitted; the next round commits it
            return None
    if change.new is None:
        return None  # deleted there, changed here: kept (the next round commits it back)
    if change.path.startswith("events/"):
        _write(target, change.new, change.mode)  # another machine's log as it wrote it; never edited here
        return None
    copy = conflict_path(change.path, "incoming", existing_names(config, change.path))
    _write(config.home / copy, change.new, change.mode)  # untracked until the next round commits it
    return Conflict(change.path, copy, "incoming")


def _write(target: Path, data: bytes | None, mode: str) -> None:
    if data is None:
        target.unlink(missing_ok=True)
        return
    write_atomic(target, data)
    if mode == "100755":
        os.chmod(target, 0o755 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _stages(fields: list[str]) -> dict[str, dict[str, tuple[str, str]]]:
    """Conflicted entries of `merge-tree -z` output: path -> stage -> (mode, oid)."""
    staged: dict[str, dict[str, tuple[str, str]]] = {}
    for entry in fields:
        if not entry:
            break  # an empty field ends the conflicted-file list; messages follow
        meta, _, path = entry.partition("\t")
        mode, oid, stage = meta.split()
        staged.setdefault(path, {})[stage] = (mode, oid)
    return staged


def _resolve(
    config: SyncConfig, git: Git, tree: str, staged: dict[str, dict[str, tuple[str, str]]], upstream: str
) -> tuple[str | None, list[Conflict]]:
    """A tree where each conflicted path holds ours and theirs sits beside it (built in a temporary index)."""
    index = git.config_dir / "memoryd-merge.index"
    env = {"GIT_INDEX_FILE": str(index)}
    try:
        git.run(["read-tree", tree], env=env)
        taken = set(git.out("ls-tree", "-r", "-z", "--name-only", tree).split("\0"))
        lines, conflicts = [], []
        for path, stages in sorted(staged.items()):
            if any(mode not in _REGULAR for mode, _ in stages.values()):
                return None, []
            machine = last_machine(git, upstream, path)
            lines.append(f"0 {ZERO}\t{path}")  # drop the conflicted entry, then put back what is kept
            copy = None
            if "2" in stages:
                lines.append("{} {}\t{}".format(*stages["2"], path))
                if "3" in stages:
                    copy = conflict_path(path, machine, taken | existing_names(config, path))
                    taken.add(copy)
                    lines.append("{} {}\t{}".format(*stages["3"], copy))
            elif "3" in stages:  # we deleted it, they changed it: theirs is kept (nothing is lost)
                lines.append("{} {}\t{}".format(*stages["3"], path))
            conflicts.append(Conflict(path, copy, machine))
        git.run(["update-index", "-z", "--index-info"], env=env, input_bytes="\0".join(lines).encode() + b"\0")
        return git.run(["write-tree"], env=env).stdout.strip(), conflicts
    finally:
        index.unlink(missing_ok=True)


def _changes(git: Git, base: str, commit: str) -> tuple[Change, ...] | None:
    raw = git.run(["diff-tree", "-r", "-z", "--no-renames", base, commit]).stdout.split("\0")
    items = []
    for meta, path in zip(raw[0::2], raw[1::2], strict=False):
        if not meta:
            continue
        old_mode, new_mode, old_oid, new_oid, _status = meta.lstrip(":").split()
        if any(mode not in (*_REGULAR, "000000") for mode in (old_mode, new_mode)):
            return None
        items.append((path, old_mode, new_mode, old_oid, new_oid))
    kinds = _kinds(git, [path for path, *_ in items])
    blobs = git.read_blobs([oid for _, _, _, *oids in items for oid in oids if oid != ZERO])
    changes = []
    for path, old_mode, new_mode, old_oid, new_oid in items:
        old, new = blobs.get(old_oid), blobs.get(new_oid)
        changes.append(Change(path, old, new, new_mode if new is not None else old_mode, new_oid, kinds.get(path, "")))
    return tuple(changes)


def _kinds(git: Git, paths: list[str]) -> dict[str, str]:
    """Each path's merge driver kind, from its `merge` attribute."""
    if not paths:
        return {}
    out = git.run(["check-attr", "-z", "--stdin", "merge"], input_bytes="\0".join(paths).encode() + b"\0").stdout
    fields = out.split("\0")
    by_driver = {name: kind for name, (_, kind) in DRIVERS.items()}
    return {fields[i]: by_driver.get(fields[i + 2], "") for i in range(0, len(fields) - 2, 3)}
