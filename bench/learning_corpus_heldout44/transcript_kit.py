"""The transcript builder of the 44th held-out corpus (bench/heldout_transcript_kit.py) with Bilal's `dukaan-api`
as the default working directory, this corpus's uuid5 namespace, and an Urdu language guess.

Bilal writes about a third of his messages in Urdu script (Nastaliq, with English technical words inside and the
full stop "۔"), a third in Roman Urdu mixed with English ("yaar ye phir se fail ho raha hai") and a third in
English. The guess counts Urdu evidence (every word in Arabic script, and Roman Urdu function words such as hai,
nahi, kyun, mat, karna, bhi, phir) against English function words; a text is "ur" when it has at least two pieces
of Urdu evidence and no fewer than English ones. Words both languages spell alike ("main", "to", "is", "me", "do")
count for neither, so an English sentence with one Urdu word stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/bilal/code/dukaan-api"
ADM = "/home/bilal/code/dukaan-admin"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("dd47b43f-8960-5310-ac46-ca8cf9c5e9a3"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
ARABIC = re.compile(r"[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]")
_UR_TEXT = (
    "hai hain ho hota hoti hote hua hui raha rahi rahe kya kyun kyon nahi nahin mat karna karni karo kar kiya kiye "
    "karta karte ye yeh wo woh se ka ki ke ko mein bhi phir abhi ab aage kabhi theek gaya gayi yaar tum tumne aap "
    "hum mujhe mera meri mere apna apni sirf bas chal chalo chalta chalti chalte dekh dekho dekhte tha thi jab tak "
    "agar lekin aur ya hoga hogi wala wali wale liye isliye kal aaj pehle baad sab kuch koi kaise kahan kab hamesha "
    "chahiye zaroorat masla kaam rakhna rakho chalana chalao likhna likho bhejna batao bata shukriya acha accha haan "
    "jaldi dobara wapas khud pata lagta aata aati jata jati na par hi wohi usko isko inko unko kyunke warna "
    "filhal faisla sabak chhor chhoro rehne zara thora bohat bahut"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_UR = frozenset(_UR_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "ur" when a text has at least two pieces of Urdu evidence (a word in Arabic script, or a Roman Urdu
    function word) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    ur = sum(1 for w in words if w in _UR or ARABIC.search(w))
    en = sum(1 for w in words if w in _EN)
    return "ur" if ur >= 2 and ur >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
