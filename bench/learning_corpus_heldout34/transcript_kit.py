"""The transcript builder of the 34th held-out corpus (bench/heldout_transcript_kit.py) with Amara's `kinetic-api`
as the default working directory, this corpus's uuid5 namespace, and a language guess for a person who writes
only English.

Amara writes every message in English (long, polite, several paragraphs), so the guess has nothing to tell apart:
it says "en" for any text. It is kept as a function so that the shared builder and validator can call it as they
do for the corpora with a second language."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/amara/src/kinetic-api"
# The MAUI app lives on the Windows side so that Visual Studio can build its Windows target; Claude Code runs in
# WSL2 Ubuntu and reaches it through /mnt/c.
MOB = "/mnt/c/Users/Amara/source/repos/kinetic-mobile"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("1afa63f1-b5fe-575a-a4d4-ae4b6671275c"))


def lang_of(text: str) -> str:
    """ "en" for every text: Amara writes no other language."""
    return "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
