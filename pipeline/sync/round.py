"""One sync round's steps: commit this machine's changes, fetch, merge (keeping both sides of a conflict), push.

Invariants:
- History is only ever added to: one commit of our changes per round, a merge commit when both sides moved,
  a plain push (never `--force`; a rejected push means fetch and merge again).
- Another machine's event segments are never staged from here, and a remote that changed *our* segments is
  refused before merging (two homes with one machine id would corrupt each other's logs).
- A conflict the drivers cannot merge loses nothing: our version stays at the path, the other machine's goes
  beside it as `NAME.conflict-MACHINE.EXT` (indexed like any note), both are committed, and the round goes on.
- Only `merge` writes the working tree; the daemon holds its `home_writes` lock around it (and only it), so its own
  writers wait for the shortest time. `commit` reads files memoryd replaces atomically and needs no lock; a file
  changed between `commit` and `merge` makes git refuse (`LocalChanges`), and the daemon commits again under the
  lock and merges.
Blocking: call from a thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from events.log import segment_machine
from pipeline.atomic_file import write_atomic
from pipeline.sync.git import Git
from pipeline.sync.layout import conflict_path, exclude_lines
from pipeline.sync.repository import SyncConfig, SyncError

TRAILER = "Memoryd-Machine"
_LISTED = 20


@dataclass(frozen=True, slots=True)
class Committed:
    sha: str
    files: int
    events: int
    message: str


@dataclass(frozen=True, slots=True)
class Conflict:
    path: str
    copy: str | None  # where the other machine's version went (None: one side had deleted the file)
    machine: str


class LocalChanges(RuntimeError):
    """git refused to merge over files changed since the round's commit: commit them, then merge again."""


@dataclass(frozen=True, slots=True)
class MergePlan:
    """What `merge` needs, worked out before the lock is taken: the fetched branch and the merge's message."""

    upstream: str
    related: bool
    message: str


@dataclass(frozen=True, slots=True)
class Merged:
    head: str
    fast_forward: bool
    received: tuple[str, ...]  # paths the merge changed here
    conflicts: tuple[Conflict, ...] = field(default=())


def identity(git: Git, machine: str) -> dict[str, str]:
    """The user's git identity when configured; otherwise memoryd's, naming the machine."""
    name = git.run(["config", "user.name"], check=False).stdout.strip()
    email = git.run(["config", "user.email"], check=False).stdout.strip()
    name, email = name or f"memoryd ({machine})", email or f"memoryd@{machine}.invalid"
    return {
        "GIT_AUTHOR_NAME": name,
        "GIT_AUTHOR_EMAIL": email,
        "GIT_COMMITTER_NAME": name,
        "GIT_COMMITTER_EMAIL": email,
    }


def commit(config: SyncConfig, git: Git, who: dict[str, str], *, note: str = "") -> Committed | None:
    """Stage everything that travels and commit it (as `who`, from `identity`) with a readable message. None when
    nothing changed."""
    git.run(["add", "-A", "--", "."])  # what .gitignore and .git/info/exclude ([sync] exclude) leave
    listed = git.run(["diff", "--cached", "--no-renames", "--numstat", "-z"]).stdout
    changes: list[tuple[str, int]] = []
    held: list[str] = []
    folders = tuple(line.strip("/") + "/" for line in exclude_lines(config.exclude))
    for entry in listed.split("\0"):
        if not entry.strip():
            continue
        added, _, path = entry.split("\t", 2)
        owner = segment_machine(path.rsplit("/", 1)[-1]) if path.startswith("events/") else None
        if (owner is not None and owner != config.machine) or path.startswith(folders):
            held.append(path)  # another machine's log is never changed from here; an excluded folder stays here
            continue
        changes.append((path, int(added) if added.isdigit() else 0))
    if held:
        git.run(["reset", "-q", "--", *held])
    if not changes:
        return None
    message = commit_message(config.machine, changes, note)
    git.run(["commit", "-q", "--no-verify", "-F", "-"], env=who, input_bytes=message.encode())
    sha = git.out("rev-parse", "HEAD")
    events = sum(n for path, n in changes if path.startswith("events/"))
    return Committed(sha, len(changes), events, message)


def commit_message(machine: str, changes: list[tuple[str, int]], note: str = "") -> str:
    """`laptop: 3 notes, facts of atlas, 120 events` then one line per file (the first 20) and the trailer."""
    events = sum(n for path, n in changes if path.startswith("events/"))
    facts = sorted({path.split("/")[-2] for path, _ in changes if path.endswith("/facts.json")})
    daily = sum(1 for path, _ in changes if path.startswith("daily/"))
    other = len(changes) - daily - len(facts) - sum(1 for path, _ in changes if path.startswith("events/"))
    parts = []
    if other:
        parts.append(f"{other} file{'s' if other != 1 else ''}")
    if daily:
        parts.append(f"{daily} daily note{'s' if daily != 1 else ''}")
    if facts:
        parts.append("facts of " + ", ".join(facts))
    if events:
        parts.append(f"{events} event{'s' if events != 1 else ''}")
    subject = f"{machine}: {', '.join(parts) or 'changes'}" + (f" ({note})" if note else "")
    body = [f"{path} (+{n})" if path.startswith("events/") else path for path, n in sorted(changes)[:_LISTED]]
    if len(changes) > _LISTED:
        body.append(f"... and {len(changes) - _LISTED} more")
    return "\n".join([subject, "", *body, "", f"{TRAILER}: {machine}", ""])


def fetch(config: SyncConfig, git: Git, branch: str) -> bool:
    """Fetch the remote's branch. Returns whether it exists there (an empty remote has none). Raises GitError."""
    refspec = f"+refs/heads/{branch}:refs/remotes/{config.remote}/{branch}"
    result = git.run(["fetch", "-q", "--no-tags", config.remote, refspec], check=False)
    if result.code == 0:
        return True
    if "couldn't find remote ref" in result.stderr.lower():
        return False
    git.run(["fetch", "-q", "--no-tags", config.remote, refspec])  # raises with git's words
    return False


def plan_merge(config: SyncConfig, git: Git, branch: str) -> MergePlan | None:
    """Whether the fetched branch has anything new; refuses a remote that changed our own segments. No writes."""
    upstream = f"refs/remotes/{config.remote}/{branch}"
    if not git.ok("rev-parse", "--verify", "-q", upstream):
        return None
    if git.ok("merge-base", "--is-ancestor", upstream, "HEAD"):
        return None  # nothing there that we do not have
    related = git.ok("merge-base", "HEAD", upstream)
    _refuse_changes_to_own_segments(config, git, upstream, related)
    return MergePlan(upstream, related, _merge_message(config, git, upstream))


def merge(config: SyncConfig, git: Git, plan: MergePlan, who: dict[str, str]) -> Merged:
    """Merge the fetched branch into ours (the merge drivers run here). Conflicts are kept as two files.
    Raises LocalChanges when files it must update changed since the last commit (nothing was touched)."""
    before = git.out("rev-parse", "HEAD")
    args = ["merge", "-q", "--no-edit", "--no-verify", "-m", plan.message]
    if not plan.related:
        args.append("--allow-unrelated-histories")
    result = git.run([*args, plan.upstream], check=False, env=who)
    conflicts: list[Conflict] = []
    if result.code != 0:
        unmerged = [p for p in git.out("diff", "--name-only", "--diff-filter=U", "-z").split("\0") if p]
        if not unmerged:
            words = (result.stderr.strip() or result.stdout.strip()).splitlines()
            if (git.config_dir / "MERGE_HEAD").exists():
                git.run(["merge", "--abort"], check=False)
            if "would be overwritten by merge" in result.stderr:
                raise LocalChanges(" / ".join(words[-3:]))
            raise SyncError("git merge: " + " / ".join(words[-3:]))
        conflicts = [_keep_both(config, git, path, plan.upstream) for path in unmerged]
        git.run(["commit", "-q", "--no-edit", "--no-verify"], env=who)
    head = git.out("rev-parse", "HEAD")
    received = tuple(p for p in git.out("diff", "--name-only", "-z", before, head).split("\0") if p)
    fast_forward = git.out("rev-parse", plan.upstream) == head
    return Merged(head, fast_forward, received, tuple(conflicts))


def push(config: SyncConfig, git: Git, branch: str) -> bool:
    """Push our branch (never forced). Returns False when the remote moved meanwhile (fetch and merge again)."""
    result = git.run(["push", "-q", "--no-verify", config.remote, f"HEAD:refs/heads/{branch}"], check=False)
    if result.code == 0:
        git.run(["update-ref", f"refs/remotes/{config.remote}/{branch}", "HEAD"], check=False)
        return True
    text = result.stderr.lower()
    if "rejected" in text or "fetch first" in text or "non-fast-forward" in text:
        return False
    git.run(["push", "-q", "--no-verify", config.remote, f"HEAD:refs/heads/{branch}"])  # raises with git's words
    return False


def _merge_message(config: SyncConfig, git: Git, upstream: str) -> str:
    machines = git.run(
        ["log", f"HEAD..{upstream}", f"--format=%(trailers:key={TRAILER},valueonly,separator=%x2C)"], check=False
    ).stdout.split()
    names = sorted({m.strip(",") for m in machines if m.strip(",")} - {config.machine})
    source = ", ".join(names) if names else f"{config.remote}/{upstream.rsplit('/', 1)[-1]}"
    return f"{config.machine}: merge from {source}\n\n{TRAILER}: {config.machine}\n"


def _refuse_changes_to_own_segments(config: SyncConfig, git: Git, upstream: str, related: bool) -> None:
    """Only this machine writes its segments, so the remote may hold what we pushed, or (joining a memory this
    machine had before) segments we lack, but never a different version of one we have."""
    listed = [git.out("ls-tree", "-r", "-z", "--name-only", ref, "--", "events/") for ref in ("HEAD", upstream)]
    ours, theirs = (set(names.split("\0")) for names in listed)
    if related:  # what the remote changed since the common commit
        changed = git.out("diff", "--name-only", "-z", f"HEAD...{upstream}", "--", "events/").split("\0")
    else:  # a segment only one side has is fine
        changed = git.out("diff", "--name-only", "-z", "HEAD", upstream, "--", "events/").split("\0")
        changed = [p for p in changed if p in theirs]
    # A segment only the remote has is fine (a reinstall joining again), also when both histories share a root
    # (two homes created within one second under one machine id make the same first commit).
    changed = [p for p in changed if p in ours]
    own = [p for p in changed if p and segment_machine(p.rsplit("/", 1)[-1]) == config.machine]
    if own:
        raise SyncError(
            f"the remote changed this machine's own event segments ({', '.join(own)}): another home uses the machine "
            f"id {config.machine!r}, or this home was restored from an older copy. Give each home its own id "
            "([sync] machine or MEMORYD_MACHINE); nothing was merged"
        )


def _keep_both(config: SyncConfig, git: Git, path: str, upstream: str) -> Conflict:
    """Resolve one conflicted path without losing either side: ours in place, theirs beside it."""
    stages: dict[str, str] = {}
    for entry in git.out("ls-files", "-u", "-z", "--", path).split("\0"):
        if entry:
            meta, _, _ = entry.partition("\t")
            _mode, sha, stage = meta.split()
            stages[stage] = sha
    machine = last_machine(git, upstream, path)
    target = config.home / path
    copy: str | None = None
    if "2" in stages:
        write_atomic(target, _blob(git, stages["2"]))
        if "3" in stages:
            taken = set(git.out("ls-files", "-z").split("\0"))
            copy = conflict_path(path, machine, taken | existing_names(config, path))
            write_atomic(config.home / copy, _blob(git, stages["3"]))
            git.run(["add", "--", copy])
    elif "3" in stages:  # we deleted it, they changed it: keep theirs (nothing is lost)
        write_atomic(target, _blob(git, stages["3"]))
    if target.exists():
        git.run(["add", "--", path])
    else:
        git.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", path])
    return Conflict(path, copy, machine)


def existing_names(config: SyncConfig, path: str) -> set[str]:
    folder = (config.home / path).parent
    prefix = path.rpartition("/")[0]
    names = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
    return {f"{prefix}/{name}" if prefix else name for name in names}


def _blob(git: Git, sha: str) -> bytes:
    return git.read_bytes(["cat-file", "blob", sha])


def last_machine(git: Git, upstream: str, path: str) -> str:
    """The machine whose commit last changed `path` on the other side (its trailer, else its author)."""
    trailer = git.run(
        ["log", "-1", f"--format=%(trailers:key={TRAILER},valueonly,separator=%x2C)", upstream, "--", path],
        check=False,
    ).stdout.strip()
    name = trailer or git.run(["log", "-1", "--format=%an", upstream, "--", path], check=False).stdout.strip()
    cleaned = "".join(ch if ch.isalnum() or ch in "_-" else "-" for ch in name.split(",")[0]).strip("-")
    return cleaned[:64] or "remote"
