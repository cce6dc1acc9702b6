"""The transcript builder of the 64th held-out corpus (bench/heldout_transcript_kit.py) with Miloš's `naplata-api`
as the default working directory, this corpus's uuid5 namespace, and a Serbian language guess.

Miloš works on macOS 15 with zsh, so the working directories are `/Users/milos/dev/naplata-api` and
`/Users/milos/dev/kasa-admin`, and background output goes under /private/tmp/claude-501 (the shared builder's
default for a project under /Users).

He writes about half of his messages in Serbian, in both scripts: Latin with diacritics ("nemoj to da radiš"),
Latin without them when typing fast ("sta se desava", "radi sad"), and Cyrillic ("немој", "од сада"), mostly when
he pastes from his notes. The guess counts Serbian evidence (Serbian function and everyday words, written with or
without diacritics, words with one of č ć š ž đ, and every Cyrillic word) against English function words; a text
is "sr" when it has at least two pieces of Serbian evidence and no fewer than English ones. Words both languages
spell the same ("to", "on", "me", "a", "i") count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

NAP = "/Users/milos/dev/naplata-api"
KASA = "/Users/milos/dev/kasa-admin"

heldout_transcript_kit.configure(cwd=NAP, namespace=uuid.UUID("054ecaa2-f1f7-53d9-9789-c1904d038b19"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Serbian Latin letters English words do not carry, and the Cyrillic block.
SR_LATIN = re.compile(r"[čćšžđ]", re.IGNORECASE)
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_SR_TEXT = (
    "ne nemoj nije nisam nisi nema nemam da je su sam si smo ste ovo ono taj ta te tu sta kako zasto gde kad kada "
    "ali ili jer ako samo jos vec sad sada opet radi ajde bre moze hvala dobro evo pa u na za od sa iz po kod mi ti "
    "ona oni nas vas mene meni tebi ga bilo bio biti ima treba moram mora hocu necu daj pusti vidi vidim pogledaj "
    "probaj pokreni napravi dodaj obrisi popravi ispravi pisi ostavi diraj diras isto sve svi nesto nista sutra "
    "danas juce posle pre onda tek zato valjda mozda bas stvarno dakle znaci ovde tamo koji koja koje kao neki "
    "nego vise manje jedan jedna dva tri svaki svaka svako novi nova novo stari ovaj ova taman eto jel jesi "
    "izbaci izbacuje osvezim kliknem menija idemo vidimo prolazi puca pukne pada visi zaboravi odluka "
    "pravilo lekcija zapamti uvek nikad nikada rekao rekoh ispostavilo ubuduce stani nazad vrati radio uradi "
    "ispod iznad gore dole lepo ajmo hajde nju njega njih moj moja moje tvoj tvoja bice trebalo trebace ubij"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our of at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_SR = frozenset(_SR_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "sr" when a text has at least two pieces of Serbian evidence (a Serbian word from the list, a word with
    č ć š ž đ, or a Cyrillic word) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    sr = sum(1 for w in words if w in _SR or SR_LATIN.search(w) or CYRILLIC.search(w))
    en = sum(1 for w in words if w in _EN)
    return "sr" if sr >= 2 and sr >= en else "en"


heldout_transcript_kit.read_before_edit(first=11, spread=29, after=21)
