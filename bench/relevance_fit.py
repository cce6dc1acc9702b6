"""Fit the absolute-relevance models (pipeline/retrieval/relevance.py MODELS) on the development sets.

    python bench/relevance_fit.py collect [--homes DIR]   # ask the daemons, save bench/out/relevance-hits.json
    python bench/relevance_fit.py fit                     # fit, cross-check, print the constants for MODELS

collect: for each set's indexed home (bench/retrieval.py builds them), a daemon on a copy answers `search`
(hybrid, k = 40, explain) for the set's own questions (on-topic: a hit is positive when its file is a gold
document) and for off-topic prompts: the first half (even positions) of the other sets' questions (at most
300 of each), of bench/data/coding_prompts.txt and of the gibberish set (bench/prompt_sets.py). Every hit's
evidence comes back in `explain`, with both lists' ranks, so fusion variants can be replayed offline too.

fit: logistic regression (L2, IRLS in numpy) of "this hit is a gold document" on the evidence, each query
weighted equally and each home equally, for each evidence set (full, lexical, vector). It prints the
coefficients, a leave-one-home-out check (fit on two homes, judge the third), and the calibration table.
"""

from __future__ import annotations

import argparse
import math
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from harness import BenchDaemon
from prompt_sets import coding_prompts, gibberish, half
from retrieval import LOADERS, file_of, metrics

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pipeline.retrieval.relevance import MODELS, Evidence, feature_values

OUT = Path(__file__).parent / "out"
HITS = "relevance-hits-{}.json"  # one file per home, under OUT
OFF_TOPIC_PER_SET = 300
FEATURES = {"full": ("coverage", "lift", "cjk"), "lexical": ("coverage", "cjk"), "vector": ("lift", "cjk")}
L2 = 1.0


def ask(daemon: BenchDaemon, text: str) -> list[dict[str, Any]]:
    if not text.strip():
        return []
    found = daemon.call("search", {"query": text, "mode": "hybrid", "k": 40, "explain": True})["results"]
    keep = ("coverage", "bm25n", "cosine", "null_cosine", "cjk", "bm25", "bm25_rank", "vector_rank", "relevance")
    return [{"path": h["path"], "chunk_id": h["chunk_id"], **{k: h["explain"].get(k) for k in keep}} for h in found]


def collect(homes: Path, names: list[str]) -> None:
    sets = {name: LOADERS[name]() for name in LOADERS}
    off_sets: dict[str, list[str]] = {
        "coding": half(coding_prompts(), 0),
        "gibberish": half(gibberish(), 0),
    }
    for home_name in names:
        rows: list[dict[str, Any]] = []
        docs, queries = sets[home_name]
        base = homes / home_name
        if not (base / "state" / "index.db").exists():
            raise SystemExit(f"no indexed home at {base}: run bench/retrieval.py --sets {home_name} first")
        path_to_doc = {file_of(d[0]): d[0] for d in docs}
        with tempfile.TemporaryDirectory(prefix=f"relfit-{home_name}-") as tmp:
            home = Path(tmp) / "home"
            shutil.copytree(base, home, ignore=shutil.ignore_patterns("run", "*.log"))
            (home / "config.toml").unlink(missing_ok=True)
            daemon = BenchDaemon(home).start()
            daemon.wait_indexed(vectors=True)
            started = time.perf_counter()
            for qid, text, qrels in queries:
                hits = ask(daemon, text)
                for hit in hits:
                    hit["gold"] = path_to_doc.get(hit["path"]) in qrels
                rows.append({"home": home_name, "kind": "on", "qid": qid, "hits": hits})
            others = {n: half([q[1] for q in sets[n][1]], 0)[:OFF_TOPIC_PER_SET] for n in sets if n != home_name}
            for kind, texts in {**others, **off_sets}.items():
                for i, text in enumerate(texts):
                    hits = [{**hit, "gold": False} for hit in ask(daemon, text)]
                    rows.append({"home": home_name, "kind": kind, "qid": f"{kind}-{i}", "hits": hits})
            daemon.stop()
        OUT.mkdir(exist_ok=True)
        (OUT / HITS.format(home_name)).write_bytes(orjson.dumps(rows))
        print(f"{home_name}: {len(rows)} queries in {time.perf_counter() - started:.0f}s", flush=True)


def evidence_of(hit: dict[str, Any], model: str) -> Evidence:
    lexical = model in ("full", "lexical")
    vector = model in ("full", "vector")
    return Evidence(
        coverage=hit["coverage"] if lexical else None,
        bm25n=hit["bm25n"] if lexical else None,
        cosine=hit["cosine"] if vector else None,
        null=hit["null_cosine"] if vector else None,
        cjk=hit["cjk"] or 0.0,
    )


def design(rows: list[dict[str, Any]], model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(X with an intercept column, y, sample weights): each query weighs 1, each home the same in total."""
    names = FEATURES[model]
    per_home: dict[str, int] = {}
    for row in rows:
        if row["hits"]:
            per_home[row["home"]] = per_home.get(row["home"], 0) + 1
    xs, ys, ws = [], [], []
    for row in rows:
        hits = row["hits"]
        if not hits:
            continue
        weight = 1.0 / len(hits) / per_home[row["home"]]
        for hit in hits:
            values = feature_values(evidence_of(hit, model))
            xs.append([1.0, *(values[n] for n in names)])
            ys.append(1.0 if hit["gold"] else 0.0)
            ws.append(weight)
    w, y = np.array(ws), np.array(ys)
    # Equal total weight for relevant and irrelevant hits: the model's odds are then the likelihood ratio of
    # the evidence, whatever the share of relevant hits in these sets (relevance 0.5: the evidence is as
    # likely from a relevant hit as from an irrelevant one).
    w[y == 1] *= w[y == 0].sum() / max(w[y == 1].sum(), 1e-12)
    return np.array(xs), y, w / w.sum() * len(w)


def fit_logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = L2) -> np.ndarray:
    """Weighted L2-regularised logistic regression by Newton's method (the intercept is not penalised)."""
    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -40, 40)))
        gradient = x.T @ (w * (p - y)) + penalty * beta
        hessian = (x * (w * p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return beta


def predict(beta: np.ndarray, x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -40, 40)))


def scorer(beta: np.ndarray, names: tuple[str, ...], model: str) -> Any:
    def score(hit: dict[str, Any]) -> float:
        values = feature_values(evidence_of(hit, model))
        z = beta[0] + sum(b * values[n] for n, b in zip(names, beta[1:], strict=True))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    return score


def ranking_ndcg(rows: list[dict[str, Any]], home: str, score: Any, depth: int = 20) -> dict[str, float]:
    """nDCG@10 of the set's own questions (no path filter) by each list alone, by RRF of their top `depth`
    (k 60; CJK queries weight BM25 0.2, as the daemon did) and by relevance over the same candidates."""
    docs, queries = LOADERS[home]()
    path_to_doc = {file_of(d[0]): d[0] for d in docs}
    qrels = {q[0]: q[2] for q in queries}

    def in_list(hit: dict[str, Any], key: str) -> bool:
        return bool(hit[key]) and hit[key] <= depth

    def rrf(hit: dict[str, Any]) -> float:
        bm25_weight = 0.2 if (hit["cjk"] or 0) >= 0.3 else 1.0
        shares = [bm25_weight / (60 + hit["bm25_rank"])] if in_list(hit, "bm25_rank") else []
        return sum(shares) + (1 / (60 + hit["vector_rank"]) if in_list(hit, "vector_rank") else 0.0)

    orders = {
        "bm25": (lambda h: in_list(h, "bm25_rank"), lambda h: h["bm25_rank"]),
        "vector": (lambda h: in_list(h, "vector_rank"), lambda h: h["vector_rank"]),
        "rrf": (lambda h: in_list(h, "bm25_rank") or in_list(h, "vector_rank"), lambda h: -rrf(h)),
        "relevance": (lambda h: in_list(h, "bm25_rank") or in_list(h, "vector_rank"), lambda h: -score(h)),
    }
    out = {}
    for name, (keep, key) in orders.items():
        values = []
        for row in rows:
            if row["kind"] != "on":
                continue
            ranked: list[str] = []
            for hit in sorted((h for h in row["hits"] if keep(h)), key=key):
                doc = path_to_doc.get(hit["path"])
                if doc and doc not in ranked:
                    ranked.append(doc)
            values.append(metrics(ranked, qrels[row["qid"]])["ndcg10"])
        out[name] = sum(values) / max(1, len(values))
    return out


def gate_table(rows: list[dict[str, Any]], score: Any, floors: list[float], k: int = 4) -> None:
    """For each floor: on-topic queries whose gold is among the top-k hits at or above it (vs ungated), and
    the share of off-topic queries that would get any hit."""
    print(f"  {'floor':>6} " + " ".join(f"{kind:>10}" for kind in ("on-recall", "off-any", "coding", "gibberish")))
    for floor in floors:
        on_hits = on_base = 0
        off_any = {"other": [0, 0], "coding": [0, 0], "gibberish": [0, 0]}
        for row in rows:
            top = row["hits"][:k]
            kept = [h for h in top if score(h) >= floor]
            if row["kind"] == "on":
                on_base += any(h["gold"] for h in top)
                on_hits += any(h["gold"] for h in kept)
            else:
                bucket = off_any[row["kind"] if row["kind"] in ("coding", "gibberish") else "other"]
                bucket[0] += bool(kept)
                bucket[1] += 1
        share = [off_any[b][0] / max(1, off_any[b][1]) for b in ("other", "coding", "gibberish")]
        print(f"  {floor:>6.3f} {on_hits / max(1, on_base):>10.3f} " + " ".join(f"{v:>10.3f}" for v in share))


def fit(l2: float) -> None:
    rows = [row for path in sorted(OUT.glob(HITS.format("*"))) for row in orjson.loads(path.read_bytes())]
    homes = sorted({r["home"] for r in rows})
    for model, names in FEATURES.items():
        x, y, w = design(rows, model)
        beta = fit_logistic(x, y, w, l2)
        p = predict(beta, x)
        loss = -np.sum(w * (y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))) / np.sum(w)
        print(f"\n== {model}: {len(y)} hits, {int(y.sum())} gold; weighted log loss {loss:.4f}")
        weights = ", ".join(f'"{n}": {b:.4f}' for n, b in zip(names, beta[1:], strict=True))
        print(f'    "{model}": ({beta[0]:.4f}, {{{weights}}}),')
        for held in homes:
            train = [r for r in rows if r["home"] != held]
            test = [r for r in rows if r["home"] == held]
            bt = fit_logistic(*design(train, model), l2)
            xt, yt, wt = design(test, model)
            pt = predict(bt, xt)
            held_loss = -np.sum(wt * (yt * np.log(pt + 1e-12) + (1 - yt) * np.log(1 - pt + 1e-12))) / np.sum(wt)
            ranking = ""
            if model == "full":
                held_score = scorer(bt, names, model)
                ranking = "; nDCG@10 " + ", ".join(
                    f"{k} {v:.3f}" for k, v in ranking_ndcg(test, held, held_score).items()
                )
            print(f"  held-out {held:<8} log loss {held_loss:.4f} (fitted on the other homes){ranking}")
        print("  calibration (predicted bucket: mean predicted, observed gold share, hits)")
        for lo, hi in ((0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 0.97), (0.97, 1.01)):
            mask = (p >= lo) & (p < hi)
            if mask.any():
                print(
                    f"    [{lo:.2f}, {hi:.2f}) {np.average(p[mask], weights=w[mask]):.3f} "
                    f"{np.average(y[mask], weights=w[mask]):.3f} {int(mask.sum())}"
                )

        score = scorer(beta, names, model)
        for home in homes:
            print(f"  gate on {home} (top 4)")
            gate_table([r for r in rows if r["home"] == home], score, [0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8])
    print("\ncurrent MODELS in pipeline/retrieval/relevance.py:", MODELS)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=("collect", "fit"))
    parser.add_argument("--homes", type=Path, default=OUT / "homes")
    parser.add_argument("--l2", type=float, default=L2)
    parser.add_argument("--sets", nargs="+", default=list(LOADERS), choices=list(LOADERS))
    args = parser.parse_args()
    if args.action == "collect":
        collect(args.homes, args.sets)
    else:
        fit(args.l2)


if __name__ == "__main__":
    main()
