"""The transcript builder of the 23rd held-out corpus (bench/heldout_transcript_kit.py) with Callum's `tidewatch`
Workers app as the default working directory, this corpus's uuid5 namespace, and a language guess.

Callum types English only; the guess exists because the shared builder tags every declared text with a language.
It says "xx" only for a text with at least two common function words of another European language and more of
those than English ones, so a stray foreign word ("ta", "och", "merci") stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

TIDE = "/home/callum/code/tidewatch"
FERRY = "/home/callum/code/ferryfeed"

heldout_transcript_kit.configure(cwd=TIDE, namespace=uuid.UUID("7c21e4a9-3b6d-4f0e-a8d2-91e5c0b47f23"))

WORD = re.compile(r"[a-zà-ÿ']+", re.IGNORECASE)
_EN_TEXT = (
    "the an and or but not is are was were be it its this that there i you we they my your our me to of on at for "
    "with from by as if so does did can could should would will just pls please what why how when also then"
)
_OTHER_TEXT = "il la le les des une und der die das ist nicht el los las que por para con est une pas ich du wir sie"
_EN = frozenset(_EN_TEXT.split())
_OTHER = frozenset(_OTHER_TEXT.split())


def lang_of(text: str) -> str:
    """ "en" unless a text is plainly in another European language (two of its function words, more than English)."""
    words = [w.lower() for w in WORD.findall(text)]
    other = sum(1 for w in words if w in _OTHER)
    en = sum(1 for w in words if w in _EN)
    return "xx" if other >= 2 and other > en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=29, after=17)
