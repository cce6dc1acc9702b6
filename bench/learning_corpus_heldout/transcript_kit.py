"""The transcript builder of the held-out corpus (bench/heldout_transcript_kit.py) with Lin's tally repository as
the default working directory, this corpus's uuid5 namespace, and a language guess for English / Chinese."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

heldout_transcript_kit.configure(
    cwd="/home/lin/code/tally", namespace=uuid.UUID("8d0f3b6a-41c2-4f7e-a9d5-6e2b1c0a7f94")
)
CJK = re.compile(r"[\u4e00-\u9fff]")


def lang_of(text: str) -> str:
    return "zh" if CJK.search(text) else "en"
