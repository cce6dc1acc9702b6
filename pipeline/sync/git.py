"""The `git` command line, run for the memory home: an argument list (never a shell string), a timeout, no prompts.

Invariants:
- git never waits for a person: `GIT_TERMINAL_PROMPT=0`, no askpass, stdin from /dev/null, and its own session
  (no controlling terminal, so ssh cannot ask for a passphrase either); credentials are git's own (ssh agent,
  credential helper); memoryd stores none.
- Every call has a deadline; on timeout the whole process group is killed and `GitError` says which command.
- Nothing here forces, rewrites or deletes history: callers get exactly the commands they spell out.
Blocking: call from a thread in async code.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_TIMEOUT = 120.0


class GitError(RuntimeError):
    """A git command failed or timed out; the message names it and quotes git's own words."""

    def __init__(self, message: str, *, stderr: str = "", offline: bool = False) -> None:
        super().__init__(message)
        self.stderr = stderr
        self.offline = offline  # the remote could not be reached or refused us (network, auth): retry later


@dataclass(frozen=True, slots=True)
class GitResult:
    code: int
    stdout: str
    stderr: str


# git's words for "could not talk to the remote" (network down, DNS, auth): a round that fails this way is retried
# with backoff and the memory keeps working locally.
_OFFLINE_HINTS = (
    "could not resolve host",
    "could not read from remote repository",
    "unable to access",
    "connection refused",
    "connection timed out",
    "network is unreachable",
    "authentication failed",
    "permission denied",
    "does not appear to be a git repository",
    "no such file or directory",
    "timed out",
)


def git_available() -> bool:
    return shutil.which("git") is not None


class Git:
    """Runs git in one working tree. `config` adds `-c key=value` to every call (e.g. the merge drivers)."""

    def __init__(self, worktree: Path, *, timeout: float = DEFAULT_TIMEOUT, config: Mapping[str, str] = {}) -> None:
        self.worktree = worktree
        self.timeout = timeout
        self.config = dict(config)

    def env(self, extra: Mapping[str, str] = {}) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _KEPT_GIT_ENV}
        env.pop("SSH_ASKPASS", None)
        env.update(
            GIT_TERMINAL_PROMPT="0",
            GIT_ASKPASS="",
            SSH_ASKPASS_REQUIRE="never",
            GIT_MERGE_AUTOEDIT="no",
            LC_ALL="C",  # messages we match on are git's English ones
        )
        env.update(extra)
        return env

    def run(
        self,
        args: Sequence[str],
        *,
        check: bool = True,
        timeout: float | None = None,
        env: Mapping[str, str] = {},
        input_bytes: bytes | None = None,
    ) -> GitResult:
        """Run `git ARGS` in the worktree. Raises GitError on a timeout, or on a non-zero exit when `check`."""
        code, out, err = self._exec(args, timeout=timeout, env=env, input_bytes=input_bytes)
        result = GitResult(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))
        if check and result.code != 0:
            raise self._error(args, result)
        return result

    def read_bytes(self, args: Sequence[str]) -> bytes:
        """stdout of a command that must succeed, as bytes (file contents: `cat-file blob SHA`)."""
        code, out, err = self._exec(args)
        if code != 0:
            raise self._error(args, GitResult(code, "", err.decode("utf-8", "replace")))
        return out

    def read_blobs(self, oids: Sequence[str]) -> dict[str, bytes]:
        """Many blobs' contents in one `cat-file --batch` (one process, not one per file)."""
        wanted = list(dict.fromkeys(oids))
        if not wanted:
            return {}
        code, out, err = self._exec(["cat-file", "--batch"], input_bytes="".join(f"{o}\n" for o in wanted).encode())
        if code != 0:
            raise self._error(["cat-file"], GitResult(code, "", err.decode("utf-8", "replace")))
        blobs: dict[str, bytes] = {}
        position = 0
        for oid in wanted:
            end = out.index(b"\n", position)
            header = out[position:end].split()
            if len(header) < 3 or header[1] == b"missing":
                raise GitError(f"git cat-file: object {oid} is missing")
            size = int(header[2])
            blobs[oid] = out[end + 1 : end + 1 + size]
            position = end + 1 + size + 1
        return blobs

    def _exec(
        self,
        args: Sequence[str],
        *,
        timeout: float | None = None,
        env: Mapping[str, str] = {},
        input_bytes: bytes | None = None,
    ) -> tuple[int, bytes, bytes]:
        command = ["git", "-C", str(self.worktree)]
        for key, value in self.config.items():
            command += ["-c", f"{key}={value}"]
        command += list(args)
        limit = self.timeout if timeout is None else timeout
        try:
            proc = subprocess.Popen(
                command,
                stdin=subprocess.PIPE if input_bytes is not None else subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.env(env),
                start_new_session=True,  # no controlling terminal: nothing can prompt; the group can be killed
            )
        except FileNotFoundError as exc:
            raise GitError("git is not installed (memoryd sync needs the git command line)") from exc
        try:
            out, err = proc.communicate(input_bytes, timeout=limit)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            proc.communicate()
            raise GitError(
                f"git {args[0]} timed out after {limit:.0f}s", offline=args[0] in ("fetch", "push")
            ) from None
        return proc.returncode, out, err

    @staticmethod
    def _error(args: Sequence[str], result: GitResult) -> GitError:
        words = (result.stderr.strip() or result.stdout.strip()).splitlines()
        detail = " / ".join(line.strip() for line in words[-3:]) or f"exit {result.code}"
        lowered = result.stderr.lower()
        offline = args[0] in ("fetch", "push", "ls-remote") and any(hint in lowered for hint in _OFFLINE_HINTS)
        return GitError(f"git {' '.join(args[:2])}: {detail}", stderr=result.stderr, offline=offline)

    @property
    def config_dir(self) -> Path:
        """The repository's `.git` directory (where MERGE_HEAD lives)."""
        return self.worktree / ".git"

    def out(self, *args: str, timeout: float | None = None) -> str:
        """stdout of a command that must succeed, stripped."""
        return self.run(args, timeout=timeout).stdout.strip()

    def ok(self, *args: str) -> bool:
        """Whether a command exits 0 (for questions such as "does this ref exist")."""
        return self.run(args, check=False).code == 0


# Variables a user may rely on that do not redirect git at another repository.
_KEPT_GIT_ENV = frozenset({"GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSL_NO_VERIFY", "GIT_SSL_CAINFO", "GIT_CONFIG_GLOBAL"})


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
