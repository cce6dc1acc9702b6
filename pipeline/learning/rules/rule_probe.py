"""A learned reading of "is this a standing instruction?": one linear layer over the embedding model's vector.

`rule_meaning` first weighed a sentence by its nearest examples (490 sentences in 16 languages, written blind):
three neighbours decide, so a rule phrased unlike every example ("Testit kirjoitetaan Pestillä, ei PHPUnit-luokkia",
"handler 里不要直接用 gorm，走 repo 层") scores near zero. A logistic regression over the centred vector weighs every
direction of the space the examples and the person's own sentences taught it, and carries across languages as the
model does. It was first fitted (`bench/rule_probe_fit.py`) on the examples plus the directive-like sentences of the
learning corpora up to held out 28, then refitted on those up to held out 45 (47 corpora, 848 rules), 17 more people
and a dozen more languages; held out 46 and later are never read here, they judge it. On the 17 corpora the first fit
never saw, with the patterns off (a language or a phrasing no reader knows), the first weights found 136 rules at 51
sentences wrongly taken, the refit (each corpus left out of its own fit) 147 at 44; over all 47 left out one by one,
343 found at 84 wrong (nearest examples alone: 283 at 142), and with the patterns on 759 at 18. Over the 49 corpora
through the daemon's readers (`bench/learning_offline.py`): rules found 776 -> 781/884, precision 772/827 ->
777/828; on text that holds no rule (`bench/false_rules.py`) 2 -> 4 of LoCoMo's 6,917 chat sentences and 2 -> 3 of
CMRC's 4,961 taken by meaning ("Never give up").

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
