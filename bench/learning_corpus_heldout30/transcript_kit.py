"""The transcript builder of the 30th held-out corpus (bench/heldout_transcript_kit.py) with Aino's `vuorolista`
as the default working directory, this corpus's uuid5 namespace, and a Finnish language guess.

Aino writes about half of her messages in Finnish, often without ä/ö when she types fast ("ala koske siihen",
"tee se nain"), and mixes in English technical terms ("aja testit Sailin kautta"). Finnish is inflected, so
besides function words the guess also counts words with ä/ö and longer words ending in a common case or
possessive ending (-ssa, -lla, -sta, -iin, -ksi, ...). A text is "fi" when it has at least two pieces of Finnish
evidence and no fewer than English function words, so a Finnish sentence full of tool names stays Finnish and an
English sentence with one Finnish word stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

VL = "/home/aino/projektit/vuorolista"
AD = "/home/aino/projektit/anturi-dash"

heldout_transcript_kit.configure(cwd=VL, namespace=uuid.UUID("1a067ae0-c8e2-507c-86ce-bb13c570a189"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# ä and ö: English words do not carry them (Aino writes no third language; Swedish is only a locale name here).
FINNISH_LETTER = re.compile(r"[äö]", re.IGNORECASE)
# Case and possessive endings of longer words ("mainiin", "Sailin kautta", "tuotannossa", "testeiksi").
FINNISH_ENDING = re.compile(
    r"(?:ssa|ssä|sta|stä|lla|llä|lta|ltä|lle|aan|ään|iin|ksi|nsa|nsä|mme|tte|kaan|kään|ssakin|jen|ista|ien)$"
)
_FI_TEXT = (
    "ja on ei en et ole oli olisi ovat se sen sitä sita tämä tama tämän taman tätä tata nämä nama ne niitä niita "
    "mutta tai kun jos että etta koska niin myös myos vain vaan jo vielä viela nyt sitten sit taas enää enaa "
    "aina ikinä ikina koskaan jatkossa älä ala älkää saa pitää pitaa pitäisi pitaisi voi voit voisitko "
    "tee tehdään tehdaan teen katso kato laita lisää lisaa poista korjaa aja ajetaan käytä kayta "
    "miksi mikä mika missä missa mitä mita miten kuinka mulla mulle mun mä ma sä sulla sun me te he "
    "kiitos kiitti toimii toimi vieläkään vielakaan huomenna tänään tanaan eilen hyvä hyva ok joo juu "
    "tässä tassa tähän tahan siinä siina siihen täällä taalla tuo tuon toi tota sama samaa kanssa ilman "
    "ennen jälkeen jalkeen kautta vai eikä eika kuin uusi uutta vanha vanhaa kaikki kaikkia mitään mitaan "
    "jotain jokin joka jonka nää noi nain näin sillä silla koko"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_FI = frozenset(_FI_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def _finnish(word: str) -> bool:
    return word in _FI or bool(FINNISH_LETTER.search(word)) or (len(word) >= 6 and bool(FINNISH_ENDING.search(word)))


def lang_of(text: str) -> str:
    """ "fi" when a text has at least two pieces of Finnish evidence (a Finnish function word, a word with ä/ö,
    or a longer word with a Finnish ending) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    fi = sum(1 for w in words if w not in _EN and _finnish(w))
    en = sum(1 for w in words if w in _EN)
    return "fi" if fi >= 2 and fi >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
