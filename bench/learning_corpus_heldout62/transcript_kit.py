"""The transcript builder of the 62nd held-out corpus (bench/heldout_transcript_kit.py) with Sushma's `momo-app`
as the default working directory, this corpus's uuid5 namespace, and a Nepali language guess.

Sushma works on Ubuntu 24.04 (bash, Neovim, one tmux session per project), so Claude Code records a cwd such as
`/home/sushma/code/momo-app`, and the shared builder's POSIX paths stay as they are.

She writes about a third of her messages in Nepali in Devanagari ("यो नगर्नुस्", "अब देखि ..."), some more in Nepali
typed in Latin letters when she is in a hurry ("yo na gara", "aba dekhi", "hoina"), and the rest in English;
technical terms stay English in all three. The guess counts Nepali evidence (any word written in Devanagari, and
romanised Nepali words from a list) against English function words; a text is "ne" when it has at least two pieces
of Nepali evidence and no fewer than English ones. Romanised words that English also uses ("to", "a", "so") count only for English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "/home/sushma/code/momo-app"
ETL = "/home/sushma/code/khata-etl"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("473f3ca2-33d4-5277-86a9-99eabadaab13"))

WORD = re.compile(r"[\u0900-\u097F]+|[^\W\d_]+(?:'[^\W\d_]+)?")
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
_NE_TEXT = (
    "yo tyo yes tes aba dekhi hoina haina ho chha cha xa chhaina chaina xaina bholi aaja hijo ahile "
    "ma le lai ko ki ka tara ani pani ra ramro thik bhayo bhaena bhaeko garyo gara garnu garne garchhu garau "
    "garum garaum nagara nagarnu nagarne herchhu hera herum herau hernu matra sabai sab kina kasari kehi feri "
    "arko pahile pahila nai dhanyabad dhanyabaad chalena chalyo chalaunu chalau nachalau rakha rakhnu rakhne "
    "haru lagi bhane bhaneko thiye thiyo hunchha huncha hudaina hunna parchha pardaina sakiyo milyo milena "
    "uhi yesto testo kaam dinu deu lekha lekhnu hatau jodnu jodaum chahiyo chahidaina ekchin basos aru "
    "mai pachhi paxi maile timi tapai hamro mero kura sanga chhoda chhodnu gareko garda bela din "
    "rati bihana beluka abo la hai ta kya uff bigryo bigriyo pugyo bhai didi dai garaune badhayera banayera "
    "banaune hatayera rakhera khukulo"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before to a i"
)
_NE = frozenset(_NE_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ne" when a text has at least two pieces of Nepali evidence (a word in Devanagari, or a romanised Nepali
    word from the list) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ne = sum(1 for w in words if w in _NE or DEVANAGARI.search(w))
    en = sum(1 for w in words if w in _EN)
    return "ne" if ne >= 2 and ne >= en else "en"


heldout_transcript_kit.read_before_edit(first=9, spread=19, after=21)
