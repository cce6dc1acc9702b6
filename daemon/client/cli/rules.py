"""CLI commands for lessons that check edits and for skills: `memoryd check PATH` (run the ```check lessons by
hand) and `memoryd skills`.

Both are thin wrappers over one socket method. `check` exits 1 when a `block` check fails, so it can gate a
commit or CI step; warnings alone exit 0.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from daemon.client.cli.output import print_json
from daemon.client.socket_client import call
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("rules", help="rules and lessons in force; --history: what replaced what, and where it was said")
    p.add_argument("project", nargs="?", help="one project's rules (default: MEMORY.md and every project)")
    p.add_argument("--history", action="store_true", help="superseded ones, and the session and line of each")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_rules)

    p = sub.add_parser("check", help="run the ```check lessons of MEMORY.md and the project's rules on files")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_check)

    p = sub.add_parser("skills", help="list the skill registry (SKILL.md files and MCP servers)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--refresh", action="store_true", help="rescan now instead of waiting for the poll")
    p.add_argument("--query", help="also score the registry against this prompt")
    p.set_defaults(handler=run_skills)


def run_rules(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"history": args.history}
    if args.project:
        params["project"] = args.project
    result = call(settings.socket_path, "rules_files", params)
    if args.json:
        print_json(result)
        return 0
    for entry in result["files"]:
        print(f"{entry['path']}")
        origin = {c["text"]: c for c in entry.get("history", []) if c.get("action") in ("added", "superseded")}
        for text in entry["in_force"]:
            print(f"  - {text}" + _origin(origin.get(text)))
        if args.history:
            # an instruction never kept as a rule, found again when a later rule replaced it
            said_in = {c["replaces"]: c["replaces_from"] for c in entry.get("history", []) if c.get("replaces_from")}
            for old in entry["superseded"]:
                where = f"    (said in session {said_in[old['text']]})" if old["text"] in said_in else ""
                print(f"  - ~~{old['text']}~~ superseded {old['date']} by: {old['replaced_by']}{where}")
            for change in entry.get("history", []):
                if change.get("action") == "restated":
                    print(f"  = restated: {change['text']}" + _origin(change))
    return 0


def _origin(change: dict[str, Any] | None) -> str:
    if not change:
        return ""
    where = f"session {change.get('session_id', '?')}"
    if change.get("line"):
        where += f" line {change['line']}"
    return f"    ({where}, {str(change.get('ts', ''))[:10]})"


def run_check(args: argparse.Namespace, settings: Settings) -> int:
    results = [call(settings.socket_path, "check", {"path": os.path.abspath(path)}) for path in args.paths]
    if args.json:
        print_json(results if len(results) > 1 else results[0])
    else:
        for result in results:
            line = f"{result['path']}: {result['decision']} ({result['checks']} checks)"
            print("\n".join(filter(None, [line, result["text"], *(f"error: {e}" for e in result["errors"])])))
            if result["timed_out"]:
                print(f"timed out: {', '.join(result['timed_out'])}")
    return 1 if any(r["decision"] == "block" for r in results) else 0


def run_skills(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"refresh": args.refresh}
    if args.query:
        params["query"] = args.query
    result = call(settings.socket_path, "skills", params)
    if args.json:
        print_json(result)
        return 0
    for entry in result["skills"]:
        print(f"/{entry['name']} — {entry['description'] or '(no description)'}  [{entry['source']}]")
    for entry in result["mcp_servers"]:
        print(f"mcp {entry['name']}  [{entry['source']}]")
    if not result["skills"] and not result["mcp_servers"]:
        print(f"no skills found in {', '.join(result['dirs'])}")
    for entry in result.get("recommended", []):
        print(f"recommended: {entry['name']} ({entry['score']:.2f})")
    return 0
