"""The transcript builder of the fourth held-out corpus (bench/heldout_transcript_kit.py) with Camille's C++ library
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / French
(declared texts carry their language code)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

heldout_transcript_kit.configure(
    cwd="/home/camille/src/libsensa", namespace=uuid.UUID("9b1c2f4e-6a3d-4e8b-b1f0-7c5d2e9a4f63")
)
WORD = re.compile(r"[a-zàâäçéèêëîïôöùûüœ]+", re.IGNORECASE)
# Short function words that settle which of the two languages a sentence is written in.
_FR = (
    "le la les l un une des du de d au aux et ou mais donc car ne n pas plus je j tu il elle on nous vous ils "
    "ce c ça cette ces qui que qu quand est sont suis ai as a avons avez ont été être avoir fait faire pour avec "
    "dans sur sous chez par sans mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs y en si très "
    "bien bon bonne encore toujours jamais déjà aussi alors puis parce comme tout tous toute rien oui non merci "
    "moi toi lui eux ici là quoi hein bref voilà enfin peux veux faut préfère oublie demain après avant"
)
_EN = (
    "the a an and or but not no is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of in on at for with from by as if so do does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again"
)
FR_WORDS = frozenset(_FR.split())
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "fr" when a text has more French than English function words (an accented word counts as French);
    Camille puts English identifiers and tool names into French sentences, and a pasted English log makes a
    French lead-in message count as English."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    fr = sum(1 for w in words if w in FR_WORDS or any(c in w for c in "àâçéèêëîïôùûœ"))
    en = sum(1 for w in words if w in EN_WORDS)
    return "fr" if fr >= 2 and fr > en else "en"
