"""The transcript builder of the 63rd held-out corpus (bench/heldout_transcript_kit.py) with Tunde's `ajo-ledger`
as the default working directory, this corpus's uuid5 namespace, and a three-way language guess (Nigerian Pidgin,
Yoruba, English).

Tunde runs Claude Code inside WSL2 Ubuntu on Windows 11, so the transcripts carry Linux working directories
(`/home/tunde/code/ajo-ledger`, `/home/tunde/code/owo-web`) and the shared builder's POSIX paths apply as they are;
PowerShell shows up only where he pastes it or where the assistant calls `powershell.exe` through WSL interop.

He writes Nigerian Pidgin in about a third of his messages and Yoruba in about one in six, often both mixed with
English in one message; technical terms stay English. The guess counts Pidgin markers (words such as "abeg",
"dey", "wetin", "don", "na", "sabi", "comot" and phrases such as "no be", "e don", "make we") and Yoruba evidence
(everyday Yoruba words typed without tone marks, "e jowo", "ma se", "o ti da", and any word carrying a Yoruba
letter or tone mark: ẹ ọ ṣ à á è é ì í ò ó ù ú ń) against English function words. A text is "yo" when it has at
least two pieces of Yoruba evidence and no fewer than Pidgin or English ones, "pcm" when it has at least two Pidgin
markers and no fewer than English function words, and "en" otherwise. Words Pidgin takes from English ("for",
"we", "go", "make", "no", "I", "here", "before", "again") count for no language."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

LEDGER = "/home/tunde/code/ajo-ledger"
WEB = "/home/tunde/code/owo-web"

heldout_transcript_kit.configure(cwd=LEDGER, namespace=uuid.UUID("cc719481-8502-500f-9131-97e48cf146ec"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Yoruba letters with an under-dot and vowels with tone marks (Tunde writes no third language that uses them).
YO_MARKS = re.compile(r"[ẹọṣàáèéìíòóùúńǹḿ]", re.IGNORECASE)
_PCM_TEXT = (
    "abeg dey don wetin na sabi comot wahala una oga sef abi jare shey shebi haba oya wey nawa ehn sha dem "
    "dis dat wan pikin kpatakpata chop tori wella yawa gbege katakata im dia ginger kuku naim ehen jor "
    "whosai tins am"
)
_YO_TEXT = (
    "jowo ejowo ejo ese ko mo ti wa je ka lo yi yii eyi nkan nnkan gbogbo sugbon ati pelu bayi kini bawo "
    "daadaa dada rara beeni emi awa lati ki mi naa yen tun maa ise oun le sise bere pari nibi yato sare fe "
    "gbagbe gan dara ola loni ana ni se pe la ohun ko kan rii ri mọ mo o ọ e oro sibe si tabi pada fi"
)
_EN_TEXT = (
    "the an and is are was were been it's this that there they you're my your our of with from by should "
    "would could will does did have has what why how when also then into because which please i'm don't can't "
    "isn't it its you"
)
_PCM = frozenset(_PCM_TEXT.split())
# single letters and words that also stand in English or Pidgin count for Yoruba only in these phrases
_YO = frozenset(_YO_TEXT.split()) - {"o", "e", "mo", "ko", "si", "se", "ni", "ti", "mi", "ri", "le", "ki", "la", "naa"}
_EN = frozenset(_EN_TEXT.split())
_PCM_PHRASES = re.compile(
    r"\b(?:no be|e don|e dey|e no|make we|make e|i don|we don|don do|na so|no wahala|small small|i go|we go|"
    r"e go|e be like|wetin dey|how far|no vex)\b",
    re.IGNORECASE,
)
_YO_PHRASES = re.compile(
    r"\b(?:e jowo|ma se|o ti da|e se|mo ti|a ti|ko si|ni ka|ka ma|la maa|mo fe|e ma|ti mo|ko ye|se o|o ye|"
    r"mo ri|ko ni|a maa|ni pe|e wo|o dabo|ki lo)\b",
    re.IGNORECASE,
)


def scores(text: str) -> tuple[int, int, int]:
    """(Pidgin, Yoruba, English) evidence in a text."""
    words = [w.lower() for w in WORD.findall(text)]
    pcm = sum(1 for w in words if w in _PCM) + len(_PCM_PHRASES.findall(text))
    yo = sum(1 for w in words if w in _YO or YO_MARKS.search(w)) + len(_YO_PHRASES.findall(text))
    en = sum(1 for w in words if w in _EN)
    return pcm, yo, en


def lang_of(text: str) -> str:
    """ "yo" when a text has at least two pieces of Yoruba evidence and no fewer than Pidgin markers or English
    function words; "pcm" when it has at least two Pidgin markers and no fewer than English function words; "en"
    otherwise."""
    pcm, yo, en = scores(text)
    if yo >= 2 and yo >= pcm and yo >= en:
        return "yo"
    if pcm >= 2 and pcm >= en:
        return "pcm"
    return "en"


def is_other(text: str) -> bool:
    """Pidgin or Yoruba (what a skill prompt in "the person's language" may be)."""
    return lang_of(text) in ("pcm", "yo")


heldout_transcript_kit.read_before_edit(first=9, spread=29, after=21)
