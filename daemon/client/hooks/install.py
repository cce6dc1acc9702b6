"""`memoryd hooks install|uninstall`: merge memoryd's hooks into Claude Code's settings.json, and take them out.

Settings shape (Claude Code's hooks reference, https://code.claude.com/docs/en/hooks, "Configuration"):
`{"hooks": {"EVENT": [{"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "...", "timeout": 5}]}]}}`;
memoryd sets a `matcher` only on tool events (no matcher: every occurrence of the event), `timeout` is in
seconds. SessionEnd gets no `timeout`: Claude Code gives all SessionEnd hooks one shared budget (1.5 s),
raised to the largest `timeout` among them, so a 5 s timeout would let another tool's hung SessionEnd hook
delay every exit, /clear and /resume by 5 s; memoryd's SessionEnd only links a file (its deadline is 750 ms).

Invariants:
- The command is `PYTHON -S .../daemon/client/hooks/entry.py hook EVENT`: this interpreter without `site`,
  which in an editable install costs more than the hook's own work (see entry.py). `memoryd hook EVENT`
  still works the same, for settings written by an older memoryd or by hand.
- Everything else in the file is kept (keys, order, other hooks). memoryd's entries are recognised by their
  command (`... entry.py hook EVENT`, `... memoryd hook EVENT` or `... -m daemon hook EVENT`) and live in
  their own matcher groups.
- Idempotent: a second install changes nothing and writes nothing; an install from another path, or one made
  by an older memoryd, updates the command, timeout and matcher in place. Uninstall removes exactly those
  entries, and an event list or the `hooks` object only when install created it (recorded in
  `$MEMORYD_HOME/state/hooks_install.json`; without that record, when the removal emptied it). So install
  then uninstall gives back the original settings.
- A backup (`settings.json.memoryd-backup-TIMESTAMP`) is written before any change; the new file replaces the
  old atomically. A file that is not valid JSON is never touched.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.atomic_file import write_atomic

HOOKS: dict[str, str | None] = {  # event -> matcher
    "SessionStart": None,
    "UserPromptSubmit": None,
    "PostToolUse": "Edit|Write|NotebookEdit",  # Claude Code's editing tools (MultiEdit is gone since 2.0.32)
    "PreCompact": None,
    "SessionEnd": None,
    "Stop": None,
    "PreToolUse": "Read",  # project rules on the first read (with `[hooks] rules_gate`: GATED_PRE_TOOL_USE)
    "SubagentStart": None,  # project rules for each subagent's fresh context
}
# Why not always: PreToolUse on an edit does something only for the rules gate (off by default), and Claude Code
# waits for a hook process on every Edit/Write it matches (~15-20 ms each, bench/agent_session.py).
GATED_PRE_TOOL_USE = "Read|Edit|Write|NotebookEdit"
TIMEOUT_S = 5  # Claude Code's limit for the command; the hook itself stops well within 1 s
NO_TIMEOUT = ("SessionEnd",)  # events whose shared budget a timeout would raise (see the module docstring)
_OURS = re.compile(
    r"(?:(?:^|[\s/\\\"'])memoryd['\"]?|\s-m\s+daemon|[/\\]daemon[/\\]client[/\\]hooks[/\\]entry\.py['\"]?)"
    r"\s+hook\s+([A-Za-z]+)\s*$"
)
ENTRY_SCRIPT = Path(__file__).with_name("entry.py")


class SettingsError(Exception):
    """settings.json cannot be used; the message says why. Nothing was written."""


@dataclass(frozen=True, slots=True)
class Report:
    path: Path
    changed: bool
    backup: Path | None
    added: tuple[str, ...]
    updated: tuple[str, ...]
    removed: tuple[str, ...]


def default_settings_path() -> Path:
    return Path.home() / ".claude" / "settings.json"


def memoryd_command() -> str:
    """How Claude Code should start a hook: this interpreter (its venv path as it is, not resolved: `entry.py`
    finds the venv's site-packages from it) with `-S` on memoryd's hook entry script; with `MEMORYD_HOME` when
    it is set, so the hook serves the same memory home as this install."""
    base = f"{shlex.quote(sys.executable)} -S {shlex.quote(str(ENTRY_SCRIPT.absolute()))}"
    home = os.environ.get("MEMORYD_HOME")
    return f"MEMORYD_HOME={shlex.quote(str(Path(home).expanduser().resolve()))} {base}" if home else base


def hook_event_of(command: Any) -> str | None:
    """The event a memoryd hook command serves, or None when the command is not memoryd's."""
    if not isinstance(command, str):
        return None
    match = _OURS.search(command)
    return match.group(1) if match else None


def matchers(rules_gate: bool) -> dict[str, str | None]:
    """Event -> matcher, as installed with `[hooks] rules_gate` on or off."""
    return {**HOOKS, "PreToolUse": GATED_PRE_TOOL_USE} if rules_gate else dict(HOOKS)


def merged(
    settings: dict[str, Any], base_command: str, *, rules_gate: bool = False
) -> tuple[dict[str, Any], list[str], list[str], list[str]]:
    """`settings` with memoryd's hooks present and current (`rules_gate`: PreToolUse on edits too). Returns (new
    settings, added, updated, created containers: "hooks" and/or event names whose list did not exist). Pure."""
    out = copy.deepcopy(settings)
    created = [] if "hooks" in out else ["hooks"]
    hooks = out.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise SettingsError("'hooks' in settings.json is not an object; fix it by hand first")
    added, updated = [], []
    for event, matcher in matchers(rules_gate).items():
        command = f"{base_command} hook {event}"
        if event not in hooks:
            created.append(event)
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise SettingsError(f"'hooks.{event}' in settings.json is not a list; fix it by hand first")
        ours = [h for g in groups if isinstance(g, dict) for h in g.get("hooks") or [] if _is_ours(h, event)]
        if not ours:
            group: dict[str, Any] = {"matcher": matcher} if matcher else {}
            group["hooks"] = [_handler(event, command)]
            groups.append(group)
            added.append(event)
        elif _refresh(groups, event, matcher, command):
            updated.append(event)
    return out, added, updated, created


def _handler(event: str, command: str) -> dict[str, Any]:
    handler: dict[str, Any] = {"type": "command", "command": command}
    if event not in NO_TIMEOUT:
        handler["timeout"] = TIMEOUT_S
    return handler


def _refresh(groups: list[Any], event: str, matcher: str | None, command: str) -> bool:
    """Bring memoryd's existing entries of `event` up to date: command, timeout, and the matcher of a group
    that holds only memoryd's hooks (a group shared with other hooks keeps its matcher). Returns whether
    anything changed."""
    changed = False
    for group in groups:
        if not isinstance(group, dict):
            continue
        entries = [h for h in group.get("hooks") or [] if _is_ours(h, event)]
        for hook in entries:
            wanted = _handler(event, command)
            for key in ("command", "timeout"):
                if hook.get(key) != wanted.get(key):
                    changed = True
                    if key in wanted:
                        hook[key] = wanted[key]
                    else:
                        del hook[key]
        if entries and len(entries) == len(group.get("hooks") or []) and group.get("matcher") != matcher:
            changed = True
            if matcher:
                group["matcher"] = matcher
            else:
                group.pop("matcher", None)
    return changed


def removed(settings: dict[str, Any], created: list[str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """`settings` without memoryd's hooks. A container this removal emptied goes too when install created it
    (`created`), or, when that is unknown (None), always. Pure."""
    out = copy.deepcopy(settings)
    hooks = out.get("hooks")
    if not isinstance(hooks, dict):
        return out, []
    gone: list[str] = []
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept_groups = []
        for group in groups:
            entries = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(entries, list):
                kept_groups.append(group)
                continue
            kept = [h for h in entries if not _is_ours(h, event)]
            if len(kept) < len(entries):
                gone.append(event)
                if not kept:
                    continue
                group["hooks"] = kept
            kept_groups.append(group)
        if len(kept_groups) < len(groups) and not kept_groups and (created is None or event in created):
            del hooks[event]
        else:
            hooks[event] = kept_groups
    if gone and not hooks and (created is None or "hooks" in created):
        del out["hooks"]
    return out, sorted(set(gone))


def install(
    path: Path,
    *,
    uninstall: bool = False,
    base_command: str | None = None,
    record: Path | None = None,
    rules_gate: bool = False,
) -> Report:
    """Merge (or remove) memoryd's hooks in the settings file at `path`. `record` is the JSON file that
    remembers which containers an install created; `rules_gate` is `[hooks] rules_gate`. Raises SettingsError."""
    original = _load(path)
    key = str(path.expanduser().resolve())
    records = _load(record) if record is not None else {}
    before = copy.deepcopy(records)
    if uninstall:
        created = records.pop(key, None)
        updated_settings, gone = removed(original, created if isinstance(created, list) else None)
        added: list[str] = []
        changed_events: list[str] = []
    else:
        command = base_command or memoryd_command()
        updated_settings, added, changed_events, created_now = merged(original, command, rules_gate=rules_gate)
        gone = []
        if added:
            previous: list[str] = records[key] if isinstance(records.get(key), list) else []
            records[key] = sorted({*previous, *created_now})
    if record is not None and records != before:
        write_atomic(record, json.dumps(records, indent=2) + "\n")
    if updated_settings == original:
        return Report(path, False, None, (), (), ())
    backup = None
    if path.exists():
        stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
        backup = path.with_name(f"{path.name}.memoryd-backup-{stamp}")
        shutil.copy2(path, backup)
    write_atomic(path, json.dumps(updated_settings, indent=2, ensure_ascii=False) + "\n")
    return Report(path, True, backup, tuple(added), tuple(changed_events), tuple(gone))


def status(path: Path) -> dict[str, str | None]:
    """For each of memoryd's events, the installed command (None when missing)."""
    settings = _load(path)
    hooks: dict[str, Any] = settings["hooks"] if isinstance(settings.get("hooks"), dict) else {}
    found: dict[str, str | None] = dict.fromkeys(HOOKS)
    for event in HOOKS:
        for group in hooks.get(event) or []:
            for hook in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if _is_ours(hook, event):
                    found[event] = hook["command"]
    return found


def gate_unhooked(path: Path) -> bool:
    """Whether memoryd's PreToolUse entry is installed but does not run on edits (installed with the rules gate
    off): with the gate on, `memoryd hooks install` again fixes it."""
    settings = _load(path)
    hooks: dict[str, Any] = settings["hooks"] if isinstance(settings.get("hooks"), dict) else {}
    groups = [g for g in hooks.get("PreToolUse") or [] if isinstance(g, dict)]
    ours = [g for g in groups if any(_is_ours(h, "PreToolUse") for h in g.get("hooks") or [])]
    return bool(ours) and not any(re.fullmatch(str(g.get("matcher") or ".*"), "Edit") for g in ours)


def _is_ours(hook: Any, event: str) -> bool:
    return isinstance(hook, dict) and hook_event_of(hook.get("command")) == event


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{path} is not valid JSON ({exc}); not changed") from exc
    if not isinstance(data, dict):
        raise SettingsError(f"{path} does not hold a JSON object; not changed")
    return data
