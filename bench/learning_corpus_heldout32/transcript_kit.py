"""The transcript builder of the 32nd held-out corpus (bench/heldout_transcript_kit.py) with Ioana's `rezervari`
as the default working directory, this corpus's uuid5 namespace, Windows paths, and a Romanian language guess.

Ioana runs Claude Code natively on Windows 11 (its Bash tool goes through Git Bash), so the working directory and
every file path a tool names are Windows paths (C:\\Users\\ioana\\src\\rezervari\\src\\main\\...), the file-history
keys are relative to the project with backslashes, and background task output lands under %TEMP%\\claude. The shared
builder joins paths with "/", so this kit replaces its path helpers (abspath, tmp_tasks, the snapshot keys) with
Windows ones before any session is built.

About half of Ioana's messages are Romanian, mostly typed without diacritics ("nu mai face asa", "de acum
inainte"), mixed with English technical terms. The guess counts Romanian evidence (Romanian function words, with
or without diacritics, and words carrying ă â î ș ț ş ţ) against English function words; a text is "ro" when it
has at least two pieces of Romanian evidence and no fewer than English ones. Words both languages use ("a", "in",
"am", "are", "de" is kept: English has no "de") are left to English or to neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)
from heldout_transcript_kit import Session, hexid, iso

RZ = "C:\\Users\\ioana\\src\\rezervari"
RW = "C:\\Users\\ioana\\src\\rezervari-web"
TEMP = "C:\\Users\\ioana\\AppData\\Local\\Temp\\claude"

heldout_transcript_kit.configure(cwd=RZ, namespace=uuid.UUID("770b6577-e287-5fc2-aa0e-66a7e348c863"))

_DRIVE = re.compile(r"^[A-Za-z]:\\")


def win_path(path: str) -> str:
    """A path as Claude Code on Windows writes it: absolute, with backslashes. A Grep content line
    ("src/app/x.ts:12:code") keeps everything after its first colon as it is."""
    if _DRIVE.match(path):
        return path
    head, sep, rest = path.partition(":")
    return heldout_transcript_kit._CTX["cwd"] + "\\" + head.replace("/", "\\") + sep + rest


def win_tmp_tasks(cwd: str) -> str:
    """Where background output goes: %TEMP%\\claude\\<the project folder named as Claude Code names it>."""
    return TEMP + "\\" + re.sub(r"[^A-Za-z0-9]", "-", cwd)


def _snapshot(self: Session, message_id: str) -> None:
    """The file-history snapshot, its keys relative to the project with Windows separators."""
    backups = {
        path.replace(self.cwd + "\\", ""): {
            "backupFileName": f"{hexid(self.key + path, 16)}@v{v}",
            "version": v,
            "backupTime": iso(self.t),
        }
        for path, v in self.tracked.items()
    }
    self.lines.append(
        {
            "type": "file-history-snapshot",
            "messageId": message_id,
            "snapshot": {"messageId": message_id, "trackedFileBackups": backups, "timestamp": iso(self.t)},
            "isSnapshotUpdate": False,
        }
    )


heldout_transcript_kit.abspath = win_path
heldout_transcript_kit.tmp_tasks = win_tmp_tasks
Session._snapshot = _snapshot  # type: ignore[method-assign]

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Romanian letters English words do not carry (Ioana writes no third language).
RO_ONLY = re.compile(r"[ăâîșțşţ]", re.IGNORECASE)
_RO_TEXT = (
    "si nu sa ca ce cu la pe din de pentru fara dar iar sau daca cand cum unde cine care acum azi maine ieri "
    "mai tot toate toti asta aia ala asa aici acolo doar inca deja mereu intotdeauna niciodata trebuie te rog "
    "mersi multumesc merge mergea face fa lasa las lasam hai gata bine uite vezi zice zis spune spus vreau vrei "
    "stiu stii pica ruleaza rula pornesc porneste nici ceva nimic este sunt era erau fost fie sunt ne ma imi "
    "il ii le lui ei ele un una unei unui niste foarte prea putin dupa inainte intre pana spre catre despre "
    "sub peste decat tu eu noi voi lor meu mea mele mei tau ta nostru noastra fiecare orice oricare alt alta "
    "alte altul inapoi iarasi deci adica totusi poate nevoie putem pot poti facem fac faci scrie scrii "
    "scriu pune pui pun sterge adauga adaugi ruleaza verifica vad vede vedem zi zile ora ore luni marti miercuri "
    "joi vineri clubul cluburi clubului teren terenuri rezervare rezervari rezervarea testul testele testele "
    "ramane ramanem hotarat decis retine invatat nou noua noi vechi aceeasi acelasi altfel fiindca pentru ca "
    "deoarece cat cate tine tinem asta e"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before am i"
)
_RO = frozenset(_RO_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ro" when a text has at least two pieces of Romanian evidence (a Romanian function word, or a word with
    a Romanian letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ro = sum(1 for w in words if w in _RO or RO_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "ro" if ro >= 2 and ro >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=17)
