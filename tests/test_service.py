"""Service files: rendering and escaping, `systemd-analyze verify`, the plist, install/uninstall into temp dirs.

No test touches the real user's config or service manager: every default location points into tmp_path, and the
tests that enable the service run a fake `systemctl`/`launchctl` placed first on PATH.
"""

from __future__ import annotations

import configparser
import os
import plistlib
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from daemon.client import service_install as service
from daemon.client.service_install import ServiceError
from daemon.server import GRACE_S

REPO = Path(__file__).resolve().parent.parent
# Every character systemd needs escaped inside a quoted word, a space, `$` (literal there), and placeholder look-alikes.
AWKWARD_HOME = '/tmp/my memory/100% "sure"\\back$HOME @MEMORYD@ @HOME@'
FAKE_MANAGER = """#!/bin/sh
echo "$(basename "$0") $*" >> "$FAKE_MANAGER_LOG"
case "$*" in *is-active*) echo "$FAKE_ACTIVE"; exit 3;; esac
if [ -n "$FAKE_MANAGER_SLEEP" ]; then exec sleep "$FAKE_MANAGER_SLEEP"; fi
if [ -n "$FAKE_MANAGER_FAIL" ]; then echo "Failed to connect to bus: No medium found" >&2; exit 1; fi
exit 0
"""


@pytest.fixture(autouse=True)
def isolated_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every default location into tmp_path, so no test can write the developer's config."""
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user" / ".config"))
    monkeypatch.setenv("MEMORYD_SYSTEMD_DIR", str(tmp_path / "systemd-user"))
    monkeypatch.setenv("MEMORYD_LAUNCHD_DIR", str(tmp_path / "LaunchAgents"))


@pytest.fixture
def memoryd_exe(tmp_path: Path) -> Path:
    """A real executable named memoryd in a directory whose name needs quoting and %-escaping."""
    exe = tmp_path / "my tools 100% $x" / "memoryd"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    exe.chmod(0o755)
    return exe


@pytest.fixture
def fake_manager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Fake systemctl and launchctl first on PATH; returns the log of their invocations, one line each."""
    bin_dir = tmp_path / "fakebin"
    bin_dir.mkdir()
    for name in ("systemctl", "launchctl"):
        script = bin_dir / name
        script.write_text(FAKE_MANAGER, encoding="utf-8")
        script.chmod(0o755)
    log = tmp_path / "manager.log"
    log.touch()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_MANAGER_LOG", str(log))
    monkeypatch.setenv("FAKE_ACTIVE", "inactive")
    return log


def parse_unit(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read_string(text)
    return parser


def systemd_words(value: str) -> list[str]:
    """Split a value the way systemd does for ExecStart=/Environment=: quotes, C escapes, then %% -> %."""
    words: list[str] = []
    i = 0
    while i < len(value):
        if value[i] == " ":
            i += 1
            continue
        word: list[str] = []
        quoted = value[i] == '"'
        i += quoted
        while i < len(value) and (quoted or value[i] != " "):
            if quoted and value[i] == '"':
                i += 1
                break
            if value[i] == "\\":
                i += 1
            word.append(value[i])
            i += 1
        words.append("".join(word).replace("%%", "%"))
    return words


def test_systemd_unit_has_the_required_settings(memoryd_exe: Path, tmp_path: Path) -> None:
    unit = parse_unit(service.render_systemd_unit(memoryd_exe, tmp_path / "home dir"))
    assert unit["Service"]["Type"] == "simple"
    assert unit["Service"]["Restart"] == "on-failure"
    assert unit["Service"]["RestartSec"] == "2"
    assert unit["Service"]["KillSignal"] == "SIGTERM"
    assert float(unit["Service"]["TimeoutStopSec"]) > GRACE_S
    assert unit["Service"]["StandardOutput"] == unit["Service"]["StandardError"] == "journal"
    assert unit["Install"]["WantedBy"] == "default.target"
    env_file = str(tmp_path / "home dir" / "service.env")
    assert systemd_words(unit["Service"]["ExecStart"]) == [str(memoryd_exe), "serve", "--env-file", env_file]
    assert systemd_words(unit["Service"]["Environment"]) == [
        f"MEMORYD_HOME={tmp_path / 'home dir'}",
        "MEMORYD_SERVICE=systemd",
    ]


def test_systemd_quoting_round_trips_spaces_percent_quotes_and_backslashes(memoryd_exe: Path) -> None:
    unit = parse_unit(service.render_systemd_unit(memoryd_exe, Path(AWKWARD_HOME)))
    assert systemd_words(unit["Service"]["Environment"]) == [f"MEMORYD_HOME={AWKWARD_HOME}", "MEMORYD_SERVICE=systemd"]
    env_file = f"{AWKWARD_HOME}/service.env"
    assert systemd_words(unit["Service"]["ExecStart"]) == [str(memoryd_exe), "serve", "--env-file", env_file]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_accepts_the_rendered_unit(memoryd_exe: Path, tmp_path: Path) -> None:
    """1. A unit whose ExecStart exists (in a dir needing quotes and %%) verifies cleanly.
    2. The same unit pointing at a missing executable fails, so step 1 is not vacuous.
    """
    good = verify_unit(service.render_systemd_unit(memoryd_exe, Path(AWKWARD_HOME)), tmp_path / "good")
    assert good.returncode == 0, good.stderr
    assert "memoryd.service" not in good.stderr, good.stderr
    bad = verify_unit(service.render_systemd_unit(tmp_path / "missing dir" / "memoryd", tmp_path), tmp_path / "bad")
    assert bad.returncode != 0
    assert "missing dir" in bad.stderr


def verify_unit(text: str, unit_dir: Path) -> subprocess.CompletedProcess[str]:
    unit_dir.mkdir()
    (unit_dir / "memoryd.service").write_text(text, encoding="utf-8")
    runtime = unit_dir / "runtime"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR") or str(runtime)}
    argv = ["systemd-analyze", "verify", "--man=no", str(unit_dir / "memoryd.service")]
    result = subprocess.run([*argv[:2], "--user", *argv[2:]], env=env, capture_output=True, text=True, timeout=60)
    if "Failed to initialize manager" in result.stderr:  # no usable user runtime dir: verify as a system unit
        result = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
    if "Failed to initialize manager" in result.stderr:
        pytest.skip(f"systemd-analyze cannot start an offline manager here: {result.stderr.strip()}")
    return result


def test_executable_path_systemd_cannot_run_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="quotes or backslashes"):
        service.render_systemd_unit(tmp_path / 'say "hi"' / "memoryd", tmp_path)


@pytest.mark.parametrize("render", [service.render_systemd_unit, service.render_launchd_plist])
def test_relative_or_control_character_paths_are_refused(
    render: Callable[[Path, Path], str], memoryd_exe: Path, tmp_path: Path
) -> None:
    with pytest.raises(ServiceError, match="absolute"):
        render(Path("bin/memoryd"), tmp_path)
    with pytest.raises(ServiceError, match="control characters"):
        render(memoryd_exe, tmp_path / "line\nbreak")


def test_launchd_plist_parses_with_escaped_paths(memoryd_exe: Path, tmp_path: Path) -> None:
    home = tmp_path / "R&D <notes> @MEMORYD@"
    text = service.render_launchd_plist(memoryd_exe, home)
    assert "R&amp;D &lt;notes&gt;" in text
    plist = plistlib.loads(text.encode("utf-8"))
    assert plist["Label"] == "com.memoryd.daemon"
    assert plist["ProgramArguments"] == [str(memoryd_exe), "serve", "--env-file", str(home / "service.env")]
    assert plist["EnvironmentVariables"] == {"MEMORYD_HOME": str(home), "MEMORYD_SERVICE": "launchd"}
    assert plist["RunAtLoad"] is True
    assert plist["KeepAlive"] == {"SuccessfulExit": False}
    assert plist["ExitTimeOut"] == 20 > GRACE_S
    assert plist["ProcessType"] == "Interactive"  # hooks wait on it: never throttled like Background jobs
    assert Path(plist["StandardOutPath"]).parent == home / "logs"
    assert Path(plist["StandardErrorPath"]).parent == home / "logs"
    assert plist["StandardOutPath"] != plist["StandardErrorPath"]


def test_systemd_install_is_idempotent_and_uninstall_removes(memoryd_exe: Path, tmp_path: Path) -> None:
    home = tmp_path / "memory home"
    unit_path = tmp_path / "systemd-user" / "memoryd.service"  # from MEMORYD_SYSTEMD_DIR
    lines = service.install(home, memoryd_path=memoryd_exe, enable=False, system="linux")
    assert lines[0] == f"wrote {unit_path}"
    assert "systemctl --user enable --now memoryd.service" in lines[-1]
    assert unit_path.read_text(encoding="utf-8") == service.render_systemd_unit(memoryd_exe, home)
    assert oct(unit_path.stat().st_mode & 0o777) == oct(0o644)
    assert service.install(home, memoryd_path=memoryd_exe, enable=False, system="linux")[0] == f"unchanged {unit_path}"
    assert service.uninstall(home, disable=False, system="linux") == [f"removed {unit_path}"]
    assert not unit_path.exists()
    assert service.uninstall(home, disable=False, system="linux")[0].startswith("not installed")
    assert list(unit_path.parent.iterdir()) == []  # no temp files left behind


def test_systemd_dir_defaults_to_xdg_config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEMORYD_SYSTEMD_DIR")
    assert service.service_dir("systemd") == tmp_path / "user" / ".config" / "systemd" / "user"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")
    assert service.service_dir("systemd") == tmp_path / "user" / ".config" / "systemd" / "user"
    monkeypatch.delenv("MEMORYD_LAUNCHD_DIR")
    assert service.service_dir("launchd") == tmp_path / "user" / "Library" / "LaunchAgents"


def test_launchd_install_writes_plist_and_log_dir(memoryd_exe: Path, tmp_path: Path) -> None:
    home = tmp_path / "R&D home"
    target = tmp_path / "agents"
    lines = service.install(home, memoryd_path=memoryd_exe, enable=False, target_dir=target, system="darwin")
    plist_path = target / "com.memoryd.daemon.plist"
    assert lines[0] == f"wrote {plist_path}"
    assert plistlib.loads(plist_path.read_bytes())["EnvironmentVariables"]["MEMORYD_HOME"] == str(home)
    assert (home / "logs").is_dir()
    assert service.uninstall(home, disable=False, target_dir=target, system="darwin") == [f"removed {plist_path}"]
    assert service.uninstall(home, disable=False, target_dir=target, system="darwin")[0].startswith("not installed")


def test_install_enables_through_systemctl_user(memoryd_exe: Path, tmp_path: Path, fake_manager: Path) -> None:
    lines = service.install(tmp_path / "home", memoryd_path=memoryd_exe, system="linux")
    assert not [line for line in lines if line.startswith("warning:")], lines
    calls = fake_manager.read_text(encoding="utf-8").splitlines()
    assert calls == [
        "systemctl --user daemon-reload",
        "systemctl --user is-active memoryd.service",
        "systemctl --user enable --now memoryd.service",
    ]
    assert all("sudo" not in call for call in calls)


def test_reinstall_with_new_paths_restarts_a_running_service(
    memoryd_exe: Path, tmp_path: Path, fake_manager: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.install(tmp_path / "home", memoryd_path=memoryd_exe, system="linux")
    monkeypatch.setenv("FAKE_ACTIVE", "active")
    fake_manager.write_text("", encoding="utf-8")
    service.install(tmp_path / "other home", memoryd_path=memoryd_exe, system="linux")
    assert fake_manager.read_text(encoding="utf-8").splitlines()[-1] == "systemctl --user restart memoryd.service"


def test_unreachable_user_bus_is_reported_and_the_unit_kept(
    memoryd_exe: Path, tmp_path: Path, fake_manager: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_MANAGER_FAIL", "1")
    lines = service.install(tmp_path / "home", memoryd_path=memoryd_exe, system="linux")
    warnings = [line for line in lines if line.startswith("warning:")]
    assert any("Failed to connect to bus" in line for line in warnings), lines
    assert (tmp_path / "systemd-user" / "memoryd.service").is_file()
    lines = service.uninstall(tmp_path / "home", system="linux")
    assert f"removed {tmp_path / 'systemd-user' / 'memoryd.service'}" in lines


def test_hanging_systemctl_times_out(
    memoryd_exe: Path, tmp_path: Path, fake_manager: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "COMMAND_TIMEOUT_S", 0.3)
    monkeypatch.setenv("FAKE_MANAGER_SLEEP", "30")
    lines = service.install(tmp_path / "home", memoryd_path=memoryd_exe, system="linux")
    assert any("timed out after 0.3s" in line for line in lines), lines


def test_uninstall_disables_before_removing(memoryd_exe: Path, tmp_path: Path, fake_manager: Path) -> None:
    service.install(tmp_path / "home", memoryd_path=memoryd_exe, enable=False, system="linux")
    service.uninstall(tmp_path / "home", system="linux")
    assert fake_manager.read_text(encoding="utf-8").splitlines() == [
        "systemctl --user disable --now memoryd.service",
        "systemctl --user daemon-reload",
    ]


def test_status_reports_file_and_state(
    memoryd_exe: Path, tmp_path: Path, fake_manager: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "find_memoryd", lambda: memoryd_exe)
    home = tmp_path / "home"
    before = service.status(home, system="linux")
    assert before["installed"] is False
    assert before["path"] == str(tmp_path / "systemd-user" / "memoryd.service")
    service.install(home, memoryd_path=memoryd_exe, enable=False, system="linux")
    after = service.status(home, system="linux")
    assert after["installed"] is True
    assert after["current"] is True
    assert after["active"] == "inactive"
    assert service.status(tmp_path / "elsewhere", query=False, system="linux")["current"] is False


def test_unsupported_platform_is_refused_without_writing(memoryd_exe: Path, tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="Linux"):
        service.install(tmp_path / "home", memoryd_path=memoryd_exe, enable=False, system="win32")
    assert service.status(tmp_path / "home", system="win32")["manager"] is None
    assert not (tmp_path / "systemd-user").exists()


def test_packaged_templates_equal_the_top_level_ones() -> None:
    packaged = REPO / "daemon" / "client" / "units"
    assert sorted(p.name for p in packaged.iterdir()) == ["com.memoryd.daemon.plist", "memoryd.service"]
    assert (packaged / "memoryd.service").read_bytes() == (REPO / "systemd" / "memoryd.service").read_bytes()
    plist = "com.memoryd.daemon.plist"
    assert (packaged / plist).read_bytes() == (REPO / "launchd" / plist).read_bytes()
    assert service.template_path("systemd") == REPO / "systemd" / "memoryd.service"  # a checkout reads the originals
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "units/*" in pyproject["tool"]["setuptools"]["package-data"]["daemon.client"]


def test_service_module_imports_only_the_standard_library() -> None:
    code = (
        "import sys; before = set(sys.modules); import daemon.client.service_install; "
        "print(' '.join(sorted({m.split('.')[0] for m in set(sys.modules) - before})))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=True)
    assert set(out.stdout.split()) - set(sys.stdlib_module_names) == {"daemon"}
