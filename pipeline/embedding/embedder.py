"""The embedder seam: text in, L2-normalised float32 vectors out, through fastembed.

Invariant: every vector that leaves this module is float32, has the model's dimension and unit length, and
was computed with the model's query or passage prefix. fastembed (and onnxruntime behind it) is imported
only when a model is loaded, never at import time: the CLI imports the pipeline and must start fast.
All methods block (tokenizing and running the model); the daemon calls them through `asyncio.to_thread`.
"""

from __future__ import annotations

import os
import threading
import time
from typing import TYPE_CHECKING, Any

import numpy as np
import structlog

from pipeline.embedding.spec import ModelSpec, ModelUnavailable, unit_rows
from pipeline.embedding.unigram import tokenizer_of

if TYPE_CHECKING:
    from fastembed import TextEmbedding

logger = structlog.get_logger(__name__)

DEFAULT_BATCH_SIZE = 32  # beats fastembed's 256 on speed and memory (shared/EMBEDDING.md)
# Why a token budget as well: a model's working memory grows with texts x tokens (and attention with tokens
# squared); 32 texts of 512 tokens took ~1 GB at the peak, 4 of them ~120 MB, at about the same speed per
# text. Short notes still go 32 at a time. (bench/footprint.py)
DEFAULT_BATCH_TOKENS = 2048

# fastembed keeps custom models in a class-level list, and registering a name twice raises.
_registration_lock = threading.Lock()
_registered: set[str] = set()


class FastEmbedEmbedder:
    """An `Embedder` backed by fastembed's `TextEmbedding`. Loads lazily on first use; thread-safe."""

    def __init__(
        self, spec: ModelSpec, batch_size: int = DEFAULT_BATCH_SIZE, batch_tokens: int = DEFAULT_BATCH_TOKENS
    ) -> None:
        if batch_size < 1 or batch_tokens < 1:
            raise ValueError(f"batch_size and batch_tokens must be >= 1, not {batch_size}, {batch_tokens}")
        self.spec = spec
        self.name = spec.cache_name
        self.dim = spec.dim  # 0 for a fastembed-registry model until it is loaded
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens
        self._lock = threading.Lock()
        self._model: TextEmbedding | None = None

    def load(self) -> None:
        """Load the model once (later calls return at once). Blocking: seconds for a ~140 MB model."""
        self._text_embedding()

    def unload(self) -> bool:
        """Drop the loaded model (its onnxruntime session and tokenizer); `load` brings it back from the same
        prepared files. Returns whether one was loaded. Blocking only for the session's teardown."""
        with self._lock:
            loaded, self._model = self._model is not None, None
        return loaded

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed([self.spec.passage_prefix + text for text in texts])

    def embed_query(self, text: str) -> np.ndarray:
        vectors: np.ndarray = self._embed([self.spec.query_prefix + text])[0]
        return vectors

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._embed([self.spec.query_prefix + text for text in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        model = self._text_embedding()
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Why sort: fastembed pads each batch to its longest text, so batching similar lengths together saves
        # the padding work, and the token budget below can then take many short texts at once.
        lengths = self._token_counts(model, texts)
        order = sorted(range(len(texts)), key=lambda i: lengths[i])
        vectors = np.empty((len(texts), self.dim), dtype=np.float32)
        count = 0
        for batch in token_batches([lengths[i] for i in order], self.batch_size, self.batch_tokens):
            chosen = [order[position] for position in batch]
            embedded = model.embed([texts[i] for i in chosen], batch_size=len(chosen))
            for i, vector in zip(chosen, embedded, strict=False):
                if vector.shape != (self.dim,):
                    raise ModelUnavailable(
                        f"{self.spec.name} returned vectors of shape {vector.shape}, expected ({self.dim},)"
                    )
                vectors[i] = vector
                count += 1
        if count != len(texts):
            raise ModelUnavailable(f"{self.spec.name} returned {count} vectors for {len(texts)} texts")
        normalised = unit_rows(vectors)
        if normalised is None:
            raise ModelUnavailable(f"{self.spec.name} returned a zero or non-finite vector")
        return normalised

    def _token_counts(self, model: TextEmbedding, texts: list[str]) -> list[int]:
        """Each text's length in the model's tokens (capped at its window); UTF-8 bytes / 4 without a tokenizer."""
        tokenizer = getattr(model.model, "tokenizer", None)
        limit = self.spec.max_length or 512
        if tokenizer is None:
            return [min(limit, len(text.encode("utf-8")) // 4 + 2) for text in texts]
        return [min(limit, len(tokenizer.encode(text).ids)) for text in texts]

    def _text_embedding(self) -> TextEmbedding:
        with self._lock:
            if self._model is None:
                self._model = _load_text_embedding(self.spec)
                if not self.dim:
                    self.dim = self._model.embedding_size
            return self._model


def token_batches(lengths: list[int], max_texts: int, max_tokens: int) -> list[list[int]]:
    """Positions of `lengths` (sorted ascending) cut into consecutive batches of at most `max_texts` texts and,
    padded to the batch's longest, at most `max_tokens` tokens (a longer single text still gets its batch)."""
    batches: list[list[int]] = []
    current: list[int] = []
    for position, length in enumerate(lengths):
        if current and (len(current) >= max_texts or (len(current) + 1) * max(length, 1) > max_tokens):
            batches.append(current)
            current = []
        current.append(position)
    if current:
        batches.append(current)
    return batches


class _ShrinkingSession:
    """The onnxruntime session fastembed runs, giving its arena's memory back after every batch of texts.

    Why: the arena keeps the largest batch's working memory for good (+150 MB after one batch of 8 texts of 512
    tokens). Shrinking after multi-text runs returns it; single-text runs (queries) keep the warm arena, so
    their latency does not change (bench/footprint.py).
    """

    def __init__(self, session: Any) -> None:
        import onnxruntime as ort

        self._session = session
        self._shrink = ort.RunOptions()
        self._shrink.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")

    def run(self, output_names: Any, feed: dict[str, Any], run_options: Any = None) -> Any:
        rows = next(iter(feed.values())).shape[0] if feed else 0
        return self._session.run(output_names, feed, run_options or (self._shrink if rows > 1 else None))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


def _load_text_embedding(spec: ModelSpec) -> TextEmbedding:
    started = time.monotonic()
    if spec.local:
        # Why: huggingface_hub reads this at import; without it a missing file retries the network for ~30 s.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        from fastembed import TextEmbedding
    except ImportError as exc:
        raise ModelUnavailable(f"fastembed is not installed ({exc}); reinstall memoryd: pip install memoryd") from exc
    if spec.pooling is not None:
        _register_custom_model(spec)
    try:
        if spec.local:
            model = TextEmbedding(spec.fastembed_name, specific_model_path=str(spec.path), lazy_load=True)
            _open_quiet_session(model, spec)
        else:
            model = TextEmbedding(spec.fastembed_name, cache_dir=str(spec.path))
    except Exception as exc:  # fastembed raises ValueError, OSError, onnxruntime errors...
        where = f"from {spec.path}" if spec.local else "(fastembed downloads it from the Hugging Face hub)"
        raise ModelUnavailable(f"cannot load the embedding model {spec.name} {where}: {exc}") from exc
    logger.info(
        "model_loaded",
        model=spec.name,
        fastembed_name=spec.fastembed_name,
        quantization=spec.quantization,
        ms=round((time.monotonic() - started) * 1000),
    )
    return model


def _open_quiet_session(model: TextEmbedding, spec: ModelSpec) -> None:
    """Open the onnxruntime session of a lazily constructed `model` ourselves, with idle spinning off.

    Why: by default onnxruntime's worker threads busy-wait for a while after every run. A query's embedding
    is followed at once by the numpy scan of the vector matrix, and on 2 cores the spinning threads halved
    the scan's speed (14 ms instead of 7 at 10^5 chunks) and slowed the next query's embedding too
    (bench/latency.py). fastembed exposes no such session option, so the session is built here; throughput
    on passage batches is unchanged. If fastembed's internals ever move, fall back to its own loading.
    """
    import onnxruntime as ort

    inner: Any = model.model  # fastembed's private model object (its attributes are not typed)
    model_dir = spec.path
    tokenizer = tokenizer_of(model_dir, spec.max_length) if spec.max_length else None
    try:
        model_file = model_dir / inner.model_description.model_file
        if tokenizer is not None:
            inner.tokenizer = tokenizer  # Why: ~70 MB for the vocabulary instead of `tokenizers`' ~280 MB
        else:
            inner._ensure_tokenizer()
    except AttributeError as exc:
        logger.warning("quiet_session_unavailable", reason=str(exc))
        inner.load_onnx_model()
        return
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.add_session_config_entry("session.inter_op.allow_spinning", "0")
    session = ort.InferenceSession(str(model_file), sess_options=options, providers=["CPUExecutionProvider"])
    inner.model = _ShrinkingSession(session)


def _register_custom_model(spec: ModelSpec) -> None:
    """Tell fastembed about a model of ours, once per process (registering twice raises in fastembed)."""
    from fastembed import TextEmbedding
    from fastembed.common.model_description import ModelSource, PoolingType

    with _registration_lock:
        if spec.fastembed_name in _registered:
            return
        known = {entry["model"].lower() for entry in TextEmbedding.list_supported_models()}
        if spec.fastembed_name.lower() not in known:
            TextEmbedding.add_custom_model(
                model=spec.fastembed_name,
                pooling=PoolingType(str(spec.pooling).upper()),
                normalization=True,
                # Why a dummy source: fastembed requires one; it is never contacted with specific_model_path.
                sources=ModelSource(hf="intfloat/multilingual-e5-small"),
                dim=spec.dim,
                model_file="model.onnx",
                description=f"{spec.name}, built locally by memoryd",
            )
        _registered.add(spec.fastembed_name)
