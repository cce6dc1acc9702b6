"""Outcomes, rules, lessons and reversals of the learning corpora in about a minute each, without a daemon.

Usage: `python bench/learning_offline.py [CORPUS_DIR ...] [-v] [--no-embedding] [--json FILE]`
(no folder: every bench/learning_corpus*).

Each session goes the way `daemon/services/transcripts/sessions.py` takes it, in start order, through the same
functions: the closing words' verdict by meaning, the extractive summary (its outcome, rules and lessons), rules by
meaning, the restatements dropped, the summary written to `sessions/ID.md` in a temporary memory home (the
look-back of earlier instructions reads it), then `Knowledge.add_rules` and the lessons into MEMORY.md with their
lifecycle. Left out: events, signals, recurring problems, skills and what SessionStart injects, which only
`bench/learning.py` (the real daemon, 3-5 minutes a corpus) measures; its figures are the ones reported. This one
is for iterating on the readers: it prints what each corpus gained and lost against the truth, with `-v` the texts.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson
import structlog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import MODEL_DIR
from bench.learning_matching import matches
from bench.learning_measures import Corpus
from daemon.services.learning.knowledge import Knowledge
from pipeline.agent.session_outcome import closing_words
from pipeline.agent.session_summary import extractive_summary, render
from pipeline.agent.transcript import parse_transcript
from pipeline.agent_path import folder_project
from pipeline.embedding.service import EmbeddingService
from pipeline.learning.lessons import current_bullets, superseded_bullets
from pipeline.learning.rules.earlier_instructions import earlier_instructions, instructions_of
from pipeline.memory_layout import STARTER_MEMORY

BENCH = Path(__file__).resolve().parent
MODEL = "multilingual-e5-small"


async def replay(corpus: Corpus, knowledge: Knowledge, home: Path) -> dict[str, Any]:
    """Every session of `corpus` into `home`; returns what each gave (outcome, rules, lessons by file name)."""
    (home / "sessions").mkdir(parents=True, exist_ok=True)
    (home / "MEMORY.md").write_text(STARTER_MEMORY, encoding="utf-8")  # as the daemon lays out a new home
    got: dict[str, Any] = {"outcome": {}, "rules": [], "lessons": []}
    for name in corpus.in_order():
        t = parse_transcript((corpus.folder / "sessions" / name).read_bytes(), Path(name).stem)
        words = None if t.is_subagent else closing_words(t)
        heard = await knowledge.verdict_by_meaning(words) if words else None
        project = corpus.project_of(name)
        summary = extractive_summary(t, project=project, sha256="", heard=heard)
        got["outcome"][name] = summary.outcome
        if t.is_subagent:
            continue
        if more := await knowledge.rules_by_meaning(t.user_texts):
            summary = replace(summary, rules=tuple(dict.fromkeys([*summary.rules, *more])))
        if len(summary.rules) > 1:
            summary = replace(summary, rules=tuple(await knowledge.distinct(summary.rules)))
        summary = replace(summary, instructions=tuple(instructions_of(t.user_texts, summary.rules)))
        (home / "sessions" / f"{t.session_id}.md").write_text(render(summary), encoding="utf-8")
        got["rules"] += summary.rules
        got["lessons"] += summary.lessons
        when = (summary.ended or summary.started)[:10]
        scope = project or folder_project(summary.cwd)
        started = summary.started or summary.ended

        def earlier(where: str | None, session: str = summary.session_id, before: str = started) -> Any:
            return earlier_instructions(home / "sessions", where, before=before, exclude=session)

        await knowledge.add_rules(home, scope, summary.rules, when=when, earlier=earlier)
        if summary.lessons:
            await knowledge.add(home / "MEMORY.md", "Lessons", list(summary.lessons), when=when)
    return got


def figures(corpus: Corpus, got: dict[str, Any], home: Path, verbose: bool) -> dict[str, Any]:
    """The offline figures of one corpus against its truth, printed (texts with `verbose`) and returned."""
    truth = corpus.truth
    out: dict[str, Any] = {}
    wrong = [n for n, info in corpus.sessions.items() if got["outcome"].get(n) != info["outcome"]]
    out["outcomes"] = (len(corpus.sessions) - len(wrong), len(corpus.sessions))
    lines = [f"  outcome {n[:8]} truth {corpus.sessions[n]['outcome']} got {got['outcome'].get(n)}" for n in wrong]
    true_rules = [r["text"] for r in truth["rules"]] + [t for g in truth.get("paraphrases", []) for t in g[1:]]
    true_lessons = [item["text"] for item in truth.get("lessons", [])]
    for kind, have, want in (("rules", got["rules"], true_rules), ("lessons", got["lessons"], true_lessons)):
        good = [g for g in have if any(matches(g, w) for w in want)]
        recalled = [w for w in want if any(matches(g, w) for g in have)]
        out[kind] = (len(good), len(have), len(recalled), len(want))
        lines += [f"  {kind} not in the truth: {g[:110]}" for g in have if g not in good]
        lines += [f"  {kind} missed: {w[:110]}" for w in want if w not in recalled]
    files = {p: home / "areas" / "projects" / p / "rules.md" for p in corpus.projects}
    texts = {p: f.read_text(encoding="utf-8") if f.exists() else "" for p, f in files.items()}
    memory = (home / "MEMORY.md").read_text(encoding="utf-8") if (home / "MEMORY.md").exists() else ""
    current = [b for t in texts.values() for b in current_bullets(t)] + current_bullets(memory)
    old = [b for t in texts.values() for b in superseded_bullets(t)] + superseded_bullets(memory)
    reversals = [r for r in truth["rules"] if r.get("superseded_by")]
    done = 0
    for rule in reversals:
        ok = any(matches(s, rule["text"]) for s in old) and any(matches(c, rule["superseded_by"]) for c in current)
        done += ok
        if not ok:
            lines.append(f"  reversal missed: {rule['text'][:50]} -> {rule['superseded_by'][:50]}")
    out["reversals"] = (done, len(reversals))
    theirs = [*true_rules, *true_lessons]
    falsely = [
        s for s in old if not any(matches(s, r["text"]) for r in reversals) and any(matches(s, w) for w in theirs)
    ]
    out["false_supersessions"] = len(falsely)
    lines += [f"  superseded but never reversed: {s[:110]}" for s in falsely]
    pairs = truth.get("compatible_rules", [])
    out["compatible"] = (sum(all(any(matches(c, t) for c in current) for t in pair) for pair in pairs), len(pairs))
    if verbose:
        print("\n".join(lines))
    return out


def _line(name: str, f: dict[str, Any]) -> str:
    rg, rn, rr, rw = f["rules"]
    lg, ln, lr, lw = f["lessons"]
    return (
        f"{name:<28} outcomes {f['outcomes'][0]:>3}/{f['outcomes'][1]:<3} rules {rg:>3}/{rn:<3} found {rr:>3}/{rw:<3}"
        f" lessons {lg:>2}/{ln:<2} found {lr:>2}/{lw:<2} reversals {f['reversals'][0]}/{f['reversals'][1]}"
        f" false-sup {f['false_supersessions']} compatible {f['compatible'][0]}/{f['compatible'][1]}"
    )


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true", help="print each miss and each false take")
    parser.add_argument("--no-embedding", action="store_true", help="the readers without the model")
    parser.add_argument("--json", type=Path, help="write the figures of every corpus to this file")
    parser.add_argument("--keep", type=Path, help="keep each corpus's memory home under this folder")
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    folders = args.corpora or sorted(BENCH.glob("learning_corpus*"), key=lambda p: (len(p.name), p.name))
    embedding = None
    if not args.no_embedding:
        embedding = EmbeddingService(MODEL, MODEL_DIR)
        await embedding.load()
    knowledge = Knowledge(embedding)
    results: dict[str, dict[str, Any]] = {}
    started = time.monotonic()
    for folder in folders:
        corpus = Corpus.load(folder)
        with tempfile.TemporaryDirectory(prefix="memoryd-offline-") as tmp:
            home = args.keep / folder.name if args.keep else Path(tmp)
            if home.exists():
                shutil.rmtree(home)
            got = await replay(corpus, knowledge, home)
            if args.verbose:
                print(f"== {folder.name}")
            results[folder.name] = figures(corpus, got, home, args.verbose)
        print(_line(folder.name, results[folder.name]), flush=True)
    total: dict[str, Any] = {}
    for f in results.values():
        for key, value in f.items():
            if key not in total:
                total[key] = value
            elif isinstance(value, int):
                total[key] += value
            else:
                total[key] = tuple(a + b for a, b in zip(total[key], value, strict=True))
    print(_line(f"TOTAL ({len(results)})", total) + f"  [{time.monotonic() - started:.0f} s]")
    if args.json:
        args.json.write_bytes(orjson.dumps(results, option=orjson.OPT_INDENT_2))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
