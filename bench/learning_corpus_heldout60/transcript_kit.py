"""The transcript builder of the 60th held-out corpus (bench/heldout_transcript_kit.py) with Dilnoza's `ipak-yoli`
as the default working directory, this corpus's uuid5 namespace, and a three-way language guess.

Dilnoza works on Ubuntu 24.04 (bash, tmux, PyCharm), so Claude Code records a cwd such as
`/home/dilnoza/work/ipak-yoli` and Linux paths. She writes Uzbek in Latin script (with o' and g'), Russian (the
language of her first job) and English, with English technical terms in all three. The guess: Cyrillic words are
Russian evidence; Uzbek evidence is a word from a list of Uzbek function and everyday words, or a word carrying
the Uzbek o'/g' letters; English evidence is an English function word. A text is "ru" with at least two Russian
words and no fewer than the other two, "uz" with at least two Uzbek words and no fewer than English ones, and
"en" otherwise."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/dilnoza/work/ipak-yoli"
ML = "/home/dilnoza/work/paxta-ml"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("0b7c5a52-7d1e-5b4e-9a39-60d11a0a6060"))

WORD = re.compile(r"[^\W\d_]+(?:['ʻ‘’][^\W\d_]+)*")
CYR = re.compile(r"[а-яё]", re.IGNORECASE)
UZ_LETTER = re.compile(r"[og]['ʻ‘’][a-z]", re.IGNORECASE)
_UZ_TEXT = (
    "va bu shu u men biz bizda sen siz uchun bilan emas kerak kerakmas ham lekin ammo qil qilma qiling qilib "
    "bundan keyin oldin nima nega qanday qachon hali yana endi bor xato xatosi rahmat yaxshi mayli faqat "
    "hamma har doim hech ishlamayapti ishlayapti ishlaydi ko'r qara qarab tekshir tekshiring yoz yozing "
    "qo'sh qo'shing o'chir o'chiring ochib qayt qaytar ertaga bugun kecha keyinroq tushunmadim tushundim "
    "bo'ldi bo'lsin yo'q ha mana menda sizda ichida orqali uchun kabi yoki agar bo'lsa unda hozir hozircha "
    "test testlar testni fayl faylni papka papkaga baza bazada bazaga ustun ustunni migratsiya migratsiyani "
    "ko'rsatyapti chiqyapti tushyapti beryapti qolyapti ketyapti yo'qolyapti topolmayapti topilmadi "
    "saboq qaror o'zimga natija natijasi yuriting yurit ishlat ishlatma ishlatmaymiz qilmaymiz qo'ymaymiz "
    "boshqa birinchi ikkinchi kun kunga kuni kechasi soat ertasi buyurtma buyurtmalar hisobot hisobotda "
    "alohida chiqadi kiradi turadi bo'ladi qoldir qoldiring tur davom ettir to'xta joyida shunday"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_UZ = frozenset(_UZ_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ru", "uz" or "en" by counting each language's evidence (see the module's docstring)."""
    words = [w.lower() for w in WORD.findall(text)]
    ru = sum(1 for w in words if CYR.search(w))
    uz = sum(1 for w in words if w in _UZ or UZ_LETTER.search(w))
    en = sum(1 for w in words if w in _EN)
    if ru >= 2 and ru >= uz and ru >= en:
        return "ru"
    return "uz" if uz >= 2 and uz >= en else "en"


heldout_transcript_kit.read_before_edit(first=5, spread=19, after=23)
