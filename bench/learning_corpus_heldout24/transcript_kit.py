"""The transcript builder of the 24th held-out corpus (bench/heldout_transcript_kit.py) with Oksana's `kvytok`
Django backend as the default working directory, this corpus's uuid5 namespace, and a language guess.

Oksana mixes Ukrainian and English, often inside one message, and pastes logs and code that are all Latin
script. The guess says "uk" when a text has more Cyrillic letters than Latin ones, so a Ukrainian sentence around
one command stays Ukrainian and an English request with one Ukrainian word stays English."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KV = "/home/oksana/work/kvytok"
WEB = "/home/oksana/work/kvytok-web"

heldout_transcript_kit.configure(cwd=KV, namespace=uuid.UUID("3e8b5d14-92c7-4a1f-b0e6-5d7a21c9f40b"))


def lang_of(text: str) -> str:
    """ "uk" when Cyrillic letters outnumber Latin ones, else "en"."""
    cyr = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
    lat = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    return "uk" if cyr > lat else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=19)
