"""The transcript builder of the 71st held-out corpus (bench/heldout_transcript_kit.py) with Hetal's `kapas-ledger`
as the default working directory, this corpus's uuid5 namespace, and a Gujarati language guess.

Hetal works on macOS 15 (zsh, VS Code, iTerm2), so Claude Code records paths under /Users/hetal/code and background
tasks under /private/tmp/claude-501. She writes Gujarati in Gujarati script with Hindi words slipping in ("accha",
"chalo", "bas") and English technical terms throughout. The guess counts Gujarati evidence (runs of Gujarati
letters, and a few romanised Hindi/Gujarati everyday words) against English function words; a text is "gu" when it
has at least two pieces of Gujarati evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KAPAS = "/Users/hetal/code/kapas-ledger"
VYAPARI = "/Users/hetal/code/vyapari"

heldout_transcript_kit.configure(cwd=KAPAS, namespace=uuid.UUID("8b1f4e27-3a6c-5d90-9e12-71c4a5d0b071"))

GUJARATI = re.compile(r"[\u0A80-\u0AFF]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_GU_TEXT = "accha acha chalo bas haan ji bhai ben theek thik kem che chhe nathi nahi nai karo joie joiye aaje kaale"
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_GU = frozenset(_GU_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "gu" when a text has at least two pieces of Gujarati evidence (a run of Gujarati letters, or a romanised
    word from the short list) and no fewer of those than English function words; "en" otherwise."""
    gu = len(GUJARATI.findall(text))
    words = [w.lower() for w in WORD.findall(text)]
    gu += sum(1 for w in words if w in _GU)
    en = sum(1 for w in words if w in _EN)
    return "gu" if gu >= 2 and gu >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=11)
