"""`memoryd hooks install|uninstall` on a real settings.json: merge, keep the rest, back up, idempotent, and an
uninstall that gives back exactly the file the user had."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from daemon.client.hooks import install as hooks_install
from tests.conftest import REPO

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
    assert installed["hooks"]["PreToolUse"][-1]["matcher"] == "Read|Edit|Write|NotebookEdit"
    assert ours["hooks"][0]["command"].endswith(" hook PostToolUse") and ours["hooks"][0]["timeout"] == 5
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
    ]
    assert [hooks_install.hook_event_of(c) for c in ours] == ["Stop", "SessionEnd", "Stop"]
    theirs = ["mymemoryd hook Stop", "memoryd hooks install", "echo memoryd hook Stop && rm -rf x", "", None]
    assert [hooks_install.hook_event_of(c) for c in theirs] == [None] * len(theirs)
