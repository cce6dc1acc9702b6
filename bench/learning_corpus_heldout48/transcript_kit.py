"""The transcript builder of the 48th held-out corpus (bench/heldout_transcript_kit.py) with Ivana's `brodar-api`
as the default working directory, this corpus's uuid5 namespace, and a Croatian language guess.

Ivana works on Ubuntu 24.04 with zsh, so Claude Code records a cwd such as `/home/ivana/code/brodar-api` and
background output under /tmp/claude-1000 (the shared builder's defaults).

She writes about half of her messages in Croatian, often without diacritics ("nemoj", "uvijek", "i dalje ne
radi", "hvala, radi"), and mixes in English technical words. The guess counts Croatian evidence (Croatian function
and everyday words, written with or without diacritics, and words carrying č ć đ š ž) against English function
words; a text is "hr" when it has at least two pieces of Croatian evidence and no fewer than English ones. Words
both languages use ("a", "i", "to", "do", "on", "me", "mail") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/ivana/code/brodar-api"
MOBILE = "/home/ivana/code/brodar-mobile"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("a5659df5-8e69-593d-ab05-8919c6fa09fd"))

WORD = re.compile(r"[^\W\d_]+")
# Croatian letters English words do not carry (Ivana writes no third language).
HR_ONLY = re.compile(r"[čćđšž]", re.IGNORECASE)
_HR_TEXT = (
    "je su sam si smo ste nije nisu nisam bio bila bilo biti bi ce cu ali ili pa jer kad kada ako da ne nema "
    "ima imam imamo ide idu ici od sad sada vec jos opet dalje samo kod nas nam mi ti vi oni ona ovo ovaj ova "
    "ovog ove taj ta tu tamo gdje zasto kako sto koji koja koje kojem neka nego nakon prije poslije uvijek "
    "nikad nikada ubuduce ipak nemoj nemojte hvala radi rade daj dodaj makni obrisi pokreni pogledaj provjeri "
    "popravi napravi promijeni vrati stavi ostavi ostaje treba trebam trebaju mora moraju moze mozes hocu "
    "necu znam mislim isto isti ista sve svi svaki svaka nista nesto jel dobro vidjet vidim sutra danas jucer "
    "kasnije gotovo pusti odluka odlucili naucila ispada rekla zapamti lekcija zasad za onda tek bas malo puno "
    "jako kupac kupci putnici putnika karta kartu karte polazak polasci polaska trajekt trajekta mjesta mjesto "
    "aplikaciji aplikacija appu testovi testove ovdje dan dana ranije vise manje prvo tako u na sa po iz "
    "pod mu joj ga ih se li kaze pise piše stvar isto znaci jedan jednom dva puta neki neko tek zato jer "
    "lokalno obicne citljive logove logovi taskovi primaju cijeli objekt migracije zaseban pisemo engleskom "
    "imperativu poruke iznosi kao stringovi dvije decimale tekstovi widgetima hardkodiranog preko kroz "
    "mi nju njih ovim tim svim kojim radim radila napisi napisala stani vrati zaboravi normalan ostavi jasno "
    "ajde aha evo eto hajde opet kolegica ured mail mailu moje moja moj tvoj njihov"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before let doesn "
    "isn"
)
_HR = frozenset(_HR_TEXT.split()) - {"mail", "mailu"}
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "hr" when a text has at least two pieces of Croatian evidence (a Croatian word from the list, or a word
    with č ć đ š ž) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    hr = sum(1 for w in words if w in _HR or HR_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "hr" if hr >= 2 and hr >= en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=23)
