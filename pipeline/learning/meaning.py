"""Comparing texts by meaning with the embedding model's vectors, after taking away what a kind of text has in
common.

e5-small's vectors of texts of one kind (failure descriptions, rules) sit in a narrow cone: every two test
failures of a project score 0.85-0.95, so a raw cosine cannot tell the same problem from a neighbour, and the
most talked-about problem attracts everything. Subtracting the kind's centroid (the mean of its vectors) and
renormalising leaves what is particular to each text; centred cosines of unrelated texts sit around 0, of the
same subject well above. Pure, numpy only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def centroid(vectors: Sequence[np.ndarray]) -> np.ndarray | None:
    """The mean of the vectors, or None when there are none."""
    if not vectors:
        return None
    middle: np.ndarray = np.mean(np.stack(list(vectors)), axis=0)
    return middle


def centred(vector: np.ndarray, middle: np.ndarray | None) -> np.ndarray:
    """The vector with the centroid taken away, at unit length (as it is when there is no centroid)."""
    if middle is None:
        return vector
    moved: np.ndarray = vector - middle
    norm = float(np.linalg.norm(moved))
    return moved / norm if norm > 0 else moved


def nearest_mean(vector: np.ndarray, examples: np.ndarray, nearest: int) -> float:
    """The mean of the `nearest` highest cosines of a (centred) vector to the rows of `examples`: how close it
    sits to a kind of text, read from that kind's closest examples rather than from their centre."""
    return float(np.sort(examples @ vector)[-nearest:].mean())
