"""The transcript builder of the 40th held-out corpus (bench/heldout_transcript_kit.py) with Dmitri's `lotok` as the
default working directory, this corpus's uuid5 namespace, and a Russian language guess.

Dmitri writes most of his messages in terse Russian (Cyrillic), mixed with English code terms and commands
("сделай миграцию через golang-migrate"); about a fifth are English only, often copied from GitHub issues. The
guess counts Cyrillic words against English function words: a text is "ru" when it has at least two Cyrillic words
and no fewer of them than English function words, so a Russian sentence full of tool names stays Russian and an
English issue with one Russian word stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

LT = "/Users/dmitri/work/lotok"
LD = "/Users/dmitri/work/lotok-deploy"

heldout_transcript_kit.configure(cwd=LT, namespace=uuid.UUID("a435dbce-bf59-5450-a660-826ef4d93ac8"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ru" when a text has at least two Cyrillic words and no fewer of them than English function words;
    "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ru = sum(1 for w in words if CYRILLIC.search(w))
    en = sum(1 for w in words if w in _EN)
    return "ru" if ru >= 2 and ru >= en else "en"


heldout_transcript_kit.read_before_edit(first=4, spread=31, after=23)
