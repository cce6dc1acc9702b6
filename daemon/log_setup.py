"""structlog configuration: readable console output on a TTY, JSON lines otherwise (systemd, launchd)."""

from __future__ import annotations

import logging
import sys
from typing import Any

import orjson
import structlog

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}


def _orjson_dumps(obj: Any, default: Any = None) -> str:
    return orjson.dumps(obj, default=default or str).decode()


def configure_logging(level: str = "info", fmt: str = "auto") -> None:
    use_console = sys.stderr.isatty() if fmt == "auto" else fmt == "console"
    renderer: Any = (
        structlog.dev.ConsoleRenderer(colors=True)
        if use_console
        else structlog.processors.JSONRenderer(serializer=_orjson_dumps)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info if not use_console else structlog.processors.StackInfoRenderer(),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(_LEVELS.get(level, logging.INFO)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    # watchfiles logs every change batch at INFO through stdlib logging.
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    logging.getLogger("watchfiles").setLevel(logging.WARNING)
