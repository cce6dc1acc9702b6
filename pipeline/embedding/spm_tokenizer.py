"""multilingual-e5-small's tokenizer as a SentencePiece model: the same token ids as Hugging Face `tokenizers`
reading the model's tokenizer.json, in a fifth of the memory.

Why: `tokenizers` holds the 250,002-piece Unigram vocabulary in a trie that costs ~280 MB of resident memory,
half of the daemon's footprint; SentencePiece's double-array trie holds the same pieces and scores in ~55 MB.
The model is converted once, offline, from tokenizer.json when the e5 build is made (`write_spm_model`).

Invariant: `encode_batch` gives the ids, attention masks and padding that fastembed's `tokenizers` path gives
for this model (tokenizer.json: Precompiled charsmap -> collapse runs of 2+ spaces -> Metaspace with a prefix
space -> Unigram; `<s> A </s>`; added tokens split out verbatim; right truncation to the model's window;
padding to the batch's longest). The one known difference: where two segmentations have exactly the same
Unigram score (e.g. `AAA` as `A|AA` or `AA|A`), the two libraries break the tie differently; that happened
in 3 of the 13,575 development texts (tests/test_spm_tokenizer.py measures it, and the vectors' cosine).
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.atomic_file import write_atomic

SPM_FILE = "tokenizer.spm"
CHARSMAP_FILE = "tokenizer.charsmap"
SPECIALS_FILE = "tokenizer.spm.json"
_SPACE_RUNS = re.compile(r" {2,}")


@dataclass(frozen=True, slots=True)
class Encoding:
    """What fastembed reads of an encoding: the ids and the attention mask, padded to the batch."""

    ids: list[int]
    attention_mask: list[int]

    def __len__(self) -> int:
        return len(self.ids)


def write_spm_model(tokenizer_json: Path, target_dir: Path) -> None:
    """Convert tokenizer.json (a Unigram model with a Precompiled normalizer) into `tokenizer.spm` (the pieces
    and scores), `tokenizer.charsmap` (the normaliser) and `tokenizer.spm.json` (special tokens) in
    `target_dir`. Raises ValueError when the tokenizer is not of that shape."""
    pb = _model_pb2()
    spec = json.loads(tokenizer_json.read_text(encoding="utf-8"))
    model = spec.get("model") or {}
    if model.get("type") != "Unigram":
        raise ValueError(f"{tokenizer_json}: not a Unigram tokenizer")
    normalizers = (spec.get("normalizer") or {}).get("normalizers") or []
    charsmaps = [n["precompiled_charsmap"] for n in normalizers if n.get("type") == "Precompiled"]
    if len(charsmaps) != 1:
        raise ValueError(f"{tokenizer_json}: expected one Precompiled normalizer")
    added = {token["content"]: int(token["id"]) for token in spec.get("added_tokens", [])}
    unk_id = int(model.get("unk_id", 0))
    proto = pb.ModelProto()
    for index, (piece, score) in enumerate(model["vocab"]):
        entry = proto.pieces.add()
        entry.piece, entry.score = piece, float(score)
        if index == unk_id:
            entry.type = pb.ModelProto.SentencePiece.UNKNOWN
        elif piece in added:
            entry.type = pb.ModelProto.SentencePiece.CONTROL
        else:
            entry.type = pb.ModelProto.SentencePiece.NORMAL
    proto.trainer_spec.model_type = pb.TrainerSpec.UNIGRAM
    proto.trainer_spec.vocab_size = len(model["vocab"])
    proto.trainer_spec.unk_id = unk_id
    proto.trainer_spec.bos_id = proto.trainer_spec.eos_id = proto.trainer_spec.pad_id = -1
    # Normalisation happens in `SpmTokenizer` (the charsmap, then the space collapse tokenizer.json asks
    # for, then the prefix space); the model itself only escapes spaces, as tokenizer.json's Metaspace does.
    proto.normalizer_spec.name = "identity"
    proto.normalizer_spec.add_dummy_prefix = False
    proto.normalizer_spec.remove_extra_whitespaces = False
    proto.normalizer_spec.escape_whitespaces = True
    # Each file atomically, the model last: `tokenizer_of` uses the three only once all exist.
    write_atomic(target_dir / CHARSMAP_FILE, base64.b64decode(charsmaps[0]))
    write_atomic(target_dir / SPECIALS_FILE, json.dumps({"added": added}, ensure_ascii=False))
    write_atomic(target_dir / SPM_FILE, proto.SerializeToString())


def ensure_spm_model(model_dir: Path) -> bool:
    """Add the SentencePiece files to a build made before they existed. Returns whether it wrote them."""
    if tokenizer_files_present(model_dir) or not (model_dir / "tokenizer.json").is_file():
        return False
    write_spm_model(model_dir / "tokenizer.json", model_dir)
    return True


def tokenizer_files_present(model_dir: Path) -> bool:
    return all((model_dir / name).is_file() for name in (SPM_FILE, CHARSMAP_FILE, SPECIALS_FILE))


class SpmTokenizer:
    """`encode_batch` as fastembed calls it on a `tokenizers.Tokenizer`. Thread-safe for reading."""

    def __init__(
        self, model_dir: Path, *, max_length: int, bos: str = "<s>", eos: str = "</s>", pad: str = "<pad>"
    ) -> None:
        import sentencepiece as spm

        pb = _model_pb2()
        self._processor = spm.SentencePieceProcessor(model_file=str(model_dir / SPM_FILE))
        normalizer = pb.NormalizerSpec()
        normalizer.name = "charsmap"
        normalizer.precompiled_charsmap = (model_dir / CHARSMAP_FILE).read_bytes()
        normalizer.add_dummy_prefix = False
        normalizer.remove_extra_whitespaces = False
        normalizer.escape_whitespaces = False
        self._normalizer = spm.SentencePieceNormalizer(normalizer_spec=normalizer.SerializeToString())
        self.max_length = max_length
        added: dict[str, int] = json.loads((model_dir / SPECIALS_FILE).read_text(encoding="utf-8"))["added"]
        self.bos_id, self.eos_id, self.pad_id = added[bos], added[eos], added[pad]
        self._added = added
        self._split = re.compile("|".join(re.escape(s) for s in sorted(added, key=len, reverse=True)))

    def _ids(self, text: str) -> list[int]:
        """The content ids of `text`, without `<s>`/`</s>`: added tokens split out, the rest normalised."""
        ids: list[int] = []
        start = 0
        for match in self._split.finditer(text):
            ids += self._segment(text[start : match.start()])
            ids.append(self._added[match.group(0)])
            start = match.end()
        ids += self._segment(text[start:])
        return ids

    def _segment(self, text: str) -> list[int]:
        if not text:
            return []
        normalised = _SPACE_RUNS.sub(" ", self._normalizer.normalize(text))
        if not normalised:
            return []
        # Why only then: Metaspace (prepend_scheme "always") prepends '▁' unless the text already starts with one.
        if not normalised.startswith(" "):
            normalised = " " + normalised
        result: list[int] = self._processor.encode(normalised)
        return result

    def encode(self, text: str) -> Encoding:
        content = self._ids(text)[: self.max_length - 2]
        ids = [self.bos_id, *content, self.eos_id]
        return Encoding(ids, [1] * len(ids))

    def encode_batch(self, texts: list[str]) -> list[Encoding]:
        encoded = [self.encode(text) for text in texts]
        longest = max((len(e) for e in encoded), default=0)
        return [
            Encoding(e.ids + [self.pad_id] * (longest - len(e)), e.attention_mask + [0] * (longest - len(e)))
            for e in encoded
        ]


def _model_pb2() -> Any:
    """sentencepiece's generated protobuf module (its classes carry no type information)."""
    from sentencepiece import sentencepiece_model_pb2

    return sentencepiece_model_pb2


def tokenizer_of(model_dir: Path, max_length: int) -> SpmTokenizer | None:
    """The SentencePiece tokenizer of a build directory, or None when the build has none (an older build)."""
    if not tokenizer_files_present(model_dir):
        return None
    return SpmTokenizer(model_dir, max_length=max_length)
