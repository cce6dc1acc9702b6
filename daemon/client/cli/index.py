"""CLI commands over the index: search, reindex, index --wait (with a progress bar), model build."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from daemon.client.cli.output import print_json, render_search
from daemon.client.socket_client import call
from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("search", help="search the memory")
    p.add_argument("query")
    p.add_argument("-k", type=int, default=None, help="number of results (default 10)")
    p.add_argument("--mode", choices=("hybrid", "bm25", "vector"), default="hybrid")
    p.add_argument("--root")
    p.add_argument("--path", help="glob on the path relative to its root, e.g. 'areas/projects/*'")
    p.add_argument("--source", choices=("memory", "sessions", "daily", "areas", "extra"))
    p.add_argument("--since", help="only files modified since this date (YYYY-MM-DD)")
    p.add_argument("--min-relevance", type=float, help="only hits at least this relevant (0..1, absolute)")
    p.add_argument("--explain", action="store_true", help="show each component of each score")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_search)

    p = sub.add_parser("reindex", help="re-read a file or folder (or everything) even if unchanged")
    p.add_argument("path", nargs="?")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_reindex)

    p = sub.add_parser("index", help="indexing progress; --wait blocks until the queue is empty")
    p.add_argument("--wait", action="store_true")
    p.add_argument("--timeout", type=float, default=0, help="give up after this many seconds (0 = never)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=run_index)

    p = sub.add_parser("model", help="the embedding model")
    p.add_argument("action", choices=("build",))


def run_search(args: argparse.Namespace, settings: Settings) -> int:
    params: dict[str, Any] = {"query": args.query, "mode": args.mode, "explain": args.explain}
    for key in ("k", "root", "path", "source", "since", "min_relevance"):
        if getattr(args, key) is not None:
            params[key] = getattr(args, key)
    result = call(settings.socket_path, "search", params)
    if args.json:
        print_json(result)
        return 0
    out, notes = render_search(result, explain=args.explain, min_relevance=args.min_relevance)
    if out:
        print(out)
    print(notes, file=sys.stderr)
    return 0


def run_reindex(args: argparse.Namespace, settings: Settings) -> int:
    params = {"path": args.path} if args.path else {}
    result = call(settings.socket_path, "reindex", params)
    print_json(result) if args.json else print(f"queued {result['queued']} file(s)")
    return 0


def run_index(args: argparse.Namespace, settings: Settings) -> int:
    started = time.monotonic()
    tty = sys.stderr.isatty()
    # Files saved just before this call reach the queue only once the watcher has seen them (its debounce and
    # one poll step), so an empty queue means "done" only after that long.
    settle_s = settings.index.debounce_ms / 1000 + 0.3
    while True:
        index = call(settings.socket_path, "status", {}, timeout=10)["index"]
        progress = index["progress"]
        settled = time.monotonic() - started >= settle_s
        if not args.wait or (index["pending"] == 0 and not index.get("backfilling") and settled):
            break
        if tty:
            sys.stderr.write("\r" + _bar(progress, index) + " " * 4)
            sys.stderr.flush()
        if args.timeout and time.monotonic() - started > args.timeout:
            print(f"\nmemoryd: still {index['pending']} file(s) pending after {args.timeout:g}s", file=sys.stderr)
            return 1
        time.sleep(0.2)
    if tty and args.wait:
        sys.stderr.write("\r" + _bar(progress, index) + "\n")
    if args.json:
        print_json(index)
    else:
        print(
            f"{index['files']} files, {index['chunks']} chunks, {index['embedded']} embedded, "
            f"mode {index['mode']}, pending {index['pending']}"
        )
    return 0


def _bar(progress: dict[str, Any], index: dict[str, Any]) -> str:
    total = max(progress.get("total") or 0, 1)
    done = min(progress.get("done") or 0, total)
    filled = int(30 * done / total)
    eta = progress.get("eta_s") or 0
    extra = " (embedding in background)" if index.get("backfilling") and not index["pending"] else ""
    return (
        f"[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} files  "
        f"{progress.get('chunks_per_s', 0)} chunks/s  eta {eta:.0f}s{extra}"
    )
