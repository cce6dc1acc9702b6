"""The transcript builder of the 26th held-out corpus (bench/heldout_transcript_kit.py) with Jiwoo's `settle-batch`
Kotlin/Spring Batch service as the default working directory, this corpus's uuid5 namespace, and a language guess.

Jiwoo mixes Korean and English. The scripts differ, so the guess counts whitespace-separated tokens by script: a
token is Korean when it holds a Hangul syllable (U+AC00..U+D7A3) or a Hangul compatibility jamo (U+3131..U+318E,
as in "ㅋㅋ", "ㅇㅇ", "ㄱㄱ"); it is English (Latin) when it holds an ASCII letter and no Hangul. Tokens that are
neither (numbers, punctuation, emoji) count for neither side. A token that mixes both, as Konglish particles glue
onto identifiers ("BehaviorSpec으로", "PR로", "ktlint랑"), counts as Korean. The text is "ko" when its Korean
tokens outnumber its Latin ones, else "en" (a tie is English). So a Korean sentence wrapped around a pasted
English log or stack trace counts as English, and a short Korean reply around two identifiers still counts as
Korean."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

SB = "/home/jiwoo/work/settle-batch"
DV = "/home/jiwoo/work/desk-viewer"

heldout_transcript_kit.configure(cwd=SB, namespace=uuid.UUID("3e9b7c21-64d8-4f0a-9c5e-b81a27d4f6c3"))

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
_LATIN = re.compile(r"[A-Za-z]")


def lang_of(text: str) -> str:
    """ "ko" when tokens with Hangul outnumber tokens with Latin letters (and no Hangul), else "en"."""
    ko = en = 0
    for tok in text.split():
        if _HANGUL.search(tok):
            ko += 1
        elif _LATIN.search(tok):
            en += 1
    return "ko" if ko > en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=19)
