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

TYPE_CHECKING = False  # Why not typing's: a hook process starts here, and typing costs ~3 ms of its imports
if TYPE_CHECKING:
    from pathlib import Path

    from daemon.config import Settings

EXIT_OK, EXIT_FAILED = 0, 1


def is_hook_call(argv: list[str]) -> bool:
    """`hook EVENT`, optionally after the global `--socket PATH` / `--socket=PATH`. Decided here, before any
    other import: the hook process's budget is its imports."""
    rest = argv[2:] if argv[:1] == ["--socket"] else argv[1:] if argv[:1] and argv[0].startswith("--socket=") else argv
    return rest[:1] == ["hook"] and not {"-h", "--help"} & set(rest)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if is_hook_call(argv):
        from daemon.client.hooks.run import main as run_hook

        return run_hook(argv)
    if argv[:2] == ["sync", "merge-driver"]:
        from pipeline.sync.merge_driver import main as merge_driver

        return merge_driver(argv[2:])
    from daemon.client.cli.quick import run_quick

    if (code := run_quick(argv)) is not None:  # search and status, without argparse or the settings module
        return code
    from daemon.client.cli.main import InProcess, run_cli

    return run_cli(argv, InProcess(serve=serve, build_model=build_model))


def serve(settings: Settings, env_file: Path | None = None) -> int:
    """Run the daemon in the foreground until SIGTERM/SIGINT.

    `env_file` (the service's `--env-file`) is read first, then the settings again, since the file may set
    variables the settings read. Under a service manager (`MEMORYD_SERVICE` is set by the unit), finding
    another daemon already serving this home exits 0: the home is served, and a failure exit would make
    systemd or launchd restart this one in a loop.
    """
    import asyncio
    import os

    from daemon.config import load_settings
    from daemon.env_file import load_into_environ
    from daemon.instance_lock import AlreadyRunning
    from daemon.log_setup import configure_logging
    from daemon.rpc.socket_server import SocketUnavailable
    from daemon.server import StartupFailed
    from daemon.server import serve as run_daemon

    report = None
    if env_file is not None:
        report = load_into_environ(env_file)
        settings = load_settings(settings.home, socket=settings.socket_override)
    configure_logging(settings.daemon.log_level, settings.daemon.log_format)
    failed: list[BaseException] = []
    already: list[BaseException] = []  # another daemon serves this home: fine under a service manager
    try:
        asyncio.run(run_daemon(settings, env_report=report))
    except* AlreadyRunning as group:
        already += group.exceptions
    except* (SocketUnavailable, StartupFailed) as group:  # a message, not a traceback
        failed += group.exceptions
    for exc in [*already, *failed]:
        print(f"memoryd: {exc}", file=sys.stderr)
    if already and not os.environ.get("MEMORYD_SERVICE"):
        return EXIT_FAILED
    return EXIT_FAILED if failed else EXIT_OK


def build_model(settings: Settings) -> int:
    """`memoryd model build`: build (or check) the offline embedding model now, not at the first start."""
    import time

    from pipeline.embedding.models import prepare_model

    started = time.monotonic()
    spec = prepare_model(settings.embedding.model, settings.models_dir)
    print(f"{spec.name}: ready in {spec.path} ({time.monotonic() - started:.1f}s, dim {spec.dim})")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
