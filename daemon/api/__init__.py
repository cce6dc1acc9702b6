"""Socket handlers: read params, call a service, shape the reply. Importing this package registers them all."""

from daemon.api import (
    agent,
    checks,
    context,
    events,
    facts,
    history_import,
    index,
    learning,
    memory,
    rules,
    skills,
    sync,
)
from daemon.api.registry import api, dispatch

__all__ = [
    "agent",
    "api",
    "checks",
    "context",
    "dispatch",
    "events",
    "facts",
    "history_import",
    "index",
    "learning",
    "memory",
    "rules",
    "skills",
    "sync",
]
