"""Benchmark harness: a real daemon subprocess on a temp memory home, driven over its socket."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
# Whose daemon the benches run: this checkout's, or another's for before/after figures.
DAEMON_REPO = Path(os.environ.get("MEMORYD_BENCH_DAEMON_REPO") or REPO)

from daemon.client.socket_client import DaemonError, DaemonUnavailable, call  # noqa: E402

SHARED = REPO.parent / "shared"
MODEL_DIR = Path(os.environ.get("MEMORYD_BENCH_MODEL_DIR", Path(tempfile.gettempdir()) / "memoryd-test-models"))


class BenchDaemon:
    def __init__(self, home: Path, *, embedding: bool = True, config: str = "") -> None:
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        if config:
            (home / "config.toml").write_text(config, encoding="utf-8")
        self._sockdir = tempfile.mkdtemp(prefix="mdb-", dir="/tmp")
        self.socket = Path(self._sockdir) / "d.sock"
        self.env = {
            **os.environ,
            "MEMORYD_HOME": str(home),
            "MEMORYD_MODEL_DIR": str(MODEL_DIR),
            "MEMORYD_LOG_FORMAT": "json",
        }
        if not embedding:
            self.env["MEMORYD_EMBEDDING"] = "off"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 600) -> BenchDaemon:
        log = (self.home / "bench-daemon.log").open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daemon", "--socket", str(self.socket), "serve"],
            env=self.env,
            stdout=log,
            stderr=log,
            cwd=DAEMON_REPO,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daemon exited {self.proc.returncode}; see {self.home / 'bench-daemon.log'}")
            try:
                self.call("status", timeout=5)
                return self
            except (DaemonUnavailable, DaemonError):
                time.sleep(0.1)
        raise TimeoutError("daemon did not start")

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 120) -> Any:
        return call(self.socket, method, params, timeout=timeout)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=60)
        self.proc = None

    def wait_indexed(
        self, *, vectors: bool, min_files: int = 1, timeout: float = 7200, report_every: float = 30
    ) -> dict[str, Any]:
        """Wait for an empty queue and the BM25 mirror loaded (and, with `vectors`, every chunk embedded)."""
        deadline = time.monotonic() + timeout
        last = 0.0
        while time.monotonic() < deadline:
            index = self.call("status")["index"]
            done = index["pending"] == 0 and index["files"] >= min_files and index["lexical"]["ready"]
            if vectors:
                # Why "released" too: a home whose idle release is cut to seconds (bench/idle_model.py) may shed
                # the model between the last chunk embedded and this poll; every chunk is embedded all the same
                ready = index["mode"] == "hybrid" or index["embedding"]["state"] == "released"
                done = done and ready and index["embedded"] >= index["chunks"]
            if done:
                return index
            if time.monotonic() - last > report_every:
                last = time.monotonic()
                print(
                    f"    ... files {index['files']} chunks {index['chunks']} embedded {index['embedded']} "
                    f"pending {index['pending']} ({index['embedding']['state']})",
                    flush=True,
                )
            time.sleep(0.5)
        raise TimeoutError("indexing did not finish")


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def summary(values: list[float]) -> str:
    return f"p50 {percentile(values, 50):7.2f}  p95 {percentile(values, 95):7.2f}  p99 {percentile(values, 99):7.2f}  mean {statistics.fmean(values):7.2f}"
