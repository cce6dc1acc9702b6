"""The transcript builder of the 35th held-out corpus (bench/heldout_transcript_kit.py) with Rafael's `feira-api` as
the default working directory, this corpus's uuid5 namespace, and a Brazilian Portuguese language guess.

Rafael writes about six in ten messages in informal Brazilian Portuguese ("vc", "pq", "tá", "bora", accents often
dropped) and switches to English for pasted errors and code talk, sometimes mid-sentence. The guess counts
Portuguese evidence (function words and chat words, with or without accents, and words carrying ã õ ç or an accented
vowel) against English function words; a text is "pt" when it has at least two pieces of Portuguese evidence and no
fewer than English ones. Words both languages write the same ("a", "do", "no", "me", "as", "e" aside) count for
neither."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

API = "/home/rafael/dev/feira-api"
APP = "/home/rafael/dev/feira-app"

heldout_transcript_kit.configure(cwd=API, namespace=uuid.UUID("3b0f5a7e-8c41-5d2e-9f16-35a1c0de7b35"))

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# ã õ ç and accented vowels: English words do not carry them (Rafael writes no third language).
PT_ONLY = re.compile(r"[ãõçáéíóúâêôà]", re.IGNORECASE)
_PT_TEXT = (
    "o os um uma uns umas de da das dos na nas num numa em pra pro pras pros para por pelo pela com sem que se "
    "isso isto esse essa esses essas este esta aquele aquilo ele ela eles elas eu vc voce você vcs gente nos nós "
    "meu minha seu sua tá ta tô tava estou está esta estão estao é eh foi era ser ter tem tenho temos fica ficou "
    "faz fazer fez vai vou vamos bora beleza valeu blz obrigado mas mais ou nem não nao sim já ja ainda "
    "agora depois antes quando onde como porque pq por que qual quais quem aqui ali lá la tudo nada algo alguma "
    "algum todo toda todos todas muito pouco bem mal só também tambem então entao assim aí hoje amanhã amanha "
    "ontem sempre nunca jamais prefiro quero quer deixa deixar manda ver continua roda rodar rode usa usar use "
    "olha vê ve dá da pode posso consegue funcionou funciona quebra quebrou quebrando deu erro certo errado "
    "perfeito era isso aquilo lance coisa cara tipo né ne hein opa putz eita sei acho acha achei ficar vem "
    "desse dessa nesse nessa num pelos pelas nele nela dele dela lhe te teu tua fala falei disse cadê cade tão "
    "tao mesmo outra outro outros outras cada vez vezes tinha ta certo qualquer direto junto primeiro segundo "
    "abre abrir fecha ver vendo olhei tentei tenta testa teste testes banco bancas feirante feirantes pedido "
    "pedidos carrinho preço preco tela celular vazia lista"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our of on at for with "
    "from by if so does did can could should would will just what why how when also then in don't dont it's have "
    "has all any every only out up into here now again still after before same one i i'm im"
)
_PT = frozenset(_PT_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def lang_of(text: str) -> str:
    """ "pt" when a text has at least two pieces of Portuguese evidence (a Portuguese function or chat word, or a word
    with a Portuguese accented letter) and no fewer of those than English function words; "en" otherwise."""
    words = [w.lower() for w in WORD.findall(text)]
    pt = sum(1 for w in words if w in _PT or PT_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return "pt" if pt >= 2 and pt >= en else "en"


heldout_transcript_kit.read_before_edit(first=7, spread=31, after=23)
