"""The transcript builder of the 29th held-out corpus (bench/heldout_transcript_kit.py) with Wei's `kuaidi-go` as
the default working directory, this corpus's uuid5 namespace, and a Chinese language guess.

Wei writes about seven in ten of her messages in simplified Chinese, terse and mixed with English technical terms
("把 gorm 的 preload 去掉", "go test 还是挂了"). The guess counts CJK ideographs against Latin-script words: a text is
"zh" when it holds at least two ideographs and no fewer ideographs than Latin words, so a Chinese sentence full of
tool names stays Chinese, an English sentence with one Chinese word stays English, and a Chinese line on top of a
long pasted English log counts as English (the guess is conservative, as held out 28's is)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

GO = "/Users/wei/code/kuaidi-go"
MP = "/Users/wei/code/kuaidi-mp"

heldout_transcript_kit.configure(cwd=GO, namespace=uuid.UUID("65e1afab-b076-554a-ada1-3af0fc21b4b5"))

# CJK Unified Ideographs and extension A; Chinese punctuation is not counted.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def lang_of(text: str) -> str:
    """ "zh" when a text has at least two CJK ideographs and no fewer of them than Latin-script words; "en"
    otherwise."""
    han = len(HAN.findall(text))
    latin = len(LATIN_WORD.findall(text))
    return "zh" if han >= 2 and han >= latin else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
