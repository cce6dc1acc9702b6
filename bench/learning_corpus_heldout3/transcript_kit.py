"""The transcript builder of the third held-out corpus (bench/heldout_transcript_kit.py) with Haruto's GPU box as
the default working directory, this corpus's uuid5 namespace, and a language guess for English / Japanese
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
    cwd="/home/haruto/work/kumo-train", namespace=uuid.UUID("4850e765-d7ee-458f-8ec1-cc2a411dabb4")
)
# Hiragana, katakana (with the prolonged sound mark) and CJK ideographs: what makes a message Japanese.
JA_CHAR = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def lang_of(text: str) -> str:
    """ "ja" when a text has at least two Japanese characters and at least 1.5 of them per Latin-script word
    (Haruto mixes English identifiers and words into Japanese sentences; a pasted English log makes it "en")."""
    ja = len(JA_CHAR.findall(text))
    en = len(LATIN_WORD.findall(text))
    return "ja" if ja >= 2 and ja >= 1.5 * en else "en"
