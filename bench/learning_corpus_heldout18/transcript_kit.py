"""The transcript builder of the eighteenth held-out corpus (bench/heldout_transcript_kit.py) with Eleni's Nx monorepo
as the default working directory, this corpus's uuid5 namespace, a language guess for English / Greek (Greek script
or Greeklish, Greek typed in Latin letters), and plan mode (ExitPlanMode), which the shared builder does not model.

Eleni works on Debian with fish as her login shell; Claude Code's Bash tool still runs commands in bash, so the
commands in the transcripts are bash, and fish shows up only where she pastes from her own terminal."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)
from heldout_transcript_kit import Session, Tool

LIMANI = "/home/eleni/code/limani"
THERMAIKOS = "/home/eleni/research/thermaikos"

heldout_transcript_kit.configure(cwd=LIMANI, namespace=uuid.UUID("9e4b7a12-3c58-4f0d-a6e1-5b2c8d70f318"))
heldout_transcript_kit.read_before_edit(first=11, spread=31, after=27)

GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]+")
LATIN = re.compile(r"[a-z']+", re.IGNORECASE)
# English function words; tech words ("test", "migration", "pipe") are shared and decide nothing.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they he she my "
    "your our their me us them to of on at for with from by as if so does did don't can could should would will just "
    "please thanks ok yes what why how when which also then than still again now only same use run add"
)
# Greeklish (Greek in Latin letters) function and everyday words; none of them is an English word.
_GREEKLISH = (
    "na den einai kai pali mhn mh mou sou tou ths sto sta stis ston gia apo pou tha oxi nai kala efxaristw giati pws "
    "edw ekei pote panta ola auto afto kaneis kanoume prepei otan meta prin ksana akoma loipon ta tis spaei kaneis "
    "eipa eipame thn tin einai ekana kanw ksanakaneis xreiazetai telos"
)
EN_WORDS = frozenset(_EN.split())
GREEKLISH_WORDS = frozenset(_GREEKLISH.split())


def lang_of(text: str) -> str:
    """ "el" when a text is mostly Greek: one Greek-script word that English words do not outnumber, or at least two
    Greek words (script or Greeklish) and more of them than English function words; otherwise "en"."""
    greek = len(GREEK.findall(text))
    latin = [w.lower() for w in LATIN.findall(text.replace("’", "'"))]
    greeklish = sum(1 for w in latin if w in GREEKLISH_WORDS)
    en = sum(1 for w in latin if w in EN_WORDS)
    if greek and greek >= en:
        return "el"
    return "el" if greek + greeklish >= 2 and greek + greeklish > en else "en"


def ExitPlanMode(plan: str, slug: str) -> Tool:
    """The assistant leaves plan mode and the person approves the plan (Claude Code keeps it under ~/.claude/plans)."""
    path = f"/home/eleni/.claude/plans/{slug}.md"
    content = (
        "User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\n"
        f"Your plan has been saved to: {path}\nYou can refer back to it if needed during implementation.\n\n"
        f"## Approved Plan:\n{plan}"
    )
    return Tool("ExitPlanMode", {"plan": plan}, content, False, {"plan": plan, "isAgent": False, "filePath": path}, 9.0)


def in_plan_mode(s: Session) -> None:
    """Mark the person's last message as typed in plan mode (shift+tab), as Claude Code records on the line."""
    for line in reversed(s.lines):
        if line.get("type") == "user":
            line["permissionMode"] = "plan"
            return
