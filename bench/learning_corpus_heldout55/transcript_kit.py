"""The transcript builder of the 55th held-out corpus (bench/heldout_transcript_kit.py) with Gunnar's `hverfill` as
the default working directory, this corpus's uuid5 namespace, read-before-edit, and an Icelandic language guess.

Gunnar works on Arch Linux (zsh, tmux), so paths are plain POSIX ones under /home/gunnar/src and background output
goes under /tmp/claude-1000, as the shared builder does it.

He writes a little under half of his messages in Icelandic, usually with þ, ð, æ, ö and the accented vowels, and
sometimes without them ("thetta", "nuna", "ekki") when he is on a US keyboard. The guess counts Icelandic evidence
(Icelandic function and everyday words, with or without the special letters, and any word carrying þ ð æ ö á é í ó
ú ý) against English function words; a text is "is" when it has at least two pieces of Icelandic evidence and no
fewer than English ones. Words English also uses ("her", "var", "a", "i", "um") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

HVE = "/home/gunnar/src/hverfill"
VED = "/home/gunnar/src/vedurstofa"

heldout_transcript_kit.configure(cwd=HVE, namespace=uuid.UUID("2213442b-21ee-5922-a113-fc3a95ca43b4"))

WORD = re.compile(r"[^\W\d_]+")
IS_ONLY = re.compile(r"[þðæöáéíóúý]", re.IGNORECASE)
_IS_TEXT = (
    "og ekki thad thetta er ad vid eg thu hann hun svo lika bara nuna aftur virkar virkadi takk ja nei hvad "
    "hvers vegna eftir alltaf aldrei ma skal verdur tharf ekkert allt oll profa keyrdu lagadu sjaum morgun "
    "eda ef thegar sem fyrir med hja mer mig min minn thinn okkur nu thar alveg rett rangt gott fint jaeja sko "
    "kannski hefur hef sama annad fyrst sidan til af en enn thvi skaltu gerdu ekkert lengur kominn komid "
    "borðið bordid profid prufan skoda skodum seinna einu sinni hvort thessi thessu thessa"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_IS = frozenset(_IS_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "is" when a text has at least two pieces of Icelandic evidence (a word from the list, or a word with an
    Icelandic letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    n_is = sum(1 for w in words if w in _IS or IS_ONLY.search(w))
    n_en = sum(1 for w in words if w in _EN)
    return "is" if n_is >= 2 and n_is >= n_en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=23)
