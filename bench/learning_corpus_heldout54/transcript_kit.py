"""The transcript builder of the 54th held-out corpus (bench/heldout_transcript_kit.py) with Anjali's `thattukada`
as the default working directory, this corpus's uuid5 namespace, and a Malayalam language guess.

Anjali works on Windows 11 with WSL2 Ubuntu, and runs Claude Code inside WSL, so the transcripts carry Linux
paths (`/home/anjali/code/thattukada`); PowerShell appears only as `powershell.exe -Command ...` calls.

She writes Malayalam in Malayalam script, Manglish (Malayalam in Latin letters) and English, often all three in one
message. The guess counts Malayalam evidence (each run of Malayalam script, and each Manglish word from a list)
against English function words; a text is "ml" when it has at least two pieces of Malayalam evidence and no fewer
than English ones. Technical terms count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "/home/anjali/code/thattukada"
API = "/home/anjali/code/thattukada-api"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("5d0b8c3e-54a1-5f7e-9c2d-6b3e1a540054"))

WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
ML_RUN = re.compile(r"[\u0D00-\u0D7F]+")
_MANGLISH = (
    "ith ithu ath athu athalla ithalla cheyyu cheyyanda cheyyaruthu cheythu cheythaal cheyyam cheythittu venda "
    "venam vendi ini muthal ellam ellaam mathram mathi alla aanu aano aayi illa illallo undu undo onnum nokkam "
    "nokku nokkiyo nokkatte paranju parayunnu paranjathalle njan njangal ningal nammal namukku entha enthaa "
    "enthanu enthu shari sheri seri pinne ippo ippol naale innale kazhinju kazhinjal kazhinjittum vechu ezhuthu "
    "ezhuthanda ezhuthanam thodanda maattu maattanda maattiyittu varunnilla pokunnilla pokum aavunnilla aakunnilla "
    "kittunnilla eppozhum orikkalum okke oru nalla kollam pani vazhi thanne ennal pole poyi ketto alle evide "
    "engane enganeya kuzhappam kuzhappamilla thettu ivide athil ithil undakku aakku aakki kodukku samayam "
    "pattilla pattunnilla chodikkunnu ethra randum ee avide enikku enik ente kada orkkanam sathyam adipoli "
    "podi mone ayyo ninnu varunnu rathri prashnam kandupidichu manassilakkanam olippikkanda kidakkatte kidakkunnu "
    "pakuthi perum nokki undayirunnu aayirunnu maatti ittu ittal ore il ilum nu lekku kond ennu ennanu thonnunnu "
    "nadakkilla avar ayachu pokanam pokatte angane enna tharu ravile innathe mani nannayi nokkikkam aakanda kaanikkunnu kaanikkunnilla sariyaanu sariyalla muzhuvan randu moonnu vaa tharam"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_ML = frozenset(_MANGLISH.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ml" when a text has at least two pieces of Malayalam evidence (a run of Malayalam script, or a Manglish
    word from the list) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ml = len(ML_RUN.findall(text)) + sum(1 for w in words if w in _ML)
    en = sum(1 for w in words if w in _EN)
    return "ml" if ml >= 2 and ml >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=29, after=21)
