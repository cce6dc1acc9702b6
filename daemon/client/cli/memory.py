"""CLI commands over memories: get, context, forget, importance, injections."""

from __future__ import annotations

import argparse
import os
from typing import Any

from daemon.client.cli.output import print_json, table
from daemon.client.socket_client import call
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("get", help="print lines of a memory file (inside the configured roots only)")
    p.add_argument("path")
    p.add_argument("--from", dest="start", type=int, default=1)
    p.add_argument("--lines", type=int, default=None)
    p.add_argument("--session", help="the agent session reading it (counts as that session referencing it)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_get)

    p = sub.add_parser("context", help="the Markdown block memoryd would inject for a prompt")
    p.add_argument("query")
    p.add_argument("--budget", type=int, default=None, help="characters (default 4000)")
    p.add_argument("--project", help="project name (default: detected from the working directory)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_context)

    p = sub.add_parser("forget", help="forget a memory: PATH[:LINE|:START-END] or --id CHUNK_ID")
    p.add_argument("target", nargs="?")
    p.add_argument("--id", dest="chunk_id")
    p.add_argument("--purge", action="store_true", help="also remove the text from the file (copy kept in state/trash)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_forget)

    p = sub.add_parser("importance", help="set the importance (0..1) of the memory at PATH[:LINE]")
    p.add_argument("target")
    p.add_argument("value", type=float)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_importance)

    p = sub.add_parser("injections", help="which memories reached which prompt")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_injections)


def run_get(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"path": args.path, "from": args.start}
    if args.lines is not None:
        params["lines"] = args.lines
    if args.session:
        params["session_id"] = args.session
    result = call(settings.socket_path, "get", params)
    print_json(result) if args.json else print(result["text"])
    return 0


def run_context(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"query": args.query, "cwd": os.getcwd()}
    if args.budget is not None:
        params["budget"] = args.budget
    if args.project:
        params["project"] = args.project
    result = call(settings.socket_path, "context", params)
    print_json(result) if args.json else print(result["markdown"])
    return 0


def run_forget(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"purge": args.purge}
    if args.chunk_id:
        params["id"] = args.chunk_id
    if args.target:
        params["target"] = args.target
    result = call(settings.socket_path, "forget", params)
    if args.json:
        print_json(result)
    else:
        print(
            f"forgot {result['forgotten']} memory chunk(s)"
            + (f"; original kept in {result['trash']}" if result.get("trash") else "")
        )
    return 0


def run_importance(args: argparse.Namespace, settings: Settings) -> int:
    result = call(settings.socket_path, "importance", {"target": args.target, "value": args.value})
    print_json(result) if args.json else print(f"importance {args.value} set on {result['updated']} chunk(s)")
    return 0


def run_injections(args: argparse.Namespace, settings: Settings) -> int:
    result = call(settings.socket_path, "injections", {"limit": args.limit})
    if args.json:
        print_json(result)
        return 0
    rows = [
        (i["ts"], i["query_hash"], f"{i.get('used', 0)}/{i.get('budget', 0)}", ", ".join(i.get("paths", [])))
        for i in result["injections"]
    ]
    print(table(("ts", "query", "chars", "memories"), rows, max_width=90) if rows else "(no injections yet)")
    return 0
