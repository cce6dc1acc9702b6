"""CLI commands of `memoryd sync`: `sync init --remote URL`, `sync` (one round now), `sync status`.

(`memoryd sync merge-driver ...` is run by git, not by people; `daemon/main.py` hands it to the driver.)
"""

from __future__ import annotations

import argparse
from typing import Any

from daemon.client.cli.output import print_json
from daemon.client.socket_client import call
from daemon.config import Settings

ROUND_TIMEOUT = 900.0  # a first round may push a whole memory over a slow link


def add_commands(sub: Any) -> None:
    p = sub.add_parser("sync", help="share this memory with other machines through git (one round now)")
    actions = p.add_subparsers(dest="sync_action", metavar="ACTION")
    a = actions.add_parser("init", help="make the memory home a git repository synced with --remote")
    a.add_argument("--remote", required=True, help="a git URL: a bare repository on a disk or server, GitHub, ...")
    a.add_argument("--branch", default="", help="default: the remote's default branch, or main")
    a.add_argument("--json", action="store_true")
    a = actions.add_parser("status", help="remote, ahead/behind, the last round and any conflict")
    a.add_argument("--json", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_sync)


def run_sync(args: argparse.Namespace, settings: Settings) -> int:
    if args.sync_action == "init":
        params = {"remote": args.remote, **({"branch": args.branch} if args.branch else {})}
        result = call(settings.socket_path, "sync_init", params, timeout=ROUND_TIMEOUT)
        init = result["init"]
        text = [
            f"{'created' if init['created_repository'] else 'adopted'} the repository in {settings.home}",
            f"remote {init['remote']} = {init['url']}, branch {init['branch']}",
            render_round(result["round"]),
        ]
        print_json(result) if args.json else print("\n".join(text))
        return 0 if result["round"].get("ok") else 1
    if args.sync_action == "status":
        result = call(settings.socket_path, "sync_status", {})
        print_json(result) if args.json else print(render_status(result))
        return 0
    result = call(settings.socket_path, "sync", {}, timeout=ROUND_TIMEOUT)
    print_json(result) if args.json else print(render_round(result))
    return 0 if result.get("ok") else 1


def render_round(r: dict[str, Any]) -> str:
    lines = [f"round {'ok' if r.get('ok') else 'FAILED'} in {r.get('took_ms')} ms ({r.get('reason')})"]
    if committed := r.get("committed"):
        lines.append(f"  committed {committed['sha']}: {committed['files']} file(s), {committed['events']} event(s)")
    if r.get("received"):
        lines.append(f"  received {len(r['received'])} file(s); {r.get('events_applied', 0)} event(s) applied")
    if r.get("pushed"):
        lines.append("  pushed")
    for c in r.get("conflicts", []):
        kept = f"theirs kept as {c['copy']}" if c.get("copy") else "kept the side that still has it"
        lines.append(f"  CONFLICT {c['path']} (with {c['machine']}): ours kept, {kept}")
    if r.get("error"):
        lines.append(f"  error: {r['error']}" + (" (offline: retried with backoff)" if r.get("offline") else ""))
    if r.get("ahead") is not None:
        lines.append(f"  ahead {r['ahead']}, behind {r['behind']}")
    return "\n".join(lines)


def render_status(s: dict[str, Any]) -> str:
    if not s.get("initialised"):
        return f"not synced (machine {s.get('machine')}): run `memoryd sync init --remote URL`"
    state = s.get("state", {})
    lines = [
        f"machine  {s['machine']}",
        f"remote   {s['remote']} = {s['url']}  branch {s['branch']}",
        f"         ahead {s.get('ahead', '-')}, behind {s.get('behind', '-')} (as of the last fetch);"
        f" uncommitted changes: {s.get('uncommitted', 0)}",
        f"last     {state.get('last_round_at') or '-'}  "
        + ("ok" if state.get("last_round_ok") else ("FAILED" if state.get("last_round_ok") is False else "-"))
        + f"  last success {state.get('last_success_at') or '-'}",
    ]
    if state.get("error"):
        lines.append(f"error    {state['error']}" + ("  (offline)" if state.get("offline") else ""))
        lines.append(f"         {state.get('failures')} failure(s) in a row; next try {state.get('next_attempt_at')}")
    for path in s.get("conflicts", []):
        lines.append(f"conflict {path}  (the other machine's version; merge it by hand, then delete this file)")
    return "\n".join(lines)
