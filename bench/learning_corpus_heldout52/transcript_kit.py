"""The transcript builder of the 52nd held-out corpus (bench/heldout_transcript_kit.py) with Marek's `kolaj` as the
default working directory, this corpus's uuid5 namespace, and a Slovak language guess.

Marek works on Fedora Linux (fish is his login shell; Claude Code's Bash tool still runs bash), so the paths are
plain POSIX ones under /home/marek/src. He writes a little over half of his messages in Slovak, with diacritics
when he has time and without them when he is in a hurry ("nefunguje", "zajtra", "preco si tam dal"), and keeps
technical terms in English. The guess counts Slovak evidence (Slovak function and everyday words, written with or
without diacritics, and words carrying letters English does not use: á ä č ď é í ĺ ľ ň ó ô ŕ š ť ú ý ž) against
English function words; a text is "sk" when it has at least two pieces of Slovak evidence and no fewer than
English ones. Words both languages share ("to", "do", "a", "ten", "so", "tam" aside) count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "/home/marek/src/kolaj"
INFRA = "/home/marek/src/kolaj-infra"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("3c51d0e2-7a4b-5f1e-9b0a-52c0a7e1d052"))

WORD = re.compile(r"[^\W\d_]+")
SK_ONLY = re.compile(r"[áäčďéíĺľňóôŕšťúýž]", re.IGNORECASE)
_SK_TEXT = (
    "je sa si sme ste su som bol bola bolo bude budem na v vo z zo od pre pri po ze ale alebo ak ked kde preco "
    "ako co nie ano uz este len tak teda aj mam mas mame treba netreba daj urob sprav oprav pozri skus nechaj "
    "zase znova opat stale vsetko nic nieco tu teraz zajtra dnes vcera dakujem vdaka funguje nefunguje pada ide "
    "nejde dobre zle moj tvoj nas nase cez bez hotovo diky tie tej tom toho tomu ktory ktora ktore lebo vobec "
    "pockaj stoj necham nechavam mozes mozem musim musi chcem nechcem vidim vidiet robi robime nerob dal dala "
    "spadne spadol padla zostava zostali vecer rano potom najprv inak spravne tiez iba asi mozno vlastne "
    "problem chyba chybu zasa zmaz zmen pridaj vyhod nechapem jasne hej okej fajn mi ma mu ich jej ho pred kazdy kazdym vsade vzdy nikdy cely celu"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before no yes"
)
_SK = frozenset(_SK_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "sk" when a text has at least two pieces of Slovak evidence (a Slovak word from the list, or a word with a
    letter English does not use) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    sk = sum(1 for w in words if w in _SK or SK_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "sk" if sk >= 2 and sk >= en else "en"


heldout_transcript_kit.read_before_edit(first=9, spread=19, after=21)
