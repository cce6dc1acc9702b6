"""The transcript builder of the twenty-first held-out corpus (bench/heldout_transcript_kit.py) with Sanne's Phoenix
app as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Dutch
(declared texts carry their language code).

Sanne works on Fedora with POSIX paths under /home/sanne/code, so the shared builder's paths and background-task
folder (/tmp/claude-1000/...) are used as they are; only read-before-edit is switched on, with this corpus's numbers.
Her login shell is fish, but Claude Code's Bash tool runs bash, so tool commands are bash; fish shows only in what
she pastes from her own terminal (`sanne@fedora ~/c/kademuur (main)>` prompts, fish's own errors)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

FIETSPLAN = "/home/sanne/code/fietsplan"
KADEMUUR = "/home/sanne/code/kademuur"

heldout_transcript_kit.configure(cwd=FIETSPLAN, namespace=uuid.UUID("8e2b6d14-3f0a-4c95-b7d1-6a0c52f94e21"))

WORDS = re.compile(r"[a-zëéèïöüáó']+", re.IGNORECASE)
# Function words only: tech words ("deploy", "pods", "test") are shared and decide nothing, and words that are also
# common English ("is", "in", "was", "we", "of", "even", "want", "over", "door", "net", "had", "me") are left out of
# both lists, so "not even base64" or "we hebben" is decided by the other words.
_EN = (
    "the an and or but not are were be been it its this that these those there here i you they he she my your our "
    "their us them to on at for with from by as if so does did don't can could should would will just please "
    "thanks ok yes what why how when which also then than still again now only"
)
_NL = (
    "de het een en dat dit deze die er hier daar ik je jij ze mijn jouw ons onze van op aan voor uit bij als dan "
    "ook al nu wel toch dus omdat naar om te tot zo graag bedankt dank hoor eigenlijk misschien alles zelf weer "
    "maar nog geen niet niks niets wat waarom hoe waar wanneer welke kun kan kunnen moet moeten wil zou zal heb "
    "hebt heeft hebben ben bent zijn wordt worden gaat gaan doe doen zegt met hij gewoon eerst straks morgen "
    "gisteren vandaag klopt laat altijd nooit voortaan hele heel nee ja mooi"
)
EN_WORDS = frozenset(_EN.split())
NL_WORDS = frozenset(_NL.split())


def lang_of(text: str) -> str:
    """ "nl" when a text has at least two Dutch function words and more of them than English ones."""
    words = [w.lower() for w in WORDS.findall(text.replace("’", "'"))]
    nl = sum(1 for w in words if w in NL_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "nl" if nl >= 2 and nl > en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=31)
