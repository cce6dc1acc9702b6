"""The transcript builder of the 28th held-out corpus (bench/heldout_transcript_kit.py) with Tereza's
`varcall-pipeline` as the default working directory, this corpus's uuid5 namespace, and a Czech language guess.

Tereza writes about half of her messages in Czech, with or without diacritics, and mixes in English technical
terms ("pustím joint calling přes bcftools"). The guess counts Czech evidence (Czech function words, written with
or without diacritics, and words carrying Czech accented letters such as á í ě š č ř ž ů) against English function words;
a text is "cs" when it has at least two pieces of Czech evidence and no fewer than English ones, so a Czech
sentence full of tool names stays Czech and an English sentence with one Czech word stays English. Words both
languages use ("a", "i", "to", "do", "no") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

VC = "/home/tereza/projekty/varcall-pipeline"
CP = "/home/tereza/projekty/cohort-portal"

heldout_transcript_kit.configure(cwd=VC, namespace=uuid.UUID("6025d948-794b-559e-a69e-fc773eb3380a"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Letters with a háček, čárka or kroužek: English words do not carry them (Tereza writes no third language).
CZECH_ONLY = re.compile(r"[áéíýúůěščřžňťď]", re.IGNORECASE)
_CS_TEXT = (
    "je jsou jsem jsi jsme jste byl byla bylo bude budu se si na ve ze za od po pro při pri že ale nebo ani nic "
    "jo jen jenom už uz ještě jeste taky také tak jak proč proc kde kdy když kdyz protože protoze aby abych bych "
    "mě mám mam má máš nemám nemam není neni nejde tohle toho tom tomu těch tech teď ted furt prostě proste "
    "vždy vzdy vždycky vzdycky nikdy musí musi chci nechci dej udělej udelej podívej podivej koukni nech díky "
    "diky dobře dobre všechno vsechno něco neco zase sakra který ktery která ktera které ktere můžeš muzes prosím "
    "prosim místo misto podle mezi než nez víc vic jestli pořád porad moc fakt nějak nejak tenhle tahle tyhle "
    "svoje jeho její jejich nám nás vám jim zatím zatim potom pak přes pres kolik taky dneska zítra zitra včera "
    "vcera tady tam proto takže takze nebude nevím nevim dělá dela máme mame jde funguje nefunguje žádný "
    "zadny žádné zadne žádná zadna bez ne mi ho mu"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_CS = frozenset(_CS_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "cs" when a text has at least two pieces of Czech evidence (a Czech function word, or a word with a
    Czech accented letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    cs = sum(1 for w in words if w in _CS or CZECH_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "cs" if cs >= 2 and cs >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=29, after=19)
