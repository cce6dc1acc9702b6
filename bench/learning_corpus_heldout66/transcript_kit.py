"""The transcript builder of the 66th held-out corpus (bench/heldout_transcript_kit.py) with Elvin's `neft-telemetry`
as the default working directory, this corpus's uuid5 namespace, and an Azerbaijani language guess.

Elvin works on macOS 15 (zsh, iTerm2, VS Code), so Claude Code records a cwd such as
`/Users/elvin/code/neft-telemetry` and background output under `/private/tmp/claude-501/…` (the shared builder
already does that for a cwd under /Users).

He writes a little under half of his messages in Azerbaijani (Latin script), often without the special letters
when typing fast ("hec vaxt", "sagol", "isleyir"), a few in Russian, the rest in English. The guess counts
Azerbaijani evidence (Azerbaijani function and everyday words, with or without the special letters, and words
carrying ə ı ğ ş ç ö ü) against English function words; a text is "az" when it has at least two pieces of
Azerbaijani evidence and no fewer than English ones. Cyrillic (Russian) counts for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

NEFT = "/Users/elvin/code/neft-telemetry"
BAZAR = "/Users/elvin/code/bazar-app"

heldout_transcript_kit.configure(cwd=NEFT, namespace=uuid.UUID("73343b5f-b413-5d88-92a0-e9529ca88657"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Letters English words do not carry (Elvin writes no Turkish): ə ı ğ ş ç ö ü.
AZ_ONLY = re.compile(r"[əığşçöü]")  # on lower-cased words (IGNORECASE would let ı match i)
_AZ_TEXT = (
    "bu bunu buna bunda bundan o onu ona onda ondan ve amma ancaq yalniz yox var deyil niye nece hec vaxt hemise "
    "sonra bundan indi artiq gore lazim lazimdir sagol sag ol isleyir islemir yene yaz yazma et etme etmə olsun "
    "olmalidir nedir hansi sabah bugun dunen baxaram baxariq baxacam bir iki ucun ile ki de da mi mu yaxsi yaxsidir "
    "ela tamam birdefelik duzelt duzeldek qirmizi yasil xeta qayda qerar komanda sual dedim axi bax gorunur "
    "gelir gelmir getsin sil silme qoy qoyma yazir edir edirem olur olmur oldu istifade dayan dayandir vaxtim "
    "yoxdur yoxdu birbasa hele helelik mence bele ele cunki eger ya icinde uzre"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_AZ = frozenset(_AZ_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "az" when a text has at least two pieces of Azerbaijani evidence (a word from the list, or a word with an
    Azerbaijani letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    az = sum(1 for w in words if w in _AZ or (AZ_ONLY.search(w) and not re.search(r"[а-яё]", w)))
    en = sum(1 for w in words if w in _EN)
    return "az" if az >= 2 and az >= en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=19, after=23)
