"""The transcript builder of the 33rd held-out corpus (bench/heldout_transcript_kit.py) with Ingrid's
`fjordvarsel` as the default working directory, this corpus's uuid5 namespace, and a Norwegian (Bokmål) guess.

Ingrid writes about half of her messages in Norwegian, mixed with English technical terms ("kjør ./gradlew test og
se om det funker"), and on her US keyboard she often types æ/ø/å as ae/o/aa ("ikke ror den", "naa", "paa"). The
guess counts Norwegian evidence (Norwegian function words, in both spellings, and words carrying æ, ø or å) against
English function words; a text is "no" when it has at least two pieces of Norwegian evidence and no fewer than
English ones. Words both languages (or Kotlin code) use ("i", "for", "at", "men", "her", "var", "min", "to") count
for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

FV = "/Users/ingrid/kode/fjordvarsel"
APP = "/Users/ingrid/kode/fjordvarsel-app"

heldout_transcript_kit.configure(cwd=FV, namespace=uuid.UUID("7775f164-617e-5129-865c-e843e50e4187"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# æ, ø and å: English words do not carry them (Ingrid writes no third language).
NORWEGIAN_ONLY = re.compile(r"[æøå]", re.IGNORECASE)
_NO_TEXT = (
    "ikke ikkje er det den de jeg du vi han hun som med til fra har hadde skal skulle kan kunne må maa bare nå naa "
    "aldri alltid husk også ogsaa hva hvorfor hvordan hvor når naar så saa sånn litt mye nei ja takk tusen funker "
    "fortsatt igjen denne dette disse noe noen ingen hele etter før foer uten eller hvis fordi kjør kjor bruk "
    "bruker vår vaar våre vaare mitt mine ditt dine seg meg deg oss der inn opp mer enn tar gjør gjor legg legger "
    "prøv prov sjekk fikk får faar går gaar blir ble være vaere og om en et ei på paa greit feiler virker heller "
    "mens dag morgen dette kanskje allerede akkurat fikse fiks skriv endre endrer lage lager bygget bygg appen "
    "testen testene gikk sier sa skjer skjedde hele heller orker tror trenger vet vel jo altså altsaa liksom "
    "forelopig foreløpig heretter lærte laerte ser rør ror dra"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "with from by as if so does did can could should would will just what why how when also then don't dont "
    "it's have has all any every only out up into here now again still after before"
)
_NO = frozenset(_NO_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "no" when a text has at least two pieces of Norwegian evidence (a Norwegian function word, or a word with
    æ, ø or å) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    no = sum(1 for w in words if w in _NO or NORWEGIAN_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "no" if no >= 2 and no >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
