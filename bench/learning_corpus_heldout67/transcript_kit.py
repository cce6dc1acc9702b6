"""The transcript builder of the 67th held-out corpus (bench/heldout_transcript_kit.py) with Harpreet's
`mandi-prices` as the default working directory, this corpus's uuid5 namespace, and a Punjabi language guess.

Harpreet works in WSL2 (Ubuntu 24.04) on Windows 11, so Claude Code records Linux paths under /home/harpreet/code.
He writes Punjabi in Gurmukhi script, romanised Punjabi when typing fast, some Hindi words, and English; technical
terms stay in English. The guess counts Punjabi evidence (runs of Gurmukhi letters, and romanised Punjabi/Hindi
everyday words) against English function words; a text is "pa" when it has at least two pieces of Punjabi evidence
and no fewer than English ones."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

MANDI = "/home/harpreet/code/mandi-prices"
KISAN = "/home/harpreet/code/kisan-api"

heldout_transcript_kit.configure(cwd=MANDI, namespace=uuid.UUID("3c0e6a52-9d1f-5b7e-8a44-67f0c2b1d967"))

GURMUKHI = re.compile(r"[\u0A00-\u0A7F]+")
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_PA_TEXT = (
    "kade nahi nahin nai hun ton theek aa changa changi yaar bhai ki kiven kyon kyun karo kar karna karde kardi "
    "chalao chala chalauna chalaunde pehlan baad vich te da di de nu naal sab koi kuch hor ohi ehnu assi tusi "
    "mera meri mainu tuhanu saada aithe othe kithe ajj kal fer phir galti galat sahi bas dekho dekh lao lagda "
    "hoya hoyi hunde hunda rakhna rakho yaad kam kamm haan ji acha accha thik chalo hai hain ne gaya gayi "
    "jaanda jaande reh gall koshish lod likho likhna ditti dita kita kiti sirf bahar jaane chahide ohde kol "
    "dikhda dikh rahe aape ho subah roz har wala wali wale rehnda aaj abhi kya karda kardi hamesha sikhya "
    "faisla rakhange nahi chalega baaki thoda zaroor pata mil uda hatao hata pao paao"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_PA = frozenset(_PA_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "pa" when a text has at least two pieces of Punjabi evidence (a run of Gurmukhi letters, or a romanised
    Punjabi word from the list) and no fewer of those than English function words; "en" otherwise."""
    pa = len(GURMUKHI.findall(text))
    words = [w.lower() for w in WORD.findall(text)]
    pa += sum(1 for w in words if w in _PA)
    en = sum(1 for w in words if w in _EN)
    return "pa" if pa >= 2 and pa >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=19, after=13)
