"""The transcript builder of the thirteenth held-out corpus (bench/heldout_transcript_kit.py) with Dimas's SvelteKit app
as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Indonesian
(declared texts carry their language code).

Dimas runs Claude Code inside WSL2 (Ubuntu) on Windows, so paths are POSIX (`/home/dimas/proyek/...`) and the shared
builder's path handling fits as is; Windows shows only where WSL reaches across to it (`/mnt/c/Users/dimas/...`)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "/home/dimas/proyek/pesanan-kue"
GAME = "/home/dimas/proyek/silat-arena"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("0c6e3b7a-41d2-4f9b-a5e8-93d17c2b6f40"))

WORD = re.compile(r"[a-z']+", re.IGNORECASE)
# Function words and the everyday glue of informal Jakarta Indonesian; tech words ("migration", "policy", "test")
# are shared and decide nothing. Words that could be read in both languages are left out of both lists.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
_ID = (
    "yang dan di ke dari ini itu gak nggak ga enggak udah udh sudah belum aja saja juga tapi kalau kalo buat "
    "untuk dengan sama ada bisa coba tolong jangan mau lagi masih kok dong sih deh ya nih tuh bang gw gue aku "
    "saya kamu kita kami apa kenapa gimana karena soalnya terus trus habis abis kayak kayaknya mantap sekarang "
    "mulai selalu pernah harus biar supaya jadi bentar dulu nanti besok kemarin semua pake pakai tadi mana atau "
    "lebih tidak bukan emang memang cuma banget doang lho yg gitu gini kan lewat sebelum setelah abis pas "
    "padahal hari baru liat lihat bikin kasih ganti hapus tambahin cek balikin beres makasih oke sip siap"
)
EN_WORDS = frozenset(_EN.split())
ID_WORDS = frozenset(_ID.split())


def lang_of(text: str) -> str:
    """ "id" when a text has at least two Indonesian words of the list and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    ind = sum(1 for w in words if w in ID_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "id" if ind >= 2 and ind > en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=31, after=19)
