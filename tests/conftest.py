"""Shared fixtures: a temp memory home and the real daemon as a subprocess on its real socket."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from daemon.client.socket_client import DaemonError, DaemonUnavailable, call

REPO = Path(__file__).resolve().parent.parent
# The embedding model is built once per machine into this cache and shared by every test daemon.
MODEL_CACHE = Path(os.environ.get("MEMORYD_TEST_MODEL_CACHE", Path(tempfile.gettempdir()) / "memoryd-test-models"))


@pytest.fixture
def memory_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("MEMORYD_HOME", str(home))  # never touch the developer's ~/.memoryd
    return home


def write_config(home: Path, text: str) -> None:
    (home / "config.toml").write_text(text, encoding="utf-8")


class Daemon:
    """The real `memoryd serve` in a subprocess, talking over its real socket."""

    def __init__(
        self,
        home: Path,
        socket_path: Path,
        log_path: Path,
        env: dict[str, str],
        preexec: Callable[[], None] | None = None,
    ) -> None:
        self.home = home
        self.socket = socket_path
        self.log_path = log_path
        self.env = env
        self.preexec = preexec  # runs in the child before exec: e.g. real resource limits (RLIMIT_NOFILE)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> Daemon:
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daemon", "--socket", str(self.socket), "serve"],
            env=self.env,
            stdout=log,
            stderr=log,
            cwd=REPO,
            preexec_fn=self.preexec,
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daemon exited with {self.proc.returncode}:\n{self.log()}")
            try:
                self.call("status", timeout=2.0)
                return self
            except (DaemonUnavailable, DaemonError):
                time.sleep(0.05)
        raise TimeoutError(f"daemon did not answer within {timeout}s:\n{self.log()}")

    def call(self, method: str, params: dict[str, Any] | None = None, *, timeout: float = 30.0) -> Any:
        return call(self.socket, method, params, timeout=timeout)

    def cli(self, *args: str, timeout: float = 60.0, input_text: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "daemon", "--socket", str(self.socket), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=REPO,
            input=input_text,
        )

    def stop(self, timeout: float = 30.0) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            self.proc = None

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc = None

    def log(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-6000:]
        except FileNotFoundError:
            return ""

    def wait_for(self, predicate: Any, timeout: float = 30.0, interval: float = 0.05) -> Any:
        """Poll `predicate()` until it returns a truthy value; never sleep-and-hope."""
        deadline = time.monotonic() + timeout
        last: Any = None
        while time.monotonic() < deadline:
            last = predicate()
            if last:
                return last
            time.sleep(interval)
        raise TimeoutError(f"condition not met within {timeout}s (last value {last!r})\n{self.log()}")


@pytest.fixture
def daemon_factory(memory_home: Path, tmp_path: Path) -> Iterator[Any]:
    """Make daemons for `memory_home` (embedding off unless the test's config turns it on)."""
    sock_dir = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-")  # AF_UNIX paths are short on macOS
    made: list[Daemon] = []

    def make(*, embedding: bool = False, preexec: Callable[[], None] | None = None) -> Daemon:
        env = dict(os.environ)
        env["MEMORYD_HOME"] = str(memory_home)
        env["MEMORYD_MODEL_DIR"] = str(MODEL_CACHE)
        env["MEMORYD_LOG_FORMAT"] = "json"
        if not embedding:
            env["MEMORYD_EMBEDDING"] = "off"
        daemon = Daemon(memory_home, Path(sock_dir.name) / "d.sock", tmp_path / "daemon.log", env, preexec)
        made.append(daemon)
        return daemon

    yield make
    for daemon in made:
        if daemon.proc is not None:
            code = daemon.stop()
            assert code == 0, f"daemon exited {code} on SIGTERM:\n{daemon.log()}"
    sock_dir.cleanup()


@pytest.fixture
def daemon(daemon_factory: Any) -> Daemon:
    return daemon_factory().start()
