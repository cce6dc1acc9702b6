"""The transcript builder of the fifteenth held-out corpus (bench/heldout_transcript_kit.py) with Nat's Odoo addon
as the default working directory, this corpus's uuid5 namespace, read-before-edit, and a language guess for
English / Thai (declared texts carry their language code).

Thai is written without spaces between words and Nat mixes English technical words into it ("test นี้ fail
อีกแล้ว"), so a word list like the Latin-script corpora use does not work: the guess compares how many Thai
characters and how many Latin letters a text has."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

ODOO = "/home/nat/work/stock-odoo"
RIDER = "/home/nat/work/rider-app"

heldout_transcript_kit.configure(cwd=ODOO, namespace=uuid.UUID("8c1f4e27-3a9d-4b60-9f15-6d2e0b7a4c83"))
heldout_transcript_kit.read_before_edit(first=12, spread=43, after=31)

THAI = re.compile(r"[\u0e00-\u0e7f]")
LATIN = re.compile(r"[A-Za-z]")


def lang_of(text: str) -> str:
    """ "th" when a text has some Thai and at least half as many Thai characters as Latin letters (a Thai
    sentence with English terms in it stays Thai; an English message with a pasted log and a Thai "ครับ" does not)."""
    th = len(THAI.findall(text))
    latin = len(LATIN.findall(text))
    return "th" if th >= 2 and th * 2 >= latin else "en"
