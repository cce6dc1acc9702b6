"""The transcript builder of the second held-out corpus (bench/heldout_transcript_kit.py) with Sofía's Android
app as the default working directory, this corpus's uuid5 namespace, and a language guess for English / Spanish
(declared texts carry their language code)."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

heldout_transcript_kit.configure(
    cwd="/home/sofia/dev/huerta-android", namespace=uuid.UUID("3c9e57a2-0b4d-4e61-8f1a-d27c5b9e0a36")
)
WORD = re.compile(r"[A-Za-záéíóúñüÁÉÍÓÚÑ¿¡']+")
# Words that only (or nearly only) occur in one of the two languages Sofía writes; enough to tell which one a
# sentence or a message is mostly in.
_ES = (
    "el la los las del que y en un una es con por para se lo al más pero como está esto eso ya hay cuando porque "
    "sí también nada nunca siempre vez otra otro todo todos antes después mañana hoy vale gracias porfa favor mira "
    "sin solo sólo muy bien aquí así hace tiene hacer vamos dejamos lo le les me mi te tu su sus ha he hemos "
    "fallar falla sale pasa esta este estos estas son ser era fue puedes podemos quiero creo dime oye bueno pues "
    "ahora partir usar usamos preferimos decidimos recuerda aprendí donde qué cómo por qué cuál luego hasta otra "
    "vuelve mismo misma semana lunes viernes déjalo dejalo arreglamos miro tengo tienes nos nuestro"
)
ES_WORDS = frozenset(_ES.split())
_EN = (
    "the a an is are was to of and it that this for with on be not we you i do don't please from can just it's "
    "run what why how when there they them our my your have has had will would should could but so if then "
    "again only here now ok okay thanks looks let's into out about which these those still yet also get got "
    "keep use make going"
)
EN_WORDS = frozenset(_EN.split())


def lang_of(text: str) -> str:
    """ "es" when a text has more Spanish than English marker words (accents and ¿¡ count as Spanish)."""
    words = [w.lower() for w in WORD.findall(text)]
    es = sum(w in ES_WORDS for w in words) + len(re.findall(r"[áéíóúñ¿¡]", text.lower()))
    en = sum(w in EN_WORDS for w in words)
    return "es" if es > en else "en"
