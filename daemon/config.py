"""Settings: `MEMORYD_HOME` plus an optional `$MEMORYD_HOME/config.toml`, every key with a default.

Invariant: a wrong type or an impossible value stops start-up with a message naming the key; an unknown key
is reported (log and `status`) but never fatal, so a config written for a newer memoryd still starts.
Standard library only: the CLI imports this on its fast path.
"""

from __future__ import annotations

import copy
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, dict[str, Any]] = {
    "daemon": {
        "socket": "",  # empty: $MEMORYD_HOME/run/memoryd.sock
        "grace_seconds": 10.0,
        "max_request_bytes": 1024 * 1024,
        "log_level": "info",
        "log_format": "auto",  # auto | console | json
    },
    "events": {"fsync": "always"},  # always | never
    "index": {
        "extra_roots": [],
        "debounce_ms": 200,
        "max_file_bytes": 5 * 1024 * 1024,
        "chunk_tokens": 400,
        "chunk_overlap": 80,
    },
    "embedding": {
        "model": "multilingual-e5-small",
        "batch_size": 32,
        "models_dir": "",  # empty: $MEMORYD_HOME/state/models
        "enabled": True,
        # Issue 7: a hosted model instead of the local one; on any failure the local model (or BM25) takes over.
        "provider": "local",  # local | openai | gemini
        "remote_model": "",  # empty: text-embedding-3-small (openai) / text-embedding-004 (gemini)
        "base_url": "",  # empty: the provider's public API
        "api_key_env": "",  # empty: OPENAI_API_KEY / GEMINI_API_KEY
        "dim": 0,  # expected dimension; 0: whatever the provider returns for the probe
        "timeout_seconds": 30.0,
        "max_retries": 3,
        "backoff_seconds": 0.5,
    },
    "search": {
        "rrf_k": 60,
        "bm25_weight": 1.0,  # RRF list weights, chosen on bench-data with bench/fusion.py
        "vector_weight": 1.0,
        "cjk_bm25_weight": 0.2,  # the same for mostly-CJK queries (>= 30 % of word characters)
        "cjk_vector_weight": 1.0,
        "candidates": 20,  # depth of each list fused (deeper tails only add noise)
        "default_k": 10,
        "weight_relevance": 1.0,
        "weight_importance": 0.02,
        "weight_recency": 0.02,
        "weight_effectiveness": 0.05,
    },
    "context": {"budget": 4000, "max_memories": 8},
    "llm": {
        "provider": "",  # empty: no LLM (every step uses its deterministic fallback) | anthropic | openai
        "base_url": "",  # empty: the provider's public API; e.g. http://127.0.0.1:11434 for Ollama
        "model": "",  # empty: a small default model of the provider
        "api_key_env": "",  # empty: ANTHROPIC_API_KEY / OPENAI_API_KEY
        "timeout_seconds": 60.0,
        "max_retries": 3,
        "backoff_seconds": 1.0,
        "max_backoff_seconds": 30.0,
    },
    "consolidation": {
        "enabled": True,
        "cron": "0 3 * * sun",  # crontab fields, local time; use day names (APScheduler numbers Monday 0)
        "period_days": 7.0,  # catch-up at start when the last completed run is older than this
        "misfire_grace_hours": 12.0,
        "token_budget": 200_000,
        "session_retention_days": 30,
        "daily_retention_days": 90,
    },
    "skills": {
        "dir": "",  # empty: $MEMORYD_HOME/skills (e.g. ~/.claude/skills)
        "min_hours_between": 24.0,
        "min_patterns": 2,
        "min_pattern_count": 2,
        "success_window": 5,
        "min_success_rate": 0.6,
        # Issue 7: the skill registry (recommendations in `context`)
        "dirs": [],  # empty: the skills dir above, and ~/.claude/skills when it exists
        "mcp_configs": [],  # empty: ~/.claude.json and ~/.claude/settings.json (read only)
        "threshold": 0.7,
        "poll_ms": 1000,
    },
    "lessons": {"jaccard": 0.6, "containment": 0.8},
    # Agent integration (issue 6): hooks answer within `deadline_ms` whatever the daemon does.
    "hooks": {
        "timeout_ms": 300,  # per socket call (a healthy daemon answers in ~10 ms)
        "deadline_ms": 750,  # hard stop, counted from the hook process's start (Claude Code waits on it)
        "session_budget": 3000,  # characters of SessionStart context
        "prompt_budget": 2000,  # characters of UserPromptSubmit context
        "prompt_k": 4,
        "min_prompt_chars": 8,  # shorter prompts ("yes", "go on") get no memories
        "transcript_on_stop": True,  # also hand the transcript to the inbox on Stop, not only SessionEnd
        "log_max_bytes": 5 * 1024 * 1024,
        "rules_gate": False,  # issue 7: deny Edit/Write of a project file until its rules were read this session
        "sessions_tracked": 512,  # per-session "rules loaded" state kept in the daemon (least recent dropped)
    },
    "inbox": {
        "poll_ms": 500,
        "stable_ms": 1000,  # a dropped file is taken once its size held still this long
        "session_idle_ms": 120_000,  # a transcript handed over on Stop waits until the session is this idle
        "keep_transcripts": False,
        "max_file_bytes": 256 * 1024 * 1024,
    },
    "redaction": {"emails": True},  # e-mail addresses redacted too: in the index, hooks, inbox, MCP, get, context
    "mcp": {"autostart": False, "autostart_wait_seconds": 15.0},
    "checks": {"time_limit_ms": 200, "max_file_bytes": 1024 * 1024},  # issue 7: ```check blocks
    # Free tables (issue 7): [projects] "PATH PREFIX" = "name"; [project_groups] group = ["a", "b"]
    "projects": {},
    "project_groups": {},
}

ALLOWED = {
    ("daemon", "log_format"): ("auto", "console", "json"),
    ("daemon", "log_level"): ("debug", "info", "warning", "error"),
    ("events", "fsync"): ("always", "never"),
    ("llm", "provider"): ("", "anthropic", "openai"),
    ("embedding", "provider"): ("local", "openai", "gemini"),
}


class ConfigError(ValueError):
    """config.toml cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Settings:
    home: Path
    values: dict[str, dict[str, Any]]
    warnings: tuple[str, ...] = field(default=())
    socket_override: Path | None = None

    def get(self, section: str, key: str) -> Any:
        return self.values[section][key]

    @property
    def socket_path(self) -> Path:
        if self.socket_override is not None:
            return self.socket_override
        if env := os.environ.get("MEMORYD_SOCKET"):
            return Path(env)
        configured = self.get("daemon", "socket")
        return Path(configured).expanduser() if configured else self.home / "run" / "memoryd.sock"

    @property
    def run_dir(self) -> Path:
        return self.home / "run"

    @property
    def state_dir(self) -> Path:
        return self.home / "state"

    @property
    def db_path(self) -> Path:
        return self.state_dir / "index.db"

    @property
    def events_dir(self) -> Path:
        return self.home / "events"

    @property
    def models_dir(self) -> Path:
        if env := os.environ.get("MEMORYD_MODEL_DIR"):
            return Path(env)
        configured = self.get("embedding", "models_dir")
        return Path(configured).expanduser() if configured else self.state_dir / "models"

    @property
    def extra_roots(self) -> tuple[Path, ...]:
        return tuple(Path(p).expanduser().resolve() for p in self.get("index", "extra_roots"))

    @property
    def fsync(self) -> bool:
        return self.get("events", "fsync") == "always"


def default_home() -> Path:
    return Path(os.environ.get("MEMORYD_HOME") or Path.home() / ".memoryd").expanduser()


def load_settings(home: Path | None = None, *, socket: Path | None = None) -> Settings:
    """Read config.toml (if any) over the defaults. Raises ConfigError on a wrong type or value."""
    home = (home or default_home()).expanduser().resolve()
    path = home / "config.toml"
    values = copy.deepcopy(DEFAULTS)
    warnings: list[str] = []
    if path.is_file():
        try:
            user = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
        warnings = _merge(values, user, path)
    _apply_env(values)
    return Settings(home=home, values=values, warnings=tuple(warnings), socket_override=socket)


def _apply_env(values: dict[str, dict[str, Any]]) -> None:
    """A few environment overrides, for service units and tests (they win over config.toml)."""
    if os.environ.get("MEMORYD_EMBEDDING", "").lower() in ("off", "0", "false", "no"):
        values["embedding"]["enabled"] = False
    if (fmt := os.environ.get("MEMORYD_LOG_FORMAT")) in ALLOWED[("daemon", "log_format")]:
        values["daemon"]["log_format"] = fmt


def _merge(values: dict[str, dict[str, Any]], user: dict[str, Any], path: Path) -> list[str]:
    warnings = []
    for section, entries in user.items():
        if section in FREE_TABLES:
            values[section] = _free_table(section, entries, path)
            continue
        if section not in values:
            warnings.append(f"{path}: unknown section [{section}] ignored (known: {', '.join(values)})")
            continue
        if not isinstance(entries, dict):
            raise ConfigError(f"{path}: [{section}] must be a table")
        for key, value in entries.items():
            if key not in values[section]:
                known = ", ".join(values[section])
                warnings.append(f"{path}: unknown key [{section}] {key} ignored (known: {known})")
                continue
            values[section][key] = _checked(section, key, value, values[section][key], path)
    return warnings


FREE_TABLES = {"projects": str, "project_groups": list}


def _free_table(section: str, entries: Any, path: Path) -> dict[str, Any]:
    """A table whose keys are the user's (path prefixes, group names): only the value type is checked."""
    kind = FREE_TABLES[section]
    if not isinstance(entries, dict):
        raise ConfigError(f"{path}: [{section}] must be a table")
    for key, value in entries.items():
        ok = isinstance(value, kind) and (kind is str or all(isinstance(v, str) for v in value))
        if not ok:
            raise ConfigError(f"{path}: [{section}] {key} must be {'a string' if kind is str else 'a list of strings'}")
    return dict(entries)


def _checked(section: str, key: str, value: Any, default: Any, path: Path) -> Any:
    where = f"{path}: [{section}] {key}"
    expected: type | tuple[type, ...] = type(default)
    if isinstance(default, float):
        expected = (int, float)
    if isinstance(value, bool) != isinstance(default, bool) or not isinstance(value, expected):
        raise ConfigError(f"{where} must be {type(default).__name__}, got {type(value).__name__}")
    if isinstance(default, list) and not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where} must be a list of strings")
    if (choices := ALLOWED.get((section, key))) and value not in choices:
        raise ConfigError(f"{where} must be one of {', '.join(choices)}, got {value!r}")
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        raise ConfigError(f"{where} must not be negative")
    return float(value) if isinstance(default, float) else value
