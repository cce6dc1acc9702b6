"""A daemon run by systemd or launchd: secrets from an owner-only environment file (never the unit), no restart
loop when another daemon already serves the home, and `service status` saying whose daemon answers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from daemon import env_file
from daemon.client import service_install as service
from tests.conftest import REPO, write_config

FAKE_SYSTEMCTL = """#!/bin/sh
case "$*" in
  *is-active*) echo active; exit 0;;
  *is-enabled*) echo enabled; exit 0;;
  *MainPID*) echo "$FAKE_MAIN_PID"; exit 0;;
esac
exit 0
"""


def test_the_env_file_format_is_systemds(tmp_path: Path) -> None:
    path = tmp_path / "service.env"
    path.write_text(
        "# a comment\n\nexport A_KEY=plain\nB_KEY = 'single quoted # not a comment'\n"
        'C_KEY="double \\"quoted\\" \\\\ x"\nnot a line\n',
        encoding="utf-8",
    )
    values, errors = env_file.parse(path.read_text(encoding="utf-8"))
    assert values == {"A_KEY": "plain", "B_KEY": "single quoted # not a comment", "C_KEY": 'double "quoted" \\ x'}
    assert errors == ["line 6: not KEY=VALUE"]


def test_values_written_read_back_and_the_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "dir" / "service.env"
    env_file.write_values(path, {"MD_TEST_A": 'sk-ant "x" \\ y', "MD_TEST_B": "two"})
    env_file.write_values(path, {"MD_TEST_B": "three"})  # replaces the line, keeps the rest
    assert path.stat().st_mode & 0o777 == 0o600
    monkeypatch.delenv("MD_TEST_A", raising=False)
    monkeypatch.setenv("MD_TEST_B", "from the environment")
    report = env_file.load_into_environ(path)
    assert (report.loaded, report.kept, report.problem) == (("MD_TEST_A",), ("MD_TEST_B",), None)
    assert os.environ["MD_TEST_A"] == 'sk-ant "x" \\ y' and os.environ["MD_TEST_B"] == "from the environment"
    with pytest.raises(ValueError, match="line break"):
        env_file.write_values(path, {"MD_TEST_C": "a\nb"})


def test_a_file_others_can_read_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "service.env"
    path.write_text("MD_TEST_LEAKY=secret\n", encoding="utf-8")
    path.chmod(0o644)
    monkeypatch.delenv("MD_TEST_LEAKY", raising=False)
    report = env_file.load_into_environ(path)
    assert report.problem is not None and "0644" in report.problem and "chmod 600" in report.problem
    assert "MD_TEST_LEAKY" not in os.environ
    assert env_file.load_into_environ(tmp_path / "missing.env").problem is None  # optional: no file is fine


def test_install_passes_secrets_through_the_env_file_never_the_unit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exe = tmp_path / "bin" / "memoryd"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    exe.chmod(0o755)
    home = tmp_path / "home"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-api03-SECRETSECRETSECRET")
    units = tmp_path / "units"
    lines = service.install(
        home, memoryd_path=exe, enable=False, target_dir=units, system="linux", pass_env=("ANTHROPIC_API_KEY",)
    )
    unit = (units / "memoryd.service").read_text(encoding="utf-8")
    assert "SECRET" not in unit and f'--env-file "{home}/service.env"' in unit
    written = (home / "service.env").read_text(encoding="utf-8")
    assert "ANTHROPIC_API_KEY=sk-ant-api03-SECRETSECRETSECRET" in written
    assert (home / "service.env").stat().st_mode & 0o777 == 0o600
    assert any("ANTHROPIC_API_KEY" in line and "0600" in line for line in lines)
    with pytest.raises(service.ServiceError, match="NOT_SET_ANYWHERE"):
        service.install(
            home, memoryd_path=exe, enable=False, target_dir=units, system="linux", pass_env=("NOT_SET_ANYWHERE",)
        )


def test_serve_reads_the_env_file_before_anything_needs_it(
    daemon_factory: Any, memory_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1. The LLM needs ANTHROPIC_API_KEY, which only the env file has: the daemon started with --env-file has
    the LLM. 2. The same file made readable by others is ignored (and the LLM stays off), with the reason logged."""
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    write_config(memory_home, '[llm]\nprovider = "anthropic"\n[consolidation]\nenabled = false\n')
    secrets = memory_home / "service.env"
    env_file.write_values(secrets, {"ANTHROPIC_API_KEY": "sk-ant-api03-" + "k" * 40})
    daemon = daemon_factory()
    daemon.start_args = ["--env-file", str(secrets)]
    daemon.start()
    assert daemon.call("status")["learning"]["llm"] == "anthropic"
    assert daemon.stop() == 0
    secrets.chmod(0o640)
    daemon.start()
    assert daemon.call("status")["learning"]["llm"] is None
    assert "env_file_ignored" in daemon.log()


def test_a_service_that_finds_the_home_served_exits_0_and_a_person_gets_1(daemon: Any) -> None:
    def second(service_manager: str | None) -> subprocess.CompletedProcess[str]:
        env = dict(daemon.env)
        env.pop("MEMORYD_SERVICE", None)
        if service_manager:
            env["MEMORYD_SERVICE"] = service_manager
        return subprocess.run(
            [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "serve"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
        )

    under_systemd = second("systemd")
    assert under_systemd.returncode == 0 and "already running" in under_systemd.stderr
    by_hand = second(None)
    assert by_hand.returncode == 1 and "already running" in by_hand.stderr
    assert daemon.call("status")["pid"]  # the first daemon kept serving


def test_service_status_says_whether_the_services_daemon_answers(
    daemon: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "fakebin"
    bin_dir.mkdir()
    (bin_dir / "systemctl").write_text(FAKE_SYSTEMCTL, encoding="utf-8")
    (bin_dir / "systemctl").chmod(0o755)
    env = {**daemon.env, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    env["MEMORYD_SYSTEMD_DIR"] = str(tmp_path / "units")
    pid = daemon.call("status")["pid"]

    def status(main_pid: int) -> str:
        run = subprocess.run(
            [sys.executable, "-m", "daemon", "--socket", str(daemon.socket), "service", "status"],
            env={**env, "FAKE_MAIN_PID": str(main_pid)},
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
        )
        assert run.returncode == 0, run.stderr
        return next(line for line in run.stdout.splitlines() if line.startswith("answering:"))

    if not sys.platform.startswith("linux"):
        pytest.skip("the systemd path is what this fakes")
    assert status(pid) == f"answering: yes: the service's daemon answers the socket (pid {pid})"
    assert status(pid + 100000).startswith("answering: no: another daemon")
    assert service.answering(None, None) == "no daemon answers the socket"
