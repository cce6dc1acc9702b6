"""Calibrate `pipeline/learning/problems/problem_identity.py` on the development corpora: how failures of one problem
find each other by meaning, and how often different problems would be joined, for a grid of thresholds.

Usage: `python bench/problem_identity_fit.py [--corpus DIR ...]` (default: the development corpora only,
`bench/learning_corpus`, and `bench/learning_corpus_dev2` when present; never the held-out one).

Offline: the transcripts are read in the order they happened and their failure signals (and the person's
sentences about problems) built exactly as the daemon builds them; each is compared with the failure nodes of
the earlier sessions of its project. A signal's true problem is the truth problem whose sessions include its
session and whose nouns it mentions; others are one-offs. For each threshold pair the script counts joins to
the right problem, joins to a wrong one (or of a one-off), and missed joins (a true problem seen before, not
joined by anchors or meaning).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import MODEL_DIR
from bench.learning_measures import Corpus
from events.projections.signal_patterns import pattern_id
from pipeline.agent.speech.knowledge import sentences
from pipeline.agent.speech.marks import has_cjk
from pipeline.agent.transcript import Transcript, parse_transcript
from pipeline.embedding.models import load_embedder
from pipeline.learning.meaning import centred, centroid
from pipeline.learning.problems import problem_identity as pi
from pipeline.learning.problems.session_signals import session_signals

BENCH = Path(__file__).resolve().parent


@dataclass
class Case:
    problem: str  # truth problem id, "" for a one-off
    evidence: pi.Evidence
    talk: bool
    session: str


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, action="append")
    parser.add_argument(
        "--every-sentence",
        action="store_true",
        help="compare every sentence the person typed, not only those with a problem cue word",
    )
    parser.add_argument("--cases", action="store_true", help="print each case's two closest known problems")
    args = parser.parse_args()
    folders = args.corpus or [p for p in (BENCH / "learning_corpus", BENCH / "learning_corpus_dev2") if p.is_dir()]
    embedder = load_embedder("multilingual-e5-small", MODEL_DIR)
    rows: list[tuple[Case, list[pi.Evidence]]] = []
    for folder in folders:
        rows += cases(Corpus.load(folder), every=args.every_sentence)
    texts = sorted(
        {c.evidence.description() if not c.talk else c.evidence.text for c, _ in rows}
        | {k.description() for _, known in rows for k in known}
        | set(pi.GENERIC_FAILURES)
    )
    vectors = dict(zip(texts, embedder.embed_queries(texts), strict=True))
    for talk in (False, True):
        grid(rows, vectors, talk)
    if args.cases:
        show_cases(rows, vectors)
    return 0


def show_cases(rows: list[tuple[Case, list[pi.Evidence]]], vectors: dict[str, np.ndarray]) -> None:
    """Each case with its truth and the two known problems it scores closest to (the score `recognise` uses)."""
    prior = [vectors[t] for t in pi.GENERIC_FAILURES]
    for case, known in rows:
        key = case.evidence.text if case.talk else case.evidence.description()
        node_vectors = {k.node: vectors[k.description()] for k in known}
        middle = centroid([*prior, *node_vectors.values()])
        mine = centred(vectors[key], middle)
        best: dict[str, float] = {}
        for old in known:
            cosine = float(np.dot(mine, centred(node_vectors[old.node], middle)))
            value = cosine if case.talk else pi.score(case.evidence, old, cosine)
            pattern = old.pattern_id or old.node
            best[pattern] = max(best.get(pattern, -1.0), value)
        ranked = sorted(best.items(), key=lambda item: -item[1])[:2]
        shown = ", ".join(f"{name[:24]} {value:.2f}" for name, value in ranked)
        print(
            f"{'talk' if case.talk else 'fail'} {case.session[:8]} truth={case.problem or '-':24} {shown} | {key[:90]}"
        )


def cases(corpus: Corpus, *, every: bool = False) -> list[tuple[Case, list[pi.Evidence]]]:
    problems = corpus.truth["problems"]
    known: dict[str, list[tuple[pi.Evidence, str]]] = {}  # project -> (node, its problem)
    out = []
    for name in corpus.in_order():
        t = parse_transcript((corpus.folder / "sessions" / name).read_bytes(), name.split(".")[0])
        project = corpus.project_of(name)
        session = corpus.ids[name][0]
        found = session_signals(t)
        mine = []
        for item in found.signals:
            if item.source not in ("tool", "retry", "pasted", "flaky"):
                continue  # as the daemon compares them (problem_keys._FAILURE_SOURCES)
            s = item.signal
            node = pattern_id(s.kind, s.key, project)
            ev = pi.Evidence(node, s.kind, s.text, s.anchors, s.facts, item.command)
            truth = _problem_of(problems, corpus, session, " ".join([s.text, *s.anchors, item.command]))
            earlier = [k for k, _ in known.get(project, []) if k.node != node]
            labelled = [
                pi.Evidence(k.node, k.kind, k.text, k.anchors, k.facts, k.command, p or k.node)
                for k, p in known.get(project, [])
                if k.node != node
            ]
            if earlier:
                out.append((Case(truth, ev, False, session), labelled))
            if item.source in ("tool", "retry"):  # what the daemon keeps as known nodes (known_nodes)
                mine.append((ev, truth))
        for sentence in every_sentence(t) if every else [s for _, s in found.problem_talk]:
            truth = _problem_of(problems, corpus, session, sentence)
            labelled = [
                pi.Evidence(k.node, k.kind, k.text, k.anchors, k.facts, k.command, p or k.node)
                for k, p in known.get(project, [])
            ]
            if labelled:
                out.append((Case(truth, pi.Evidence("", "talk", sentence), True, session), labelled))
        known.setdefault(project, []).extend(mine)
    return out


def every_sentence(t: Transcript) -> list[str]:
    out = []
    for step in t.steps:
        if step.kind == "user":
            out += [s for s in sentences([step.text]) if len(s) >= (6 if has_cjk(s) else 12)]
    return out


def _problem_of(problems: list[dict[str, object]], corpus: Corpus, session: str, text: str) -> str:
    low = text.lower()
    for problem in problems:
        files = problem["sessions"]
        assert isinstance(files, list)
        nouns = problem["nouns"]
        assert isinstance(nouns, list)
        if session in corpus.session_ids_of([str(f) for f in files]) and any(str(n).lower() in low for n in nouns):
            return str(problem["id"])
    return ""


def grid(rows: list[tuple[Case, list[pi.Evidence]]], vectors: dict[str, np.ndarray], talk: bool) -> None:
    chosen = [(c, k) for c, k in rows if c.talk == talk]
    if not chosen:
        return
    print(
        f"== {'sentences of the person' if talk else 'failures'}: {len(chosen)} cases "
        f"({sum(1 for c, _ in chosen if c.problem)} of a recurring problem)"
    )
    thresholds = np.arange(0.10, 0.60, 0.02)
    prior = [vectors[t] for t in pi.GENERIC_FAILURES]
    for margin in (0.0, 0.05, 0.1):
        for threshold in thresholds:
            right = wrong = missed = anchored = 0
            for case, known in chosen:
                seen_before = any(k.pattern_id == case.problem for k in known) if case.problem else False
                if not talk and any(set(case.evidence.anchors) & set(k.anchors) for k in known):
                    anchored += 1
                    continue
                key = case.evidence.text if talk else case.evidence.description()
                node_vectors = {k.node: vectors[k.description()] for k in known}
                saved = (pi.JOIN_AT, pi.MARGIN, pi.TALK_AT, pi.TALK_MARGIN)
                pi.JOIN_AT = pi.TALK_AT = float(threshold)
                pi.MARGIN = pi.TALK_MARGIN = margin
                middle = centroid([*prior, *node_vectors.values()])
                match = pi.recognise(case.evidence, vectors[key], known, node_vectors, middle, talk=talk)
                pi.JOIN_AT, pi.MARGIN, pi.TALK_AT, pi.TALK_MARGIN = saved
                if match is None:
                    missed += seen_before
                elif case.problem and match.pattern_id == case.problem:
                    right += 1
                else:
                    wrong += 1
            print(
                f"  margin {margin:.2f} at {threshold:.3f}: right {right:3d} wrong {wrong:3d} missed {missed:3d} "
                f"(joined by anchors {anchored})"
            )
    print()


if __name__ == "__main__":
    raise SystemExit(main())
