"""The transcript builder of the 46th held-out corpus (bench/heldout_transcript_kit.py) with Karthik's `kaasu-pay`
as the default working directory, this corpus's uuid5 namespace, and a Tamil language guess.

Karthik writes about a third of his messages in Tamil script with English technical words inside them
("build.gradle.kts-ல புது dependency ..."), a third in Tanglish, Tamil typed in Latin letters ("ithu marubadiyum
fail aagudhu"), and a third in short English. The guess counts Tamil evidence (every word in Tamil script, and
Tanglish words and suffixes such as "pannu", "thaan", "-la", "-kku", "vendaam") against English function words; a
text is "ta" when it has at least two pieces of Tamil evidence and no fewer than English ones, so a Tamil sentence
full of Gradle and Terraform words stays Tamil and an English sentence with one "seri" stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KP = "/home/karthik/work/kaasu-pay"
KI = "/home/karthik/work/kaasu-infra"

heldout_transcript_kit.configure(cwd=KP, namespace=uuid.UUID("239938b6-804a-5aec-bda1-2ae2eb70c5a9"))

# A Tamil-script word (letters with their vowel signs, U+0B80-U+0BFF) or a Latin word.
WORD = re.compile(r"[\u0B80-\u0BFF]+|[A-Za-z]+(?:'[A-Za-z]+)?")
TAMIL_SCRIPT = re.compile(r"[\u0B80-\u0BFF]")
# Tanglish as Karthik types it: verbs, particles and the suffixes he hyphenates onto English words ("format-la").
_TANGLISH_TEXT = (
    "ithu idhu adhu athu indha andha enna yen epdi eppadi enga inge ange ippo ippodhu appo apram aprom appuram "
    "marubadiyum innum inime inimey eppovume eppovum orubodhum orupodhum seri sari okay illa illai illaya vendaam "
    "venaam venam venum vennum podhum pothum podhumaa thaan dhaan mattum konjam romba nalla paaru paarunga paakalaam "
    "paathukaren paakren naalaikku nethu inniki innaikku nandri aagudhu aaguthu aachu aayiduchu aaiduchu aagala "
    "pannu pannunga panna pannaadhe pannadheenga panneenga panninen pannitten pannanum pannuven panren panradhu "
    "pannidalaam vechukkalaam vechidunga vechukkonga kekkaama kekkanum sollunga sonnen sollu kaattunga podu podunga "
    "podanum irukku iruku irukkanum irundhaalum irundhu odudhu oduthu odala odanum odikittu mudinjiduchu mudiyattum "
    "vandhuchu vandhuduchu varudhu theriyanum theriyala thappu sariya ennai enakku unga ungalukku naan nee namma "
    "ovvoru thani orey oru rendu moonu rendaavadhu thadava kidaiyaadhu koodaadhu vidunga ezhudhunga maadhiri "
    "pirichidunga kaathirundhu nadakkudhu maathuchu paadam doubt la le ku kku kkum um nu aa oda kitta vela neram "
    "eduthudanum decide kaaga vittu"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_TA = frozenset(_TANGLISH_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ta" when a text has at least two pieces of Tamil evidence (a Tamil-script word, or a Tanglish word or
    suffix) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ta = sum(1 for w in words if TAMIL_SCRIPT.match(w) or w in _TA)
    en = sum(1 for w in words if w in _EN)
    return "ta" if ta >= 2 and ta >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
