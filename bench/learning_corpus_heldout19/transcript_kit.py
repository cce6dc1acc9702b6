"""The transcript builder of the nineteenth held-out corpus (bench/heldout_transcript_kit.py) with Dariush's Haskell
service as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Persian
(declared texts carry their language code, "fa" or "en").

Dariush writes Persian two ways: in Persian script (often with English technical words inside, with or without the
zero-width non-joiner in "می‌خوام") and in "Finglish", Persian typed in Latin letters ("dige in karo nakon"). A
word count of English function words cannot see Finglish, so the guess counts three kinds of words: any word in
Persian script, a list of common Finglish words, and English function words."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

SAHAND = "/home/dariush/projects/sahand"
ALBORZ = "/home/dariush/projects/alborz"

heldout_transcript_kit.configure(cwd=SAHAND, namespace=uuid.UUID("8e1f4c2a-6d0b-4b95-a3c7-19f05e6d2b84"))

PERSIAN_WORD = re.compile(r"[\u0600-\u06ff\u200c]*[\u0600-\u06ff][\u0600-\u06ff\u200c]*")
LATIN_WORD = re.compile(r"[a-z']+", re.IGNORECASE)
# Finglish words that are not English words too ("in", "be", "man", "too", "age" are left out of both lists).
_FINGLISH = (
    "hamishe hichvaght nakon nakonid kon bokon bezan nazan ro ke ham dige vali chon chera bashe baad badan felan "
    "faghat ha estefade baraye ya na khob bebin mikham nemikham inja unja hamin hala alan chi chie karo mikone "
    "nemikone dorost begir bede mishe nemishe hast nist dastkari ghablan goftam mostaghim tasmim gereftim konim "
    "khodemoon nasb nazar vasl sho baghiash ba az va ina una aslan bayad nabayad chera mersi merci kheili mamnoon "
    "kardi nakardi bud boodi shod nashod dobare bazam yani ghabl bar"
)
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
FINGLISH = frozenset(_FINGLISH.split())
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "fa" when a text has at least two Persian words (in Persian script or common Finglish) and more of them
    than English function words; technical words in Latin letters ("commit", "molecule") count for neither."""
    fa = len(PERSIAN_WORD.findall(text))
    en = 0
    for w in LATIN_WORD.findall(text.replace("’", "'")):
        w = w.lower()
        fa += w in FINGLISH
        en += w in EN_WORDS
    return "fa" if fa >= 2 and fa > en else "en"


heldout_transcript_kit.read_before_edit(first=6, spread=29, after=27)
