"""The transcript builder of the 68th held-out corpus (bench/heldout_transcript_kit.py) with Desi's `gtfs-sofia` as
the default working directory, this corpus's uuid5 namespace, and a Bulgarian language guess.

Desislava works on Fedora 41 (zsh, Helix), so Claude Code records paths under /home/desi/src. She writes Bulgarian
in Cyrillic, and in the Latin transliteration ("shlyokavitsa") when typing fast, with English technical terms; the
rest of her messages are English. The guess counts Bulgarian evidence (Cyrillic words, and transliterated everyday
Bulgarian words from a list) against English function words; a text is "bg" when it has at least two pieces of
Bulgarian evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

GTFS = "/home/desi/src/gtfs-sofia"
KASA = "/home/desi/src/kasa-admin"

heldout_transcript_kit.configure(cwd=GTFS, namespace=uuid.UUID("8b1f4c2e-6a0d-5e39-9c71-68d4e2a0f168"))

CYRILLIC = re.compile(r"[\u0400-\u04FF]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_BG_TEXT = (
    "nikoga vinagi ne pushvai direktno mersi dobre pak li sega veche tova tozi tazi tezi beshe predi posle purvo "
    "pusni puskai napravi opravi vij viz gledai chakai malko oshte sushto zashto kakvo kude kak shte da li ako "
    "ama nali bez vrashtai vrushtai ok-ta handler-ite ima nyama moje mojesh trqbva tryabva reshihme polzvame "
    "zapomni otsega dnes utre vchera sled predi sam samo nishto neshto vsichko vsички pak hubavo super bravo "
    "ne e sa sme si mi ti go gi ya toi tq te nie vie koito koyato koeto na za ot sas vuv i ili no che "
    "mnogo bavno burzo raboti raboteshe schupi schupeno oprav gotovo gotov izchakai izpolzvai connection-a "
    "string-a deploy-a deploy-ni komitni komit branch-a bazata lokalno tuk tam pokaji pokazhi tablicata "
    "vidya vijdat kolonata migraciyata imeto kasierkata"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_BG = frozenset(_BG_TEXT.split()) - frozenset(_EN_TEXT.split()) - {"go", "no", "me", "i", "on", "a"}
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "bg" when a text has at least two pieces of Bulgarian evidence (a Cyrillic word, or a transliterated
    Bulgarian word from the list) and no fewer of those than English function words; "en" otherwise."""
    bg = len(CYRILLIC.findall(text))
    words = [w.lower() for w in WORD.findall(text)]
    bg += sum(1 for w in words if w in _BG)
    en = sum(1 for w in words if w in _EN)
    return "bg" if bg >= 2 and bg >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
