"""`memoryd service install|uninstall|status`: the systemd user unit (Linux) and the launchd agent (macOS).

Owns putting the rendered unit (`service_units.py`) where the user's service manager looks, enabling it and
reading its state. Invariants: nothing here runs sudo or touches system-wide directories; every
`systemctl`/`launchctl` call has a timeout, and its failure is reported in the returned lines, never raised, so an
installed file stays in place. Standard library only: the CLI imports this on its fast path.
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from daemon.client.service_units import LAUNCHD_LABEL, UNIT_NAME, absolute, env_file_for, unit_file_name
from daemon.client.service_units import ServiceError as ServiceError  # what the CLI catches, raised from here
from daemon.client.service_units import render_launchd_plist as render_launchd_plist
from daemon.client.service_units import render_systemd_unit as render_systemd_unit
from daemon.client.service_units import template_path as template_path
from daemon.env_file import unsafe_reason, write_values

COMMAND_TIMEOUT_S = 30.0

_MANAGERS = {"linux": "systemd", "darwin": "launchd"}


# --- locations ---------------------------------------------------------------------------------------------


def manager_for(system: str | None = None) -> str | None:
    """ "systemd" on Linux, "launchd" on macOS, None elsewhere. `system` overrides `sys.platform` (tests)."""
    return _MANAGERS.get(system or sys.platform)


def service_dir(manager: str) -> Path:
    """Where the service file goes. Overridable with MEMORYD_SYSTEMD_DIR / MEMORYD_LAUNCHD_DIR (tests, packagers)."""
    if manager == "systemd":
        if override := os.environ.get("MEMORYD_SYSTEMD_DIR"):
            return Path(override)
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        config = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".config"  # XDG: a relative value is invalid
        return config / "systemd" / "user"
    if override := os.environ.get("MEMORYD_LAUNCHD_DIR"):
        return Path(override)
    return Path.home() / "Library" / "LaunchAgents"


def find_memoryd() -> Path:
    """The absolute path of the `memoryd` executable the service should run.

    Order: the script running now, then the one beside this interpreter (both belong to this install), then PATH,
    which may name another install. Symlinks are kept, not resolved: a pipx `~/.local/bin/memoryd` link survives
    upgrades that replace its target.
    """
    candidates: list[Path] = []
    if sys.argv and Path(sys.argv[0]).name == "memoryd":
        candidates.append(Path(sys.argv[0]))
    candidates.append(Path(sys.executable).parent / "memoryd")
    if on_path := shutil.which("memoryd"):
        candidates.append(Path(on_path))
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return Path(os.path.abspath(candidate))
    raise ServiceError("cannot find the memoryd executable; install memoryd with pip, or pass its path explicitly")


def install(
    home: Path,
    *,
    memoryd_path: Path | None = None,
    enable: bool = True,
    target_dir: Path | None = None,
    system: str | None = None,
    env_file: Path | None = None,
    pass_env: tuple[str, ...] = (),
) -> list[str]:
    """Write the service file for this platform and, if `enable`, start it now and at every login.

    `pass_env` names variables of the current environment (API keys) to copy into the service's environment
    file (0600; `env_file`, default `$MEMORYD_HOME/service.env`), never into the unit itself.

    Idempotent: an unchanged file is left alone, and enabling an enabled service is a no-op. Returns what was done,
    one line each; lines starting with "warning:" mean the file is in place but the service manager step failed.
    Raises ServiceError before writing anything if the platform is unsupported or a path cannot be expressed.
    """
    manager = _require_manager(system)
    home = absolute(home)
    exe = absolute(memoryd_path) if memoryd_path is not None else find_memoryd()
    if not (exe.is_file() and os.access(exe, os.X_OK)):
        raise ServiceError(f"not an executable file: {exe}")
    env_path = env_file_for(home, env_file)
    missing = [name for name in pass_env if name not in os.environ]
    if missing:
        raise ServiceError(f"not set in this environment, so not passed to the service: {', '.join(missing)}")
    if manager == "systemd":
        text = render_systemd_unit(exe, home, env_path)
    else:
        text = render_launchd_plist(exe, home, env_path)
        # launchd opens StandardErrorPath itself and does not create missing directories.
        (home / "logs").mkdir(mode=0o700, parents=True, exist_ok=True)
    path = (target_dir or service_dir(manager)) / unit_file_name(manager)
    lines: list[str] = []
    if pass_env:
        try:
            written = write_values(env_path, {name: os.environ[name] for name in pass_env})
        except (OSError, ValueError) as exc:
            raise ServiceError(f"cannot write the environment file {env_path}: {exc}") from exc
        lines.append(f"wrote {', '.join(written)} into {env_path} (mode 0600; not into the unit)")
        changed_env = True
    else:
        changed_env = False
    if env_path.exists() and (problem := unsafe_reason(env_path)):
        lines.append(f"warning: the daemon will ignore the environment file: {problem}")
    changed = _write_if_changed(path, text)
    lines.append(f"wrote {path}" if changed else f"unchanged {path}")
    changed = changed or changed_env  # new secrets need a restart to reach the running daemon
    if not enable:
        hint = _enable_hint(manager, path)
        return [*lines, f"not enabled (enable=False); to start it now and at login run: {hint}"]
    if manager == "systemd":
        return lines + _systemd_enable(changed)
    return lines + _launchd_enable(path, changed)


def uninstall(
    home: Path, *, disable: bool = True, target_dir: Path | None = None, system: str | None = None
) -> list[str]:
    """Stop and disable the service (if `disable`), then remove its file. Idempotent: nothing installed is fine.

    `home` is accepted for symmetry with install; the file is found by name, whatever home it was written for.
    """
    manager = _require_manager(system)
    path = (target_dir or service_dir(manager)) / unit_file_name(manager)
    if not path.exists():
        return [f"not installed ({path} does not exist)"]
    lines: list[str] = []
    systemctl = disable and manager == "systemd" and shutil.which("systemctl") is not None
    if systemctl:
        lines += _manager_step(["systemctl", "--user", "disable", "--now", UNIT_NAME])
    elif disable and _launchd_loaded():
        step = _manager_step(["launchctl", "bootout", _launchd_target()])
        if _failed(step):
            step = _manager_step(["launchctl", "unload", "-w", str(path)])  # launchd before 10.10 / no gui domain
        lines += step
    path.unlink(missing_ok=True)
    lines.append(f"removed {path}")
    if systemctl:
        lines += _manager_step(["systemctl", "--user", "daemon-reload"])
    return lines


def status(
    home: Path, *, query: bool = True, target_dir: Path | None = None, system: str | None = None
) -> dict[str, Any]:
    """What is installed and whether it runs. Never raises for a missing manager or bus; `query=False` skips asking.

    Keys: manager, path, installed, current (the file equals what `install` would write now; None if unknown),
    active (systemd is-active or launchd state; None if not asked or unknown), enabled (systemd only), pid (the
    service's main process, when it runs), detail.
    """
    manager = manager_for(system)
    result: dict[str, Any] = dict.fromkeys(("path", "current", "active", "enabled", "pid", "detail"))
    result |= {"manager": manager, "installed": False}
    if manager is None:
        result["detail"] = f"no service support on {system or sys.platform}; run `memoryd serve` under a supervisor"
        return result
    path = (target_dir or service_dir(manager)) / unit_file_name(manager)
    result["path"] = str(path)
    result["installed"] = path.is_file()
    if result["installed"]:
        try:
            render = render_systemd_unit if manager == "systemd" else render_launchd_plist
            result["current"] = path.read_text(encoding="utf-8") == render(find_memoryd(), absolute(home))
        except (ServiceError, OSError, UnicodeDecodeError):
            result["current"] = None
    if not query:
        return result
    if manager == "systemd":
        active = _run(["systemctl", "--user", "is-active", UNIT_NAME])
        enabled = _run(["systemctl", "--user", "is-enabled", UNIT_NAME])
        # is-active exits non-zero for "inactive"/"failed" but still prints the state on stdout.
        result["active"] = active.out or None
        result["enabled"] = enabled.out or None
        result["detail"] = active.err or enabled.err or None
        main_pid = _run(["systemctl", "--user", "show", "--property=MainPID", "--value", UNIT_NAME]).out
        result["pid"] = int(main_pid) if main_pid.isdigit() and int(main_pid) > 0 else None
    else:
        loaded = _run(["launchctl", "print", _launchd_target()])
        if loaded.ok:
            state = re.search(r"^\s*state = (.+)$", loaded.out, re.MULTILINE)
            pid = re.search(r"^\s*pid = (\d+)$", loaded.out, re.MULTILINE)
            result["active"] = state.group(1).strip() if state else "loaded"
            result["pid"] = int(pid.group(1)) if pid else None
        elif loaded.code is not None:
            result["active"] = "not loaded"
        else:
            result["detail"] = loaded.err
    return result


def answering(service_pid: int | None, socket_pid: int | None) -> str:
    """Whether the daemon answering the socket is the service's, in words for `memoryd service status`."""
    if socket_pid is None:
        return "no daemon answers the socket"
    if service_pid is None:
        return f"a daemon not run by the service answers the socket (pid {socket_pid})"
    if service_pid == socket_pid:
        return f"yes: the service's daemon answers the socket (pid {socket_pid})"
    return f"no: another daemon (pid {socket_pid}) answers the socket; the service's process is pid {service_pid}"


def _require_manager(system: str | None) -> str:
    manager = manager_for(system)
    if manager is None:
        raise ServiceError(
            f"service install supports Linux (systemd) and macOS (launchd), not {system or sys.platform}; "
            "run `memoryd serve` under your own supervisor"
        )
    return manager


def _write_if_changed(path: Path, text: str) -> bool:
    """Atomically replace `path` with `text` unless it already holds exactly that. Returns whether it wrote."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (FileNotFoundError, UnicodeDecodeError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _enable_hint(manager: str, path: Path) -> str:
    if manager == "systemd":
        return f"systemctl --user daemon-reload && systemctl --user enable --now {UNIT_NAME}"
    return f"launchctl bootstrap gui/{os.getuid()} '{path}'"


def _systemd_enable(changed: bool) -> list[str]:
    if shutil.which("systemctl") is None:
        return [
            f"warning: systemctl not found; the unit is written but not enabled ({_enable_hint('systemd', Path())})"
        ]
    reload = _manager_step(["systemctl", "--user", "daemon-reload"])
    if _failed(reload):
        return [*reload, _no_user_bus_hint()]
    was_active = _run(["systemctl", "--user", "is-active", UNIT_NAME]).out == "active"
    lines = reload + _manager_step(["systemctl", "--user", "enable", "--now", UNIT_NAME])
    if _failed(lines):
        return [*lines, _no_user_bus_hint()]
    if changed and was_active:  # enable --now does not restart a running daemon onto the new unit
        lines += _manager_step(["systemctl", "--user", "restart", UNIT_NAME])
    if _lingers() is False:
        lines.append(
            "note: user services stop when you log out; `loginctl enable-linger` keeps memoryd running without a login"
        )
    return lines


def _launchd_enable(path: Path, changed: bool) -> list[str]:
    if shutil.which("launchctl") is None:
        return [f"warning: launchctl not found; the plist is written but not loaded ({_enable_hint('launchd', path)})"]
    lines: list[str] = []
    if _launchd_loaded():
        if not changed:
            return ["already loaded"]
        lines += _manager_step(["launchctl", "bootout", _launchd_target()])  # reload onto the new plist
    # Why enable first: `unload -w` (or a bootout by the user) leaves a disabled override that makes bootstrap fail.
    lines += _manager_step(["launchctl", "enable", _launchd_target()])
    bootstrap = _manager_step(["launchctl", "bootstrap", f"gui/{os.getuid()}", str(path)])
    if not _failed(bootstrap):
        return lines + bootstrap
    # Why: the gui/ domain does not exist over ssh without a login session, and old launchctl lacks bootstrap.
    fallback = _manager_step(["launchctl", "load", "-w", str(path)])
    if _failed(fallback):
        return lines + bootstrap + fallback
    return [*lines, bootstrap[0].replace("warning:", "note:", 1), *fallback]


def _launchd_target() -> str:
    return f"gui/{os.getuid()}/{LAUNCHD_LABEL}"


def _launchd_loaded() -> bool:
    return shutil.which("launchctl") is not None and _run(["launchctl", "print", _launchd_target()]).ok


def _lingers() -> bool | None:
    """Whether systemd keeps this user's manager running without a login; None if it cannot tell."""
    linger_dir = Path("/var/lib/systemd/linger")
    try:
        return (linger_dir / getpass.getuser()).exists() if linger_dir.is_dir() else None
    except (KeyError, OSError):
        return None


def _no_user_bus_hint() -> str:
    return (
        "warning: the unit file is in place but systemd did not enable it; the user manager may be unreachable "
        "(no login session, e.g. inside a container or over `su`). From a login session run: "
        f"{_enable_hint('systemd', Path())}"
    )


def _failed(lines: list[str]) -> bool:
    return any(line.startswith("warning:") for line in lines)


# --- running the service manager ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Outcome:
    code: int | None  # None: the command could not be run or timed out
    out: str
    err: str

    @property
    def ok(self) -> bool:
        return self.code == 0


def _run(argv: list[str]) -> _Outcome:
    """Run a service-manager command with a timeout; never raises."""
    exe = shutil.which(argv[0])
    if exe is None:
        return _Outcome(None, "", f"{argv[0]} not found")
    try:
        proc = subprocess.run(
            [exe, *argv[1:]],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return _Outcome(None, "", f"timed out after {COMMAND_TIMEOUT_S:g}s")
    except OSError as exc:
        return _Outcome(None, "", str(exc))
    return _Outcome(proc.returncode, proc.stdout.strip(), proc.stderr.strip())


def _manager_step(argv: list[str]) -> list[str]:
    """Run one step and describe it: "ran: ..." or "warning: ... failed (...)"."""
    outcome = _run(argv)
    command = " ".join(argv)
    if outcome.ok:
        return [f"ran: {command}"]
    reason = (outcome.err or outcome.out or f"exit status {outcome.code}").splitlines()[-1]
    return [f"warning: `{command}` failed: {reason}"]
