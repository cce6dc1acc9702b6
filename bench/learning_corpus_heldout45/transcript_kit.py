"""The transcript builder of the 45th held-out corpus (bench/heldout_transcript_kit.py) with Wanjiru's
`shamba-node` as the default working directory, this corpus's uuid5 namespace, and a Swahili language guess.

Wanjiru writes about two in five of her messages in Swahili or Sheng, always mixed with English technical words
("hii test imefail tena kwa CI"), the rest in clipped lowercase English. The guess counts Swahili evidence (Swahili
function and common words, and Sheng verbs built on a Swahili prefix such as ime-, ume-, nime-, zime- with an
English stem: "imefail", "umeflash") against English function words; a text is "sw" when it has at least two
pieces of Swahili evidence and no fewer than English ones, so a Swahili sentence full of tool names stays Swahili
and an English sentence with one Swahili word stays English."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

NODE = "/home/wanjiru/code/shamba-node"
INGEST = "/home/wanjiru/code/shamba-ingest"

heldout_transcript_kit.configure(cwd=NODE, namespace=uuid.UUID("727fce35-d8b5-5ec7-afe0-69af06d448e3"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Sheng verbs: a Swahili subject/tense prefix on any stem ("imefail", "umeflash", "nimejaribu", "zimekufa").
SHENG_VERB = re.compile(
    r"^(?:ime|ume|nime|tume|zime|wame|nita|tuta|uta|zina|ina(?:fail|pita|kataa|rudi|onyesha))\w{2,}$"
)
_SW_TEXT = (
    "na ya wa za la kwa ni si hii hiyo hizi hizo huu ile hilo hili tena bado sasa kuanzia usiwahi sawa kazi "
    "tafadhali asante hapana sio hivyo tutaendelea kesho poa sana mbona bila kuniuliza fanya hakuna kila kwenye "
    "kama lakini pia tu leo jana nini nataka naona nadhani ndio yangu yako yake wewe mimi sisi hapa pale yote zote "
    "kitu sijui iko ziko kuna mara mbili moja tatu lazima iwe ziwe kwanza niulize nikikuambia tumia usiguse acha "
    "tuache subiri ngoja kabisa vizuri sawasawa hapo huko kwangu kwake wao yao baada kabla kuliko zaidi kidogo "
    "nyingi mingi wakati siku wiki hata kweli labda juu chini ndani nje mpya zamani yoyote yeyote kitu vitu hizo "
    "ama au sababu kwa nini tumeamua somo nimejifunza kumbuka nimekuambia nilisema kamwe daima basi haya aje uone "
    "angalia weka toa rudisha ongeza badilisha tengeneza andika endesha jaribu nione niko nikiwa kazini mkutano "
    "uflash niambie ninataka ninafikiri iliyokwisha ambayo haifanyi haiwezi sitaki sina siwezi pole shida"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_SW = frozenset(_SW_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "sw" when a text has at least two pieces of Swahili evidence (a Swahili word, or a Sheng verb on a
    Swahili prefix) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    sw = sum(1 for w in words if w in _SW or SHENG_VERB.match(w))
    en = sum(1 for w in words if w in _EN)
    return "sw" if sw >= 2 and sw >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
