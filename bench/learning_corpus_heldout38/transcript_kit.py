"""The transcript builder of the 38th held-out corpus (bench/heldout_transcript_kit.py) with Mariana's `tianguis`
Flutter app as the default working directory, this corpus's uuid5 namespace, and a Spanish language guess.

Mariana writes most of her messages in informal Mexican Spanish, often without accents or opening question marks
("porfa checa por que ...", "oye, no le muevas a ..."), with English for code terms; about a quarter are English
only (copied from tickets). The guess counts Spanish evidence (Spanish function words, written with or without
accents, and words carrying a Spanish accented letter or ñ) against English function words; a text is "es" when it
has at least two pieces of Spanish evidence and no fewer than English ones. Words both languages use ("a", "no",
"me", "he", "is" is not one) count for neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

TG = "/home/mariana/dev/tianguis"
FN = "/home/mariana/dev/tianguis-functions"

heldout_transcript_kit.configure(cwd=TG, namespace=uuid.UUID("b1d38e52-6c0f-5a9e-8f43-27d0c9a5e638"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Letters with an acute accent, ñ or ü: English words do not carry them (Mariana writes no third language).
SPANISH_ONLY = re.compile(r"[áéíóúñü¿¡]", re.IGNORECASE)
_ES_TEXT = (
    "de del la las el los lo le les un una unos unas que qué en es son está esta estan están este esto eso esa ese "
    "por para con sin pero porque como cómo cuando donde dónde ya si sí mas más muy hay tiene tienen tengo hace "
    "hacer puedes puede porfa oye ahi ahí aqui aquí todo todos toda nada siempre nunca ahora otra otro vez mismo "
    "bien sigue quedo quedó gracias mañana manana también tambien solo y o ni al su sus mi mis tu te yo nos se "
    "hay fue era sea ser estoy estas sale salen falla fallando truena tronó cual cuál cuando porqué dice dicen "
    "sabes quiero necesito vamos voy checa checar revisa corre corrí pon quita agrega deja dejalo déjalo "
    "entonces pues igual luego antes despues después hoy ayer semana dia día listo chido neta bueno "
    "algo alguien cosa cosas tampoco también usa usar usamos uses nuevo nueva otra vez aun aún todavía todavia "
    "muevas toques toca hago haces hizo cambiaste regresa regresalo"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's have has all any every only out up into here now again still after before"
)
_ES = frozenset(_ES_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "es" when a text has at least two pieces of Spanish evidence (a Spanish function word, or a word with a
    Spanish accented letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    es = sum(1 for w in words if w in _ES or SPANISH_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "es" if es >= 2 and es >= en else "en"


heldout_transcript_kit.read_before_edit(first=9, spread=31, after=17)
