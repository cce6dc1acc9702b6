"""The transcript builder of the 36th held-out corpus (bench/heldout_transcript_kit.py) with Claire's `cadastre` as
the default working directory, this corpus's uuid5 namespace, and a French language guess.

Claire writes most of her messages in French, with full accents, and keeps code terms in English ("Peux-tu
relancer PHPStan sur src/Repository ?"); about a third are English only. The guess counts French evidence (French
function words and words carrying a French accented letter such as é è ê à ç ù ô î) against English function
words; a text is "fr" when it has at least two pieces of French evidence and no fewer than English ones, so a
French sentence full of tool names stays French and an English sentence with one French word stays English.
Words both languages use ("on", "me", "a", "as", "plus", "non", "si") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KD = "/Users/claire/dev/cadastre"
KI = "/Users/claire/dev/cadastre-infra"

heldout_transcript_kit.configure(cwd=KD, namespace=uuid.UUID("e4270293-dd39-5335-882f-e3be1972a7e9"))

WORD = re.compile(r"[^\W\d_]+")
# Letters French writes and English words do not carry (Claire writes no third language).
FRENCH_ONLY = re.compile(r"[àâäçéèêëîïôöùûüÿœæ]", re.IGNORECASE)
_FR_TEXT = (
    "le la les un une des du de au aux et ou mais donc ni car ne pas que qui quoi dont ce cet cette ces cela ça "
    "je tu il elle nous vous ils elles te se mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs est "
    "sont suis êtes sommes était être avoir ai avons avez ont fait faire peux peut pouvez veux veut dans sur sous "
    "avec sans pour par chez entre vers depuis pendant après avant encore déjà aussi toujours jamais rien tout tous "
    "toute toutes très bien oui merci bon quand comment pourquoi parce alors puis ici là faut doit dois lance "
    "mets ajoute regarde corrige fais chaque quelque en y lui eux moi toi juste vraiment quand même trop peu "
    "voilà enfin parfait demain verra maintenant"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our of at for with "
    "from by if so does did can could should would will just what why how when also then in don't it's "
    "have has all any every only out up into here now again still after before to do no i i'm let's"
)
_FR = frozenset(w for w in _FR_TEXT.split() if w.isalpha())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "fr" when a text has at least two pieces of French evidence (a French function word, or a word with a
    French accented letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    fr = sum(1 for w in words if w in _FR or FRENCH_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "fr" if fr >= 2 and fr >= en else "en"


heldout_transcript_kit.read_before_edit(first=3, spread=31, after=23)
