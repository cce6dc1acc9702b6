"""CLI commands over the index: search, reindex, index --wait (with a progress bar), model build."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from daemon.client.cli.output import print_json
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
    if result.get("fallback"):
        print(f"note: {result['fallback']}", file=sys.stderr)
    if not result["results"]:
        floor = f" at relevance {args.min_relevance:g} or more" if args.min_relevance is not None else ""
        print(f"no memory matches{floor}")
    for i, hit in enumerate(result["results"], 1):
        root = "" if hit["root"] == "memory" else f"[{hit['root']}] "
        heading = f"  § {hit['heading']}" if hit["heading"] else ""
        relevance = f"relevance {hit['relevance']:.2f}, " if hit.get("relevance") is not None else ""
        where = f"{hit['path']}:{hit['start_line']}-{hit['end_line']}"
        print(f"{i:>2}. {root}{where}  ({relevance}score {hit['score']:.4f}){heading}")
        print(f"    {hit['snippet']}")
        if args.explain and "explain" in hit:
            parts = ", ".join(f"{k}={v}" for k, v in hit["explain"].items() if v is not None)
            print(f"    explain: {parts}")
    print(f"-- {len(result['results'])} result(s), mode {result['mode']}, {result['took_ms']} ms", file=sys.stderr)
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
