"""The transcript builder of the 31st held-out corpus (bench/heldout_transcript_kit.py) with Kwame's `momo-ledger`
as the default working directory, this corpus's uuid5 namespace, an English-only language guess, and the one tool
the shared kit lacks that Kwame's sessions use: ExitPlanMode (he plans in plan mode before bigger changes).

Kwame writes only English, terse and lowercase, with typos and chat abbreviations ("pls", "ty", "rn", "w",
"u"). There is no other language to tell apart, so `lang_of` says "en" for every text; the corpus's own checks
(make_corpus.py) look at how he writes instead (lowercase, short)."""

from __future__ import annotations

import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)
from heldout_transcript_kit import Tool

ML = "/home/kwame/code/momo-ledger"
OT = "/home/kwame/code/ops-tf"

heldout_transcript_kit.configure(cwd=ML, namespace=uuid.UUID("239dae0d-6f2e-5de0-812e-99d6b1cee35a"))

PLAN_OK = "User has approved your plan. You can now start coding. Start with updating your todo list if applicable"


def lang_of(text: str) -> str:
    """Kwame writes English only: every text is "en"."""
    return "en"


def ExitPlanMode(plan: str) -> Tool:
    """Leaving plan mode with a plan the person approves at the prompt."""
    return Tool("ExitPlanMode", {"plan": plan}, PLAN_OK, False, {"plan": plan, "isAgent": False}, 14.0)


heldout_transcript_kit.read_before_edit(first=11, spread=37, after=23)
