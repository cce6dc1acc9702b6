"""The transcript builder of the tenth held-out corpus (bench/heldout_transcript_kit.py) with Mehmet's Laravel API
as the default working directory, this corpus's uuid5 namespace, read-before-edit, and a language guess for
English / Turkish (declared texts carry their language code).

Mehmet types Turkish fast, often without Turkish letters ("sunu bi duzelt", "calistir"), so the Turkish word list
holds both spellings; suffixes glued to tech words ("main'e", "pint'i") stay one token and decide nothing."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/mehmet/projeler/rota-api"
FW = "/home/mehmet/projeler/rota-firmware"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("8e2b6c41-3f7d-4a09-b5e2-71c4d9a0f3b6"))

WORD = re.compile(r"[a-zçğıöşüâî']+", re.IGNORECASE)
# Function and everyday words only: tech words ("test", "job", "migration") are shared and decide nothing.
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of on at for with from by as if so does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again now only"
)
_TR = (
    "bi bir ve ama fakat de da ki ne bu bunu bunun buna bunda bundan su sunu şu şunu o onu ona ben sen biz siz "
    "bana sana bize icin için gibi daha cok çok hep asla artik artık sonra once önce unutma yok var mi mı mu mü "
    "misin musun degil değil simdi şimdi yine hala hâlâ tamam tesekkurler teşekkürler sagol sağol eyvallah abi "
    "neden niye nasil nasıl ile kadar her zaman hicbir hiçbir olsun olmadi olmadı oldu yap yapma bak bakalim "
    "bakalım lazim lazım yoksa yeter burada burda ayni aynı dedim olarak yerine sadece hemen bugun bugün yarin "
    "yarın dun dün neyse galiba herhalde tabi tabii evet hayir hayır iki kere bazen diye cunku çünkü ya"
)
EN_WORDS = frozenset(_EN.split())
TR_WORDS = frozenset(_TR.split())


def lang_of(text: str) -> str:
    """ "tr" when a text has at least two Turkish words from the list and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    tr = sum(1 for w in words if w in TR_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "tr" if tr >= 2 and tr > en else "en"


heldout_transcript_kit.read_before_edit(first=6, spread=31, after=20)
