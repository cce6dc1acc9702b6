"""The embedding model in less memory: e5's tokenizer in plain Python (exactly the ids `tokenizers` gives for
the model's tokenizer.json), batches bounded by tokens, and a first build in a child process."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pipeline.embedding.models import prepare_model
from pipeline.embedding.spec import E5_NAME, e5_spec
from pipeline.embedding.unigram import (
    COMPACT_FILE,
    UnigramTokenizer,
    UnsupportedTokenizer,
    Vocabulary,
    ensure_compact,
    tokenizer_of,
)
from tests.conftest import MODEL_CACHE

EDGE_CASES = [
    "",
    " ",
    "  two leading, trailing  ",
    "tabs\tand\nnew\n\nlines",
    "a <mask> b <s>c</s> <unk>",
    "ﬁ ligatures Ⅻ ㍿ ｆｕｌｌｗｉｄｔｈ　space",
    "Émigré naïve café — “quotes” ½",
    "😀 emoji 👍🏽 \U000e0001 \u0378 unassigned",
    "心跳检测每五秒发送一次，连续三次没有响应就判定节点下线。",
    "def f(x):\n    return x**2  # comment",
    "русский текст, עברית, العربية, हिन्दी, ไทย",
    "x" * 3000,
    "漢字" * 600,
    # Segmentations that tie on score (p|pp or pp|p, i|ii or ii|i): a search over the whole text, rather than
    # word by word with the first candidate kept, picks the other one (found in the SciFact dev abstracts).
    "passage: The cytosolic helicase retinoic acid-inducible gene-I (RIG-I) initiates immune responses to most "
    "RNA viruses by detecting viral 5'-triphosphorylated RNA (pppRNA).",
    "(i) they form, (ii) they bind, and (iii) they improved",
]


@pytest.fixture(scope="module")
def model_dir() -> Path:
    return prepare_model(E5_NAME, MODEL_CACHE).path


def test_ids_equal_the_tokenizers_library_on_every_script(model_dir: Path) -> None:
    from fastembed.common.preprocessor_utils import load_tokenizer

    reference, _ = load_tokenizer(model_dir)
    ours = UnigramTokenizer.from_compact(model_dir / COMPACT_FILE, max_length=512)
    assert ours.encode_batch(EDGE_CASES[:5]) == UnigramTokenizer.from_file(
        model_dir / "tokenizer.json", max_length=512
    ).encode_batch(EDGE_CASES[:5])
    vocab = json.loads((model_dir / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    pieces = [piece.replace("▁", " ") for piece, _ in vocab[4:]]
    rng = random.Random(7)
    texts = EDGE_CASES + [
        "".join(rng.choice(pieces) for _ in range(rng.randint(1, 60))) + rng.choice(["", " ", "  ", "\n"])
        for _ in range(2000)
    ]
    for start in range(0, len(texts), 32):
        batch = texts[start : start + 32]
        for text, want, got in zip(batch, reference.encode_batch(batch), ours.encode_batch(batch), strict=True):
            assert (got.ids, got.attention_mask) == (want.ids, want.attention_mask), text[:80]


def test_the_embedder_uses_it_and_another_shape_is_refused(model_dir: Path, tmp_path: Path) -> None:
    from pipeline.embedding.embedder import FastEmbedEmbedder

    embedder = FastEmbedEmbedder(e5_spec(model_dir, 512, "fp32"))
    assert isinstance(embedder._text_embedding().model.tokenizer, UnigramTokenizer)
    spec = json.loads((model_dir / "tokenizer.json").read_text(encoding="utf-8"))
    spec["pre_tokenizer"] = {"type": "Whitespace"}
    other = tmp_path / "tokenizer.json"
    other.write_text(json.dumps(spec), encoding="utf-8")
    with pytest.raises(UnsupportedTokenizer):
        Vocabulary.from_tokenizer_json(other)
    assert not ensure_compact(tmp_path) and tokenizer_of(tmp_path, 512) is None  # fastembed's own tokenizer then


def test_batches_respect_the_text_and_token_budgets() -> None:
    from pipeline.embedding.embedder import token_batches

    assert token_batches([10] * 70, 32, 10_000) == [list(range(32)), list(range(32, 64)), list(range(64, 70))]
    lengths = [50, 60, 300, 500, 512, 512, 512, 512, 512]
    batches = token_batches(lengths, 32, 1024)
    assert [len(b) for b in batches] == [3, 2, 2, 2]  # 3 x 300 = 900; then 2 x 512 at most
    assert all(len(b) * max(lengths[i] for i in b) <= 1024 for b in batches)
    assert token_batches([4000], 32, 1024) == [[0]]  # a text longer than the budget still goes, alone
    assert [i for b in token_batches(lengths, 2, 10_000) for i in b] == list(range(len(lengths)))


def test_a_first_build_runs_in_a_child_process(tmp_path: Path) -> None:
    """1. No build yet: the build runs in a child (the log says so) and the model loads. 2. A build that fails
    (the models dir is a file) gives ModelUnavailable with the child's reason, not a crash."""
    from structlog.testing import capture_logs

    from pipeline.embedding.models import prepare_model_in_child
    from pipeline.embedding.spec import ModelUnavailable

    with capture_logs() as logs:
        spec = prepare_model_in_child(E5_NAME, tmp_path / "models")
    assert [entry["event"] for entry in logs] == ["model_build_started"]
    assert (spec.path / "model.onnx").is_file() and (spec.path / COMPACT_FILE).is_file()
    with capture_logs() as logs:
        assert prepare_model_in_child(E5_NAME, tmp_path / "models").path == spec.path
    assert logs == []  # built: nothing runs again
    blocked = tmp_path / "not-a-dir"
    blocked.write_text("", encoding="utf-8")
    with pytest.raises(ModelUnavailable, match="building multilingual-e5-small failed"):
        prepare_model_in_child(E5_NAME, blocked)


def test_freed_memory_goes_back_to_the_os() -> None:
    """malloc_trim is reachable here (glibc) and returns memory a burst of work freed."""
    import sys

    from pipeline.heap import release_free_memory

    if not sys.platform.startswith("linux"):
        pytest.skip("glibc only")

    def rss_kb() -> int:
        status = Path("/proc/self/status").read_text(encoding="utf-8")
        return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))

    release_free_memory()
    blocks = [bytes(1000) for _ in range(100_000)]  # ~100 MB in small blocks (malloc's heap, not mmap)
    del blocks[::2]  # freed in a pattern that leaves the heap's top in use
    grown = rss_kb()
    blocks.clear()
    assert release_free_memory()
    assert rss_kb() < grown - 50_000  # at least ~50 MB handed back
