"""The transcript builder of the 61st held-out corpus (bench/heldout_transcript_kit.py) with Thiha's `mohinga` as
the default working directory, this corpus's uuid5 namespace and a Burmese language guess.

Thiha works on macOS Sequoia (zsh, VS Code and Rider), so paths are POSIX ones under /Users/thiha/dev. He writes
Burmese in Myanmar script in about a third of his messages and Burmese in Latin letters ("ma lote nae", "a-mye")
when typing fast. The guess counts Burmese evidence (each run of Myanmar-script letters counts twice, and Latin
Burmese words from a list once) against English function words; a text is "my" when it has at least two pieces
of Burmese evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

GAME = "/Users/thiha/dev/mohinga"
API = "/Users/thiha/dev/shwe-api"

heldout_transcript_kit.configure(cwd=GAME, namespace=uuid.UUID("3b0d6f52-61a1-5c2e-9f61-6d6f68696e67"))

MY_RUN = re.compile(r"[\u1000-\u109f]+")
WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")
_MY_LATIN = frozenset(
    [
        "ma",
        "lote",
        "nae",
        "a-mye",
        "nout",
        "ko",
        "lo",
        "yay",
        "pay",
        "phyit",
        "aung",
        "tway",
        "tae",
        "kyay",
        "zu",
        "kyayzu",
        "ya",
        "pi",
        "pyi",
        "bu",
        "bal",
        "thone",
        "mal",
        "mhar",
        "tar",
        "naw",
        "htae",
        "thit",
        "a-thit",
        "pyin",
        "pyaw",
        "thar",
        "kyi",
        "sann",
        "khu",
        "dar",
        "dae",
        "lar",
        "shi",
        "chin",
        "kg",
        "tl",
        "ne",
        "pel",
        "wa",
        "ngar",
        "min",
        "hmar",
        "loke",
        "ywe",
        "pyan",
        "htat",
        "tot",
        "lote",
        "mhat",
        "pe",
        "thwar",
        "twar",
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
    """ "my" when a text has at least two pieces of Burmese evidence and no fewer than English function words."""
    my = 2 * len(MY_RUN.findall(text)) + sum(1 for w in WORD.findall(text) if w.lower() in _MY_LATIN)
    en = sum(1 for w in WORD.findall(text) if w.lower() in _EN)
    return "my" if my >= 2 and my >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=19, after=13)
