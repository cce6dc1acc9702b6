"""The transcript builder of the fifth held-out corpus (bench/heldout_transcript_kit.py) with Rafael's TypeScript
monorepo as the default working directory, this corpus's uuid5 namespace, and a language guess for English /
Brazilian Portuguese (declared texts carry their language code)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

heldout_transcript_kit.configure(
    cwd="/home/rafael/code/quitanda", namespace=uuid.UUID("5e2d8a71-c4b9-4f06-9a3e-1d7b6c0f8e24")
)
WORD = re.compile(r"[a-zàáâãçéêíóôõúü]+", re.IGNORECASE)
# Short function words and chat slang that settle which of the two languages a sentence is written in ("a" and
# "no" are both languages' words and count for neither).
_PT = (
    "o os as um uma uns umas de do da dos das na nos nas num numa em e é que pra pro pras pros para por pelo pela "
    "com sem não mas se já tá ta tô to vc vcs pq né blz isso esse essa esses essas este esta aqui ali lá ele ela "
    "eles elas eu gente agora depois ainda também mais muito muita só quando como porque mesmo tudo nada foi ser "
    "ter tem tinha está estou vou vai vamos bora show deu bom boa ruim valeu obrigado brigado kkkk kkk kkkkk "
    "acho vê ver olha faz fazer coisa sempre nunca aí sim tipo então cara mano hoje amanhã ontem dá dar ficou fica "
    "quebrou quebrando certo errado meu minha seu sua dele dela lembra esquece usa usar"
)
_EN = (
    "the an and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them to of in on at for with from by as if so do does did don't can could "
    "should would will just please thanks ok yes what why how when which also then than still again"
)
PT_WORDS = frozenset(_PT.split())
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "pt" when a text has at least two Portuguese function words (an accented word counts as Portuguese) and
    more of them than English function words; Rafael drops English identifiers and tool names into Portuguese
    sentences, and a pasted English log makes a Portuguese lead-in message count as English."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    pt = sum(1 for w in words if w in PT_WORDS or any(c in w for c in "àáâãçéêíóôõú"))
    en = sum(1 for w in words if w in EN_WORDS)
    return "pt" if pt >= 2 and pt > en else "en"
