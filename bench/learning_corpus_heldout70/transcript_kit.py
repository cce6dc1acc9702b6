"""The transcript builder of the 70th held-out corpus (bench/heldout_transcript_kit.py) with Arben's `ferma-api`
as the default working directory, this corpus's uuid5 namespace, and an Albanian language guess.

Arben works on Fedora 40 (zsh, IntelliJ IDEA and neovim), so Claude Code records paths under /home/arben/punë.
He writes Albanian (with and without ë/ç when typing fast), lets Italian words slip in ("allora", "va bene",
"dai"), and keeps technical terms in English. The guess counts Albanian evidence (everyday Albanian words from a
list, and any word spelled with ë or ç) against English function words; a text is "sq" when it has at least two
pieces of Albanian evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

FERMA = "/home/arben/punë/ferma-api"
HARTA = "/home/arben/punë/harta"

heldout_transcript_kit.configure(cwd=FERMA, namespace=uuid.UUID("7a1d3e90-4b2c-5f61-9e08-70c4a2b8d170"))

WORD = re.compile(r"[A-Za-zëçËÇ]+(?:'[A-Za-zëçËÇ]+)?")
_SQ_TEXT = (
    "të për një është nuk s'funksionon s'punon s'ka s'e s'po s'di mos harro gjithmonë kurrë bëj bëje bëjmë bëjë "
    "mirë lëmë nesër akoma ende dhe që qe në ne se ka kam ke kemi keni kanë po jo këtu tani sot pastaj faleminderit "
    "shiko shikoje duhet vetëm edhe ku pse çfarë atëherë punon ndrysho hiq shto rregullo provo prapë pak shumë gjë "
    "asgjë allora dai bene mësim mësimi vendim vendosëm kujto rregull nga pas para ishte janë ta ia te kjo ky ai "
    "ajo ato atë këtë këto kur si sepse por ose apo herë punë tjetër testet testi kalojnë dështon dështojnë lëre "
    "fshije hapi bëre bëri kaloi pa tek mbi deri prej sa cili cila ca hajde mire rri rrinë mbetet mbajmë marrim "
    "mbaje vazhdo ndalo nis niset ndize shkon shkoi eshte per nje edhe dmth ok-ja gati"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_SQ = frozenset(_SQ_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "sq" when a text has at least two pieces of Albanian evidence (a word from the list, or any word with ë
    or ç) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    sq = sum(1 for w in words if w in _SQ or "ë" in w or "ç" in w)
    en = sum(1 for w in words if w in _EN)
    return "sq" if sq >= 2 and sq >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
