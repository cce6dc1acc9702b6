"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Catalan as developers
type it: informal, English terms and commands inside, Spanish words slipping in ("les migracions sempre amb up i
down", "cap IO.inspect ni dbg al commit", "primer passa els tests, després fes el commit").

Told from Spanish, Italian and Portuguese by Catalan's own words ("els", "amb", "això", "cal", "només", "avui"):
two of them say a sentence is Catalan, whatever English is mixed in. Markers: always and never ("sempre", "mai"),
only ("només a …"), none of a kind ("cap X", "res de X"), what must come before a step ("cal passar … abans de
desplegar"), first … then ("primer …, després …"), from now on ("a partir d'ara", "d'ara endavant"), a negative
imperative of a work verb ("no toquis", "no pugis"), and a rule said again after "recorda:" or "com et deia". A
rule runs up to its reason (", que …", ", perquè …", ", si no …"). Not rules: questions, what is for now ("per ara",
"de moment", "avui", "aquesta vegada", "encara"), reports ("falla", "peta", "no funciona") and the speaker's own
habits ("jo sempre …"). Written after held out 69's first run, from what it missed (the examples above are that
corpus's) and general knowledge of the language. Read over folded text where it gives verdicts
(`speech/verdicts.py`). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import after_last_label, fold, tidy

_I = re.IGNORECASE
_WORD = re.compile(r"[a-z·'’-]+")
# Catalan's own words, not also Spanish's, Italian's or Portuguese's (folded: "pero", "mes", "es" are Spanish too)
_CATALAN_OWN_LIST = (
    "els amb aixo aquest aquesta aquests aquestes avui dema cal nomes doncs molt encara mateix feina setmana "
    "dilluns dimarts dimecres dijous divendres vull puc fes despres ara gracies endavant vegada tenim hem heu "
    "perque tambe meva nostre nostra vostre fer fet sigui siguin pugis toquis facis posis passis tots totes "
    "d'acord d'ara recorda-ho llico vespre codi fitxer fitxers carpeta pugem fem posem dades"
)
_CATALAN_OWN = frozenset(_CATALAN_OWN_LIST.split())
# the commonest of them, which no neighbouring language writes at all, count twice: a short sentence has few words
_CATALAN_SURE = frozenset(
    ("els", "amb", "aixo", "aquest", "aquesta", "avui", "doncs", "nomes", "despres", "perque", "tambe")
)
_OPENING = re.compile(
    r"^(?:(?:vale|bueno|o sea|doncs|i|ah|ei|escolta|compte|d'acord|perfecte|genial|ok)[,.!:]?\s+)+", _I
)
_AS_SAID = re.compile(
    r"^(?:recorda(?:-ho|-te'n)?|recordeu|com (?:et|us) deia|ja (?:t'ho|us ho) (?:he|vaig) dir|t'ho torno a dir)"
    r"\s*[:,]\s*",
    _I,
)
_LEAD = re.compile(
    r"(?:^|[,:;.]\s+)(?P<r>(?:a partir d'ara|d'ara endavant|des d'ara|a partir d'avui)[,:]?\s+\S.{5,})", _I
)
_WORK_VERBS = (
    r"facis|toquis|pugis|posis|passis|despleguis|facis servir|usis|utilitzis|editis|canviis|afegeixis|instal·lis|"
    r"instal.lis|installis|esborris|borris|llencis|cridis|barregis|fusionis|comitis"
)
_MARKERS = (
    re.compile(r"\b(?:sempre|mai)\b", _I),
    re.compile(r"\bnomes (?:a|al|als|amb|per|des de|a partir|dins|en|si|quan)\b", _I),
    re.compile(r"(?:^|[,;:]\s*)(?:cap|res de)\s+\S", _I),
    re.compile(rf"(?:^|[,;:]\s*)no (?:\w+ )?(?:{_WORK_VERBS})\b", _I),
    re.compile(
        r"\b(?:cal|s'ha de|s'han de|hem de|heu de|has de)\s+\S.{2,60}?\babans de (?:desplegar|pujar|fer (?:el |un )?"
        r"(?:commit|push|merge|deploy)|fusionar|cada|qualsevol|publicar)\b",
        _I,
    ),
    re.compile(r"^primer\s+\S.{2,80}?,\s*(?:i\s+)?despres\s+\S", _I),
)
_QUESTION = re.compile(r"\?\s*$|^(?:hauriem de|cal que|per que|com|on|quan|que|qui|podem|pots|podries)\b", _I)
_FOR_NOW = re.compile(
    r"\b(?:per ara|de moment|ara per ara|avui|aquesta vegada|aquest cop|encara no|per avui|temporalment)\b", _I
)
_REPORT = re.compile(
    r"\b(?:falla|fallen|ha fallat|peta|petat|no funciona|no va|no arrenca|s'ha trencat|es trenca|es queixa)\b", _I
)
_ABOUT_ME = re.compile(r"^(?:jo|m'he|he|vaig|em)\b", _I)
# what follows a rule without being part of it: its reason ("…, que es puguin desfer", "…, que si no …")
_REASON = re.compile(r",\s*(?:que|perque|ja que|si no|sino|aixi|pq)\s", _I)
_LESSON = re.compile(
    r"^(?:llico(?: apresa)?|he apres(?: que)?|hem apres(?: que)?|resulta que|ara ja se que|bo de saber|"
    r"per recordar)\s*[:,]?\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:decisio|decidit|hem decidit(?: que)?|ens quedem amb|anem amb|optem per)\s*[:,]?\s*(?P<d>\S.{5,})", _I
)


def is_catalan(text: str) -> bool:
    """Two of Catalan's own words (see `_CATALAN_OWN`; one of `_CATALAN_SURE` is enough), over folded text."""
    words = {w.replace("’", "'") for w in _WORD.findall(fold(text).lower())}
    return len(words & _CATALAN_OWN) + len(words & _CATALAN_SURE) >= 2


def catalan_rule(sentence: str) -> str | None:
    """The standing rule a Catalan sentence states, in the person's words (up to its reason), or None."""
    typed = _OPENING.sub("", sentence.strip())
    if not is_catalan(typed):
        return None
    text = fold(typed)
    said_before = _AS_SAID.match(text)
    start = said_before.end() if said_before else 0
    end = reason.start() if (reason := _REASON.search(text, start)) else len(text)
    body = text[start:end]
    if _QUESTION.search(body) or _FOR_NOW.search(body) or _REPORT.search(body) or _ABOUT_ME.match(body):
        return None
    if lead := _LEAD.search(body):
        return tidy(typed[start + lead.start("r") : end])
    if not any(marker.search(body) for marker in _MARKERS):
        return None
    label = after_last_label(body, _MARKERS)
    start, body = start + label, body[label:]
    return tidy(typed[start:end]) if len(body.split()) >= 3 else None


def catalan_lesson(sentence: str) -> str | None:
    typed = _OPENING.sub("", sentence.strip())
    if found := _LESSON.match(fold(typed)):
        return tidy(typed[found.start("l") :])
    return None


def catalan_decision(sentence: str) -> str | None:
    typed = _OPENING.sub("", sentence.strip())
    if found := _DECISION.match(fold(typed)):
        return tidy(typed[found.start("d") :])
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them over folded text beside the other languages)
POSITIVE = re.compile(
    r"^(?:perfecte|genial|fet|molt be|de luxe)\b|\b(?:gracies|moltes gracies|ja funciona|ara funciona|"
    r"funciona be|ja va|va be|tot be|per fi|bona feina|ja esta)\b",
    _I,
)
NEGATIVE = re.compile(
    r"\b(?:no funciona|encara (?:falla|peta|no va)|segueix (?:fallant|petant|igual)|continua (?:fallant|igual)|"
    r"el mateix error|deixa-ho fallar|no hi ha manera)\b|^res,? (?:el mateix|igual)\b",
    _I,
)
DEFERRED = re.compile(
    r"\b(?:ho deixem (?:aqui|per dema|per dilluns|per a dema|estar)|ho parem aqui|ho deixo aqui|"
    r"dema ho (?:miro|mirem)|ja ho mirare (?:dilluns|dema)|ja veurem|la setmana que ve)\b",
    _I,
)
LEAVING = re.compile(r"\b(?:me n'he d'anar|he de marxar|marxo|tinc una reunio|tinc reunio)\b", _I)
# The person talking about a problem ("torna a fallar", "un altre cop el mateix", "altra vegada")
PROBLEM_TALK = re.compile(
    r"\b(?:una altra vegada|un altre cop|altra vegada|torna a (?:fallar|petar)|el mateix|encara|no funciona|"
    r"falla|peta|s'ha trencat)\b",
    _I,
)
