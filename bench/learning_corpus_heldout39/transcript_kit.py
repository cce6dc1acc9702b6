"""The transcript builder of the 39th held-out corpus (bench/heldout_transcript_kit.py) with Haruto's `kikai-fw`
as the default working directory, this corpus's uuid5 namespace, and a Japanese language guess.

Haruto writes most of his messages in polite Japanese with English code terms and commands mixed in ("west flash
は必ず --runner nrfjprog で"), and about a fifth in English (when he copies from an English issue). Japanese needs
no word list: a text is "ja" when it has at least two kana (hiragana or katakana, which no other language he writes
uses) and its Japanese characters (kana and kanji) are at least a third as many as its Latin letters, since a
Japanese character carries about as much as three Latin letters. So a Japanese sentence full of Kconfig names stays
Japanese, and a pasted English log with one Japanese line after it counts as English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

FW = "/home/haruto/work/kikai-fw"
GW = "/home/haruto/work/kikai-gateway"

heldout_transcript_kit.configure(cwd=FW, namespace=uuid.UUID("276ace22-d3a7-5111-879e-c12fe2a1795a"))

KANA = re.compile(r"[\u3041-\u309f\u30a0-\u30ff]")
JAPANESE = re.compile(r"[\u3041-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


def lang_of(text: str) -> str:
    """ "ja" when a text has at least two kana and at least one Japanese character (kana or kanji) for every three
    Latin letters; "en" otherwise."""
    kana = len(KANA.findall(text))
    ja = len(JAPANESE.findall(text))
    latin = len(LATIN.findall(text))
    return "ja" if kana >= 2 and 3 * ja >= latin else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
