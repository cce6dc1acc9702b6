"""The transcript builder of the 57th held-out corpus (bench/heldout_transcript_kit.py) with Armen's `lavash` as
the default working directory, this corpus's uuid5 namespace, and a language guess for a person who writes
Armenian (in Armenian script and, now and then, transliterated in Latin letters), Russian and English.

Armen works on macOS Sonoma (zsh, iTerm2, Neovim), so the working directories are `/Users/armen/code/lavash` and
`/Users/armen/code/ararat-cli`, and background output goes under /private/tmp/claude-501 (the shared builder
already does that for a cwd under /Users).

The guess: a word in Armenian script counts as Armenian, a word from a short list of transliterated Armenian words
("chanem", "sranic", "heto", "qnem", ...) too; a word in Cyrillic counts as Russian; English function words count
as English. A text is "hy" with at least two Armenian words and no fewer than either of the others, "ru" with at
least two Russian words and more of them than Armenian ones (and no fewer than English ones), "en" otherwise. A
Russian message is therefore neither Armenian nor English for the validator: it is the person's third language."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

LAV = "/Users/armen/code/lavash"
ARA = "/Users/armen/code/ararat-cli"

heldout_transcript_kit.configure(cwd=LAV, namespace=uuid.UUID("10128eca-e019-511a-bdc5-08cd7540d462"))

WORD = re.compile(r"[^\W\d_]+")
ARMENIAN = re.compile(r"[\u0531-\u0556\u0561-\u0587]")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
# Transliterated Armenian as Armen types it in Latin letters (no word English also uses).
_TRANSLIT = frozenset(
    [
        "ara",
        "arel",
        "anem",
        "chanem",
        "chanes",
        "chenq",
        "sranic",
        "srancic",
        "heto",
        "hima",
        "vaghy",
        "vaghe",
        "qnem",
        "qnum",
        "gnacinq",
        "lava",
        "lavn",
        "chi",
        "chem",
        "chka",
        "inchi",
        "inch",
        "voch",
        "hly",
        "es",
        "mer",
        "dra",
        "dranq",
        "baci",
        "bacenq",
        "nery",
        "nerov",
        "tesqov",
        "kanem",
        "kanenq",
        "exav",
        "chexav",
        "karmir",
        "erek",
        "nayi",
        "lav",
        "sarqenq",
        "porcenq",
        "hamar",
        "merci",
        "apres",
        "ancav",
        "ashxatum",
        "ashxatec",
        "chashxatec",
        "sxal",
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
    """ "hy" (Armenian script or transliteration), "ru" (Cyrillic) or "en", by counting words of each kind."""
    words = [w.lower() for w in WORD.findall(text)]
    hy = sum(1 for w in words if ARMENIAN.search(w) or w in _TRANSLIT)
    ru = sum(1 for w in words if CYRILLIC.search(w))
    en = sum(1 for w in words if w in _EN)
    if hy >= 2 and hy >= ru and hy >= en:
        return "hy"
    if ru >= 2 and ru > hy and ru >= en:
        return "ru"
    return "en"


heldout_transcript_kit.read_before_edit(first=9, spread=29, after=21)
