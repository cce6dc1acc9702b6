"""The transcript builder of the fourteenth held-out corpus (bench/heldout_transcript_kit.py) with Priya's Phoenix
backend as the default working directory, this corpus's uuid5 namespace, a small ExitPlanMode tool (plan mode),
and a language guess for English / Hinglish (Hindi typed in Latin script; declared texts carry the code "hi").

Priya works on macOS, so the shared builder's POSIX paths and /private/tmp/claude-501 background output fit as
they are; nothing is replaced here except the Edit-reads-first behaviour every corpus switches on."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)
from heldout_transcript_kit import Tool

MANDI = "/Users/priya/code/mandi-rates"
KISAN = "/Users/priya/code/kisan-app"

heldout_transcript_kit.configure(cwd=MANDI, namespace=uuid.UUID("8f2e6a41-3c7d-4b09-a5e2-71d0c94b3e56"))
heldout_transcript_kit.read_before_edit(first=11, spread=29, after=31)

PLAN_APPROVED = (
    "User has approved your plan. You can now start coding. Start with updating your todo list if applicable\n\n"
    "Your plan has been saved to: /Users/priya/.claude/plans/{slug}.md\nYou can refer back to it if needed during "
    "implementation.\n\n## Approved Plan:\n{plan}"
)


def ExitPlanMode(plan: str, slug: str) -> Tool:
    """Leaving plan mode: the plan as the tool input, the person's approval as its result."""
    text = PLAN_APPROVED.format(slug=slug, plan=plan)
    return Tool("ExitPlanMode", {"plan": plan}, text, False, {"plan": plan, "isAgent": False, "filePath": ""}, 8.0)


WORD = re.compile(r"[a-z']+", re.IGNORECASE)
# Function words only. Hinglish words that are also English words ("to", "is", "me", "main", "hi", "the", "par",
# "so", "do") are left out of the Hindi list: they decide nothing.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their us them of on at for with from by as if does did don't can could should would "
    "will just please thanks ok yes what why how when which also then than still again now only"
)
_HI = (
    "hai hain ho raha rahi rahe kya kyun kyon nahi nahin mat karo karna kar karke se ko ka ki ke mein yeh ye woh "
    "wo aur bhi toh ab abhi phir hamesha kabhi kal aaj theek thik accha acha chalo chhodo dekho dekhte dekh bas "
    "sab kuch koi jo jab agar lekin pe wala wale wali hua hui gaya gayi diya liya tha thi hoga na haan arre yaar "
    "matlab pehle baad sirf wahi isko usko isme apna mera meri mujhe humne hum tum aap jaise aise kaise kahan "
    "kyunki chahiye sakte sakti lagta lag raha hota hote hoti jayega jayegi dena lena likho banao chalao hatao "
    "bolo bola batao samajh pata nai haa bhai ruko seekh rakhna yaad"
)
EN_WORDS = frozenset(_EN.split())
HI_WORDS = frozenset(_HI.split())


def lang_of(text: str) -> str:
    """ "hi" when a text has at least two Hindi function words and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    hi = sum(1 for w in words if w in HI_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "hi" if hi >= 2 and hi > en else "en"
