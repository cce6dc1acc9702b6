"""The transcript builder of the 58th held-out corpus (bench/heldout_transcript_kit.py) with Bat-Erdene's `malchin`
as the default working directory, this corpus's uuid5 namespace, and a Mongolian language guess.

Bat-Erdene works on Windows 11 with WSL2 (Ubuntu 24.04), so Claude Code runs inside Linux and records POSIX paths
under /home/baterdene/src; the shared builder's paths and /tmp/claude-1000 task files are what such a transcript
shows, so nothing is replaced here.

He writes a bit under half of his messages in Mongolian, in Cyrillic with ө and ү ("үүнийг битгий хий"), now and
then in Latin transliteration when he types on his phone ("bitgii hii", "daraa ni"), and mixes English technical
terms into both. The guess counts Mongolian evidence (words written in Cyrillic, he writes no Russian; and words
from a short list of transliterated Mongolian) against English function words; a text is "mn" when it has at least
two pieces of Mongolian evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

MAL = "/home/baterdene/src/malchin"
TAL = "/home/baterdene/src/tal-map"

heldout_transcript_kit.configure(cwd=MAL, namespace=uuid.UUID("ec3c2c7d-9035-50eb-93e5-0529d457791d"))

WORD = re.compile(r"[^\W\d_]+")
CYRILLIC = re.compile(r"[а-яёөүА-ЯЁӨҮ]")
# Transliterated Mongolian as he types it on the phone; words English also has ("bi", "uu") are left out.
_MN_LATIN = frozenset(
    [
        "bitgii",
        "hii",
        "hiigeerei",
        "daraa",
        "ni",
        "bol",
        "gej",
        "odoo",
        "ene",
        "ter",
        "yum",
        "bna",
        "baina",
        "baigaa",
        "shuu",
        "helsen",
        "hellee",
        "deer",
        "deerh",
        "ashigla",
        "ashiglaarai",
        "ajilluulaarai",
        "ajilluulah",
        "uudiig",
        "zaa",
        "za",
        "bayarlalaa",
        "bolohgui",
        "harii",
        "harya",
        "margaash",
        "zasaarai",
        "zasah",
        "yag",
        "tegeed",
        "gesen",
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
        "please",
    ]
)


def lang_of(text: str) -> str:
    """ "mn" when a text has at least two pieces of Mongolian evidence (a Cyrillic word, or a transliterated
    Mongolian word from the list) and no fewer of those than English function words; "en" otherwise."""
    words = WORD.findall(text)
    mn = sum(1 for w in words if CYRILLIC.search(w) or w.lower() in _MN_LATIN)
    en = sum(1 for w in words if w.lower() in _EN)
    return "mn" if mn >= 2 and mn >= en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=19, after=23)
