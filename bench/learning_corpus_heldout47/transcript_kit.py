"""The transcript builder of the 47th held-out corpus (bench/heldout_transcript_kit.py) with Rūta's `turgus-web`
as the default working directory, this corpus's uuid5 namespace, Windows paths, and a Lithuanian language guess.

Rūta works on Windows 11 (PowerShell 7, VS Code, no WSL), so Claude Code records a cwd such as
`C:\\Users\\ruta\\code\\turgus-web` and absolute file paths with backslashes; relative paths in the scenarios are
resolved against it here (the shared builder joins with "/", which a Windows transcript never shows).

She writes about half of her messages in Lithuanian, often without diacritics ("nenaudok", "visada", "aciu"), and
mixes in English technical terms. The guess counts Lithuanian evidence (Lithuanian function and everyday words,
written with or without diacritics, and words carrying the Lithuanian letters ą č ę ė į š ų ū ž) against English
function words; a text is "lt" when it has at least two pieces of Lithuanian evidence and no fewer than English
ones. Words both languages use, or that a Lithuanian typing without diacritics shares with English ("is" for iš,
"per", "man", "be", "ten"), count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

WEB = "C:\\Users\\ruta\\code\\turgus-web"
SCR = "C:\\Users\\ruta\\code\\turgus-scraper"

heldout_transcript_kit.configure(cwd=WEB, namespace=uuid.UUID("fa89b08a-5270-5364-aae3-ca13def194ec"))

_DRIVE = re.compile(r"^[A-Za-z]:\\")


def _win_abspath(path: str) -> str:
    """A path as Claude Code on Windows records it: absolute ones as they are, relative ones under the cwd with
    backslashes (a Grep line "src/a.ts:5:code" keeps its text after the first colon untouched)."""
    if _DRIVE.match(path):
        return path
    head, sep, tail = path.partition(":")
    return heldout_transcript_kit._CTX["cwd"] + "\\" + head.replace("/", "\\") + sep + tail


def _win_tmp_tasks(cwd: str) -> str:
    return "C:\\Users\\ruta\\AppData\\Local\\Temp\\claude\\" + cwd.replace(":", "-").replace("\\", "-")


heldout_transcript_kit.abspath = _win_abspath
heldout_transcript_kit.tmp_tasks = _win_tmp_tasks

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Letters with an ogonek, caron, dot or macron: English words do not carry them (Rūta writes no third language).
LT_ONLY = re.compile(r"[ąčęėįšųūž]", re.IGNORECASE)
_LT_TEXT = (
    "ir bet ar kad kai jau dar vis tai tas ta tie tos sitas sita cia ten kur kodel kaip nes jei jeigu tik "
    "visada niekada nuo siol nenaudok neveikia veikia aciu gerai taip ne yra nera buvo bus mano tau tavo "
    "mes mums jie su po prie apie del ka kas kada kol dabar rytoj siandien vakar paziuresim reikia nereikia "
    "negali gali daryk nedaryk padaryk pataisyk paziurek ziurek istrynei vel kazkas nieko viskas visi visus "
    "visos labai prasau pirma tada paskui nors arba na zinau nezinau manau rodo meta klaida klaidos testas "
    "testa testai faila failas failo failus lentele lentelej lenteles kiekviena jokio jokiu jokios sakiau "
    "gi palik palikim grazink nekeisk neliesk kodel dar kazko nes sutvarkom sutvarkyk parasyk paleisk "
    "perkrauna naujas nauja naujoj naujoje vienos pakanka uztenka turi turim dabar einu turiu laiko "
    "tiesiog nieko nesimato kainos kainu kaina rodoma prie pries viena sekundes bent iskart rasyk netrink "
    "senu migraciju kodel nesupratau pasirodo nepalaiko lieka todel raso palieku grizsiu veliau super ok"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_LT = frozenset(_LT_TEXT.split()) - {"super", "ok"}
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "lt" when a text has at least two pieces of Lithuanian evidence (a Lithuanian word from the list, or a word
    with a Lithuanian letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    lt = sum(1 for w in words if w in _LT or LT_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "lt" if lt >= 2 and lt >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
