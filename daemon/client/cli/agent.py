"""CLI commands for agent integration: `hook EVENT`, `hooks install|uninstall|status`, `mcp`.

`memoryd hook` is routed by `is_hook_call` before the CLI loads its settings (see daemon/main.py): a hook must
exit 0 even when config.toml is broken, and the general CLI exits 2 on that, which Claude Code reads as
"block". Heavy modules (the MCP SDK) are imported only by the command that needs them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from daemon.client.cli.output import print_json
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("hook", help="run one Claude Code hook (reads its JSON on stdin; always exits 0)")
    p.add_argument("event", help="SessionStart | UserPromptSubmit | PostToolUse | PreCompact | SessionEnd | Stop")
    p.set_defaults(handler=run_hook)

    p = sub.add_parser("hooks", help="install memoryd's hooks into Claude Code's settings.json")
    p.add_argument("action", choices=("install", "uninstall", "status"))
    p.add_argument("--settings", help="settings file (default ~/.claude/settings.json)")
    p.add_argument("--uninstall", action="store_true", help="same as the uninstall action")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_hooks)

    p = sub.add_parser("mcp", help="MCP server on stdio (tools memory_search/get/context/record), for any agent")
    p.set_defaults(handler=run_mcp)


def run_hook(args: argparse.Namespace, settings: Settings) -> int:
    from daemon.client.hooks.run import main

    socket = ["--socket", str(settings.socket_override)] if settings.socket_override else []
    return main([*socket, args.event])


def run_hooks(args: argparse.Namespace, settings: Settings) -> int:
    from daemon.client.hooks import install as hooks_install

    path = Path(args.settings).expanduser() if args.settings else hooks_install.default_settings_path()
    try:
        if args.action == "status":
            found = hooks_install.status(path)
            if args.json:
                print_json({"settings": str(path), "hooks": found})
            else:
                print("\n".join(f"{event}: {command or '(not installed)'}" for event, command in found.items()))
                if settings.hooks.rules_gate and hooks_install.gate_unhooked(path):
                    print("[hooks] rules_gate is on but PreToolUse does not run on edits: run `memoryd hooks install`")
            return 0
        report = hooks_install.install(
            path,
            uninstall=args.uninstall or args.action == "uninstall",
            record=settings.state_dir / "hooks_install.json",
            rules_gate=settings.hooks.rules_gate,
        )
    except hooks_install.SettingsError as exc:
        print(f"memoryd: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print_json(
            {
                "settings": str(report.path),
                "changed": report.changed,
                "backup": str(report.backup) if report.backup else None,
                "added": list(report.added),
                "updated": list(report.updated),
                "removed": list(report.removed),
            }
        )
    elif not report.changed:
        print(f"{path}: already up to date")
    else:
        done = [f"added {', '.join(report.added)}"] if report.added else []
        done += [f"updated {', '.join(report.updated)}"] if report.updated else []
        done += [f"removed {', '.join(report.removed)}"] if report.removed else []
        backup = f" (backup: {report.backup})" if report.backup else ""
        print(f"{path}: {'; '.join(done)}{backup}")
    return 0


def run_mcp(args: argparse.Namespace, settings: Settings) -> int:
    from daemon.client.mcp_server import run

    return run(settings)
