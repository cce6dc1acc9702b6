"""The transcript builder of the seventeenth held-out corpus (bench/heldout_transcript_kit.py) with Noa's Go service
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Hebrew
(declared texts carry their language code).

Noa works on macOS, so paths are POSIX (`/Users/noa/code/shaliach/...`) and the shared builder's own `abspath` and
`tmp_tasks` (background output under /private/tmp/claude-501) already fit; only the language guess is this
corpus's own. Hebrew is told apart by its script, not by a word list: a Hebrew message is full of English terms,
file names and commands, so what decides is whether its Hebrew words outnumber the English function words."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

DISPATCH = "/Users/noa/code/shaliach/dispatch"
COURIER = "/Users/noa/code/shaliach/courier-android"

heldout_transcript_kit.configure(cwd=DISPATCH, namespace=uuid.UUID("8e2b6c41-3f0d-4a7e-b1c9-5d60e2f4a917"))

HEBREW = re.compile(r"[\u05d0-\u05ea]+")
LATIN = re.compile(r"[a-z']+", re.IGNORECASE)
# English function words only: tech words ("test", "build", "staging") stand in Hebrew sentences as they are and
# decide nothing.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only "
    "in a do no"
)
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "he" when a text has a Hebrew word and more Hebrew words than English function words."""
    he = len(HEBREW.findall(text))
    en = sum(1 for w in LATIN.findall(text.replace("’", "'")) if w.lower() in EN_WORDS)
    return "he" if he >= 1 and he > en else "en"


heldout_transcript_kit.read_before_edit(first=14, spread=29, after=31)


def plan_mode(s: Session) -> None:  # noqa: F405
    """Mark the person's last message as typed in plan mode (Claude Code writes permissionMode on user lines)."""
    for line in reversed(s.lines):
        if line.get("type") == "user":
            line["permissionMode"] = "plan"
            return


def ExitPlanMode(plan: str, slug: str) -> Tool:  # noqa: F405
    """The plan approved at the prompt: Claude Code saves it under ~/.claude/plans and says so in the result."""
    path = f"/Users/noa/.claude/plans/{slug}.md"
    text = (
        "User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\n"
        f"Your plan has been saved to: {path}\nYou can refer back to it if needed during implementation.\n\n"
        f"## Approved Plan:\n{plan}"
    )
    return Tool("ExitPlanMode", {"plan": plan}, text, False, {"plan": plan, "isAgent": False, "filePath": path}, 9.0)  # noqa: F405
