"""The transcript builder of the sixteenth held-out corpus (bench/heldout_transcript_kit.py) with Youssef's Spark
pipeline as the default working directory, this corpus's uuid5 namespace, read-before-edit, and a language guess
for English / Egyptian Arabic (declared texts carry their language code).

Youssef writes Egyptian Arabic in two ways: in Arabic script (right to left, with English file names and terms
inside) and in Arabizi (Latin letters with digits for the sounds Latin lacks: 3 for ع, 7 for ح, 2 for ء/ق, 5 for
خ). Both count as "ar": what decides is what he wrote in, not the script."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

SOUQ = "/home/youssef/work/souq-etl"
WPD = "/home/youssef/work/wp-delivery"

heldout_transcript_kit.configure(cwd=SOUQ, namespace=uuid.UUID("8e0b6c2a-41d7-4f3e-b5a9-7c1d2e9f6a30"))
heldout_transcript_kit.read_before_edit(first=11, spread=29, after=31)

ARABIC_LETTER = re.compile(r"[\u0621-\u064A\u0660-\u0669\u067E\u0686\u06A4\u06AF]")
LATIN_LETTER = re.compile(r"[A-Za-z]")
WORD = re.compile(r"[a-z0-9']+")
# A Latin word with one of Arabizi's digits inside or in front ("3ayez", "7elw", "ma3lesh", "2olt"); technical
# tokens put their digits at the end ("s3", "ec2", "utf8") or use other digits ("log4j", "k8s").
DIGIT_WORD = re.compile(r"^(?:[2357][a-z]+|[a-z]+[2357][a-z]+[a-z0-9]*)$")
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
# Arabizi function words; words that are also English ("men", "bas" aside) are left out.
_ARABIZI = (
    "ana enta enty ya keda kda mesh msh mish bas leh ezay ezzay dah dih el w tamam yalla lazem 3ala 3al fe fel fi "
    "ba3d abl dlwa2ty delwa2ty embare7 bokra kaman law howa heya e7na mafish mafeesh awy khalas 5alas sibo sebo "
    "ya3ni dayman abadan wala 3and 3andy elly ely 7aga 7elw 7elwa ma3lesh m3lsh shokran tab aho ahe kteer 5ally "
    "khally balak"
)
EN_WORDS = frozenset(_EN.split())
ARABIZI_WORDS = frozenset(_ARABIZI.split())


def lang_of(text: str) -> str:
    """ "ar" when a text is mostly Arabic script (a third of its letters or more), or when it has at least two
    Arabizi words and more of them than English function words; "en" otherwise."""
    ar = len(ARABIC_LETTER.findall(text))
    latin = len(LATIN_LETTER.findall(text))
    if ar and ar * 3 >= ar + latin:
        return "ar"
    words = WORD.findall(text.lower().replace("’", "'"))
    arabizi = sum(1 for w in words if w in ARABIZI_WORDS or DIGIT_WORD.match(w))
    en = sum(1 for w in words if w in EN_WORDS)
    return "ar" if arabizi >= 2 and arabizi > en else "en"


def ExitPlanMode(plan: str) -> Tool:  # noqa: F405
    """Claude leaves plan mode with a plan the person approves (the shared builder has no such tool)."""
    return Tool(  # noqa: F405
        "ExitPlanMode",
        {"plan": plan},
        "User has approved your plan. You can now start coding. Start with updating your todo list if applicable",
        False,
        {"plan": plan, "isAgent": False},
        24.0,
    )
