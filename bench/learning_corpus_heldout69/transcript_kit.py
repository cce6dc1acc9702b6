"""The transcript builder of the 69th held-out corpus (bench/heldout_transcript_kit.py) with Jordi's `celler` as
the default working directory, this corpus's uuid5 namespace, and a Catalan language guess.

Jordi works on Arch Linux (fish, Doom Emacs), so Claude Code records paths under /home/jordi/feina. He writes
Catalan with a few Spanish words ("vale", "bueno", "o sea") and English technical terms, and English. The guess
counts Catalan everyday words against English function words; a text is "ca" when it has at least two Catalan
words and no fewer than English ones. Words that are also English ("a", "i", "no", "he", "me", "per" is kept) are
left out of the Catalan list."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

CELLER = "/home/jordi/feina/celler"
METEO = "/home/jordi/feina/meteo-pirineu"

heldout_transcript_kit.configure(cwd=CELLER, namespace=uuid.UUID("8d2b4f61-0c7e-5a39-b1d2-69e4a7c3f069"))

WORD = re.compile(r"[a-zàèéíïòóúüç·]+")
_CA_TEXT = (
    "que primer després despres fes fer recorda el la els les amb per perquè això aquest aquesta aquests mai "
    "sempre acord demà avui ho deixem cal és són molt bé doncs però quan com ja encara tot tots res una del "
    "dels als al fins també vale bueno sea mira posa treu aquí allà abans ara sense prou gràcies mica tenim tinc "
    "vull fem puc pots millor anem nova dia hem hi em et ens es se li de en ni seva seu meu meva nostre teu "
    "tenir està estan fa fer feina queixa queixar va van vam vaig ahir també hauríem hauria passa passar mirar "
    "perfecte genial fet dóna dona surten surt comanda comandes cooperativa tarda vespre matí dues dos tres "
    "només nomes què quin quina quins d l m n cap deixa deixar gens gairebé potser llavors igual així"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_CA = frozenset(_CA_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ca" when a text has at least two Catalan words from the list and no fewer of those than English function
    words; "en" otherwise."""
    words = WORD.findall(text.lower())
    ca = sum(1 for w in words if w in _CA)
    en = sum(1 for w in words if w in _EN)
    return "ca" if ca >= 2 and ca >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
