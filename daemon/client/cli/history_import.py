"""`memoryd import claude-code`: day-one memory from past sessions and the instructions already written.

The client drives the daemon step by step (`import_plan`, one `import_take` per transcript, `import_instructions`,
`import_finish`), drawing a progress bar on stderr between the steps. Interrupting it (Ctrl-C) loses nothing: each
transcript is imported whole or not at all, and the next run continues where this one stopped.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from daemon.client.cli.output import print_json
from daemon.client.socket_client import call
from daemon.config import Settings

SOURCES = ("claude-code", "codex", "gemini")
NOT_YET = {"gemini": "Gemini CLI chats (~/.gemini/tmp)"}
DEFAULT_DIRS = {"claude-code": "~/.claude", "codex": "~/.codex"}
TAKE_TIMEOUT_S = 600.0
FINISH_TIMEOUT_S = 3600.0


def add_commands(sub: Any) -> None:
    p = sub.add_parser(
        "import",
        help="import what your agents already know: past sessions, CLAUDE.md/AGENTS.md, Claude Code's memory",
        description="Import past Claude Code sessions (each exactly once: run it again any time to take what is new), "
        "the CLAUDE.md/AGENTS.md files of your projects and Claude Code's own memory files.",
    )
    p.add_argument("source", choices=SOURCES, help="whose history: claude-code, codex (gemini: not supported yet)")
    p.add_argument("--from", dest="from_dir", metavar="DIR", help="the agent's home (default ~/.claude, ~/.codex)")
    p.add_argument("--since", metavar="DATE", help="only sessions started on or after DATE (YYYY-MM-DD)")
    p.add_argument("--project", metavar="PATH", help="only sessions whose working directory is PATH or below it")
    p.add_argument("--dry-run", action="store_true", help="say what would be imported; change nothing")
    p.add_argument(
        "--idle-minutes",
        type=float,
        default=10.0,
        metavar="N",
        help="a transcript written to in the last N minutes is a session still running: left for a later run",
    )
    p.add_argument("--no-instructions", action="store_true", help="sessions only: skip CLAUDE.md/AGENTS.md/memory")
    p.add_argument(
        "--no-llm",
        action="store_true",
        help="summarise with the extractive summary even when an LLM is configured (one call per session otherwise)",
    )
    p.add_argument("--json", action="store_true", help="the final report as JSON (progress stays on stderr)")
    p.set_defaults(handler=run_import)


class ImportUsage(Exception):
    pass


@dataclass
class Tally:
    """What the takes reported, added up for the final report."""

    sessions: int = 0
    subagents: int = 0
    continued: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    signals: int = 0
    rules_added: int = 0
    lessons_added: int = 0
    superseded: int = 0
    bytes: int = 0
    projects: set[str] = field(default_factory=set)
    first: str = ""
    last: str = ""
    skipped: dict[str, int] = field(default_factory=dict)
    malformed: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[dict[str, str]] = field(default_factory=list)

    def skip(self, reason: str, n: int = 1) -> None:
        if n:
            self.skipped[reason] = self.skipped.get(reason, 0) + n

    def add(self, r: dict[str, Any]) -> None:
        if r.get("malformed_lines"):
            self.malformed.append({"path": r["path"], "lines": r["malformed_lines"]})
        if skipped := r.get("skipped"):
            self.skip(str(skipped))
            if r.get("reason"):
                self.rejected.append({"path": str(r["path"]), "reason": str(r["reason"])})
            return
        self.bytes += int(r.get("bytes") or 0)
        if r.get("agent_id"):
            self.subagents += 1
        else:
            self.sessions += 1
            outcome = str(r.get("outcome") or "unknown")
            self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        self.continued += int(bool(r.get("continued")))
        for name in ("signals", "rules_added", "lessons_added", "superseded"):
            setattr(self, name, getattr(self, name) + int(r.get(name) or 0))
        if r.get("project"):
            self.projects.add(str(r["project"]))
        for stamp in (r.get("started"), r.get("ended")):
            if stamp:
                self.first = min(self.first or stamp, stamp)
                self.last = max(self.last, stamp)

    def to_json_obj(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions,
            "subagents": self.subagents,
            "continued": self.continued,
            "outcomes": dict(self.outcomes),
            "signals": self.signals,
            "rules_added": self.rules_added,
            "lessons_added": self.lessons_added,
            "superseded": self.superseded,
            "bytes": self.bytes,
            "projects": sorted(self.projects),
            "span": [self.first, self.last] if self.first else [],
            "skipped": dict(self.skipped),
            "malformed_lines": self.malformed,
            "not_imported": self.rejected,
        }


class Progress:
    """A bar on stderr: sessions, bytes, rate and ETA. Redrawn in place on a terminal; otherwise one line per
    tenth of the work, so a log stays short."""

    def __init__(self, total: int, total_bytes: int, out: TextIO) -> None:
        self.total, self.total_bytes, self.out = total, max(total_bytes, 1), out
        self.tty = out.isatty()
        self.started = time.monotonic()
        self.done = self.done_bytes = 0
        self._last_tenth = -1

    def step(self, size: int) -> None:
        self.done += 1
        self.done_bytes += size
        tenth = self.done * 10 // max(self.total, 1)
        if self.tty or tenth != self._last_tenth or self.done == self.total:
            self._last_tenth = tenth
            self._draw()

    def _draw(self) -> None:
        elapsed = time.monotonic() - self.started
        share = self.done_bytes / self.total_bytes
        width = 24
        bar = "#" * round(share * width) + "." * (width - round(share * width))
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = elapsed * (1 - share) / share if share > 0 else 0.0
        line = (
            f"[{bar}] {self.done}/{self.total} sessions  {_mb(self.done_bytes)}/{_mb(self.total_bytes)}"
            f"  {rate:.1f}/s  ETA {_duration(eta)}"
        )
        self.out.write(("\r" + line) if self.tty else line + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.tty and self.done:
            self.out.write("\n")
            self.out.flush()


def run_import(args: argparse.Namespace, settings: Settings) -> int:
    if args.source in NOT_YET:
        print(
            f"memoryd: importing {NOT_YET[args.source]} is not supported yet;"
            " `memoryd import claude-code` and `memoryd import codex` are.",
            file=sys.stderr,
        )
        return 2
    try:
        params = _params(args)
    except ImportUsage as exc:
        print(f"memoryd: {exc}", file=sys.stderr)
        return 2
    sock = settings.socket_path
    plan = call(sock, "import_plan", params, timeout=TAKE_TIMEOUT_S)
    base = {"source": args.source, "from": params["from"], "idle_s": params["idle_s"], "llm": not args.no_llm}
    inst = {"source": args.source, "from": params["from"], "cwds": plan["projects"]}
    instructions: dict[str, Any] = {"files": []}
    if args.dry_run:
        instructions = (
            {"files": []} if args.no_instructions else call(sock, "import_instructions", inst | {"dry_run": True})
        )
        report = {"dry_run": True, "plan": plan, "instructions": instructions}
        print_json(report) if args.json else print(_render_plan(plan, instructions, params["from"]))
        return 0
    tally = Tally()
    for reason, n in plan["filtered"].items():
        tally.skip(reason, n)
    todo = [item for item in plan["items"] if item["status"] in ("new", "grown")]
    tally.skip("already_imported", plan["counts"].get("done", 0))
    tally.skip("in_progress", plan["counts"].get("in_progress", 0))
    progress = Progress(len(todo), plan["todo_bytes"], sys.stderr)
    interrupted = False
    try:
        for item in todo:
            tally.add(call(sock, "import_take", base | {"path": item["path"]}, timeout=TAKE_TIMEOUT_S))
            progress.step(int(item["bytes"]))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
    finish: dict[str, Any] = {}
    if not interrupted:
        if not args.no_instructions:
            instructions = call(sock, "import_instructions", inst, timeout=600.0)
        if tally.sessions or tally.subagents or _added(instructions):
            print("learning across the imported weeks (consolidation, skills)…", file=sys.stderr)
            since = tally.first[:10] or None
            finish = call(sock, "import_finish", {"since": since} if since else {}, timeout=FINISH_TIMEOUT_S)
    report = {
        **tally.to_json_obj(),
        "interrupted": interrupted,
        "took_s": round(time.monotonic() - progress.started, 1),
        "instructions": instructions,
        "learned": _learned(finish),
    }
    print_json(report) if args.json else print(_render_report(report))
    return 130 if interrupted else 0


def _params(args: argparse.Namespace) -> dict[str, Any]:
    agent_dir = Path(args.from_dir or DEFAULT_DIRS[args.source]).expanduser().resolve()
    if not agent_dir.is_dir():
        name = "Claude Code" if args.source == "claude-code" else "Codex CLI"
        raise ImportUsage(f"no {name} home at {agent_dir} (use --from DIR)")
    params: dict[str, Any] = {
        "source": args.source,
        "from": str(agent_dir),
        "idle_s": round(max(args.idle_minutes, 0.0) * 60),
    }
    if args.since:
        try:
            dt.date.fromisoformat(args.since[:10])
        except ValueError as exc:
            raise ImportUsage(f"--since {args.since!r}: expected a date like 2026-01-31") from exc
        params["since"] = args.since
    if args.project:
        params["project"] = os.path.normpath(os.path.abspath(os.path.expanduser(args.project)))
    return params


def _added(instructions: dict[str, Any]) -> int:
    return sum(int(f.get("added") or 0) for f in instructions.get("files", []))


def _learned(finish: dict[str, Any]) -> dict[str, Any]:
    if not finish:
        return {}
    summary = finish.get("consolidation") or {}
    caps = summary.get("capabilities") or {}
    return {
        "patterns": finish.get("patterns", 0),
        "recurring_patterns": finish.get("recurring_patterns", 0),
        "high_priority": finish.get("high_priority", 0),
        "facts_added": summary.get("facts_added", 0),
        "lessons_added": summary.get("lessons_added", 0),
        "rules_added": summary.get("rules_added", 0),
        "skills": caps.get("generated", []),
        "skills_gated_by": caps.get("failed_gates", []),
        "report": summary.get("report"),
        "consolidation": summary.get("status"),
    }


def _render_plan(plan: dict[str, Any], instructions: dict[str, Any], claude_dir: str) -> str:
    counts = plan["counts"]
    lines = [
        f"dry run: nothing is changed. In {claude_dir}:",
        f"  {len(plan['items'])} transcripts: {counts.get('new', 0)} new, {counts.get('grown', 0)} grown since the "
        f"last import, {counts.get('done', 0)} already imported, {counts.get('in_progress', 0)} still in progress",
        f"  would import {plan['todo_sessions']} transcripts ({_mb(plan['todo_bytes'])})",
        "  summaries: "
        + (
            f"by the LLM ({plan['llm']}): one call per transcript (--no-llm: the extractive summary)"
            if plan.get("llm")
            else "extractive (no LLM configured)"
        ),
    ]
    for reason, n in plan["filtered"].items():
        lines.append(f"  left out: {n} ({_REASONS.get(reason, reason)})")
    if plan["projects"]:
        lines.append("  projects: " + ", ".join(plan["projects"]))
    for f in instructions.get("files", []):
        lines.append(f"  instructions: {f['path']}: {f.get('items', 0)} items -> {f.get('target', '?')}")
    return "\n".join(lines)


_REASONS = {
    "already_imported": "already imported",
    "in_progress": "still in progress: imported by a later run once they end",
    "before_since": "started before --since",
    "other_project": "another project than --project",
    "not_a_transcript": "not a transcript (no user or assistant message)",
    "already_summarised": "already summarised by memoryd's hooks",
    "too_large": "too large",
    "vanished": "deleted meanwhile",
}


def _render_report(r: dict[str, Any]) -> str:
    outcomes = ", ".join(f"{n} {k}" for k, n in sorted(r["outcomes"].items())) or "none"
    span = f", {r['span'][0][:10]} to {r['span'][1][:10]}" if r["span"] else ""
    lines = [
        ("interrupted: " if r["interrupted"] else "")
        + f"imported {r['sessions']} sessions and {r['subagents']} subagent transcripts"
        + (f" ({r['continued']} continued)" if r["continued"] else "")
        + f" from {len(r['projects'])} projects{span}, {_mb(r['bytes'])} in {r['took_s']} s",
        f"  outcomes: {outcomes}",
        f"  signals: {r['signals']}; rules added: {r['rules_added']}, lessons added: {r['lessons_added']},"
        f" superseded: {r['superseded']}",
    ]
    if learned := r["learned"]:
        lines.append(
            f"  problems: {learned['patterns']} patterns, {learned['recurring_patterns']} recurring,"
            f" {learned['high_priority']} high priority"
        )
        lines.append(
            f"  consolidation: {learned['facts_added']} facts, {learned['lessons_added']} lessons,"
            f" {learned['rules_added']} rules added; skills: {', '.join(learned['skills']) or 'none written'}"
            + (f" (gated by {', '.join(learned['skills_gated_by'])})" if learned["skills_gated_by"] else "")
        )
        if learned.get("report"):
            lines.append(f"  report: {learned['report']}")
    files = r["instructions"].get("files", [])
    if files:
        added = sum(int(f.get("added") or 0) for f in files)
        there = sum(int(f.get("already_there") or 0) for f in files)
        lines.append(f"  instructions: {len(files)} files, {added} items added, {there} already there")
    if r["skipped"] or r["malformed_lines"]:
        lines.append("skipped:")
        for reason, n in sorted(r["skipped"].items()):
            lines.append(f"  {n} {_REASONS.get(reason, reason)}")
        for m in r["malformed_lines"]:
            lines.append(f"  {m['lines']} malformed line(s) skipped in {m['path']}")
        for item in r["not_imported"]:
            lines.append(f"  {item['path']}: {item['reason']}")
    if r["interrupted"]:
        lines.append("run the same command again to continue: nothing is imported twice")
    return "\n".join(lines)


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"
