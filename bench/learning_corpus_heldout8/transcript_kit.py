"""The transcript builder of the eighth held-out corpus (bench/heldout_transcript_kit.py) with Giulia's ASP.NET Core
API as the default working directory, this corpus's uuid5 namespace, Windows paths, and a language guess for
English / Italian (declared texts carry their language code).

Giulia works on Windows, so paths are `C:\\Users\\giulia\\src\\...`: the shared builder only knows POSIX paths (a
relative path is joined with "/", background output lives under /tmp), so this module replaces its `abspath` and
`tmp_tasks` with Windows ones before any session is built."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "C:\\Users\\giulia\\src\\ricambi-api"
PORTAL = "C:\\Users\\giulia\\src\\portale-soci"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("5d3c1f0e-8b2a-4c47-9e61-2f7a0b8d4c19"))
_DRIVE = re.compile(r"^[A-Za-z]:\\")


def _abspath(path: str) -> str:
    """A Windows absolute path: relative paths hang off the session's cwd with backslashes."""
    if _DRIVE.match(path):
        return path
    return heldout_transcript_kit._CTX["cwd"] + "\\" + path.replace("/", "\\")


def _tmp_tasks(cwd: str) -> str:
    """Where Claude Code on Windows keeps background task output (under the user's temp folder)."""
    return "C:\\Users\\giulia\\AppData\\Local\\Temp\\claude\\" + cwd.replace("\\", "-").replace(":", "")


heldout_transcript_kit.abspath = _abspath
heldout_transcript_kit.tmp_tasks = _tmp_tasks

LATIN = re.compile(r"[a-zàèéìòù']+", re.IGNORECASE)
# Function words only: tech words ("migration", "container", "test") are shared and decide nothing; words spelled
# the same in both languages ("in", "a", "come", "do") are left out of both lists.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
_IT = (
    "il lo la gli le un una uno di da con su per tra fra che non è e ma mi ti ci si sono ho hai ha abbiamo "
    "questo questa questi quello quella perché quando dove anche ancora poi già più solo fai puoi fammi allora "
    "dai boh perfetto grazie bene cosa qui tutto niente del della dei delle nel nella nei al alla ai sul "
    "sulla sempre mai vedo va sì magari se adesso oggi domani ieri invece però quindi tipo ecco volta"
)
EN_WORDS = frozenset(_EN.split())
IT_WORDS = frozenset(_IT.split())


def lang_of(text: str) -> str:
    """ "it" when a text has at least two Italian function words and more of them than English ones."""
    words = [w.lower() for w in LATIN.findall(text.replace("’", "'"))]
    it = sum(1 for w in words if w in IT_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "it" if it >= 2 and it > en else "en"


heldout_transcript_kit.read_before_edit(first=8, spread=37, after=24)


_snapshot = heldout_transcript_kit.Session._snapshot


def _snapshot_relative(self, message_id):
    """File-history snapshots key tracked files relative to the project, which the shared builder does by cutting
    a POSIX cwd prefix; here the cwd prefix ends in a backslash."""
    _snapshot(self, message_id)
    snap = self.lines[-1]["snapshot"]
    prefix = self.cwd + "\\"
    snap["trackedFileBackups"] = {
        (k[len(prefix) :] if k.startswith(prefix) else k): v for k, v in snap["trackedFileBackups"].items()
    }


heldout_transcript_kit.Session._snapshot = _snapshot_relative
