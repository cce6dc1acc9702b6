"""The transcript builder of the 22nd held-out corpus (bench/heldout_transcript_kit.py) with Elin's Rails app as the
default working directory, this corpus's uuid5 namespace, and a language guess for English / Swedish (declared
texts carry their language code). Elin is on macOS, so the shared builder's POSIX paths and /private/tmp background
output are already right."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

BOK = "/Users/elin/code/bokhylla"
SENS = "/Users/elin/code/sensorlogg"

heldout_transcript_kit.configure(cwd=BOK, namespace=uuid.UUID("8c1e7d2a-4b6f-4f0e-9a3d-22e5b7c9d041"))

LETTERS = re.compile(r"[a-zåäöé']+", re.IGNORECASE)
# Function words only; words shared by both languages or common in code ("i", "var", "men", "for", "is") decide
# nothing and are left out of both lists.
_EN = (
    "the an and or but not are was were be been it its this that these those there here you we they "
    "he she my your our their me us them to of on at with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
_SV = (
    "och att det är som på med av till från inte jag du vi ni de dom den ett en har hade ska skulle kan kunde "
    "måste vill bara också så när vad hur varför här där nu sen igen fortfarande efter innan utan eller om "
    "mig dig oss sig min mitt mina vår våra någon något inget ingen alla allt detta denna dessa redan typ väl "
    "ju nog då hej tack bra lite mycket nej ja okej aldrig alltid kolla kör fixa funkar blir gör får för inga hela annars eftersom samma"
)
EN_WORDS = frozenset(_EN.split())
SV_WORDS = frozenset(_SV.split())


def lang_of(text: str) -> str:
    """ "sv" when a text has at least two Swedish function words and more of them than English ones."""
    words = [w.lower() for w in LETTERS.findall(text.replace("’", "'"))]
    sv = sum(1 for w in words if w in SV_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "sv" if sv >= 2 and sv > en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=31)
