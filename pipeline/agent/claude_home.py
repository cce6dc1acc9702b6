"""What a Claude Code home (`~/.claude`) holds for `memoryd import claude-code`: past session transcripts, and
the instructions a person (or Claude Code itself) already wrote down.

Layout (Claude Code v2.x; no official schema, see bench/learning_corpus/README.md and Claude Code's memory docs):
- `projects/<slug>/<session-id>.jsonl`: one session (slug: the working directory with every character other
  than a letter or digit turned into `-`); its subagents in `projects/<slug>/<session-id>/subagents/agent-<id>.jsonl`.
- `projects/<slug>/memory/MEMORY.md` and topic `*.md` beside it: Claude Code's own "auto memory" of a project.
- `CLAUDE.md` and `rules/*.md`: the person's instructions for every project.
- In a project's working directory: `CLAUDE.md`, `.claude/CLAUDE.md`, `CLAUDE.local.md`, `AGENTS.md` (the
  cross-agent convention) and `.claude/rules/*.md`.

Invariant: read only, never a write anywhere under `~/.claude` or a project's directory. Blocking (file IO):
call from a thread in async code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson

HEAD_BYTES = 256 * 1024  # read to find a transcript's cwd, session id and first timestamp
MAX_INSTRUCTION_BYTES = 512 * 1024
PROJECT_FILES = ("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md", "AGENTS.md")


@dataclass(frozen=True, slots=True)
class TranscriptFile:
    """One transcript file as found on disk (what its first lines say; the file is not parsed whole)."""

    path: Path
    size: int
    mtime: float
    session_id: str
    agent_id: str  # '' for a session, the subagent's id for `.../subagents/agent-ID.jsonl`
    cwd: str
    started: str  # the first timestamp in the file ('' when none was found in its head)
    complete_tail: bool  # the file ends with a newline (else a line is being written, or was torn)


@dataclass(frozen=True, slots=True)
class InstructionFile:
    """A file of instructions: `scope` is `user` (every project), `project` (a working directory's own files)
    or `auto_memory` (Claude Code's notes about a project); `cwd` names the project ('' for `user`)."""

    path: Path
    scope: str
    cwd: str
    label: str  # how the memory home names where the items came from


def slug_of(cwd: str) -> str:
    """Claude Code's folder name under `projects/` for a working directory."""
    return re.sub(r"[^A-Za-z0-9]", "-", cwd)


def find_transcripts(claude_dir: Path) -> list[TranscriptFile]:
    """Every session and subagent transcript under `claude_dir/projects/`, sessions before their subagents,
    in no particular order otherwise. Unreadable files are left out (the caller reports nothing for them)."""
    root = claude_dir / "projects"
    if not root.is_dir():
        return []
    found: list[TranscriptFile] = []
    for project in sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink()):
        for path in sorted(project.glob("*.jsonl")):
            if item := describe_transcript(path, ""):
                found.append(item)
            for agent in sorted((project / path.stem / "subagents").glob("agent-*.jsonl")):
                if item := describe_transcript(agent, agent.stem.removeprefix("agent-")):
                    found.append(item)
    return found


def describe_transcript(path: Path, agent_id: str | None = None) -> TranscriptFile | None:
    """What `path`'s first lines say (None when it is no regular file or cannot be read). A subagent is told by
    its folder when `agent_id` is None."""
    if agent_id is None:
        agent_id = path.stem.removeprefix("agent-") if path.parent.name == "subagents" else ""
    try:
        if not path.is_file() or path.is_symlink():
            return None
        stat = path.stat()
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
            if stat.st_size:
                handle.seek(stat.st_size - 1)
                complete = handle.read(1) == b"\n"
            else:
                complete = True
    except OSError:
        return None
    session, cwd, started = _head_meta(head)
    return TranscriptFile(
        path=path,
        size=stat.st_size,
        mtime=stat.st_mtime,
        session_id=session or (path.parent.parent.name if agent_id else path.stem),
        agent_id=agent_id,
        cwd=cwd,
        started=started,
        complete_tail=complete,
    )


def _head_meta(head: bytes) -> tuple[str, str, str]:
    """(session id, cwd, first timestamp) from the first lines that carry them."""
    session = cwd = started = ""
    for raw in head.split(b"\n"):
        try:
            line = orjson.loads(raw)
        except orjson.JSONDecodeError:
            continue
        if not isinstance(line, dict):
            continue
        session = session or _text(line.get("sessionId"))
        cwd = cwd or _text(line.get("cwd"))
        if line.get("type") in ("user", "assistant"):
            started = started or _text(line.get("timestamp"))
        if session and cwd and started:
            break
    return session, cwd, started


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def find_instruction_files(
    agent_dir: Path, cwds: Iterable[str], *, source: str = "claude-code"
) -> list[InstructionFile]:
    """The user's instruction files, then each project's (in `cwds`, the working directories the transcripts
    name) and Claude Code's auto memory of it. Only regular files that exist. `source` `codex`: the user's
    file is `~/.codex/AGENTS.md` (a project's own files are read whichever agent worked in it)."""
    found: list[InstructionFile] = []
    if source == "codex":
        user, home_name = [agent_dir / "AGENTS.md"], "~/.codex"
    else:
        user, home_name = [agent_dir / "CLAUDE.md", *sorted((agent_dir / "rules").glob("*.md"))], "~/.claude"
    found += [InstructionFile(p, "user", "", _label(p, agent_dir, home_name)) for p in user if _regular(p)]
    for cwd in dict.fromkeys(c for c in cwds if c):
        base = Path(cwd)
        own = [base / name for name in PROJECT_FILES] + sorted((base / ".claude" / "rules").glob("*.md"))
        found += [InstructionFile(p, "project", cwd, _label(p, base, base.name)) for p in own if _regular(p)]
        memory = agent_dir / "projects" / slug_of(cwd) / "memory"
        notes = sorted(memory.glob("*.md"), key=lambda p: (p.name != "MEMORY.md", p.name))
        found += [
            InstructionFile(p, "auto_memory", cwd, f"Claude Code memory of {base.name}/{p.name}")
            for p in notes
            if _regular(p)
        ]
    return found


def _regular(path: Path) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_INSTRUCTION_BYTES
    except OSError:
        return False


def _label(path: Path, base: Path, name: str) -> str:
    try:
        return f"{name}/{path.relative_to(base).as_posix()}"
    except ValueError:
        return path.name


_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LINK_ONLY = re.compile(r"^\[[^\]]*\]\([^)]*\)\s*(?:[-—:–]\s*.*)?$")  # an index entry pointing at a topic file


def instruction_items(text: str) -> list[str]:
    """The instructions in a Markdown file, one item each: list items, and paragraphs of plain text. Left out:
    headings, code blocks, tables, front matter, HTML comments, `@path` imports and index links to other files.
    An item continued on the next (indented) line is joined. Pure."""
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[0].strip() == "---":  # YAML front matter (rules files may have `paths:`)
        end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() == "---"), 0)
        lines = lines[end + 1 :]
    items: list[str] = []
    current: list[str] = []
    fenced = in_comment = False

    def close() -> None:
        if current:
            item = " ".join(" ".join(current).split())
            if len(item.split()) >= 2 and not _LINK_ONLY.match(item):
                items.append(item)
            current.clear()

    for line in lines:
        stripped = line.strip()
        if _FENCE.match(line):
            close()
            fenced = not fenced
            continue
        if fenced:
            continue
        if in_comment or stripped.startswith("<!--"):
            close()
            in_comment = "-->" not in stripped
            continue
        if not stripped or stripped.startswith(("#", "|", "@", ">")) or set(stripped) <= set("-=*_ "):
            close()
            continue
        if match := _BULLET.match(line):
            close()
            current.append(match.group(1))
        else:  # a paragraph's next line, or a list item continued (Markdown's lazy continuation)
            current.append(stripped)
    close()
    return list(dict.fromkeys(items))


def read_instructions(path: Path) -> str:
    """The file's text (invalid UTF-8 replaced: it is the person's file, read as well as it can be)."""
    with path.open("rb") as handle:
        return handle.read(MAX_INSTRUCTION_BYTES).decode("utf-8", errors="replace")


def now_idle(item: TranscriptFile, now: float, idle_s: float) -> bool:
    """Whether the session has ended as far as the disk can tell: untouched for `idle_s` and not in the middle
    of a line. Claude Code writes no "ended" line, so a quiet file is the evidence."""
    return now - item.mtime >= idle_s and (item.complete_tail or now - item.mtime >= 24 * 3600)
