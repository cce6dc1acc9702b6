"""A learned reading of "is this a standing instruction?": one linear layer over the embedding model's vector.

`rule_meaning` first weighed a sentence by its nearest examples (490 sentences in 16 languages, written blind):
three neighbours decide, so a rule phrased unlike every example ("Testit kirjoitetaan Pestillä, ei PHPUnit-luokkia",
"handler 里不要直接用 gorm，走 repo 层") scores near zero. A logistic regression over the centred vector weighs every
direction of the space the examples and the person's own sentences taught it, and carries across languages as the
model does. It was fitted (`bench/rule_probe_fit.py`) on the examples plus the directive-like sentences of the
learning corpora written before it (labelled by their truth), never on held out 29 and 30, which judge it. Left out
corpus by corpus (30 corpora, 535 rules), with the patterns off (a language or a phrasing no reader knows), the
nearest examples alone find 167 rules at 69 sentences wrongly taken, with the probe 199 at 47; with the patterns
on, 489 at 10 and 493 at 8.

The weights are for one model: another model (a configured one, a remote one) has other vectors, and then the
probe is not used (`for_model` gives None) and the nearest examples decide alone. Pure: numpy and a JSON file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import orjson

from pipeline.learning.meaning import centred

WEIGHTS = Path(__file__).with_name("rule_probe.json")
# Chosen left out corpus by corpus (`bench/rule_probe_fit.py --sweep`): from TAKE_AT a directive-like sentence is a
# rule; from AGREE_AT when its nearest examples lean that way too (`rule_meaning.STANDING_AT`).
TAKE_AT = 0.75
AGREE_AT = 0.4


@dataclass(frozen=True, slots=True)
class RuleProbe:
    model: str  # the embedding model the weights were fitted on ("multilingual-e5-small")
    middle: np.ndarray  # the centroid the vectors are centred on before they are weighed
    weights: np.ndarray
    bias: float

    def probability(self, vector: np.ndarray) -> float:
        """How likely the text of this (unit, "query:" side) vector is a standing instruction."""
        return float(1.0 / (1.0 + np.exp(-(float(centred(vector, self.middle) @ self.weights) + self.bias))))


@functools.cache
def _load(path: Path) -> RuleProbe | None:
    try:
        data = orjson.loads(path.read_bytes())
        return RuleProbe(
            model=str(data["model"]),
            middle=np.asarray(data["middle"], dtype=np.float32),
            weights=np.asarray(data["weights"], dtype=np.float32),
            bias=float(data["bias"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no file (a trimmed install): the nearest examples decide alone


def for_model(model: str, dim: int, path: Path = WEIGHTS) -> RuleProbe | None:
    """The probe when it was fitted on this model ("multilingual-e5-small/fp32/512" names it with its variant),
    else None."""
    probe = _load(path)
    if probe is None or model.split("/")[0] != probe.model or dim != len(probe.weights):
        return None
    return probe
