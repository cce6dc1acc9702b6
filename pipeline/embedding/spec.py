"""What an embedding model is and what every embedder promises.

`ModelSpec` describes one model (how to load it, its prefixes, the identity of its vectors); `Embedder` is the
seam every backend implements (local fastembed, hosted providers); `unit_rows` is the normalisation all of
them apply, so that no zero, infinite or NaN vector ever reaches the index. Standard library and numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

E5_NAME = "multilingual-e5-small"
E5_FASTEMBED_NAME = "memoryd/multilingual-e5-small"  # registered with fastembed as a custom model
MINILM_NAME = "all-MiniLM-L6-v2"
MINILM_FASTEMBED_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DEFAULT_MODEL = E5_NAME


class ModelUnavailable(Exception):
    """An embedding model cannot be prepared or loaded. The message says why and how to fix it."""


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """Everything needed to load one embedding model and use it correctly.

    `path` is a complete model directory when `local` is true (loaded with fastembed's `specific_model_path`,
    offline); otherwise it is the fastembed cache directory the model downloads into. `pooling` is set only
    for models fastembed does not know and that must be registered as custom models ("mean").
    `quantization` names the weight variant ("fp32", "int8"), so that vectors of different variants are
    never mixed in one cache (see `cache_name`).
    """

    name: str
    fastembed_name: str
    path: Path
    dim: int
    max_length: int
    query_prefix: str = ""
    passage_prefix: str = ""
    quantization: str = "fp32"
    local: bool = True
    pooling: str | None = None

    @property
    def cache_name(self) -> str:
        """The identity of the vectors this model makes, e.g. `multilingual-e5-small/fp32/512`: vectors of
        another variant or window must not be mixed with these (the embedding cache is keyed by it)."""
        parts = [self.name, self.quantization, str(self.max_length) if self.max_length else ""]
        return "/".join(part for part in parts if part)


def e5_spec(path: Path, max_length: int, quantization: str) -> ModelSpec:
    """The spec of an e5 build directory (used by `pipeline.embedding.e5_build` for its reference gate too)."""
    return ModelSpec(
        name=E5_NAME,
        fastembed_name=E5_FASTEMBED_NAME,
        path=path,
        dim=384,
        max_length=max_length,
        query_prefix="query: ",
        passage_prefix="passage: ",
        quantization=quantization,
        pooling="mean",
    )


class Embedder(Protocol):
    """What the pipeline and search need from an embedding model. Every method blocks."""

    name: str  # the identity of the vectors (the embedding cache key), e.g. "multilingual-e5-small/fp32/512"
    dim: int

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """float32 [len(texts), dim], rows of unit length."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """float32 [dim], unit length."""
        ...

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """float32 [len(texts), dim], unit length: many texts on the query side at once."""
        ...


def unit_rows(vectors: np.ndarray) -> np.ndarray | None:
    """`vectors` scaled to unit length (float32), or None if any row is zero or not finite: such a vector
    means a broken model or provider, and must never reach the index (cosine would be garbage)."""
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    if not np.all(np.isfinite(norms)) or np.any(norms == 0):
        return None
    normalised: np.ndarray = (vectors / norms).astype(np.float32, copy=False)
    return normalised
