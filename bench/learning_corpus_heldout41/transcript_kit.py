"""The transcript builder of the 41st held-out corpus (bench/heldout_transcript_kit.py) with Aisyah's
`kedai-runcit` as the default working directory, this corpus's uuid5 namespace, and a Malay language guess.

Aisyah writes Malaysian English and Malay mixed, often in one sentence ("tolong tengok kenapa sail up tak jalan"),
with English technical terms and particles (lah, kan, je). The guess counts Malay evidence (Malay function words,
particles and common verbs, and words ending in -nya) against English function words; a text is "ms" when it has
at least two pieces of Malay evidence and no fewer than English ones, so a Malay sentence full of tool names stays
Malay and an English sentence with one "lah" stays English. "I" and "you" are used in both and count for neither
(Malaysian English says "kenapa you edit"), and "fail" is left out (Malay for file, English for failure)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KR = "/home/aisyah/projects/kedai-runcit"
RE = "/home/aisyah/projects/runcit-etl"

heldout_transcript_kit.configure(cwd=KR, namespace=uuid.UUID("4f1c2a77-3b9e-5d41-9a0c-7e2d41b6c841"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_MS_TEXT = (
    "yang dan di ke dari ini itu tu ni tak tidak dah sudah belum nak mahu boleh kena mesti jangan lah kan je jer "
    "pun ada akan untuk dengan dalam pada sebab kalau bila lepas dulu lagi sikit semua apa kenapa macam mana "
    "tolong tengok buat guna pakai saya aku awak kita kami dia diorang terima kasih esok hari masih bukan betul "
    "jalan sambung mantap dekat kat tapi atau juga sebelum selepas sampai ikut biar letak tambah buang tukar cuba "
    "tanya cakap kata faham tahu tau takde tiada hanya sahaja saja bagi sama baru jadi rasa nampak lalu semalam "
    "tadi nanti sekarang mulai selalu sentiasa keputusan pengajaran rupanya pasal balik sini situ satu dua kali "
    "ganda jumlah kira resit kedai jualan hilang kosong depan teka isi sifar semak betulkan kekal pindah lambat "
    "sangat laju cepat tunggu ya eh takpe kot agak orang mcm sbb dgn utk tgk nk xde sikit lain "
    "sana mula habis siap tengah perlu patut senang susah dulu nama tarikh bulan minggu petang pagi malam"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_MS = frozenset(_MS_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ms" when a text has at least two pieces of Malay evidence (a Malay function word, particle or common
    verb, or a word ending in -nya) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ms = sum(1 for w in words if w in _MS or (len(w) > 4 and w.endswith("nya")))
    en = sum(1 for w in words if w in _EN)
    return "ms" if ms >= 2 and ms >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
