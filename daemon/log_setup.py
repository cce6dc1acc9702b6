"""structlog configuration: readable console output on a TTY, JSON lines otherwise (systemd, launchd).

Invariant: logging never raises into the daemon. A log file on a full disk (launchd, `memoryd serve > file`)
refuses every write; the line is dropped and counted, and the daemon goes on serving.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, TextIO

import orjson
import structlog

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}


def _orjson_dumps(obj: Any, default: Any = None) -> str:
    return orjson.dumps(obj, default=default or str).decode()


class NeverFailingStream:
    """A text stream whose writes drop the text instead of raising OSError (ENOSPC, EFBIG, EIO, EPIPE)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.dropped = 0

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError:
            self.dropped += 1
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError:
            self.dropped += 1

    def isatty(self) -> bool:
        return self.stream.isatty()


STDERR = NeverFailingStream(sys.stderr)


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
        logger_factory=structlog.PrintLoggerFactory(file=STDERR),  # type: ignore[arg-type]
        cache_logger_on_first_use=True,
    )
    # watchfiles logs every change batch at INFO through stdlib logging.
    logging.basicConfig(level=logging.WARNING, stream=STDERR)
    logging.getLogger("watchfiles").setLevel(logging.WARNING)
