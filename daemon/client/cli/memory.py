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
    p.add_argument("--session", help="leave out what this session was already given (and count it as given)")
    p.add_argument("--min-relevance", type=float, help="the relevance floor for memories (default [context])")
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

    p = sub.add_parser("injections", help="which memories reached which prompt; --stats: what memory cost")
    p.add_argument("--stats", action="store_true", help="totals: prompts, characters, tokens, per day and session")
    p.add_argument("--since", help="only from this date or time on (e.g. 2026-11-01)")
    p.add_argument("--until", help="with --stats: only up to this date or time")
    p.add_argument("--session", help="only this session")
    p.add_argument("--all", action="store_true", help="also the requests that injected nothing")
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
    if args.session:
        params["session_id"] = args.session
    if args.min_relevance is not None:
        params["min_relevance"] = args.min_relevance
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
    if args.stats:
        params = {k: v for k, v in (("since", args.since), ("until", args.until), ("session_id", args.session)) if v}
        stats = call(settings.socket_path, "injection_stats", params)
        print_json(stats) if args.json else print(render_injection_stats(stats))
        return 0
    params = {"limit": args.limit, "all": args.all}
    params.update({k: v for k, v in (("since", args.since), ("session_id", args.session)) if v})
    result = call(settings.socket_path, "injections", params)
    if args.json:
        print_json(result)
        return 0
    rows = [
        (
            i["ts"],
            i.get("kind", ""),
            (i.get("session_id") or "")[:12],
            f"{i.get('used', 0)}/{i.get('budget', 0)}",
            ", ".join(i.get("paths", [])) or (f"{len(i['items'])} item(s)" if i.get("items") else ""),
        )
        for i in result["injections"]
    ]
    headers = ("ts", "kind", "session", "chars", "memories")
    print(table(headers, rows, max_width=90) if rows else "(no injections yet)")
    return 0


def render_injection_stats(s: dict[str, Any]) -> str:
    """The cost of memory as a person reads it: totals, prompts, then per day and per session."""
    total, prompts = s["total"], s["prompts"]
    span = " ".join(f"{k} {s[k]}" for k in ("since", "until", "session_id") if s.get(k)) or "all time"
    lines = [
        f"memory injected ({span}): {total['chars']:,} characters, ~{total['tokens']:,} tokens "
        f"in {total['injected']:,} of {total['requests']:,} requests, {s['sessions']:,} session(s)",
        f"prompts: {prompts['seen']:,} seen, {prompts['with_memory']:,} got memory, "
        f"{prompts['below_floor']:,} held back by the relevance floor, {prompts['all_repeats']:,} had it all "
        f"already; {prompts['mean_chars']:,} characters per prompt",
        f"repeats avoided: {s['repeats_avoided']:,}; memories under the floor: {s['memories_below_floor']:,}",
        "",
        table(
            ("kind", "requests", "injected", "chars", "~tokens"),
            [(k, t["requests"], t["injected"], t["chars"], t["tokens"]) for k, t in s["by_kind"].items()],
        ),
    ]
    if s["top_memories"]:
        lines += ["", table(("most injected memory", "times"), [(m["memory"], m["times"]) for m in s["top_memories"]])]
    if s["by_day"]:
        rows = [(day, t["requests"], t["injected"], t["chars"], t["tokens"]) for day, t in s["by_day"].items()]
        lines += ["", table(("day", "requests", "injected", "chars", "~tokens"), rows)]
    if s["by_session"]:
        rows = [(sid, t["requests"], t["injected"], t["chars"], t["tokens"]) for sid, t in s["by_session"].items()]
        lines += ["", table(("session (most tokens first)", "requests", "injected", "chars", "~tokens"), rows)]
    return "\n".join(lines)
