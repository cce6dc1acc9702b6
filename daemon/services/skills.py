"""The skill registry inside the daemon: kept fresh by a cheap stat poll, listed by `skills`, and asked by
`context` / `prompt_context` for the skills relevant to a prompt.

Invariants:
- The registry is replaced whole (one attribute assignment on the loop), never mutated, so a request always
  sees one consistent scan. A rescan happens only when the (path, mtime, size) signature of the SKILL.md
  files and MCP config files changed; the poll runs every `[skills] poll_ms` in a worker thread.
  Why a poll and not watchfiles: the skill dirs may not exist yet, may live outside every watched root, and
  are a handful of files, so a stat walk costs less than another inotify tree.
- Recommendations never slow a prompt down much: skill vectors are embedded once per (model, text) and only
  when the embedding model is ready; any embedding failure degrades to keyword scores.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import structlog

from daemon.app import App
from daemon.config import Settings
from pipeline.embedding.service import EmbeddingService
from pipeline.learning.skill_registry import Registry, combine, entry_text, lexical_scores, scan, signature

logger = structlog.get_logger(__name__)

MAX_RECOMMENDED = 3


@dataclass(frozen=True, slots=True)
class Recommendation:
    kind: str
    name: str
    description: str
    score: float


class SkillsService:
    def __init__(
        self, dirs: list[Path], configs: list[Path], threshold: float, embedding: EmbeddingService | None = None
    ) -> None:
        self.dirs = dirs
        self.embedding = embedding  # for semantic scores once the model is ready; keywords alone until then
        self.configs = configs
        self.threshold = threshold
        self.registry = Registry(())
        self.scans = 0
        self._signature: tuple[tuple[str, int, int], ...] | None = None
        self._vectors: dict[str, np.ndarray] = {}  # (model + entry text) -> unit vector
        self._lock = asyncio.Lock()

    async def refresh(self, *, force: bool = False) -> bool:
        """Rescan when the signature changed (or `force`). Returns whether the registry was replaced."""
        async with self._lock:
            current = await asyncio.to_thread(signature, self.dirs, self.configs)
            if current == self._signature and not force:
                return False
            self.registry = await asyncio.to_thread(scan, self.dirs, self.configs)
            self._signature = current
            self.scans += 1
            logger.info("skills_scanned", entries=len(self.registry.entries), problems=len(self.registry.problems))
            return True

    async def run(self, stop: asyncio.Event, poll_s: float) -> None:
        """Owned by the daemon's TaskGroup; returns when `stop` is set."""
        while not stop.is_set():
            try:
                await self.refresh()
            except Exception:  # isolation boundary: one scheduled job
                logger.exception("skills_refresh_failed")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(poll_s):
                    await stop.wait()

    async def recommend(self, query: str) -> list[Recommendation]:
        """Up to 3 entries whose calibrated score clears the threshold, best first."""
        registry = self.registry
        embedding = self.embedding
        if not registry.entries or not query.strip():
            return []
        lexical = lexical_scores(registry, query)
        cosines: list[float | None] = [None] * len(lexical)
        if embedding is not None and embedding.ready:
            try:
                cosines = list(await self._cosines(registry, query, embedding))
            except Exception as exc:  # isolation boundary: one request; keywords still answer
                logger.warning("skills_semantic_failed", error=str(exc)[:200])
        scored = [
            Recommendation(e.kind, e.name, e.description, round(combine(lex, cos), 3))
            for e, lex, cos in zip(registry.entries, lexical, cosines, strict=True)
        ]
        passing = [r for r in scored if r.score >= self.threshold]
        return sorted(passing, key=lambda r: (-r.score, r.name))[:MAX_RECOMMENDED]

    async def _cosines(self, registry: Registry, query: str, embedding: EmbeddingService) -> list[float]:
        model = embedding.model
        texts = [entry_text(e) for e in registry.entries]
        missing = [t for t in dict.fromkeys(texts) if f"{model}\0{t}" not in self._vectors]
        if missing:
            vectors = await embedding.embed_passages(missing)
            self._vectors.update({f"{model}\0{t}": vectors[i] for i, t in enumerate(missing)})
        query_vector = await embedding.embed_query(query)
        return [float(np.dot(self._vectors[f"{model}\0{t}"], query_vector)) for t in texts]

    def listing(self) -> dict[str, Any]:
        entries = [
            {
                "kind": e.kind,
                "name": e.name,
                "description": e.description,
                "triggers": list(e.triggers)[:20],
                "source": e.source,
            }
            for e in self.registry.entries
        ]
        return {
            "skills": [e for e in entries if e["kind"] == "skill"],
            "mcp_servers": [e for e in entries if e["kind"] == "mcp"],
            "dirs": [str(d) for d in self.dirs],
            "configs": [str(c) for c in self.configs],
            "threshold": self.threshold,
            "problems": list(self.registry.problems),
        }


def skill_dirs(settings: Settings) -> list[Path]:
    configured = [Path(d).expanduser() for d in settings.skills.dirs]
    if configured:
        return configured
    dirs = [settings.skills_dir]
    claude = Path.home() / ".claude" / "skills"
    if claude.is_dir() and claude not in dirs:
        dirs.append(claude)
    return dirs


def mcp_configs(settings: Settings) -> list[Path]:
    configured = [Path(c).expanduser() for c in settings.skills.mcp_configs]
    return configured or [Path.home() / ".claude.json", Path.home() / ".claude" / "settings.json"]


async def start_skills(
    app: App, tasks: asyncio.TaskGroup, stop: asyncio.Event, embedding: EmbeddingService | None
) -> SkillsService:
    """Create the service, scan once before the socket opens (cheap), then poll in the background."""
    settings = app.settings
    service = SkillsService(skill_dirs(settings), mcp_configs(settings), settings.skills.threshold, embedding)
    await service.refresh(force=True)
    app.supervise(tasks, "skills_registry", lambda: service.run(stop, settings.skills.poll_ms / 1000), stop)

    async def status() -> dict[str, Any]:
        registry = service.registry
        return {
            "skills": sum(1 for e in registry.entries if e.kind == "skill"),
            "mcp_servers": sum(1 for e in registry.entries if e.kind == "mcp"),
            "threshold": service.threshold,
            "scans": service.scans,
        }

    app.status_sections["skills"] = status
    return service


def skill_line(r: Recommendation) -> str:
    """'- /frontend — … (0.93)': one recommendation in the "Relevant skills:" part of a block."""
    label = f"/{r.name}" if r.kind == "skill" else f"MCP server {r.name}"
    return f"- {label} — {r.description or r.name} ({r.score:.2f})"
