"""Fit the rule probe (`pipeline/learning/rules/rule_probe.py`) and report it left out corpus by corpus.

Usage: `python bench/rule_probe_fit.py [--write]` (about 3 minutes: it embeds ~8,000 sentences).

Data: the person's sentences in the learning corpora up to LAST_TRAINING_CORPUS in bench/learning.py's order (held
out 45 since the refit; the later ones judge it and are never read here; `--last` reads another range), cut into the candidates `rule_meaning` weighs
(a sentence, its clauses, its comma pieces that pass its directive gate), each labelled a rule when
it states one of the corpus's true rules (`bench/learning_matching.py`); plus `rule_meaning`'s examples (standing
instructions 1, other sentences 0) and DESCRIPTIONS below (0). Features: the vector centred on the examples' centroid, at unit length. Model:
L2-regularised logistic regression (lambda 1, bias free), fitted by Newton's method; deterministic.

Report, with each corpus left out of the fit that scores it, at the sentence level as `rule_meaning.standing_rules`
decides (a sentence gives its best candidate): true rules found and sentences wrongly taken, by the nearest examples
alone (STANDING_AT) and with the probe (TAKE_AT, STRICT_AT, AGREE_AT: `rule_meaning.standing_rules`), with the patterns off (meaning
alone: a language or a phrasing no reader knows) and on. `--write` then fits on all of them and writes the weights.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import MODEL_DIR
from bench.learning import CORPORA
from bench.learning_matching import matches
from pipeline.agent.session_summary import extractive_summary
from pipeline.agent.speech.knowledge import clauses, says_something, sentences, tidy
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.meaning import centred, centroid
from pipeline.learning.rules import rule_meaning, rule_probe

LAST_TRAINING_CORPUS = "held out 45"
# Prose that describes the world with the words of a rule (must, only, always, every, use; 必须, 只有, 都, 使用):
# encyclopedia and textbook sentences, the kind a person pastes or an article quotes. The corpora's sentences are
# all typed to an agent, so without these the probe learns that "只有 … 使用 …" is a rule wherever it stands (it
# took 8 of CMRC's 4,961 Wikipedia sentences). Written for this list, on topics no corpus or set here touches;
# negatives only.
DESCRIPTIONS = (
    "大熊猫主要以竹子为食，每天要花十几个小时进食。",
    "这种鸟只有在繁殖季节才会离开森林，其余时间都生活在树冠层。",
    "在古代，只有贵族才能使用这种紫色染料，因为它的提取成本极高。",
    "该地区的农民都使用梯田种植水稻，以适应陡峭的山地地形。",
    "根据当时的法律，所有年满十八岁的男子都必须服兵役两年。",
    "比赛规则规定，每支球队在场上必须保持十一名球员。",
    "这座桥是当时世界上最长的悬索桥，只用了四年就建成了。",
    "大部分哺乳动物都需要定期饮水，而骆驼可以在沙漠中数日不喝水。",
    "该语言的动词必须根据主语的人称和数进行变化。",
    "这种电池通常用于电动汽车，也被广泛使用在储能电站中。",
    "列车每隔十五分钟发出一班，高峰时段还会加开临时班次。",
    "这部小说只在日本出版过，直到二十年后才被翻译成中文。",
    "所有参赛作品都要经过三轮评审，最终由评委会投票决定。",
    "该算法的时间复杂度只与输入规模的对数成正比。",
    "当地居民每年秋天都会举行丰收节，持续整整一周。",
    "这种药物必须在医生指导下使用，否则可能引起严重的副作用。",
    "这座城市的地铁系统都采用无人驾驶技术，是亚洲最早的此类线路之一。",
    "他一生只写过两部长篇小说，但都获得了重要的文学奖项。",
    "按照传统，新年第一天家家户户都要吃饺子。",
    "该公司的产品主要销往欧洲，只有少量供应国内市场。",
    "この寺院は毎年春にだけ一般公開され、多くの観光客が訪れる。",
    "この種のカエルは必ず水辺の近くに卵を産む。",
    "当時の商人はすべての取引を銀貨で行っていた。",
    "The treaty required every member state to reduce tariffs within ten years.",
    "Only three copies of the original manuscript survive, all of them in private collections.",
    "Migrating salmon always return to the river where they hatched.",
    "The cathedral was never completed because the funds ran out during the war.",
    "Players must use wooden bats in the professional league, while amateurs may use aluminium.",
    "Each province elects its own governor for a term of four years.",
    "Die Brücke darf nur von Fußgängern und Radfahrern benutzt werden.",
    "Jede Gemeinde muss nach dem Gesetz eine eigene Feuerwehr unterhalten.",
    "In der Antike nutzten die Römer immer Bleirohre für ihre Wasserleitungen.",
    "La especie solo vive en los bosques nubosos de los Andes y nunca baja de los dos mil metros.",
    "Cada año la ciudad celebra una feria que siempre empieza el primer lunes de septiembre.",
    "Los jugadores deben usar casco durante todo el partido según el reglamento de la liga.",
    "Le château n'a jamais été habité par la famille royale, qui préférait Versailles.",
    "Chaque commune doit disposer d'une école primaire selon la loi de 1882.",
    "Этот вид птиц никогда не покидает остров и гнездится только на скалах.",
    "По уставу каждый член клуба должен платить взнос раз в год.",
)
LAMBDA = 1.0
MODEL = "multilingual-e5-small"


@dataclass(frozen=True, slots=True)
class Row:
    corpus: str
    sentence: str
    text: str
    states: tuple[str, ...]  # the true rules it states
    known: bool  # the patterns read something in the sentence (then meaning does not look)


@dataclass
class CorpusData:
    name: str
    truth: list[str]
    pattern_rules: list[str]
    rows: list[Row]


def training_corpora(last: str = LAST_TRAINING_CORPUS) -> Iterator[tuple[str, Path]]:
    for name, folder in CORPORA:
        yield name, folder
        if name == last:
            return


def read_corpus(name: str, folder: Path) -> CorpusData:
    truth_file = orjson.loads((folder / "truth.json").read_bytes())
    truth = [r["text"] for r in truth_file["rules"]] + [t for g in truth_file.get("paraphrases", []) for t in g[1:]]
    data = CorpusData(name, truth, [], [])
    for path in sorted((folder / "sessions").rglob("*.jsonl")):
        transcript = parse_transcript(path.read_bytes(), path.stem)
        if transcript.is_subagent:
            continue
        data.pattern_rules += extractive_summary(transcript, project=None, sha256="").rules
        for found in rule_meaning.candidates(sentences(transcript.user_texts), clauses):
            states = tuple(w for w in truth if matches(found.text, w) or matches(tidy(found.text), w))
            data.rows.append(Row(name, found.sentence, found.text, states, says_something(found.sentence)))
    return data


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    """Weights and bias of the L2-regularised logistic regression (the bias is not regularised)."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    reg = LAMBDA * np.eye(xb.shape[1])
    reg[-1, -1] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(xb @ w)))
        gradient = xb.T @ (p - y) + reg @ w
        hessian = (xb * (p * (1.0 - p))[:, None]).T @ xb + reg
        w -= np.linalg.solve(hessian, gradient)
    return w[:-1], float(w[-1])


def found_and_wrong(data: CorpusData, take: np.ndarray, patterns: bool) -> tuple[int, int]:
    """True rules found and sentences wrongly taken, one candidate per sentence as `standing_rules` takes it."""
    chosen: dict[str, Row] = {}
    for row, taken in zip(data.rows, take, strict=True):
        if taken and not (patterns and row.known):
            chosen.setdefault(row.sentence, row)
    pattern_rules = data.pattern_rules if patterns else []
    found = sum(
        1
        for want in data.truth
        if any(matches(g, want) for g in pattern_rules) or any(want in row.states for row in chosen.values())
    )
    return found, sum(1 for row in chosen.values() if not row.states)


def report(
    corpora: list[CorpusData],
    scored: dict[str, tuple[np.ndarray, np.ndarray]],
    strict: float,
    take: float,
    *,
    verbose: bool,
    agree: float | None = None,
) -> None:
    totals = np.zeros(8, dtype=int)
    for data in corpora:
        if data.name not in scored:
            continue
        nearest, probability = scored[data.name]
        alone = nearest >= rule_meaning.STANDING_AT
        both = (nearest >= strict) | (probability >= take)
        if agree is not None:
            both |= (nearest >= rule_meaning.STANDING_AT) & (probability >= agree)
        figures = [*found_and_wrong(data, alone, False), *found_and_wrong(data, both, False)]
        figures += [*found_and_wrong(data, alone, True), *found_and_wrong(data, both, True)]
        totals += figures
        if verbose:
            print(
                f"  {data.name:>14}: patterns off {figures[0]}/{figures[1]} -> {figures[2]}/{figures[3]}, "
                f"on {figures[4]}/{figures[5]} -> {figures[6]}/{figures[7]} (found/wrong; {len(data.truth)} rules)"
            )
    print(
        f"left out one by one, {sum(len(c.truth) for c in corpora)} rules, nearest examples at {strict} or the probe "
        f"at {take} (both at {agree}): patterns off: nearest examples alone {totals[0]} found, {totals[1]} wrong; with the probe "
        f"{totals[2]} found, {totals[3]} wrong. Patterns on: {totals[4]}/{totals[5]} -> {totals[6]}/{totals[7]}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {rule_probe.WEIGHTS.name}")
    parser.add_argument("--sweep", action="store_true", help="also report other thresholds")
    parser.add_argument("--last", default=LAST_TRAINING_CORPUS, help="the last corpus read (bench/learning.py's order)")
    args = parser.parse_args()
    from pipeline.embedding.models import load_embedder

    embedder = load_embedder(MODEL, MODEL_DIR)
    corpora = [read_corpus(name, folder) for name, folder in training_corpora(args.last)]
    standing, other = rule_meaning.standing_examples(), rule_meaning.other_examples()
    texts = list(dict.fromkeys([*(r.text for c in corpora for r in c.rows), *standing, *other, *DESCRIPTIONS]))
    print(f"{len(corpora)} corpora, {sum(len(c.rows) for c in corpora)} candidates, {len(texts)} texts to embed")
    vectors = {
        t: v
        for i in range(0, len(texts), 64)
        for t, v in zip(texts[i : i + 64], embedder.embed_queries(texts[i : i + 64]), strict=True)
    }
    middle = centroid([vectors[t] for t in (*standing, *other)])
    assert middle is not None

    def matrix(items: list[str]) -> np.ndarray:
        return np.stack([centred(vectors[t], middle) for t in items])

    examples_x = matrix([*standing, *other, *DESCRIPTIONS])
    examples_y = np.concatenate([np.ones(len(standing)), np.zeros(len(other) + len(DESCRIPTIONS))])
    rule_m, other_m = matrix(list(standing)), matrix(list(other))
    per = {
        c.name: (matrix([r.text for r in c.rows]), np.array([1.0 if r.states else 0.0 for r in c.rows]))
        for c in corpora
        if c.rows
    }

    scored: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # corpus -> (nearest examples, probe), left out
    for data in corpora:
        if not data.rows:
            continue
        x, _ = per[data.name]
        train = [n for n in per if n != data.name]
        w, b = fit(
            np.vstack([*(per[n][0] for n in train), examples_x]),
            np.concatenate([*(per[n][1] for n in train), examples_y]),
        )
        nearest = np.array([rule_meaning.standing_score(v, rule_m, other_m) for v in x])
        scored[data.name] = (nearest, 1.0 / (1.0 + np.exp(-(x @ w + b))))
    report(corpora, scored, rule_meaning.STRICT_AT, rule_probe.TAKE_AT, verbose=True, agree=rule_probe.AGREE_AT)
    if (written := rule_probe.for_model(MODEL, len(middle))) is not None:
        print("the weights in use now, on the same corpora (left out only where they were not trained on):")
        now = {
            name: (nearest, np.array([written.probability(vectors[r.text]) for r in c.rows]))
            for c in corpora
            if c.rows
            for name, (nearest, _) in [(c.name, scored[c.name])]
        }
        report(corpora, now, rule_meaning.STRICT_AT, rule_probe.TAKE_AT, verbose=True, agree=rule_probe.AGREE_AT)
    if args.sweep:
        for strict in (0.1, 0.12, 0.14, 0.2):
            for take in (0.7, 0.75, 0.8):
                for agree in (None, 0.3, 0.4, 0.5):
                    report(corpora, scored, strict, take, verbose=False, agree=agree)
    if args.write:
        w, b = fit(
            np.vstack([*(per[n][0] for n in per), examples_x]),
            np.concatenate([*(per[n][1] for n in per), examples_y]),
        )
        rows = sum(len(per[n][1]) for n in per)
        out = {
            "model": MODEL,
            "lambda": LAMBDA,
            "trained_on": [c.name for c in corpora],
            "rows": rows + len(examples_y),
            "positives": int(sum(per[n][1].sum() for n in per) + len(standing)),
            "bias": round(b, 6),
            "weights": [round(float(v), 6) for v in w],
            "middle": [round(float(v), 6) for v in middle],
        }
        rule_probe.WEIGHTS.write_bytes(orjson.dumps(out) + b"\n")
        print(f"wrote {rule_probe.WEIGHTS} ({out['rows']} rows, {out['positives']} rules)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
