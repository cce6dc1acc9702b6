"""The transcript builder of the 37th held-out corpus (bench/heldout_transcript_kit.py) with Dev's `skyhop` as the
default working directory, this corpus's uuid5 namespace, Windows paths, and an English-only language guess.

Dev runs Claude Code natively on Windows 11 with Git Bash as its shell: the working directory and the paths the
file tools use are Windows paths (`C:\\Users\\Dev\\games\\skyhop\\scripts\\player.gd`), while the Bash commands he
and the assistant run are Git Bash commands with forward slashes. Background task output goes under the user's
temp folder. Dev writes English only, so the guess is "en" for any text in Latin script; it would say "und" for a
text that is mostly in another script (none is, in this corpus)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

SK = "C:\\Users\\Dev\\games\\skyhop"
SB = "C:\\Users\\Dev\\games\\skyhop-backend"

heldout_transcript_kit.configure(cwd=SK, namespace=uuid.UUID("616bafac-8651-52bc-8e69-c5662da85850"))

_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def win_abspath(path: str) -> str:
    """A tool path as Claude Code on Windows records it: relative paths joined to the cwd with backslashes (a grep
    hit "scripts/player.gd:12:text" keeps its text after the first colon as it is)."""
    if _DRIVE.match(path):
        return path
    head, sep, tail = path.partition(":")
    return heldout_transcript_kit._CTX["cwd"] + "\\" + head.replace("/", "\\") + sep + tail


def win_tmp_tasks(cwd: str) -> str:
    """Where background tasks write on Windows (the user's temp folder, the cwd flattened into one name)."""
    return "C:\\Users\\Dev\\AppData\\Local\\Temp\\claude\\" + cwd.replace(":", "").replace("\\", "-")


heldout_transcript_kit.abspath = win_abspath
heldout_transcript_kit.tmp_tasks = win_tmp_tasks

WORD = re.compile(r"[^\W\d_]+")
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f]+$")


def lang_of(text: str) -> str:
    """ "en" for a text whose words are mostly in Latin script (Dev writes English only); "und" otherwise."""
    words = WORD.findall(text)
    if not words:
        return "en"
    latin = sum(1 for w in words if LATIN.match(w))
    return "en" if latin * 2 >= len(words) else "und"


heldout_transcript_kit.read_before_edit(first=7, spread=23, after=14)
