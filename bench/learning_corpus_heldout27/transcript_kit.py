"""The transcript builder of the 27th held-out corpus (bench/heldout_transcript_kit.py) with Tom's `tides-app`
iOS project as the default working directory, this corpus's uuid5 namespace, and a language guess.

Tom types English only; the guess exists because the shared builder tags every declared text with a language.
It says "xx" only for a text with at least two common function words of another European language and more of
those than English ones, so a stray foreign word stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "/Users/tom/dev/tides-app"
API = "/Users/tom/dev/tides-api"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("3c194831-7a44-4adf-8d18-317095617717"))

WORD = re.compile(r"[a-zà-ÿ']+", re.IGNORECASE)
_EN_TEXT = (
    "the a an and or but not is are was were be it its this that there i you we they my your our me to of on at "
    "for with from by as if so does did can could should would will just what why how when also then mate reckon"
)
_OTHER_TEXT = "il la le les des une und der die das ist nicht el los las que por para con est pas ich du wir sie"
_EN = frozenset(_EN_TEXT.split())
_OTHER = frozenset(_OTHER_TEXT.split())


def lang_of(text: str) -> str:
    """ "en" unless a text is plainly in another European language (two of its function words, more than English)."""
    words = [w.lower() for w in WORD.findall(text)]
    other = sum(1 for w in words if w in _OTHER)
    en = sum(1 for w in words if w in _EN)
    return "xx" if other >= 2 and other > en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
