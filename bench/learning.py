"""Replay scenario corpora of Claude Code sessions through a real daemon, as a person's days, and measure what
memoryd learned.

Usage: `python bench/learning.py [--corpus DIR ...] [--no-embedding] [--keep DIR] [--json FILE]`.

Corpora (each a folder with `sessions/` and a `truth.json`, see their READMEs): `bench/learning_corpus` (a web
shop; development), `bench/learning_corpus_dev2` (a Go service and a TypeScript front-end; development) and
`bench/learning_corpus_heldout` (a Rust tool and a data pipeline, partly in Chinese; written before the code
it measures, tuned on since its first run) and `bench/learning_corpus_heldout2` (a Kotlin Android app and an
infrastructure repo, partly in Spanish; written blind to the learning code) and `bench/learning_corpus_heldout3`
(a PyTorch training repo and a SwiftUI app, terse, partly in Japanese; written blind) and
`bench/learning_corpus_heldout4` (a C++ firmware library and a Rails app, long and polite, partly in French;
written blind) and `bench/learning_corpus_heldout5` (a Next.js monorepo and a FastAPI/Celery service, half in
Brazilian Portuguese; written blind). By default every one of them that exists.

For each corpus, a `memoryd serve` on a fresh temp home replays the sessions in the order they happened. Per
session, as the hooks would: SessionStart context (`session_context` with the session id and its cwd), the
first prompt's context (`prompt_context`), then the transcript (and its subagents' transcripts) dropped into
the inbox, the next session only once the daemon took it. `[skills] min_hours_between = 0` because the replay
packs weeks into minutes; at each week boundary the sessions cross, and after the last one, the weekly job's
capability generation runs (the `capabilities` method with `generate`), as the scheduler would have run it.
Then it prints, per corpus and side by side:
- outcome accuracy (success / failed / unknown) over every session and subagent;
- recurring problems: precision and recall of the patterns seen in >= 2 sessions, and for each true problem
  how many patterns hold its signals (target 1) and how many of its sessions the biggest covers;
- rules and lessons: precision and recall of what the sessions' summaries extracted; rule-like text that was
  not the person's (assistant, tool output, subagent prompts, files read) taken as a rule (target 0); rules.md:
  reversals superseded, and SessionStart giving only the new rule; compatible rules both in force;
- skills: written only for resolved recurring problems, containing the fix's key step, updated by a second,
  different resolution; recommendation precision on prompts that should and should not trigger them;
- effectiveness: a row for every memory, item and skill injected into a session with an outcome;
- links: every pattern explained by its sessions and evidence lines, every skill by its sessions, every rule
  change by its session.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import BenchDaemon
from bench.learning_measures import Corpus, measure

BENCH = Path(__file__).resolve().parent
CORPORA = (
    ("shop (dev)", BENCH / "learning_corpus"),
    ("dev2 (dev)", BENCH / "learning_corpus_dev2"),
    ("held out", BENCH / "learning_corpus_heldout"),
    ("held out 2", BENCH / "learning_corpus_heldout2"),
    ("held out 3", BENCH / "learning_corpus_heldout3"),
    ("held out 4", BENCH / "learning_corpus_heldout4"),
    ("held out 5", BENCH / "learning_corpus_heldout5"),
    ("held out 6", BENCH / "learning_corpus_heldout6"),
    ("held out 7", BENCH / "learning_corpus_heldout7"),
    ("held out 8", BENCH / "learning_corpus_heldout8"),
    ("held out 9", BENCH / "learning_corpus_heldout9"),
    ("held out 10", BENCH / "learning_corpus_heldout10"),
    ("held out 11", BENCH / "learning_corpus_heldout11"),
    ("held out 12", BENCH / "learning_corpus_heldout12"),
    ("held out 13", BENCH / "learning_corpus_heldout13"),
    ("held out 14", BENCH / "learning_corpus_heldout14"),
    ("held out 15", BENCH / "learning_corpus_heldout15"),
    ("held out 16", BENCH / "learning_corpus_heldout16"),
    ("held out 17", BENCH / "learning_corpus_heldout17"),
    ("held out 18", BENCH / "learning_corpus_heldout18"),
    ("held out 19", BENCH / "learning_corpus_heldout19"),
    ("held out 20", BENCH / "learning_corpus_heldout20"),
    ("held out 21", BENCH / "learning_corpus_heldout21"),
    ("held out 22", BENCH / "learning_corpus_heldout22"),
    ("held out 23", BENCH / "learning_corpus_heldout23"),
    ("held out 24", BENCH / "learning_corpus_heldout24"),
    ("held out 25", BENCH / "learning_corpus_heldout25"),
    ("held out 26", BENCH / "learning_corpus_heldout26"),
    ("held out 27", BENCH / "learning_corpus_heldout27"),
    ("held out 28", BENCH / "learning_corpus_heldout28"),
    ("held out 29", BENCH / "learning_corpus_heldout29"),
    ("held out 30", BENCH / "learning_corpus_heldout30"),
    ("held out 31", BENCH / "learning_corpus_heldout31"),
    ("held out 32", BENCH / "learning_corpus_heldout32"),
    ("held out 33", BENCH / "learning_corpus_heldout33"),
    ("held out 34", BENCH / "learning_corpus_heldout34"),
    ("held out 35", BENCH / "learning_corpus_heldout35"),
    ("held out 36", BENCH / "learning_corpus_heldout36"),
    ("held out 37", BENCH / "learning_corpus_heldout37"),
    ("held out 38", BENCH / "learning_corpus_heldout38"),
    ("held out 39", BENCH / "learning_corpus_heldout39"),
    ("held out 40", BENCH / "learning_corpus_heldout40"),
    ("held out 41", BENCH / "learning_corpus_heldout41"),
    ("held out 42", BENCH / "learning_corpus_heldout42"),
    ("held out 43", BENCH / "learning_corpus_heldout43"),
    ("held out 44", BENCH / "learning_corpus_heldout44"),
    ("held out 45", BENCH / "learning_corpus_heldout45"),
    ("held out 46", BENCH / "learning_corpus_heldout46"),
    ("held out 47", BENCH / "learning_corpus_heldout47"),
    ("held out 48", BENCH / "learning_corpus_heldout48"),
    ("held out 49", BENCH / "learning_corpus_heldout49"),
    ("held out 50", BENCH / "learning_corpus_heldout50"),
    ("held out 51", BENCH / "learning_corpus_heldout51"),
    ("held out 52", BENCH / "learning_corpus_heldout52"),
    ("held out 53", BENCH / "learning_corpus_heldout53"),
    ("held out 54", BENCH / "learning_corpus_heldout54"),
    ("held out 55", BENCH / "learning_corpus_heldout55"),
    ("held out 56", BENCH / "learning_corpus_heldout56"),
    ("held out 57", BENCH / "learning_corpus_heldout57"),
    ("held out 58", BENCH / "learning_corpus_heldout58"),
    ("held out 59", BENCH / "learning_corpus_heldout59"),
    ("held out 60", BENCH / "learning_corpus_heldout60"),
    ("held out 61", BENCH / "learning_corpus_heldout61"),
    ("held out 62", BENCH / "learning_corpus_heldout62"),
    ("held out 63", BENCH / "learning_corpus_heldout63"),
    ("held out 64", BENCH / "learning_corpus_heldout64"),
    ("held out 65", BENCH / "learning_corpus_heldout65"),
    ("held out 66", BENCH / "learning_corpus_heldout66"),
    ("held out 67", BENCH / "learning_corpus_heldout67"),
    ("held out 68", BENCH / "learning_corpus_heldout68"),
    ("held out 69", BENCH / "learning_corpus_heldout69"),
    ("held out 70", BENCH / "learning_corpus_heldout70"),
    ("held out 71", BENCH / "learning_corpus_heldout71"),
    ("held out 72", BENCH / "learning_corpus_heldout72"),
    ("held out 73", BENCH / "learning_corpus_heldout73"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, action="append", help="a corpus folder (repeatable)")
    parser.add_argument("--no-embedding", action="store_true", help="run the daemon without the embedding model")
    parser.add_argument("--keep", type=Path, help="keep the memory homes under this folder (default: temp, removed)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    chosen = [(path.name, path) for path in args.corpus] if args.corpus else [c for c in CORPORA if c[1].is_dir()]
    results: dict[str, dict[str, Any]] = {}
    for label, folder in chosen:
        print(f"==== {label}: {folder}", flush=True)
        corpus = Corpus.load(folder)
        home = (args.keep / folder.name) if args.keep else Path(tempfile.mkdtemp(prefix="memoryd-learning-"))
        if home.exists():
            shutil.rmtree(home)
        try:
            results[label] = run(corpus, home, embedding=not args.no_embedding)
        finally:
            if not args.keep:
                shutil.rmtree(home, ignore_errors=True)
        print(flush=True)
    print_summary(results)
    if args.json:
        args.json.write_bytes(orjson.dumps(results, option=orjson.OPT_INDENT_2))
    return 0


def run(corpus: Corpus, home: Path, *, embedding: bool) -> dict[str, Any]:
    for project in corpus.projects:
        folder = home / "areas" / "projects" / project
        folder.mkdir(parents=True)
        (folder / "summary.md").write_text(f"# {project}\n", encoding="utf-8")
    config = (
        "[skills]\nmin_hours_between = 0.0\n"
        f'dirs = ["{home / "skills"}"]\nmcp_configs = ["{home / "no-mcp.json"}"]\n'
        "[consolidation]\nenabled = false\n"
    )
    daemon = BenchDaemon(home, embedding=embedding, config=config).start()
    try:
        if embedding:
            _wait(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready", 900, "embedding model")
        started = time.perf_counter()
        replay(daemon, corpus, home)
        took = time.perf_counter() - started
        print(
            f"corpus: {len(corpus.sessions)} transcripts ({corpus.subagents} subagents), {len(corpus.projects)} "
            f"project(s); embedding model {'on' if embedding else 'off'}; replay took {took:.1f} s\n"
        )
        return measure(daemon, corpus, home)
    finally:
        daemon.stop()


def replay(daemon: BenchDaemon, corpus: Corpus, home: Path) -> None:
    inbox = home / "inbox"
    inbox.mkdir(exist_ok=True)
    week: tuple[int, int] | None = None
    for done, name in enumerate(corpus.in_order(), 1):
        info = corpus.sessions[name]
        session_id = corpus.ids[name][0]
        started = dt.datetime.fromisoformat(str(info["started"]).replace("Z", "+00:00")).isocalendar()[:2]
        if week is not None and started != week:
            _weekly(daemon)
        week = (started[0], started[1])
        if not info.get("parent"):
            cwd = corpus.cwd_of(name)
            daemon.call("session_context", {"cwd": cwd, "session_id": session_id, "source": "startup"})
            if prompt := corpus.first_prompt(name):
                daemon.call("prompt_context", {"query": prompt, "cwd": cwd, "session_id": session_id})
        target = inbox / (name.replace("/subagents/", ".").replace("/", ".") if "/" in name else name)
        temp = inbox / f".{target.name}.tmp"
        shutil.copyfile(corpus.folder / "sessions" / name, temp)
        temp.rename(target)
        _wait(lambda expected=done: _receipts(daemon) >= expected, 180, f"the daemon to take {name}")
        rejected = list((inbox / "rejected").glob("*.reason"))
        if rejected:
            raise SystemExit(f"rejected: {rejected[0].read_text()}")
    _weekly(daemon)


def _weekly(daemon: BenchDaemon) -> None:
    """The weekly job's capability generation, at each week boundary the sessions cross and after the last
    week, as the scheduler would run it had the weeks passed in real time (the rest of the job, retention and
    the report, goes by the wall clock and is left out)."""
    daemon.call("capabilities", {"generate": True})


def _receipts(daemon: BenchDaemon) -> int:
    return len(daemon.call("events", {"type": "session_summary", "limit": 100_000})["events"])


def _wait(ready: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


SUMMARY_ROWS = (
    ("outcome accuracy", "outcomes", ">= 90%"),
    ("recurring problems: precision", "problem_precision", ">= 0.9"),
    ("recurring problems: recall", "problem_recall", ">= 0.9"),
    ("true problems held by exactly one pattern", "one_pattern", "all"),
    ("sessions in a problem's pattern that have it", "session_precision", "all"),
    ("rules: precision", "rule_precision", ">= 0.9"),
    ("rules: recall", "rule_recall", ">= 0.8"),
    ("lessons: precision", "lesson_precision", ">= 0.9"),
    ("lessons: recall", "lesson_recall", ">= 0.8"),
    ("rules from assistant text or tool output", "not_person_rules", "0"),
    ("reversals superseded", "reversals", "all"),
    ("reversals: only the new rule at SessionStart", "session_start_new_only", "all"),
    ("compatible rules both in force", "compatible", "all"),
    ("skills only for resolved recurring problems", "skills_resolved", "all"),
    ("skills containing the fix's key step", "skills_key_step", "all"),
    ("skills updated by a second resolution", "skills_updated", "all"),
    ("skill recommendations: precision", "recommend_precision", ""),
    ("unrelated prompts given a skill", "recommend_unrelated", "0"),
    ("injected experiences with an effectiveness row", "effectiveness_rows", "all"),
    ("patterns / skills / rule changes linked to sessions", "links", "all"),
)


def print_summary(results: dict[str, dict[str, Any]]) -> None:
    labels = list(results)
    print("| figure | " + " | ".join(labels) + " | target |")
    print("|---|" + "---|" * len(labels) + "---|")
    for title, key, target in SUMMARY_ROWS:
        cells = [str(results[label].get(key, "—")) for label in labels]
        print(f"| {title} | " + " | ".join(cells) + f" | {target} |")


if __name__ == "__main__":
    raise SystemExit(main())
