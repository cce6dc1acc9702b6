"""Absolute relevance: how likely a hit is to be relevant to the query, on a 0..1 scale that does not depend
on the other candidates, so a floor can tell "nothing here is about this" from "these are the best of a
relevant lot".

The evidence is what a query already computes, per hit:
- `coverage`: the IDF-weighted share of the query's terms the hit contains. A term the memory has never seen
  counts at the highest IDF, so a question full of words foreign to the memory scores low however well its
  common words match (gibberish covers nothing).
- `bm25n` (shown by `--explain`, not used by the model): the BM25 score over its ceiling for this query,
  (k1 + 1) times the summed IDF.
- `lift`: the cosine above the query's own baseline, (cos - null) / (1 - null), where `null` is the query's
  mean cosine to fixed passages about nothing in particular (NULL_PASSAGES). Why: e5 scores unrelated texts
  0.75-0.8 and the baseline moves with the query, so a raw cosine says little by itself; the lift does not
  depend on the memory at all.
- `cjk`: the query's CJK share (bigram coverage of Chinese behaves unlike word coverage of English).

A logistic model turns them into a probability; there is one per evidence set (lexical and vector,
lexical only, vector only), since BM25-only mode has no cosine. The constants were fitted by
`bench/relevance_fit.py` on the development sets only (see MODELS).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Passages about nothing a memory is likely to hold: a query's mean cosine to them is its baseline.
# Mixed languages, because a Chinese query's cosines to English text sit lower than to Chinese text.
NULL_PASSAGES = (
    "The weather was mild today with a light breeze in the afternoon.",
    "She bought bread, eggs and a bag of apples at the market.",
    "The train left the station a few minutes late.",
    "He spent the weekend painting the fence in the garden.",
    "The museum opens at ten and closes at six on weekdays.",
    "A small dog was sleeping on the porch in the sun.",
    "They watched a film and ordered pizza for dinner.",
    "The river flows through the valley towards the sea.",
    "Our neighbours planted tomatoes and beans this spring.",
    "The concert was cancelled because of the storm.",
    "Please remember to water the plants while I am away.",
    "The old bridge was repaired last summer.",
    "Children played football in the park until it got dark.",
    "The recipe needs two cups of flour and a pinch of salt.",
    "Traffic was heavy on the motorway this morning.",
    "The library has a new collection of poetry books.",
    "A cup of tea and a quiet evening with a novel.",
    "The hotel room had a view of the mountains.",
    "He forgot his umbrella and got caught in the rain.",
    "The bakery on the corner sells fresh croissants.",
    "今天天气很好，我们去公园散步了。",
    "他在超市买了一些水果和蔬菜。",
    "火车晚点了十分钟才到站。",
    "周末我们一起去看了一场电影。",
    "这家餐厅的饺子非常好吃。",
    "孩子们在操场上踢足球。",
    "El tren salió de la estación con retraso.",
    "Le marché ouvre tôt le samedi matin.",
    "Der Hund schläft in der Sonne auf der Terrasse.",
    "夏休みに家族で海へ行きました。",
)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What is known about one hit for one query; None where that evidence is unavailable."""

    coverage: float | None = None
    bm25n: float | None = None
    cosine: float | None = None
    null: float | None = None
    cjk: float = 0.0

    @property
    def lift(self) -> float | None:
        if self.cosine is None or self.null is None:
            return None
        return (self.cosine - self.null) / max(1e-6, 1.0 - self.null)

    @property
    def lexical(self) -> bool:
        return self.coverage is not None

    @property
    def vector(self) -> bool:
        return self.lift is not None


def feature_values(evidence: Evidence) -> dict[str, float]:
    """The model's inputs (every one that the evidence allows). Why so few: with the hit's length, the BM25
    score or interactions added, the fit was a little better on the sets it saw and worse on a set it had not
    seen (bench/relevance_fit.py, leave one set out); these three carry over between English conversations,
    English abstracts and Chinese encyclopedia sentences."""
    out: dict[str, float] = {"cjk": evidence.cjk}
    if evidence.coverage is not None:
        out["coverage"] = evidence.coverage
    if (lift := evidence.lift) is not None:
        out["lift"] = lift
    return out


# name -> (intercept, weights). Fitted by bench/relevance_fit.py on 2026-11-23: logistic regression of "this hit
# is a gold document", every query weighted equally, each of the three dev homes (LoCoMo, SciFact train, CMRC
# trial) equally, and relevant and irrelevant hits equally (so the odds are the evidence's likelihood ratio).
# Positives: the gold documents among the top 40 hits of each set's own questions; negatives: the other hits
# of those questions and every hit of off-topic prompts (the first half of the other sets' questions, of
# bench/data/coding_prompts.txt and of the gibberish set).
MODELS: dict[str, tuple[float, dict[str, float]]] = {
    "full": (-6.1706, {"coverage": 6.7859, "lift": 9.3753, "cjk": -0.5259}),
    "lexical": (-3.3054, {"coverage": 9.7543, "cjk": 1.4329}),
    "vector": (-5.7069, {"lift": 14.1517, "cjk": -2.3775}),
}


def model_for(evidence: Evidence) -> str | None:
    if evidence.lexical and evidence.vector:
        return "full"
    if evidence.lexical:
        return "lexical"
    if evidence.vector:
        return "vector"
    return None


def estimate(evidence: Evidence) -> float | None:
    """P(relevant) from the evidence, or None when there is none to judge by."""
    name = model_for(evidence)
    if name is None:
        return None
    intercept, weights = MODELS[name]
    values = feature_values(evidence)
    z = intercept + sum(weight * values.get(feature, 0.0) for feature, weight in weights.items())
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


LOG_ODDS_SCALE = 10.0  # hybrid ranks by log_odds(relevance) / 10 (see Searcher.search)


def log_odds(p: float) -> float:
    p = min(max(p, 1e-9), 1 - 1e-9)
    return math.log(p / (1.0 - p))
