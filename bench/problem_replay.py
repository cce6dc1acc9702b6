"""Replay the learning corpora's problem pipeline offline, in seconds: the recurring-problem figures of
`bench/learning.py` without a daemon.

Usage: `python bench/problem_replay.py [--corpus DIR ...] [--quiet]` (default: every learning corpus in bench/).

Per corpus, the sessions in the order they happened, each as the daemon reads it: its signals
(`session_signals`), keyed against what the `signal_patterns` projection knows so far (`signal_keys.read_known`,
the multilingual model's vectors, `signal_keys.key_signals`), logged as `signal` events (one per kind and key and
session) and folded into the same projection in a SQLite file; then `learning_measures.problem_figures`. What it
leaves out is what does not decide which signals form a problem: outcomes (they order sessions in the window, not
the graph), resolutions and statuses, an LLM. When written, its four figures (precision, recall, true problems in
one pattern, sessions in a problem's pattern that have it) were those of the full `bench/learning.py` run on
7dcda84 on all 29 corpora, in 51 s instead of ~35 min: a change to how problems are found can be tried on every
corpus in a minute, then confirmed with the full run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import MODEL_DIR
from bench.learning import CORPORA
from bench.learning_measures import Corpus, problem_figures
from events.event import Event
from events.projections import signal_patterns as projection
from events.queries import signal_patterns as queries
from pipeline.agent.transcript import parse_transcript
from pipeline.embedding.models import load_embedder
from pipeline.learning.problems.session_signals import session_signals
from pipeline.learning.problems.signal_keys import key_signals, read_known, signal_event, texts_to_embed


class Vectors:
    """The daemon's sentence vectors ("query:" side), each text embedded once for all corpora."""

    def __init__(self) -> None:
        self.embedder = load_embedder("multilingual-e5-small", MODEL_DIR)
        self.cache: dict[str, np.ndarray] = {}

    def of(self, texts: list[str]) -> dict[str, np.ndarray]:
        missing = [t for t in dict.fromkeys(texts) if t and t not in self.cache]
        for start in range(0, len(missing), 64):
            batch = missing[start : start + 64]
            for text, vector in zip(batch, self.embedder.embed_queries(batch), strict=True):
                self.cache[text] = vector
        return {t: self.cache[t] for t in texts if t in self.cache}


def replay(corpus: Corpus, vectors: Vectors, db: Path) -> dict[str, Any]:
    conn = sqlite3.connect(db)
    conn.executescript(projection.SCHEMA)
    logged: set[tuple[str, str, str]] = set()
    signals: list[dict[str, Any]] = []
    for name in corpus.in_order():
        t = parse_transcript((corpus.folder / "sessions" / name).read_bytes(), name.split(".")[0])
        session, project = corpus.ids[name][0], corpus.project_of(name)
        found = session_signals(t)
        known = read_known(conn, project, session)
        batch = []
        for item in key_signals(found, known, vectors.of(texts_to_embed(found, known, project)), project):
            if (session, item.signal.kind, item.signal.key) in logged:
                continue  # as the daemon logs a session's signals: one per kind and key
            logged.add((session, item.signal.kind, item.signal.key))
            line = t.steps[item.step].line if 0 <= item.step < len(t.steps) else 0
            ts = str(corpus.sessions[name].get("started") or "2026-01-01T00:00:00.000Z")
            event = Event(f"{len(signals):026d}", ts, "signal", signal_event(item, session, project, line))
            signals.append(event.to_json_obj())
            batch.append(event)
        projection.apply_batch(conn, batch)
        conn.commit()
    patterns = [{"id": p.pattern_id, "members": list(p.members)} for p in queries.listed(conn, include_all=True)]
    conn.close()
    return problem_figures(patterns, signals, corpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, action="append", help="a corpus folder (default: all of them)")
    parser.add_argument("--quiet", action="store_true", help="only the table, not each problem")
    args = parser.parse_args()
    chosen = [(label, folder) for label, folder in CORPORA if folder.is_dir()]
    if args.corpus:
        chosen = [(folder.name, folder) for folder in args.corpus]
    vectors = Vectors()
    rows: list[tuple[str, dict[str, Any]]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="memoryd-replay-") as tmp:
        for label, folder in chosen:
            out = io.StringIO()
            with contextlib.redirect_stdout(out) if args.quiet else contextlib.nullcontext():
                print(f"==== {label}: {folder}")
                figures = replay(Corpus.load(folder), vectors, Path(tmp) / f"{folder.name}.db")
            rows.append((label, figures))
    print(f"\n{len(rows)} corpora in {time.perf_counter() - started:.1f} s")
    print(f"{'corpus':<14} {'precision':>9} {'recall':>7} {'one pattern':>11} {'sessions':>9}")
    good = total = 0
    for label, f in rows:
        print(
            f"{label:<14} {f['problem_precision']:>9} {f['problem_recall']:>7} {f['one_pattern']:>11} "
            f"{f['session_precision']:>9}"
        )
        found, of = f["problem_recall"].split("/")
        good, total = good + int(found), total + int(of)
    print(f"{'all':<14} {'':>9} {good}/{total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
