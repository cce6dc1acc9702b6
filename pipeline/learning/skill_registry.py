"""The registry of what an agent can call on: installed skills (SKILL.md) and configured MCP servers.

A skill is `DIR/NAME/SKILL.md` with YAML front matter `name` and `description` (and optionally `triggers`);
its trigger words are its `triggers` (and a "Trigger words: …" phrase) when it names them, else the words of
its name and description. MCP servers are read, names only, from
the agent's config files (`mcpServers` at the top level and under `projects.*`); memoryd never writes them.

Scoring a prompt against an entry gives a calibrated confidence in [0, 1]:
- lexical: the distinct trigger words the prompt contains, each weighted by its rarity in the registry
  (idf normalised so a word unique to one entry weighs 1), saturated BM25-style as 1 - exp(-S / TAU), with
  TAU chosen so one unique word scores 0.5 and two score 0.75; naming the entry (`/frontend`, "frontend")
  scores at least NAME_SCORE.
- semantic (only when the embedding model is ready): the cosine mapped linearly from [COS_LOW, COS_HIGH] to
  [0, 1], combined as a probabilistic OR capped so that similarity alone (at most SEMANTIC_CAP) never clears
  the default 0.7 threshold; it strengthens words the prompt shares with the entry, and a prompt far from the
  entry in meaning (under COS_RELATED) has its score discounted, so two words it happens to share are not enough.
Invariant: scanning never raises; an unreadable file or bad JSON is skipped and listed in `problems`.
Blocking (file IO): call through `asyncio.to_thread`.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from pipeline.frontmatter import split_front_matter
from pipeline.regular_file import read_regular

TAU = 1 / math.log(2)  # 1 unique word -> 0.5, 2 -> 0.75, 3 -> 0.875
NAME_SCORE = 0.9
SEMANTIC_CAP = 0.6
COS_LOW, COS_HIGH = 0.75, 0.92  # e5-style cosines of unrelated vs. clearly related short texts
# Below this a prompt is about something else, whatever words it shares: "add a dark theme to the viewer" shares
# "dark" and "theme" with a skill whose failing e2e test was "switches to the dark theme" (0.823), where the prompts
# about that skill's problem score 0.85-0.90 (bench/learning.py's skill prompts over the held-out corpora: unrelated
# prompts with shared words 0.808-0.830, prompts of the problem 0.800-0.916, 36 of 40 at 0.833 or more)
COS_RELATED = 0.83
UNRELATED_DAMP = 0.85  # two shared words (0.75) then fall under the 0.7 default; three (0.875) still pass
MAX_SKILL_BYTES = 256 * 1024
_WORD = re.compile(r"[a-z0-9][a-z0-9+#.-]*[a-z0-9+#]|[a-z0-9]")
_TRIGGERS_PHRASE = re.compile(r"(?:triggers?(?: words?)?(?: on)?|use when|keywords?)\s*[:=]\s*(.+)", re.IGNORECASE)
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "for",
        "from",
        "has",
        "have",
        "how",
        "i",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "this",
        "to",
        "use",
        "used",
        "uses",
        "using",
        "via",
        "was",
        "we",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        "skill",
        "skills",
        "tool",
        "tools",
        "help",
        "helps",
        "any",
        "all",
        "also",
        "about",
        "file",
        "files",
        "work",
        "working",
        "trigger",
        "triggers",
    ]
)


@dataclass(frozen=True, slots=True)
class RegistryEntry:
    kind: str  # skill | mcp
    name: str
    description: str
    triggers: tuple[str, ...]
    source: str  # the SKILL.md path, or the config file that names the MCP server


@dataclass(frozen=True, slots=True)
class Registry:
    entries: tuple[RegistryEntry, ...]
    problems: tuple[str, ...] = ()

    def document_frequency(self) -> dict[str, int]:
        df: dict[str, int] = {}
        for entry in self.entries:
            for word in set(entry.triggers):
                df[word] = df.get(word, 0) + 1
        return df


def words(text: str) -> list[str]:
    """Lower-cased words without stop words, plural `s` folded (`tests` -> `test`)."""
    out = []
    for word in _WORD.findall(text.lower()):
        if word in STOP_WORDS or (len(word) < 3 and not word.isdigit()):
            continue
        out.append(word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word)
    return out


def signature(dirs: Sequence[Path], configs: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    """What the registry depends on, as (path, mtime_ns, size): a change means a rescan (a cheap stat walk)."""
    seen: list[tuple[str, int, int]] = []
    for path in [*_skill_files(dirs), *configs]:
        try:
            st = path.stat()
        except OSError:
            continue
        seen.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(sorted(seen))


def _skill_files(dirs: Sequence[Path]) -> Iterable[Path]:
    for directory in dirs:
        try:
            children = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        for child in children:
            if child.is_dir() and not child.name.startswith("."):
                skill = Path(child.path) / "SKILL.md"
                if skill.is_file():
                    yield skill


def scan(dirs: Sequence[Path], configs: Sequence[Path]) -> Registry:
    entries: list[RegistryEntry] = []
    problems: list[str] = []
    for path in _skill_files(dirs):
        try:
            text = read_regular(path, MAX_SKILL_BYTES)[:MAX_SKILL_BYTES].decode("utf-8", errors="replace")
        except OSError as exc:
            problems.append(f"{path}: {exc.strerror or exc}")
            continue
        entries.append(skill_entry(path, text))
    names = {e.name for e in entries}
    for config in configs:
        for server, problem in mcp_servers(config):
            if problem:
                problems.append(problem)
            elif server not in names:
                names.add(server)
                trig = tuple(dict.fromkeys([*words(server.replace("-", " ").replace("_", " ")), server.lower()]))
                entries.append(RegistryEntry("mcp", server, f"MCP server '{server}'", trig, str(config)))
    return Registry(tuple(entries), tuple(problems))


def skill_entry(path: Path, text: str) -> RegistryEntry:
    meta = split_front_matter(text).metadata
    name = str(meta.get("name") or path.parent.name).strip()
    description = " ".join(str(meta.get("description") or "").split())
    explicit = meta.get("triggers")
    triggers: list[str] = []
    if isinstance(explicit, list):
        triggers += [w for item in explicit for w in words(str(item))]
    elif isinstance(explicit, str):
        triggers += words(explicit)
    if phrase := _TRIGGERS_PHRASE.search(description):
        triggers += words(phrase.group(1))
    triggers.append(name.lower())
    if not explicit:
        # Why only without explicit triggers: a skill that names its trigger words (memoryd's own do) means
        # those; the rest of its description and name is prose ("what fixed the recurring error ...").
        triggers += [*words(name.replace("-", " ").replace("_", " ")), *words(description)]
    return RegistryEntry("skill", name, description, tuple(dict.fromkeys(triggers)), str(path))


def mcp_servers(config: Path) -> list[tuple[str, str | None]]:
    """(server name, None) for each MCP server named in an agent config file, or ("", problem)."""
    try:
        data = orjson.loads(read_regular(config))
    except FileNotFoundError:
        return []
    except (OSError, orjson.JSONDecodeError) as exc:
        return [("", f"{config}: cannot read MCP servers: {exc}")]
    if not isinstance(data, dict):
        return []
    tables: list[Any] = [data.get("mcpServers")]
    projects = data.get("projects")
    if isinstance(projects, dict):
        tables += [p.get("mcpServers") for p in projects.values() if isinstance(p, dict)]
    names = [name for table in tables if isinstance(table, dict) for name in table if isinstance(name, str)]
    return [(name, None) for name in dict.fromkeys(names)]


def lexical_scores(registry: Registry, prompt: str) -> list[float]:
    """Calibrated keyword confidence of each entry for `prompt` (see the module docstring)."""
    prompt_words = set(words(prompt))
    lowered = prompt.lower()
    df = registry.document_frequency()
    norm = math.log(1 + max(len(registry.entries), 1))
    scores = []
    for entry in registry.entries:
        total = sum(math.log(1 + len(registry.entries) / df[w]) / norm for w in set(entry.triggers) & prompt_words)
        score = 1 - math.exp(-total / TAU)
        name = entry.name.lower()
        if f"/{name}" in lowered or re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", lowered):
            score = max(score, NAME_SCORE)
        scores.append(score)
    return scores


def combine(lexical: float, cosine: float | None) -> float:
    if cosine is None:
        return lexical
    semantic = min(max((cosine - COS_LOW) / (COS_HIGH - COS_LOW), 0.0), 1.0)
    score = 1 - (1 - lexical) * (1 - SEMANTIC_CAP * semantic)
    return score * UNRELATED_DAMP if cosine < COS_RELATED else score


def entry_text(entry: RegistryEntry) -> str:
    """What gets embedded for an entry."""
    return f"{entry.name}: {entry.description}" if entry.description else entry.name
