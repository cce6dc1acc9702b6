"""The transcript builder of the twentieth held-out corpus (bench/heldout_transcript_kit.py) with Maricel's Deno app
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Taglish.

Maricel works on macOS, so paths are `/Users/maricel/dev/...` and the shared builder's POSIX paths and
`/private/tmp/claude-501` background folder fit as they are; only read-before-edit is wired up here.

Taglish is Tagalog and English mixed inside one sentence, so no word list can say "this is Tagalog"; the guess
counts Tagalog (and a few Cebuano/Bisaya) function words and particles against English function words. Tech words
("migration", "notebook", "test") are shared by both and decide nothing."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

SUGBO = "/Users/maricel/dev/sugbo"
TANAW = "/Users/maricel/dev/tanaw"

heldout_transcript_kit.configure(cwd=SUGBO, namespace=uuid.UUID("8e21b7c4-3f5a-4d09-a6b2-71c94e0d5f83"))

WORD = re.compile(r"[a-zñ']+", re.IGNORECASE)
# English function words; "i" is left out because Taglish writes "i-run", "i-deploy", and "at"/"may" because they
# are Tagalog words as well.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here you we they "
    "he she my your our their me us them to of on in for with from by as if so does did don't can could "
    "should would will just please thanks yes what why how when which also then than still again now only "
    "do it's i'm there's let's before after"
)
# Tagalog function words, particles and affix stems as the tokenizer cuts them ("nag-fail" -> "nag", "fail"), and
# a few Bisaya words Maricel slips in.
_TL = (
    "ang ng mga sa yung ung na nang ay ko mo niya natin namin nila ako ikaw siya tayo kami sila ito iyan iyon "
    "yan yun to dito diyan dyan doon pa din rin lang naman po opo hindi di wala walang meron kasi pero kung para "
    "nga ba ulit sige sana muna talaga wag huwag lagi laging dapat kaya eh ha nag mag pag naka ma pa ni kay kapag "
    "pag pala daw raw ba't bakit paano ano saan kailan tapos tsaka saka baka siguro lahat bawal gaya ayos salamat "
    "teka mamaya bukas kanina kahapon ngayon oo sobrang medyo parang nung noon nasa nandito ganun ganito "
    "unsa dili jud gyud lagi bitaw ayaw kaayo ug man diay"
)
EN_WORDS = frozenset(_EN.split())
TL_WORDS = frozenset(_TL.split())


def lang_of(text: str) -> str:
    """ "tl" when a text has at least two Tagalog/Bisaya function words and at least as many as English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    tl = sum(1 for w in words if w in TL_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "tl" if tl >= 2 and tl >= en else "en"


heldout_transcript_kit.read_before_edit(first=6, spread=41, after=19)
