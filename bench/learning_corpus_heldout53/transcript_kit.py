"""The transcript builder of the 53rd held-out corpus (bench/heldout_transcript_kit.py) with Nino's `mtsvane` as the
default working directory, this corpus's uuid5 namespace, and a Georgian language guess.

Nino works on macOS (zsh, Homebrew), so Claude Code records a cwd such as `/Users/nino/code/mtsvane`, and background
tasks write under /private/tmp/claude-501 (the shared builder already does this for a cwd under /Users).

She writes a little under half of her messages in Georgian: mostly in Georgian script (Mkhedruli), sometimes in
Latin letters when she types fast ("ar gamoiyeno", "kargi, madloba"), with technical terms left in English. The
guess counts Georgian evidence (words written in Mkhedruli, and a short list of Georgian words as she transliterates
them) against English function words; a text is "ka" when it has at least two pieces of Georgian evidence and no
fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

TSV = "/Users/nino/code/mtsvane"
MDN = "/Users/nino/code/mdinare"

heldout_transcript_kit.configure(cwd=TSV, namespace=uuid.UUID("5d1e7c3a-9b52-5c48-a0f3-27e4d61b8a53"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
MKHEDRULI = re.compile(r"[\u10d0-\u10ff]")
# Georgian as Nino types it in Latin letters when she is in a hurry (words English does not use).
_TRANSLIT = frozenset(
    [
        "ar",
        "ara",
        "kargi",
        "madloba",
        "gmadlob",
        "didi",
        "ese",
        "esec",
        "aq",
        "iq",
        "rom",
        "tu",
        "mere",
        "gamoiyeno",
        "gamoiyenot",
        "gaushvi",
        "gavushvi",
        "sakmarisia",
        "gvinda",
        "minda",
        "chveulebrivi",
        "kide",
        "isev",
        "ukve",
        "xval",
        "dges",
        "dghes",
        "vnaxot",
        "xo",
        "aris",
        "magram",
        "arc",
        "chemi",
        "shen",
        "sheni",
        "mushaobs",
        "mushaob",
        "ver",
        "vera",
        "ratom",
        "rogor",
        "sad",
        "amas",
        "imas",
        "egaa",
        "kai",
        "gaaketo",
        "gaakete",
        "daaweke",
        "davwer",
        "davwere",
        "dagvchirdeba",
        "gamovrtot",
        "chavrtot",
        "gavaketot",
        "cota",
        "nela",
        "swrafad",
        "sxva",
        "yvelaperi",
        "araperi",
        "ertad",
        "tavidan",
        "axla",
        "mgoni",
        "vici",
        "ici",
        "ravi",
        "mivxvdi",
        "gasagebia",
        "shemdeg",
        "gaaswore",
        "gaasworo",
        "sanam",
        "gadavamowmeb",
        "unda",
        "ikos",
        "ikneba",
        "vitom",
        "sul",
        "ubralod",
        "saghamos",
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
        "i",
        "i'm",
        "let's",
    ]
)


def lang_of(text: str) -> str:
    """ "ka" when a text has at least two pieces of Georgian evidence (a word in Georgian script, or a Georgian word
    typed in Latin letters) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ka = sum(1 for w in words if MKHEDRULI.search(w) or w in _TRANSLIT)
    en = sum(1 for w in words if w in _EN)
    return "ka" if ka >= 2 and ka >= en else "en"


heldout_transcript_kit.read_before_edit(first=9, spread=19, after=21)
