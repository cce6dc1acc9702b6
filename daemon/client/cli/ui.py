"""`memoryd ui [--port N] [--no-open]`: the local web view. Its web stack is imported only when it runs."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from daemon.config import Settings


def add_commands(sub: Any) -> None:
    p = sub.add_parser("ui", help="a local web view of memory, what reached the agent and what it learned")
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    p.add_argument("--no-open", action="store_true", help="print the URL, do not open a browser")
    p.set_defaults(handler=run_ui)


def run_ui(args: argparse.Namespace, settings: Settings) -> int:
    if not 0 <= args.port <= 65535:
        print("memoryd: --port must be between 0 and 65535", file=sys.stderr)
        return 2
    from daemon.client.ui.server import run

    return run(settings, port=args.port, open_browser=not args.no_open)
