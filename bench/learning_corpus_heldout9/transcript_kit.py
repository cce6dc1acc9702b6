"""The transcript builder of the ninth held-out corpus (bench/heldout_transcript_kit.py) with Lukas's `fleetctl`
CLI as the default working directory, this corpus's uuid5 namespace, a read-before-edit wrapper, an ExitPlanMode
tool (plan mode), and a language guess for English / German (declared texts carry their language code).

Lukas works on Linux (cwd `/home/lukas/work/...`), so the shared builder's POSIX paths and /tmp/claude-1000 task
output are used as they are."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)
from heldout_transcript_kit import Tool

FLEET = "/home/lukas/work/fleetctl"
INFRA = "/home/lukas/work/edge-infra"

heldout_transcript_kit.configure(cwd=FLEET, namespace=uuid.UUID("b7e2a9d4-3f61-4c0e-8a15-6d94c2e0f3a7"))

WORD = re.compile(r"[a-zäöüß']+", re.IGNORECASE)
# Function words only: tech words ("deploy", "chart", "test") are shared and decide nothing; words spelled the same
# in both languages ("in", "an", "was", "also", "will", "so", "man", "hat", "am", "um") are left out of both lists.
_EN = (
    "the a and or but not is are were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if does did don't can could "
    "should would just please thanks ok yes what why how when which then than still again now only"
)
_DE = (
    "der die das den dem des ein eine einen einem einer und oder aber nicht ist sind ich du wir ihr sie es "
    "mit von zu auf für bei nach aus wie warum wenn dann noch schon auch nur mal doch ja nein ne bitte kannst "
    "kann mach hab habe hast passt moment eigentlich jetzt immer nie gleich da hier dass sich mir dir uns gibt "
    "gut danke kein keine lass schau guck weg mehr geht wieder heute morgen grad gerade selbst muss los sonst "
    "ob nee halt sieht aus seit wird wurde läuft fehlt ohne macht zum zur im vom ins"
)
EN_WORDS = frozenset(_EN.split())
DE_WORDS = frozenset(_DE.split())


def lang_of(text: str) -> str:
    """ "de" when a text has at least two German function words and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    de = sum(1 for w in words if w in DE_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "de" if de >= 2 and de > en else "en"


PLAN_APPROVED = (
    "User has approved your plan. You can now start coding. Start with updating your todo list if applicable"
)


def ExitPlanMode(plan: str) -> Tool:
    """Claude leaves plan mode with a plan the person approved (the tool result Claude Code writes then)."""
    return Tool("ExitPlanMode", {"plan": plan}, PLAN_APPROVED, False, {"plan": plan, "isAgent": False}, 9.0)


heldout_transcript_kit.read_before_edit(first=6, spread=41, after=30)
