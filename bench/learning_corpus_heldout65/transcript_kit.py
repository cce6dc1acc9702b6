"""The transcript builder of the 65th held-out corpus (bench/heldout_transcript_kit.py) with Sokha's `tuktuk-dispatch`
as the default working directory, this corpus's uuid5 namespace, and a Khmer language guess.

Sokha writes about a third of her messages in Khmer script (no spaces between words, spaces between phrases,
English technical terms embedded), some in Khmer typed with Latin letters when she is in a hurry ("kom", "ot te",
"baat", "orkun"), and the rest in English. The guess counts Khmer evidence (each run of Khmer script counts one, plus
one per six characters of it, and each romanised Khmer word from a short list) against English function words; a
text is "km" when it has at least two pieces of Khmer evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

TUK = "/home/sokha/code/tuktuk-dispatch"
PSAR = "/home/sokha/code/psar-shop"

heldout_transcript_kit.configure(cwd=TUK, namespace=uuid.UUID("5b0e7c52-65a1-5d0f-9a65-6b8e1c4d7f65"))

KHMER_RUN = re.compile(r"[\u1780-\u17ff\u19e0-\u19ff]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
# Khmer as Sokha types it with Latin letters; words that are also everyday English ("mean", "min", "sin") are left out.
_KM_LATIN = frozenset(
    [
        "kom",
        "ot",
        "te",
        "baat",
        "bat",
        "orkun",
        "arkun",
        "som",
        "jol",
        "ban",
        "hz",
        "haey",
        "hoy",
        "tver",
        "yang",
        "mec",
        "mech",
        "knhom",
        "khnhom",
        "nhom",
        "bong",
        "oun",
        "sen",
        "nis",
        "nih",
        "nas",
        "nov",
        "dak",
        "mok",
        "tov",
        "chab",
        "pi",
        "muy",
        "pel",
        "del",
        "ning",
        "kor",
        "kae",
        "ey",
        "ai",
        "sa'ek",
        "saek",
        "tiet",
        "dae",
        "jea",
        "chea",
        "nich",
        "jia",
        "laor",
        "l'or",
        "men",
        "mien",
        "tae",
        "krahom",
        "oy",
        "aoy",
        "pdas",
        "pdoa",
        "chmuoh",
        "chong",
        "bae",
        "rouch",
        "hei",
        "tam",
        "sok",
        "ort",
        "tam",
        "tos",
    ]
)
_EN = frozenset(
    [
        "the",
        "an",
        "and",
        "or",
        "but",
        "not",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "there",
        "you",
        "we",
        "they",
        "my",
        "your",
        "our",
        "me",
        "of",
        "on",
        "at",
        "for",
        "with",
        "from",
        "by",
        "as",
        "if",
        "so",
        "does",
        "did",
        "can",
        "could",
        "should",
        "would",
        "will",
        "just",
        "what",
        "why",
        "how",
        "when",
        "also",
        "then",
        "in",
        "don't",
        "dont",
        "it's",
        "have",
        "has",
        "all",
        "any",
        "every",
        "only",
        "out",
        "up",
        "into",
        "here",
        "now",
        "again",
        "still",
        "after",
        "before",
    ]
)


def lang_of(text: str) -> str:
    """ "km" when a text has at least two pieces of Khmer evidence and no fewer of those than English function
    words; "en" otherwise."""
    km = sum(1 + len(run) // 6 for run in KHMER_RUN.findall(text))
    words = [w.lower() for w in WORD.findall(text)]
    km += sum(1 for w in words if w in _KM_LATIN)
    en = sum(1 for w in words if w in _EN)
    return "km" if km >= 2 and km >= en else "en"


heldout_transcript_kit.read_before_edit(first=9, spread=29, after=21)
