"""multilingual-e5-small's tokenizer in plain Python: the ids of Hugging Face `tokenizers` reading the model's
tokenizer.json, in a quarter of the memory.

Why: `tokenizers` holds the 250,002-piece Unigram vocabulary in a trie that costs ~280 MB of resident memory,
half of the daemon's footprint. A dict of the pieces and an array of their scores hold the same vocabulary in
~46 MB when read from a compact file made once from tokenizer.json (`tokenizer.unigram`, written in the
child process that builds the model: parsing the 17 MB JSON would leave ~30 MB of fragments behind), and the
Viterbi search over one word is a few dozen dict lookups. Words repeat (Zipf), so a cache of recent words
makes most lookups free, as `tokenizers` itself does.

Invariant: `encode_batch` gives exactly the ids, attention masks and padding that fastembed's `tokenizers`
path gives for a tokenizer.json of this shape (Precompiled charsmap -> collapse runs of 2+ spaces ->
Metaspace with a prefix space, split at spaces -> Unigram with fused unknowns; `<s> A </s>`; added tokens
split out verbatim; right truncation to the model's window; padding to the batch's longest). The search is
a port of `tokenizers`' `Unigram::encode_optimized` (first candidate kept on equal scores, f64 sums), so
even segmentations that tie on score come out the same. A tokenizer.json of another shape is refused
(`UnsupportedTokenizer`), and fastembed's own tokenizer is used instead.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import struct
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.atomic_file import write_atomic

UNK_PENALTY = 10.0  # tokenizers: an unknown character scores the lowest piece's score minus this
_SPACE_RUNS = re.compile(r" {2,}")
_WORDS = re.compile(r" [^ ]*")
_WORD_CACHE = 65_536
COMPACT_FILE = "tokenizer.unigram"  # pieces, scores, charsmap and added tokens of tokenizer.json, compactly
COMPACT_FORMAT = 1


class UnsupportedTokenizer(ValueError):
    """The tokenizer.json is not the Unigram shape this module reproduces exactly."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What the tokenizer needs of tokenizer.json: pieces and scores in id order, the unknown piece, the
    normaliser's charsmap, and the added tokens."""

    pieces: list[str]
    scores: array[float]
    unk_id: int
    charsmap: bytes
    added: dict[str, int]

    @classmethod
    def from_tokenizer_json(cls, path: Path) -> Vocabulary:
        """Raises UnsupportedTokenizer for a tokenizer of another shape, OSError/ValueError for a bad file."""
        spec = json.loads(path.read_text(encoding="utf-8"))
        model = _checked(spec)
        charsmap = spec["normalizer"]["normalizers"][0]["precompiled_charsmap"]
        return cls(
            pieces=[str(piece) for piece, _ in model["vocab"]],
            scores=array("d", (float(score) for _, score in model["vocab"])),
            unk_id=int(model["unk_id"]),
            charsmap=base64.b64decode(charsmap),
            added={str(t["content"]): int(t["id"]) for t in spec.get("added_tokens", [])},
        )

    def write(self, target: Path, source_sha256: str) -> None:
        """The compact file: a header line (JSON), the pieces joined by NUL, then the scores as float64."""
        header = {
            "format": COMPACT_FORMAT,
            "source_sha256": source_sha256,
            "unk_id": self.unk_id,
            "charsmap": base64.b64encode(self.charsmap).decode("ascii"),
            "added": self.added,
            "count": len(self.pieces),
        }
        blob = "\0".join(self.pieces).encode("utf-8")
        write_atomic(
            target,
            json.dumps(header).encode("utf-8") + b"\n" + struct.pack("<Q", len(blob)) + blob + self.scores.tobytes(),
        )

    @classmethod
    def read(cls, path: Path) -> Vocabulary:
        """Raises ValueError for a file that is not a complete compact vocabulary."""
        data = path.read_bytes()
        line_end = data.index(b"\n")
        header = json.loads(data[:line_end])
        if header.get("format") != COMPACT_FORMAT:
            raise ValueError(f"{path}: not a compact vocabulary of format {COMPACT_FORMAT}")
        (size,) = struct.unpack_from("<Q", data, line_end + 1)
        start = line_end + 1 + 8
        pieces = data[start : start + size].decode("utf-8").split("\0")
        scores = array("d")
        scores.frombytes(data[start + size :])
        if len(pieces) != header["count"] or len(scores) != header["count"]:
            raise ValueError(f"{path}: truncated")
        return cls(pieces, scores, int(header["unk_id"]), base64.b64decode(header["charsmap"]), header["added"])


def compact_source(path: Path) -> str | None:
    """The tokenizer.json hash a compact vocabulary was made from, or None when there is none."""
    try:
        with path.open("rb") as handle:
            header = json.loads(handle.readline())
        return str(header["source_sha256"]) if header.get("format") == COMPACT_FORMAT else None
    except (OSError, ValueError, KeyError):
        return None


def ensure_compact(model_dir: Path) -> bool:
    """Write `tokenizer.unigram` beside a tokenizer.json of the supported shape, unless it is current.
    Returns whether it wrote one. Blocking (parses tokenizer.json: run it where that memory does not stay)."""
    source = model_dir / "tokenizer.json"
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    target = model_dir / COMPACT_FILE
    if compact_source(target) == digest:
        return False
    try:
        vocabulary = Vocabulary.from_tokenizer_json(source)
    except UnsupportedTokenizer:
        return False
    vocabulary.write(target, digest)
    return True


@dataclass(frozen=True, slots=True)
class Encoding:
    """What fastembed reads of an encoding: the ids and the attention mask, padded to the batch."""

    ids: list[int]
    attention_mask: list[int]

    def __len__(self) -> int:
        return len(self.ids)


class UnigramTokenizer:
    """`encode_batch` as fastembed calls it on a `tokenizers.Tokenizer`. Thread-safe (the cache is atomic)."""

    def __init__(self, vocabulary: Vocabulary, *, max_length: int) -> None:
        from tokenizers.normalizers import Precompiled

        self.max_length = max_length
        self._ids: dict[str, int] = {piece: index for index, piece in enumerate(vocabulary.pieces)}
        self._scores = vocabulary.scores
        self._longest = max(map(len, vocabulary.pieces))
        self._unk_id = vocabulary.unk_id
        self._unk_score = min(self._scores) - UNK_PENALTY
        self._normalizer = Precompiled(vocabulary.charsmap)
        added = vocabulary.added
        self._added = added
        self._split = re.compile("|".join(re.escape(s) for s in sorted(added, key=len, reverse=True)))
        self.bos_id, self.eos_id, self.pad_id = added["<s>"], added["</s>"], added["<pad>"]
        self._word_ids = functools.lru_cache(maxsize=_WORD_CACHE)(self._viterbi)

    @classmethod
    def from_file(cls, path: Path, *, max_length: int) -> UnigramTokenizer:
        """From tokenizer.json itself (parsing it costs ~30 MB more resident memory than `from_compact`)."""
        return cls(Vocabulary.from_tokenizer_json(path), max_length=max_length)

    @classmethod
    def from_compact(cls, path: Path, *, max_length: int) -> UnigramTokenizer:
        return cls(Vocabulary.read(path), max_length=max_length)

    def encode(self, text: str) -> Encoding:
        content = self._content_ids(text)[: self.max_length - 2]
        ids = [self.bos_id, *content, self.eos_id]
        return Encoding(ids, [1] * len(ids))

    def encode_batch(self, texts: list[str]) -> list[Encoding]:
        encoded = [self.encode(text) for text in texts]
        longest = max((len(e) for e in encoded), default=0)
        return [
            Encoding(e.ids + [self.pad_id] * (longest - len(e)), e.attention_mask + [0] * (longest - len(e)))
            for e in encoded
        ]

    def _content_ids(self, text: str) -> list[int]:
        """The ids of `text` without `<s>`/`</s>`: added tokens split out verbatim, the rest segmented."""
        ids: list[int] = []
        start = 0
        for match in self._split.finditer(text):
            ids += self._segment(text[start : match.start()])
            ids.append(self._added[match.group(0)])
            start = match.end()
        ids += self._segment(text[start:])
        return ids

    def _segment(self, text: str) -> list[int]:
        normalised = _SPACE_RUNS.sub(" ", self._normalizer.normalize_str(text)) if text else ""
        if not normalised:
            return []
        # Metaspace (prepend_scheme "always"): '▁' before the text unless it starts with one; split at each.
        if not normalised.startswith(" "):
            normalised = " " + normalised
        ids: list[int] = []
        for word in _WORDS.findall(normalised):
            ids += self._word_ids(word.replace(" ", "▁"))
        return ids

    def _viterbi(self, word: str) -> tuple[int, ...]:
        """The best segmentation of one word, as `tokenizers`' Unigram::encode_optimized finds it."""
        size = len(word)
        score: list[float] = [0.0] * (size + 1)
        start_of: list[int] = [-1] * (size + 1)
        token_of: list[int] = [0] * (size + 1)
        start_of[0] = 0
        ids, scores = self._ids, self._scores
        for start in range(size):
            base = score[start]
            single = False
            for end in range(start + 1, min(size, start + self._longest) + 1):
                token = ids.get(word[start:end])
                if token is None:
                    continue
                candidate = base + scores[token]
                if start_of[end] < 0 or candidate > score[end]:  # strictly better: the first candidate wins ties
                    score[end], start_of[end], token_of[end] = candidate, start, token
                if end == start + 1:
                    single = True
            if not single:
                candidate = base + self._unk_score
                if start_of[start + 1] < 0 or candidate > score[start + 1]:
                    score[start + 1], start_of[start + 1], token_of[start + 1] = candidate, start, self._unk_id
        backwards: list[int] = []
        end = size
        while end > 0:
            token = token_of[end]
            if not (token == self._unk_id and backwards and backwards[-1] == self._unk_id):  # fuse unknowns
                backwards.append(token)
            end = start_of[end]
        return tuple(reversed(backwards))


def _checked(spec: dict[str, Any]) -> dict[str, Any]:
    """The Unigram model of `spec`, after checking every stage is the one this module reproduces."""
    model = spec.get("model") or {}
    normalizers = (spec.get("normalizer") or {}).get("normalizers") or []
    pre = spec.get("pre_tokenizer") or {}
    post = spec.get("post_processor") or {}
    expected = (
        model.get("type") == "Unigram"
        and not model.get("byte_fallback")
        and isinstance(model.get("unk_id"), int)
        and [n.get("type") for n in normalizers] == ["Precompiled", "Replace"]
        and normalizers[1].get("pattern") == {"Regex": " {2,}"}
        and normalizers[1].get("content") == " "
        and pre.get("type") == "Metaspace"
        and pre.get("replacement") == "▁"
        and (pre.get("add_prefix_space") is True or pre.get("prepend_scheme") == "always")
        and pre.get("split", True) is True
        and post.get("type") == "TemplateProcessing"
        and [next(iter(item.values()))["id"] for item in post.get("single", [])] == ["<s>", "A", "</s>"]
    )
    if not expected:
        raise UnsupportedTokenizer("tokenizer.json is not a Precompiled/Metaspace/Unigram tokenizer")
    return dict(model)


def tokenizer_of(model_dir: Path, max_length: int) -> UnigramTokenizer | None:
    """The lean tokenizer of a build directory, from its compact vocabulary (`ensure_compact` makes it), or None
    when there is none (fastembed then loads tokenizer.json with `tokenizers`)."""
    path = model_dir / COMPACT_FILE
    if not path.is_file():
        return None
    try:
        return UnigramTokenizer.from_compact(path, max_length=max_length)
    except (OSError, ValueError, KeyError):
        return None
