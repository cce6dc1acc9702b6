"""The transcript builder of the 25th held-out corpus (bench/heldout_transcript_kit.py) with Bence's `mqttbridge`
Elixir/Phoenix backend as the default working directory, this corpus's uuid5 namespace, and a language guess.

Bence mixes Hungarian and English. Both are Latin script, so letters cannot tell them apart; the guess counts
words instead. A word is Hungarian when it has one of the Hungarian accented letters (á é í ó ö ő ú ü ű) or is in
HU_WORDS, a short list of common Hungarian words written without accents as Bence often types them ("nem",
"hogy", "mukodik", "nezd", ...); a word is English when it is in EN_WORDS, a list of English function words and
very common verbs. The text is "hu" when its Hungarian words outnumber its English ones, else "en". Words that
are both ("is", "a", "most", "hat") are in neither list. Identifiers, code and most of a pasted log count for
neither side, except the English words a log carries, so a Hungarian sentence around a long English log counts
as English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

MQ = "/Users/bence/dev/mqttbridge"
FW = "/Users/bence/dev/szenzor-fw"

heldout_transcript_kit.configure(cwd=MQ, namespace=uuid.UUID("8c41f0d2-5e37-4b9a-a1c6-2f7d90e3b6a5"))

HU_ACCENTS = set("áéíóöőúüű")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


HU_WORDS = _words(
    """nem hogy meg megint mukodik mukszik nezd nezz csinald csinalj kell kene lehet vagy szoval valami valamit itt
    ott mar meg ez ezt az azt ami amit ahol mert akkor csak van volt lesz nincs nincsen igen jo oke szia koszi kosz
    legyszi pedig ugye szerintem inkabb utana elotte ujra nezzuk mehet rendben mindig soha sose ne legyen futtasd
    teszt tesztek teszteket hagyd hagyjuk majd holnap ma mara bocs kerlek mi mit miert hol hogyan egy ket ket
    kellene nekem neked neki vele jol rossz ugyanaz ugyanugy hianyzik elhasal elhasalnak mondtam tobbe aztan megnezem
    nezem kicsit eleg sok semmi minden mindegy persze tenyleg kirakni belerakni kiszedni atirtam"""
)
EN_WORDS = _words(
    """the and to of it in on for that this with not be are was were do does did don't dont can can't you we i
    my it's its just please pls again but then so what why how use run add make should from at as or if no yes
    there their they have has had will would could need needs still also only when where which who because
    after before into out up down all any some one same than too very get got look looks see seems keep let's
    lets thanks thx ok okay sure fine good now here our your me him her them been being over"""
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def lang_of(text: str) -> str:
    """ "hu" when Hungarian words (an accented letter or HU_WORDS) outnumber English ones (EN_WORDS), else "en"."""
    hu = en = 0
    for w in _WORD.findall(text.lower()):
        if HU_ACCENTS & set(w) or w in HU_WORDS:
            hu += 1
        elif w in EN_WORDS:
            en += 1
    return "hu" if hu > en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=29, after=23)
