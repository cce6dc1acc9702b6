"""CLI commands of the learning loop: patterns, pattern, capabilities, consolidate, signals."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from daemon.client.cli.output import print_json, table
from daemon.client.socket_client import call
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("patterns", help="recurring problems over the last 8 sessions, and the failure streak")
    p.add_argument("--all", action="store_true", help="also patterns not seen in the window")
    p.add_argument("--explain", action="store_true", help="the sessions and evidence lines that joined each one")
    p.add_argument("pattern_id", nargs="?", metavar="ID", help="only this pattern (a unique prefix is enough)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_patterns)

    p = sub.add_parser("pattern", help="mark a pattern addressed, suppressed (or active again)")
    p.add_argument("status", choices=("addressed", "suppressed", "active"))
    p.add_argument("pattern_id", metavar="ID", help="pattern id (a unique prefix of 4+ characters is enough)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_pattern)

    p = sub.add_parser("capabilities", help="capability generation: the gates, or generate now")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--status", action="store_true", help="each gate with its value and pass/fail (default)")
    group.add_argument("--generate", action="store_true", help="generate skills now if every gate passes")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_capabilities)

    p = sub.add_parser("consolidate", help="run the weekly consolidation")
    p.add_argument("--now", action="store_true", required=True, help="run it now (required)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_consolidate)

    p = sub.add_parser("signals", help="extract signals from a summary or transcript and record them")
    p.add_argument("session_id")
    p.add_argument("file", nargs="?", default="-", help="text file (default: stdin)")
    p.add_argument("--dry-run", action="store_true", help="show the signals without recording them")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_signals)


def run_patterns(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"all": args.all, "explain": args.explain}
    if args.pattern_id:
        params["pattern_id"] = args.pattern_id
    result = call(settings.socket_path, "patterns", params)
    if args.json:
        print_json(result)
        return 0
    if args.explain:
        print("\n\n".join(explained(p) for p in result["patterns"]) or "(no patterns)")
        return 0
    streak = result["streak"]
    if streak["flagged"]:
        print(f"FAILURE STREAK: the last {streak['length']} sessions failed ({', '.join(streak['sessions'])})\n")
    rows = [
        (
            p["id"],
            p["priority"],
            p["count"],
            p["kind"],
            p["key"],
            p["status"] + (f" (+{p['recurred']})" if p["recurred"] else ""),
            p["last_seen"][:10],
        )
        for p in result["patterns"]
    ]
    header = ("id", "priority", "count", "kind", "key", "status", "last seen")
    print(table(header, rows) if rows else f"(no patterns in the last {result['window_sessions']} sessions)")
    return 0


def explained(pattern: dict[str, Any]) -> str:
    """A pattern with its sessions, each with its evidence lines and what tied them to the problem."""
    texts = {e["node"]: e["text"] for e in pattern.get("explain", [])}
    causes = {e["node"]: e["cause"] for e in pattern.get("explain", []) if e.get("cause")}
    lines = [
        f"pattern {pattern['id']} ({pattern['priority']}, {pattern['status']}): {pattern['kind']} '{pattern['key']}'",
        f"  seen in {pattern['session_total']} session(s), {pattern['count']} of the last ones",
    ]
    session = None
    for e in pattern.get("explain", []):
        if e["session_id"] != session:
            session = e["session_id"]
            lines.append(f"  session {session} ({e['ts'][:10]})")
        why = []
        if e["shared_anchors"]:
            why.append("shares " + ", ".join(e["shared_anchors"][:3]))
        if match := e.get("match"):
            like = texts.get(match["node"], match["node"])
            if match["by"] == "cause" and match["node"] in causes:
                like = "explained as " + causes[match["node"]]  # what the agent said of the failure it joined
            why.append(f"{match['by']} {match['score']:.2f} like: {like[:60]}")
        who = {
            "user": "person",
            "talk": "person",
            "tool": "tool",
            "retry": "retried",
            "pasted": "pasted by the person",
            "flaky": "passed only on a retry",
        }.get(e["source"], e["source"])
        lines.append(f"    - {who}: {e['text'][:110]}" + (f"  [{'; '.join(why)}]" if why else ""))
    return "\n".join(lines)


def run_pattern(args: argparse.Namespace, settings: Settings) -> int:
    result = call(settings.socket_path, "pattern_status", {"pattern_id": args.pattern_id, "status": args.status})
    print_json(result) if args.json else print(f"pattern {result['pattern_id']}: {result['status']}")
    return 0


def run_capabilities(args: argparse.Namespace, settings: Settings) -> int:
    result = call(settings.socket_path, "capabilities", {"generate": args.generate}, timeout=3600.0)
    if args.json:
        print_json(result)
        return 0
    for gate in result["gates"]:
        mark = "pass" if gate["passed"] else "FAIL"
        print(f"{mark}  {gate['name']:<13} {gate['value']}  (needs {gate['required']})")
    if not args.generate:
        print("all gates pass" if result["passed"] else "generation is gated")
        return 0
    if not result["passed"]:
        print("nothing generated: a gate failed")
        return 1
    for item in result["generated"]:
        print(f"generated {item['name']} -> {item['path']} (steps from {item['steps_from']})")
    for item in result["skipped"]:
        where = f" at {item['path']}" if item.get("path") else ""
        print(f"skipped {item['name']}: {item['reason']}{where}")
    if not result["generated"] and not result["skipped"]:
        print("nothing to generate")
    return 0


def run_consolidate(args: argparse.Namespace, settings: Settings) -> int:
    result = call(settings.socket_path, "consolidate", {}, timeout=3600.0)
    if args.json:
        print_json(result)
    elif result.get("status") != "completed":
        print(f"consolidation failed: {result.get('error')}", file=sys.stderr)
    else:
        tokens = result.get("tokens", {})
        caps = result.get("capabilities", {})
        print(f"report: {result['report']}")
        print(
            f"sessions {result['sessions']}, facts +{result['facts_added']}, lessons +{result['lessons_added']}, "
            f"rules +{result['rules_added']}, skills +{len(caps.get('generated', []))}, "
            f"archived {len(result['archived'])}, tokens {tokens.get('used', 0)}/{tokens.get('limit', 0)}"
        )
    return 0 if result.get("status") == "completed" else 1


def run_signals(args: argparse.Namespace, settings: Settings) -> int:
    text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8", errors="replace")
    params = {"session_id": args.session_id, "text": text, "record": not args.dry_run}
    result = call(settings.socket_path, "signals", params, timeout=300.0)
    if args.json:
        print_json(result)
        return 0
    rows = [(s["pattern_id"], s["kind"], s["key"], s["text"]) for s in result["signals"]]
    print(table(("pattern", "kind", "key", "evidence"), rows) if rows else "(no signals)")
    return 0
