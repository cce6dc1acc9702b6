"""CLI commands over project facts: `fact add|supersede|archive` and `facts`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from daemon.client.cli.output import print_json, table
from daemon.client.socket_client import call
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("fact", help="add, supersede or archive a project fact (facts.json)")
    actions = p.add_subparsers(dest="fact_action", required=True, metavar="ACTION")
    a = actions.add_parser("add", help="add an active fact to a project")
    a.add_argument("project")
    a.add_argument("text")
    a.add_argument("--category", default="general")
    a.add_argument("--evidence", default="")
    a.add_argument("--create", action="store_true", help="start the project if it has no folder yet")
    a.add_argument("--json", action="store_true")
    a = actions.add_parser("supersede", help="replace a fact with a new one (the old one keeps the chain)")
    a.add_argument("id")
    a.add_argument("text")
    a.add_argument("--evidence", default="")
    a.add_argument("--json", action="store_true")
    a = actions.add_parser("archive", help="archive a fact (kept, no longer active)")
    a.add_argument("id")
    a.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_fact)

    p = sub.add_parser("facts", help="list project facts (active only unless --all)")
    p.add_argument("project", nargs="?")
    p.add_argument("--all", action="store_true", help="include superseded and archived facts")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_facts)


def run_fact(args: argparse.Namespace, settings: Settings) -> int:
    if args.fact_action == "add":
        params = {
            "project": args.project,
            "text": args.text,
            "category": args.category,
            "evidence": args.evidence,
            "create": args.create,
        }
        result = call(settings.socket_path, "fact_add", params)
        message = f"{'added' if result['created'] else 'already known'}: {result['fact']['id']}"
        for other in result.get("similar", []):
            print(f"warning: similar to {other['id']} ({other['status']}): {other['fact']}", file=sys.stderr)
    elif args.fact_action == "supersede":
        params = {"id": args.id, "text": args.text, "evidence": args.evidence}
        result = call(settings.socket_path, "fact_supersede", params)
        message = f"{result['superseded']['id']} superseded by {result['fact']['id']}"
    else:
        result = call(settings.socket_path, "fact_archive", {"id": args.id})
        message = f"archived: {result['fact']['id']}"
    print_json(result) if args.json else print(message)
    return 0


def run_facts(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"all": args.all}
    if args.project:
        params["project"] = args.project
    result = call(settings.socket_path, "facts", params)
    if args.json:
        print_json(result)
        return 0
    rows = [
        (
            f["id"],
            f["status"] + (f" -> {f['supersededBy']}" if f.get("supersededBy") else ""),
            f["category"],
            f["fact"],
        )
        for f in result["facts"]
    ]
    print(table(("id", "status", "category", "fact"), rows, max_width=80) if rows else "(no facts)")
    return 0
