"""The transcript builder of the 50th held-out corpus (bench/heldout_transcript_kit.py) with Mārtiņš's `kvits` as
the default working directory, this corpus's uuid5 namespace, and a Latvian language guess.

Mārtiņš works on Fedora Linux with zsh, so Claude Code records a cwd such as `/home/martins/code/kvits` and
background output under /tmp/claude-1000 (the shared builder's defaults).

He writes about half of his messages in Latvian, usually with its diacritics ("joprojām nestrādā", "atstāj"), and
without them when he is in a hurry ("nu labi, commito", "ta nav"), and switches to English in the middle of a
message. The guess counts Latvian evidence (Latvian function and everyday words, written with or without
diacritics, and words carrying ā ē ī ū č ģ ķ ļ ņ š ž) against English function words; a text is "lv" when it has at
least two pieces of Latvian evidence and no fewer than English ones. Words both languages write the same way and
use often ("no", "man", "so", "un-") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KVITS = "/home/martins/code/kvits"
INFRA = "/home/martins/code/kvits-infra"

heldout_transcript_kit.configure(cwd=KVITS, namespace=uuid.UUID("2b434c9c-d9e9-5fd3-8904-e27759b8bd2f"))

WORD = re.compile(r"[^\W\d_]+")
# Letters Latvian writes and English does not (Mārtiņš writes no third language).
LV_ONLY = re.compile(r"[āēīūčģķļņšž]", re.IGNORECASE)
_LV_TEXT = (
    "un ir nav bija bus būs bet vai ka kas ko ka kā kad kur kapec kāpēc jo ja lai uz ar par pie pec pēc pirms lidz "
    "līdz es mes mēs tu jus jūs vins viņš vina viņa tas ta tā tie tam tos šis sis šī šo šeit seit te tur tad "
    "tagad vel vēl jau ari arī tikai nekad vienmer vienmēr labi paldies ne nē jā nu sodien šodien rit rīt vakar "
    "strada strādā nestrada nestrādā joprojam joprojām atstaj atstāj pietiek vajag nevajag mums mūsu musu tev "
    "neko nekas kaut viss visu visi citadi citādi tapec tāpēc pataisi partaisi pārtaisi izdari uztaisi palaid "
    "paskaties skaties liec ieliec izmet nonem noņem pievieno maini mainam mainām nemainam nemainām neaiztiec "
    "aiztiec krit krīt nokrit nokrīt sarkans zals zaļš zaļi ejam iet darbojas redzu redz neredz dazreiz dažreiz "
    "laiku laikam ik reizi reizes otrreiz velreiz vēlreiz turpmak turpmāk lemums lēmums macibu mācība izradas "
    "izrādās teicu saku saki saka domaju domāju zinu nezinu gribu negribu varbut varbūt protams skaidrs "
    "rekinu rēķinu rekini rēķini rekins rēķins klienti klientu servera serveri serveros jaunais jauno vecais "
    "vecos pirmdien piektdien otrdien rītdien nedela nedēļa stundu stundas dienu diena gatavs gatavi "
    "tomer tomēr ari vienkarsi vienkārši atkal vismaz drizak drīzāk kopa kopā prieks jabut jābūt nevar "
    "pats pati pasi nekur kaut kads kāds kada kāda tada tāda tads tāds cits cita citu kura kurš kurs kuru "
    "mes nu tikko pec ieksa iekšā ara ārā augsa augšā apaksa apakšā sakuma sākumā beigas beigās talak tālāk"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before let doesn isn"
)
_LV = frozenset(_LV_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "lv" when a text has at least two pieces of Latvian evidence (a Latvian word from the list, or a word with
    ā ē ī ū č ģ ķ ļ ņ š ž) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    lv = sum(1 for w in words if w in _LV or LV_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "lv" if lv >= 2 and lv >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=19)
