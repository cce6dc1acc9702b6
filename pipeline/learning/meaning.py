"""Comparing texts by meaning with the embedding model's vectors, after taking away what a kind of text has in
common.

e5-small's vectors of texts of one kind (failure descriptions, rules) sit in a narrow cone: every two test
failures of a project score 0.85-0.95, so a raw cosine cannot tell the same problem from a neighbour, and the
most talked-about problem attracts everything. Subtracting the kind's centroid (the mean of its vectors) and
renormalising leaves what is particular to each text; centred cosines of unrelated texts sit around 0, of the
same subject well above. Pure, numpy only.
"""

from __future__ import annotations

import re
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


_SCRIPTS = (
    ("hangul", re.compile(r"[\uac00-\ud7af]")),
    ("kana", re.compile(r"[\u3040-\u30ff]")),
    ("han", re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")),
    ("cyrillic", re.compile(r"[\u0400-\u04ff]")),
    ("arabic", re.compile(r"[\u0600-\u06ff]")),
    ("hebrew", re.compile(r"[\u0590-\u05ff]")),
    ("greek", re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")),
    ("thai", re.compile(r"[\u0e00-\u0e7f]")),
    ("devanagari", re.compile(r"[\u0900-\u097f]")),
    ("bengali", re.compile(r"[\u0980-\u09ff]")),
    ("gurmukhi", re.compile(r"[\u0a00-\u0a7f]")),
    ("gujarati", re.compile(r"[\u0a80-\u0aff]")),
    ("tamil", re.compile(r"[\u0b80-\u0bff]")),
    ("telugu", re.compile(r"[\u0c00-\u0c7f]")),
    ("kannada", re.compile(r"[\u0c80-\u0cff]")),
    ("malayalam", re.compile(r"[\u0d00-\u0d7f]")),
    ("sinhala", re.compile(r"[\u0d80-\u0dff]")),
    ("armenian", re.compile(r"[\u0530-\u058f]")),
    ("georgian", re.compile(r"[\u10a0-\u10ff]")),
    ("ethiopic", re.compile(r"[\u1200-\u137f]")),
)
MIN_PER_SCRIPT = 3


def script_of(text: str) -> str:
    """The writing system a text is in, by its first non-Latin letters ("latin" when it has none): Japanese
    before Chinese, since its kanji are Han too."""
    return next((name for name, letters in _SCRIPTS if letters.search(text)), "latin")


class ScriptCentred:
    """Centred vectors with each writing system's own mean taken away as well: in a home with rules in two
    languages, the model puts a sentence nearer the rules written in its own language, whatever they say (a
    Korean "from now on, reward jobs run on their own queue" scored 0.14 against the English rule it replaces
    and 0.25 against an unrelated Korean one). A script with fewer than MIN_PER_SCRIPT texts keeps the plain
    centred vector."""

    def __init__(self, vectors: dict[str, np.ndarray], middle: np.ndarray | None) -> None:
        self.middle = middle
        groups: dict[str, list[np.ndarray]] = {}
        for text, vector in vectors.items():
            groups.setdefault(script_of(text), []).append(centred(vector, middle))
        self.means = {name: np.mean(np.stack(g), axis=0) for name, g in groups.items() if len(g) >= MIN_PER_SCRIPT}

    def __call__(self, text: str, vector: np.ndarray) -> np.ndarray:
        moved = centred(vector, self.middle)
        mean = self.means.get(script_of(text))
        return centred(moved, mean) if mean is not None else moved
