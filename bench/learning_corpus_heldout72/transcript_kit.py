"""The transcript builder of the 72nd held-out corpus (bench/heldout_transcript_kit.py) with Sayali's `oos-tolan`
as the default working directory, this corpus's uuid5 namespace, and a Marathi language guess.

Sayali works on Ubuntu 24.04 (bash, Neovim, tmux) under /home/sayali/work. She writes Marathi in Devanagari, some
romanised Marathi when typing fast, a few Hindi words, and English; technical terms stay English. The guess counts
Marathi evidence (runs of Devanagari letters, romanised Marathi/Hindi everyday words) against English function
words; a text is "mr" when it has at least two pieces of Marathi evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403

OOS = "/home/sayali/work/oos-tolan"
GHAT = "/home/sayali/work/ghat-rakshak"

heldout_transcript_kit.configure(cwd=OOS, namespace=uuid.UUID("7a1d2c94-5e3b-5f08-9c61-72b4e0d3a972"))

DEVANAGARI = re.compile(r"[\u0900-\u097F]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_MR_TEXT = (
    "zala zali zale ka kay kaay nahi nahee aahe ahe hota hoti kar kara karaycha karto karte bagh bagha baghu "
    "udya aaj kal parat punha ata aata mag pan bas chalel chalto chalte thik theek kaam kasa kashi kuthe "
    "sangitla sang sanga lavkar jara thoda sagla sagle bara barobar mhanje nako naka yeto yete gela geli "
    "abhi kya accha haan ho"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_MR = frozenset(_MR_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "mr" when a text has at least two pieces of Marathi evidence (a run of Devanagari letters, or a romanised
    Marathi word from the list) and no fewer of those than English function words; "en" otherwise."""
    mr = len(DEVANAGARI.findall(text))
    words = [w.lower() for w in WORD.findall(text)]
    mr += sum(1 for w in words if w in _MR)
    en = sum(1 for w in words if w in _EN)
    return "mr" if mr >= 2 and mr >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=11)
