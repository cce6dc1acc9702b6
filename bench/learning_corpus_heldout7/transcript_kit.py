"""The transcript builder of the seventh held-out corpus (bench/heldout_transcript_kit.py) with Jiwoo's Unity client
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Korean
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
    cwd="/Users/jiwoo/dev/moonrise-client", namespace=uuid.UUID("aa90d713-ffc2-4a89-8b80-5ffa85646d38")
)
HANGUL = re.compile(r"[가-힣]+")
LATIN = re.compile(r"[a-z']+", re.IGNORECASE)
# English function words: a Korean sentence full of English tool names ("IL2CPP 빌드 깨졌어") stays Korean because
# tool names are not function words, while a pasted English log outweighs a short Korean lead-in.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of in on at for with from by as if so do does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "ko" when a text has at least two Hangul words and more of them than English function words."""
    ko = len(HANGUL.findall(text))
    en = sum(1 for w in LATIN.findall(text.replace("’", "'")) if w.lower() in EN_WORDS)
    return "ko" if ko >= 2 and ko > en else "en"
