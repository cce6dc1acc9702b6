"""The transcript builder of the sixth held-out corpus (bench/heldout_transcript_kit.py) with Dmitri's Flutter app
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Russian
(declared texts carry their language code)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

heldout_transcript_kit.configure(
    cwd="/home/dmitri/dev/pekara_app", namespace=uuid.UUID("b7c1e4d2-93a8-4f5e-8d06-2a9f61c3e7b5")
)
CYRILLIC = re.compile(r"[а-яё]+", re.IGNORECASE)
LATIN = re.compile(r"[a-z']+", re.IGNORECASE)
# English function words: a Russian sentence full of English tool names ("билд упал на flutter test") stays Russian
# because tool names are not function words, while a pasted English log outweighs a short Russian lead-in.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of in on at for with from by as if so do does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "ru" when a text has at least two Cyrillic words and more of them than English function words."""
    ru = len(CYRILLIC.findall(text))
    en = sum(1 for w in LATIN.findall(text.replace("’", "'")) if w.lower() in EN_WORDS)
    return "ru" if ru >= 2 and ru > en else "en"
