"""The memory home as a git repository: set it up (`memoryd sync init`) and describe it (`memoryd sync status`).

Invariants:
- `init` never discards anything: an existing repository is adopted with its history; a remote that already
  has a memory is merged with this one (unrelated histories are joined, never replaced); an existing
  `.gitignore`/`.gitattributes` keeps every line outside memoryd's block.
- The merge drivers are registered in the repository's own `.git/config`, pointing at this memoryd, so a plain
  `git pull` merges like memoryd does; memoryd's own rounds also pass them on the command line, so a moved
  installation cannot break them.
Blocking: call from a thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.atomic_file import write_atomic
from pipeline.sync.git import Git, GitError
from pipeline.sync.layout import (
    ATTRIBUTES,
    IGNORED,
    conflict_files,
    driver_config,
    exclude_lines,
    exclude_pathspecs,
    managed,
)

MARKER_KEY = "memoryd.sync"
BRANCH_KEY = "memoryd.branch"
DEFAULT_BRANCH = "main"
GC_AUTO = 1000


class SyncError(RuntimeError):
    """A sync request that cannot be done as asked; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class SyncConfig:
    home: Path
    machine: str
    remote: str = "origin"
    branch: str = ""  # empty: the one `init` chose (memoryd.branch in .git/config)
    exclude: tuple[str, ...] = ()
    timeout: float = 120.0
    driver_command: tuple[str, ...] = ("memoryd",)


def git_for(config: SyncConfig) -> Git:
    return Git(config.home, timeout=config.timeout, config=driver_config(config.driver_command))


def is_initialised(config: SyncConfig) -> bool:
    """Whether `memoryd sync init` set this home up (a home that is a git repository for other reasons is not
    synced)."""
    if not (config.home / ".git").exists():
        return False
    return git_for(config).run(["config", "--get", MARKER_KEY], check=False).stdout.strip() == "true"


def branch_of(config: SyncConfig, git: Git) -> str:
    if config.branch:
        return config.branch
    chosen = git.run(["config", "--get", BRANCH_KEY], check=False).stdout.strip()
    return chosen or DEFAULT_BRANCH


def write_layout(config: SyncConfig) -> list[str]:
    """Write memoryd's block of `.gitignore`, `.gitattributes` and `.git/info/exclude`. Returns what changed."""
    changed = []
    targets = (
        (config.home / ".gitignore", list(IGNORED)),
        (config.home / ".gitattributes", list(ATTRIBUTES)),
        (config.home / ".git" / "info" / "exclude", exclude_lines(config.exclude)),
    )
    for path, lines in targets:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        new = managed(old, lines)
        if new != old:
            write_atomic(path, new)
            changed.append(path.relative_to(config.home).as_posix())
    return changed


def register(config: SyncConfig, git: Git, branch: str) -> None:
    """The marker, the machine, the branch and the drivers in `.git/config` (idempotent)."""
    values = {MARKER_KEY: "true", "memoryd.machine": config.machine, BRANCH_KEY: branch}
    # Why: each round stores the grown month segment as a new loose object; packing after ~1,000 loose objects
    # (git's default waits for 6,700) keeps .git near its packed size (deltas make a segment's versions small).
    values["gc.auto"] = str(GC_AUTO)
    values.update(driver_config(config.driver_command))
    for key, value in values.items():
        git.run(["config", key, value])


def refresh_layout(config: SyncConfig) -> None:
    """At each start: memoryd's blocks and drivers as this version writes them (the next round commits a change)."""
    git = git_for(config)
    write_layout(config)
    register(config, git, branch_of(config, git))


def remote_default_branch(git: Git, remote: str) -> str | None:
    """The branch the remote's HEAD names, or None for an empty remote. Raises GitError (offline) if unreachable."""
    listed = git.run(["ls-remote", "--symref", remote, "HEAD"]).stdout
    for line in listed.splitlines():
        if line.startswith("ref: refs/heads/") and line.endswith("\tHEAD"):
            return line[len("ref: refs/heads/") : -len("\tHEAD")]
    return None


@dataclass(frozen=True, slots=True)
class InitResult:
    remote: str
    url: str
    branch: str
    created_repository: bool
    layout_changed: tuple[str, ...]


def init_repository(config: SyncConfig, url: str) -> InitResult:
    """Make the home a git repository for sync (or adopt the one it is), with `url` as its remote."""
    if not url.strip():
        raise SyncError("sync init needs --remote URL (a bare repository, GitHub, GitLab, a path on a disk)")
    git = git_for(config)
    created = not (config.home / ".git").exists()
    if created:
        git.run(["init", "-q"])
    elif not (config.home / ".git").is_dir():
        raise SyncError(
            f"{config.home}/.git is not a directory (a worktree or submodule); memoryd needs its own repository"
        )
    existing = git.run(["remote", "get-url", config.remote], check=False)
    if existing.code != 0:
        git.run(["remote", "add", config.remote, url])
    elif existing.stdout.strip() != url:
        git.run(["remote", "set-url", config.remote, url])
    branch = config.branch
    if not branch:
        try:
            branch = remote_default_branch(git, config.remote) or ""
        except GitError as exc:
            raise SyncError(f"cannot reach {url}: {exc} (check the URL and that git can reach it on its own)") from exc
    unborn = git.run(["rev-parse", "--verify", "-q", "HEAD"], check=False).code != 0
    if not branch:
        current = git.run(["symbolic-ref", "--short", "-q", "HEAD"], check=False).stdout.strip()
        branch = DEFAULT_BRANCH if unborn or not current else current
    if unborn:
        git.run(["symbolic-ref", "HEAD", f"refs/heads/{branch}"])
    else:
        current = git.run(["symbolic-ref", "--short", "-q", "HEAD"], check=False).stdout.strip()
        if current != branch:
            raise SyncError(
                f"the home's repository is on branch {current or '(detached)'}, the remote's is {branch}: "
                f"check out {branch} in {config.home} (or pass --branch {current}) and run sync init again"
            )
    changed = write_layout(config)
    register(config, git, branch)
    return InitResult(config.remote, url, branch, created, tuple(changed))


def ahead_behind(git: Git, branch: str, remote: str) -> tuple[int, int] | None:
    """Commits here and not on the remote's branch (as last fetched), and the other way round; None if unknown."""
    upstream = f"refs/remotes/{remote}/{branch}"
    if not git.ok("rev-parse", "--verify", "-q", upstream):
        return None
    if not git.ok("rev-parse", "--verify", "-q", "HEAD"):
        return None
    counts = git.out("rev-list", "--left-right", "--count", f"HEAD...{upstream}").split()
    return int(counts[0]), int(counts[1])


def describe(config: SyncConfig) -> dict[str, object]:
    """What `memoryd sync status` shows: remote, branch, ahead/behind (as of the last fetch), unsaved changes,
    conflicts present. Local only: no network."""
    if not is_initialised(config):
        return {"initialised": False, "machine": config.machine}
    git = git_for(config)
    branch = branch_of(config, git)
    url = git.run(["remote", "get-url", config.remote], check=False).stdout.strip()
    counts = ahead_behind(git, branch, config.remote)
    pending = git.run(
        ["status", "--porcelain", "-z", "--", ".", *exclude_pathspecs(config.exclude)], check=False
    ).stdout
    return {
        "initialised": True,
        "machine": config.machine,
        "remote": config.remote,
        "url": url,
        "branch": branch,
        "ahead": counts[0] if counts else None,
        "behind": counts[1] if counts else None,
        "uncommitted": len([entry for entry in pending.split("\0") if entry.strip()]),
        "conflicts": conflict_files(config.home),
    }
