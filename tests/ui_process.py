"""The real `memoryd ui --no-open` as a subprocess of a test, its URL read from the first line of its output."""

from __future__ import annotations

import http.client
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO, Daemon


class UiProcess:
    """The real `memoryd ui --no-open`, its URL read from the first line of its output."""

    def __init__(self, daemon: Daemon, tmp_path: Path) -> None:
        self.err_path = tmp_path / "ui.err"
        with self.err_path.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "ui", "--no-open"],
                env=daemon.env,
                stdout=subprocess.PIPE,
                stderr=err,
                cwd=REPO,
                text=True,
            )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()  # blocks until printed: the port is bound by then
        assert self.url.startswith("http://127.0.0.1:"), self.url + self.stderr()
        self.base, _, query = self.url.partition("/?")
        self.token = query.removeprefix("token=")
        self.port = int(self.base.rsplit(":", 1)[1])

    def request(
        self, path: str, *, headers: dict[str, str] | None = None, method: str = "GET", body: str | None = None
    ) -> http.client.HTTPResponse:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        response.read()
        conn.close()
        return response

    def stop(self) -> int:
        self.proc.terminate()
        try:
            return self.proc.wait(timeout=30)
        finally:
            assert self.proc.stdout is not None
            self.proc.stdout.close()

    def stderr(self) -> str:
        return self.err_path.read_text(encoding="utf-8", errors="replace")
