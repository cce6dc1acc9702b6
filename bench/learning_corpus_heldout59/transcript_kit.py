"""The transcript builder of the 59th held-out corpus (bench/heldout_transcript_kit.py) with Nadeesha's `kottu` as
the default working directory, this corpus's uuid5 namespace and a Sinhala language guess.

Nadeesha writes Sinhala two ways: in Sinhala script ("ඒක කරන්න එපා") and in "Singlish", Sinhala typed in Latin
letters ("eka karanna epa", "hari", "ane"), often mixed with English in one message. The guess counts Sinhala
evidence (every word written in Sinhala script, and common Singlish words) against English function words; a
text is "si" when it has at least two pieces of Sinhala evidence and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KOTTU = "/home/nadeesha/src/kottu"
ETL = "/home/nadeesha/src/ceylon-etl"

heldout_transcript_kit.configure(cwd=KOTTU, namespace=uuid.UUID("3b1f6c2e-59a0-5d41-9e7c-0c59b1d2a459"))

SINHALA = re.compile(r"[\u0D80-\u0DFF]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_SINGLISH = (
    "eka ekak eke ekata ekath karanna karanne karala karapan karamu epa hari ane machan mokada mokak nisa "
    "nathnam nathuwa danna oya oyaa mama mata mage api apita meka mekata mekath ehema neda kiyala kiyanna "
    "kiyanne hodai hondai wada wadak wade balanna balamu thiyenawa thiyena thiyanawa nehe naha ganna gannawa "
    "passe kalin ithin wenuwata aiyo ayyo poddak tikak dan dang heta ada iye wage witharai witharak nam "
    "harida puluwan pulwan naddha nadda wenawa wenne une unaa giya awa liyanna liyala danne kohomada "
    "mokakda inne ne bn ban dala dapan yanna enna godak hoda sira aye ayeth kelinma mangen mangenma "
    "ahanna walin wala walata ekka da tama thama thamai aulak awul kiuwa kiwwa hambuna wenna ona oney "
    "bohoma isthuthi patta elakiri supiri hariyata karanawa"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before to i"
)
_SI = frozenset(_SINGLISH.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "si" when a text has at least two pieces of Sinhala evidence (a word in Sinhala script or a Singlish word
    from the list) and no fewer of those than English function words; "en" otherwise."""
    si = len(SINHALA.findall(text))
    en = 0
    for w in WORD.findall(text):
        w = w.lower()
        si += w in _SI
        en += w in _EN
    return "si" if si >= 2 and si >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=19, after=21)
