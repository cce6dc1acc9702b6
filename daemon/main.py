"""`memoryd`: the one entry point of every process memoryd starts.

- `memoryd hook EVENT` goes to the hook runner first, before any settings are loaded: a hook exits 0 even on
  a broken config.toml (the CLI exits 2 on that, which Claude Code reads as "block").
- `memoryd serve` and `memoryd model build` run server-side code in this process; they are handed to the CLI
  from here, so that the client package never imports the server.
- `memoryd sync merge-driver ...` is run by git during a merge (`memoryd sync init` registers it): it goes to the
  driver directly, reading no settings, like a hook.
- Every other command is a client of the daemon's socket (`daemon/client/cli/`).
"""

from __future__ import annotations

import sys
import time

from daemon.client.cli.agent import is_hook_call
from daemon.config import Settings

EXIT_OK, EXIT_FAILED = 0, 1


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if is_hook_call(argv):
        from daemon.client.hooks.run import main as run_hook

        return run_hook(argv)
    if argv[:2] == ["sync", "merge-driver"]:
        from pipeline.sync.merge_driver import main as merge_driver

        return merge_driver(argv[2:])
    from daemon.client.cli.main import InProcess, run_cli

    return run_cli(argv, InProcess(serve=serve, build_model=build_model))


def serve(settings: Settings) -> int:
    """Run the daemon in the foreground until SIGTERM/SIGINT."""
    import asyncio

    from daemon.instance_lock import AlreadyRunning
    from daemon.log_setup import configure_logging
    from daemon.rpc.socket_server import SocketUnavailable
    from daemon.server import StartupFailed
    from daemon.server import serve as run_daemon

    configure_logging(settings.daemon.log_level, settings.daemon.log_format)
    failed: list[BaseException] = []
    try:
        asyncio.run(run_daemon(settings))
    except* (AlreadyRunning, SocketUnavailable, StartupFailed) as group:  # a message, not a traceback
        failed += group.exceptions
    for exc in failed:
        print(f"memoryd: {exc}", file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


def build_model(settings: Settings) -> int:
    """`memoryd model build`: build (or check) the offline embedding model now, not at the first start."""
    from pipeline.embedding.models import prepare_model

    started = time.monotonic()
    spec = prepare_model(settings.embedding.model, settings.models_dir)
    print(f"{spec.name}: ready in {spec.path} ({time.monotonic() - started:.1f}s, dim {spec.dim})")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
