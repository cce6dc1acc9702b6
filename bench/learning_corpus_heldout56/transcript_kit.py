"""The transcript builder of the 56th held-out corpus (bench/heldout_transcript_kit.py) with Selam's `tena-kendo`
as the default working directory, this corpus's uuid5 namespace, and an Amharic language guess.

Selam works on Ubuntu 24.04 (fish shell, VS Code), so Claude Code records a cwd such as
`/home/selam/code/tena-kendo`. She writes a bit under half of her messages in Amharic, mostly in Ge'ez script
("ይህን አታድርግ") and now and then in Latin letters ("yihen atadrg", "keahun behuala"), with English technical terms
inside. The guess counts Amharic evidence (words carrying Ethiopic letters, and a short list of Amharic words as
she types them in Latin letters) against English function words; a text is "am" when it has at least two pieces
of Amharic evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

TENA = "/home/selam/code/tena-kendo"
BUNA = "/home/selam/code/buna-ledger"

heldout_transcript_kit.configure(cwd=TENA, namespace=uuid.UUID("5c0e8f4a-56d1-5e2b-9a4c-7d3b1e6f0a56"))

WORD = re.compile(r"[^\W\d_]+")
ETHIOPIC = re.compile(r"[\u1200-\u139f\u2d80-\u2ddf]")
# Amharic as Selam types it in Latin letters; words English also has ("new", "and", "min") are left out.
_AM_LATIN = frozenset(
    [
        "yihen",
        "atadrg",
        "atadrigu",
        "keahun",
        "behuala",
        "ebakih",
        "ebakish",
        "betam",
        "amesegnalehu",
        "amesegnalew",
        "tiru",
        "aydelem",
        "yelem",
        "indet",
        "dehna",
        "awo",
        "ishi",
        "lemin",
        "ahun",
        "bicha",
        "yibeqal",
        "neger",
        "yihe",
        "sira",
        "sirat",
        "nege",
        "eshi",
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
        "to",
        "do",
    ]
)


def lang_of(text: str) -> str:
    """ "am" when a text has at least two pieces of Amharic evidence (a word in Ethiopic script, or an Amharic word
    typed in Latin letters) and no fewer of those than English function words; "en" otherwise."""
    words = WORD.findall(text)
    am = sum(1 for w in words if ETHIOPIC.search(w) or w.lower() in _AM_LATIN)
    en = sum(1 for w in words if w.lower() in _EN)
    return "am" if am >= 2 and am >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=19, after=13)
