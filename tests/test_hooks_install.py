"""`memoryd hooks install|uninstall` on a real settings.json: merge, keep the rest, back up, idempotent, and an
uninstall that gives back exactly the file the user had."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.client.hooks import entry
from daemon.client.hooks import install as hooks_install
from tests import agent_payloads as cc
from tests.conftest import REPO
from tests.test_hooks import seed_project

USER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm run lint)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PostToolUse": [
            {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": 'npx prettier --write "$FILE"'}]}
        ],
        "Notification": [{"hooks": [{"type": "command", "command": "notify-send 'Claude Code'"}]}],
    },
    "env": {"FOO": "bar"},
}


def installed_command(home: Path, event: str) -> str:
    """What `memoryd hooks install` writes for `event`, run with MEMORYD_HOME=home by this interpreter."""
    entry = REPO / "daemon" / "client" / "hooks" / "entry.py"
    return f"MEMORYD_HOME={shlex.quote(str(home.resolve()))} {shlex.quote(sys.executable)} -S {entry} hook {event}"


def cli(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "daemon", "hooks", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MEMORYD_HOME": str(home)},
        cwd=REPO,
        timeout=60,
    )


@pytest.mark.parametrize("original", [USER_SETTINGS, {}, {"hooks": {}}], ids=["user", "empty", "empty-hooks"])
def test_install_is_idempotent_and_uninstall_restores_the_original(tmp_path: Path, original: dict[str, Any]) -> None:
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    text = json.dumps(original, indent=2) + "\n"
    settings.write_text(text, encoding="utf-8")

    first = cli("install", "--settings", str(settings), "--json", home=tmp_path / "home")
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["changed"] and report["added"] == list(hooks_install.HOOKS)
    assert Path(report["backup"]).read_text(encoding="utf-8") == text  # the backup is the file before the change
    installed = json.loads(settings.read_text(encoding="utf-8"))
    for key, value in original.items():
        if key != "hooks":
            assert installed[key] == value  # everything else is kept
    for event, groups in original.get("hooks", {}).items():
        assert installed["hooks"][event][: len(groups)] == groups  # the user's hooks stay, first
    ours = installed["hooks"]["PostToolUse"][-1]
    assert ours["matcher"] == "Edit|Write|NotebookEdit"  # Claude Code's editing tools (no MultiEdit any more)
    assert installed["hooks"]["PreToolUse"][-1]["matcher"] == "Read"  # the rules gate is off: no hook on edits
    assert ours["hooks"][0]["command"] == installed_command(tmp_path / "home", "PostToolUse")
    assert ours["hooks"][0]["timeout"] == 5
    assert "matcher" not in installed["hooks"]["UserPromptSubmit"][0]
    # SessionEnd hooks share one 1.5 s budget, which a timeout would raise for every tool's SessionEnd hook
    assert "timeout" not in installed["hooks"]["SessionEnd"][-1]["hooks"][0]

    again = cli("install", "--settings", str(settings), "--json", home=tmp_path / "home")
    assert json.loads(again.stdout)["changed"] is False
    assert json.loads(settings.read_text(encoding="utf-8")) == installed
    assert len(list(settings.parent.glob("settings.json.memoryd-backup-*"))) == 1  # no change, no backup

    status = cli("status", "--settings", str(settings), "--json", home=tmp_path / "home")
    assert all(status and cmd for cmd in json.loads(status.stdout)["hooks"].values())

    removed = cli("install", "--uninstall", "--settings", str(settings), "--json", home=tmp_path / "home")
    assert sorted(json.loads(removed.stdout)["removed"]) == sorted(hooks_install.HOOKS)
    assert json.loads(settings.read_text(encoding="utf-8")) == original
    assert (
        json.loads(cli("uninstall", "--settings", str(settings), "--json", home=tmp_path / "home").stdout)["changed"]
        is False
    )


def test_install_creates_a_missing_settings_file_and_updates_a_moved_install(tmp_path: Path) -> None:
    settings = tmp_path / "nested" / "settings.json"
    hooks_install.install(settings, base_command="/old/venv/bin/memoryd")
    assert (
        json.loads(settings.read_text())["hooks"]["Stop"][0]["hooks"][0]["command"] == "/old/venv/bin/memoryd hook Stop"
    )
    report = hooks_install.install(settings, base_command="'/new place/bin/memoryd'")
    assert report.updated == tuple(hooks_install.HOOKS) and not report.added
    data = json.loads(settings.read_text())
    assert [len(groups) for groups in data["hooks"].values()] == [1] * len(hooks_install.HOOKS)  # updated in place
    assert data["hooks"]["Stop"][0]["hooks"][0]["command"] == "'/new place/bin/memoryd' hook Stop"
    hooks_install.install(settings, uninstall=True)
    assert json.loads(settings.read_text()) == {}


def test_an_install_by_an_older_memoryd_gets_the_current_matchers_and_timeouts(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    command = "/v/bin/memoryd"
    old = {
        "hooks": {
            "PostToolUse": [
                {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier --write"}]},
                {
                    "matcher": "Edit|Write|MultiEdit",
                    "hooks": [{"type": "command", "command": f"{command} hook PostToolUse", "timeout": 5}],
                },
            ],
            "SessionEnd": [{"hooks": [{"type": "command", "command": f"{command} hook SessionEnd", "timeout": 5}]}],
        }
    }
    settings.write_text(json.dumps(old), encoding="utf-8")
    report = hooks_install.install(settings, base_command=command)
    assert set(report.updated) == {"PostToolUse", "SessionEnd"}
    data = json.loads(settings.read_text())
    assert data["hooks"]["PostToolUse"][0] == old["hooks"]["PostToolUse"][0]  # someone else's group is left alone
    assert data["hooks"]["PostToolUse"][1]["matcher"] == "Edit|Write|NotebookEdit"
    assert data["hooks"]["SessionEnd"] == [{"hooks": [{"type": "command", "command": f"{command} hook SessionEnd"}]}]
    assert not hooks_install.install(settings, base_command=command).changed


def test_with_the_rules_gate_on_pre_tool_use_also_runs_on_edits_and_status_says_when_it_does_not(
    tmp_path: Path,
) -> None:
    """PreToolUse on Edit/Write does something only for `[hooks] rules_gate`; Claude Code waits for a hook
    process on every call it matches, so install matches edits only with the gate on, and a gate turned on
    after the install is pointed out by `hooks status` and set right by installing again (and back)."""
    settings, home = tmp_path / "settings.json", tmp_path / "home"
    home.mkdir()
    assert cli("install", "--settings", str(settings), home=home).returncode == 0
    assert json.loads(settings.read_text())["hooks"]["PreToolUse"][-1]["matcher"] == "Read"
    assert "rules_gate is on" not in cli("status", "--settings", str(settings), home=home).stdout
    (home / "config.toml").write_text("[hooks]\nrules_gate = true\n", encoding="utf-8")
    assert hooks_install.gate_unhooked(settings)
    assert "rules_gate is on" in cli("status", "--settings", str(settings), home=home).stdout
    report = json.loads(cli("install", "--settings", str(settings), "--json", home=home).stdout)
    assert report["updated"] == ["PreToolUse"]
    assert json.loads(settings.read_text())["hooks"]["PreToolUse"][-1]["matcher"] == "Read|Edit|Write|NotebookEdit"
    assert not hooks_install.gate_unhooked(settings)
    assert "rules_gate is on" not in cli("status", "--settings", str(settings), home=home).stdout
    (home / "config.toml").write_text("[hooks]\nrules_gate = false\n", encoding="utf-8")
    report = json.loads(cli("install", "--settings", str(settings), "--json", home=home).stdout)
    assert report["updated"] == ["PreToolUse"]
    assert json.loads(settings.read_text())["hooks"]["PreToolUse"][-1]["matcher"] == "Read"


def test_a_settings_file_that_is_not_json_is_never_touched(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text('{"model": "opus",,}', encoding="utf-8")
    result = cli("install", "--settings", str(settings), home=tmp_path / "home")
    assert result.returncode == 1 and "not valid JSON" in result.stderr
    assert settings.read_text(encoding="utf-8") == '{"model": "opus",,}'
    assert list(tmp_path.iterdir()) == [settings]


def test_only_memoryd_commands_are_recognised() -> None:
    ours = [
        "/v/bin/memoryd hook Stop",
        "MEMORYD_HOME=/m '/a b/memoryd' hook SessionEnd",
        "/usr/bin/python3 -m daemon hook Stop",
        "/v/bin/python -S /src/memoryd/daemon/client/hooks/entry.py hook PreToolUse",
        "MEMORYD_HOME=/m '/a b/bin/python' -S '/a b/site-packages/daemon/client/hooks/entry.py' hook Stop",
    ]
    assert [hooks_install.hook_event_of(c) for c in ours] == ["Stop", "SessionEnd", "Stop", "PreToolUse", "Stop"]
    theirs = [
        "mymemoryd hook Stop",
        "memoryd hooks install",
        "echo memoryd hook Stop && rm -rf x",
        "python /x/hooks/entry.py hook Stop",  # someone else's entry script
        "python -S /x/daemon/client/hooks/entry.py hook Stop && rm -rf x",
        "",
        None,
    ]
    assert [hooks_install.hook_event_of(c) for c in theirs] == [None] * len(theirs)


def test_settings_from_an_older_memoryd_get_the_current_command_in_place_and_uninstall_removes_it(
    tmp_path: Path,
) -> None:
    """Settings written when the command was the `memoryd` console script: install rewrites each entry in
    place (no second entry per event), keeps the user's own hooks, and uninstall removes the new form."""
    settings = tmp_path / "settings.json"
    home = tmp_path / "home"
    old = json.loads(json.dumps(USER_SETTINGS))
    for event, matcher in hooks_install.HOOKS.items():
        handler: dict[str, Any] = {"type": "command", "command": f"MEMORYD_HOME={home} /old/bin/memoryd hook {event}"}
        if event not in hooks_install.NO_TIMEOUT:
            handler["timeout"] = 5
        old["hooks"].setdefault(event, []).append({**({"matcher": matcher} if matcher else {}), "hooks": [handler]})
    settings.write_text(json.dumps(old), encoding="utf-8")

    report = json.loads(cli("install", "--settings", str(settings), "--json", home=home).stdout)
    assert sorted(report["updated"]) == sorted(hooks_install.HOOKS) and report["added"] == []
    data = json.loads(settings.read_text(encoding="utf-8"))
    assert [len(groups) for groups in data["hooks"].values()] == [len(groups) for groups in old["hooks"].values()]
    for event in hooks_install.HOOKS:
        assert data["hooks"][event][-1]["hooks"][0]["command"] == installed_command(home, event)
    assert data["hooks"]["PostToolUse"][0] == USER_SETTINGS["hooks"]["PostToolUse"][0]  # the user's, untouched
    status = json.loads(cli("status", "--settings", str(settings), "--json", home=home).stdout)["hooks"]
    assert status == {event: installed_command(home, event) for event in hooks_install.HOOKS}

    removed = json.loads(cli("uninstall", "--settings", str(settings), "--json", home=home).stdout)
    assert sorted(removed["removed"]) == sorted(hooks_install.HOOKS)
    assert json.loads(settings.read_text(encoding="utf-8")) == USER_SETTINGS


def run_installed(command: str, payload: dict[str, Any], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """The settings.json command as Claude Code runs it: through the shell, the event's JSON on stdin."""
    return subprocess.run(
        ["/bin/sh", "-c", command], input=orjson.dumps(payload), capture_output=True, env=env, cwd=tmp_dir(), timeout=30
    )


def tmp_dir() -> str:
    return tempfile.gettempdir()  # Why not REPO: the hook must not depend on being started in the source tree


def installed_commands(settings: Path, home: Path) -> dict[str, str]:
    result = cli("install", "--settings", str(settings), "--json", home=home)
    assert result.returncode == 0, result.stderr
    return {e: c for e, c in hooks_install.status(settings).items() if c is not None}


def test_the_installed_command_answers_from_the_daemon_and_exits_quietly_without_it(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    seed_project(memory_home)
    commands = installed_commands(tmp_path / "settings.json", memory_home)
    assert set(commands) == set(hooks_install.HOOKS)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    env = {**os.environ, "MEMORYD_SOCKET": str(daemon.socket)}
    env.pop("MEMORYD_HOME")  # the command carries it, as `hooks install` wrote it

    start = run_installed(commands["SessionStart"], cc.session_start(), env)
    assert (start.returncode, start.stderr) == (0, b"")
    context = orjson.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Run migrations before the deploy." in context and "Money is Decimal, never float." in context
    prompt = run_installed(commands["UserPromptSubmit"], cc.user_prompt("how do we deploy the orders service?"), env)
    assert (prompt.returncode, prompt.stderr) == (0, b"")
    assert "make deploy" in orjson.loads(prompt.stdout)["hookSpecificOutput"]["additionalContext"]
    edit = run_installed(commands["PostToolUse"], cc.edit(f"{cc.CWD}/app/orders.py"), env)
    assert (edit.returncode, edit.stdout, edit.stderr) == (0, b"", b"")
    assert daemon.call("events", {"type": "edit"})["events"]

    daemon.stop()
    for event, payload in [("SessionStart", cc.session_start()), ("PostToolUse", cc.edit(f"{cc.CWD}/app/x.py"))]:
        started = time.monotonic()
        down = run_installed(commands[event], payload, env)
        assert (down.returncode, down.stdout, down.stderr) == (0, b"", b""), event
        assert time.monotonic() - started < 1.0, event  # a behavioural budget (Claude Code waits on it)
    outcomes = [(line["event"], line["outcome"]) for line in cc.hook_log(memory_home)]
    assert outcomes == [
        ("SessionStart", "ok"),
        ("UserPromptSubmit", "ok"),
        ("PostToolUse", "ok"),
        ("SessionStart", "daemon_down"),
        ("PostToolUse", "spooled"),
    ]
    assert len(list((memory_home / "inbox").glob("hook-*.events.jsonl"))) == 1


def test_a_wheel_install_runs_the_installed_command_with_the_standard_library_alone(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """A regular (non-editable) install: memoryd's packages in a venv's site-packages, here copied there as a
    wheel would put them, without any dependency (the hook path needs none). The command that install writes
    from that venv finds them from the entry script's own path and the venv's pyvenv.cfg."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    site_packages = venv / "lib" / version / "site-packages"
    for package in ("daemon", "pipeline", "events"):
        shutil.copytree(REPO / package, site_packages / package, ignore=shutil.ignore_patterns("__pycache__"))
    home = memory_home
    printed = subprocess.run(
        [str(python), "-c", "from daemon.client.hooks.install import memoryd_command; print(memoryd_command())"],
        capture_output=True,
        text=True,
        env={**os.environ, "MEMORYD_HOME": str(home)},
        cwd=tmp_dir(),
        timeout=60,
        check=True,
    )
    base = printed.stdout.strip()
    entry = site_packages / "daemon" / "client" / "hooks" / "entry.py"
    assert base == f"MEMORYD_HOME={home.resolve()} {python} -S {entry}"

    seed_project(home)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    env = {k: v for k, v in os.environ.items() if k != "MEMORYD_HOME"} | {"MEMORYD_SOCKET": str(daemon.socket)}
    start = run_installed(f"{base} hook SessionStart", cc.session_start(), env)
    assert (start.returncode, start.stderr) == (0, b"")
    assert "Money is Decimal" in orjson.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert cc.hook_log(home)[-1]["outcome"] == "ok"


@pytest.mark.parametrize("system_site", [False, True])
def test_the_entry_script_finds_the_venvs_site_packages_as_site_does(tmp_path: Path, system_site: bool) -> None:
    """The package root first, then the venv's site-packages (pyvenv.cfg beside bin/), then the base
    interpreter's only when the venv includes system site-packages; folders that do not exist are left out."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    flag = "true" if system_site else "false"
    (venv / "pyvenv.cfg").write_text(f"home = /usr/bin\ninclude-system-site-packages = {flag}\n", encoding="utf-8")
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    site_packages = venv / "lib" / version / "site-packages"
    site_packages.mkdir(parents=True)
    script = site_packages / "daemon" / "client" / "hooks" / "entry.py"
    paths = entry.import_paths(str(script), str(venv / "bin" / "python"))
    base = os.path.join(sys.prefix, "lib", version, "site-packages")
    expected = [str(site_packages)] + ([base] if system_site and os.path.isdir(base) else [])
    assert paths == expected  # the root is site-packages itself in a wheel install: listed once
    (venv / "pyvenv.cfg").unlink()
    assert entry.import_paths(str(script), str(venv / "bin" / "python"))[0] == str(site_packages)
    assert str(site_packages) not in entry.import_paths(
        str(tmp_path / "src" / "daemon" / "client" / "hooks" / "e.py"), str(venv / "bin" / "python")
    )
