"""The transcript builder of the twelfth held-out corpus (bench/heldout_transcript_kit.py) with Kasia's Spring Boot
service as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Polish
(declared texts carry their language code).

Kasia works on Fedora, so paths are POSIX (`/home/kasia/projekty/...`) and background output lives under
/tmp/claude-1000 as the shared builder already writes it. Like heldout8, an Edit of a file the session has not read
yet is preceded by a Read of the region it touches, so that the scenarios only spell out the edit."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/kasia/projekty/wizyty-api"
PANEL = "/home/kasia/projekty/wizyty-panel"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("32e872a3-82f6-4134-8a0a-4e007e8fdc8d"))

WORD = re.compile(r"[a-ząćęłńóśźż']+", re.IGNORECASE)
# Function words only: tech words ("test", "migracja", "branch") decide nothing; words that are function words in
# both languages or collide with English ("to", "a", "i", "no", "on", "we", "do") are left out of both lists. Kasia
# types with and without Polish diacritics, so both spellings are listed.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here you they "
    "he she my your our their me us them of at for with from by as if so does did don't can could "
    "should would will just please thanks yes what why how when which also then than still again now only"
)
_PL = (
    "nie się sie jest są sa że ze co jak ale już juz tylko czy mi mnie tak dobra spoko zrób zrob słuchaj sluchaj "
    "bo tego ten ta tej jeszcze teraz może moze żeby zeby dla po od przez mam masz nic wszystko zawsze nigdy tu "
    "tutaj tam w z na o u ja ty my wy jej jego ich być byc było bylo będzie bedzie też tez więc wiec bez pod nad "
    "za przy albo lub gdzie kiedy dlaczego czemu który która które ktory ktora ktore jakiś jakis coś cos nawet "
    "znowu znów wczoraj dzisiaj jutro zaraz potem dzięki dzieki dobrze muszę musze możesz mozesz zostaw daj "
    "zobacz sprawdź sprawdz jednak nam nas mamy żadnego zadnego"
)
EN_WORDS = frozenset(_EN.split())
PL_WORDS = frozenset(_PL.split())


def lang_of(text: str) -> str:
    """ "pl" when a text has at least two Polish function words and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    pl = sum(1 for w in words if w in PL_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "pl" if pl >= 2 and pl > en else "en"


heldout_transcript_kit.read_before_edit(first=6, spread=41, after=27)
