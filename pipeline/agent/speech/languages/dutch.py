"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Dutch as developers type
it: informal, lower case, English terms and commands inside ("zet altijd --context erbij als je kubectl draait",
"helm upgrade doen we altijd met --atomic").

Told from English and German by Dutch's own function words ("het", "een", "niet", "geen", "gewoon", "moet").
Markers: always ("altijd"), never ("nooit"), from now on ("voortaan", "vanaf nu", "van nu af aan"), as I said ("ik
zei toch, …", "zoals ik al zei, …": what follows is the rule), remember ("onthoud dat …", "denk eraan dat …"), use X
instead of Y ("gebruik X in plaats van Y", "gebruik X, niet Y"), no more X ("geen X meer"). Dutch puts the verb
before the marker ("draai voortaan gewoon de hele suite", "plan altijd met -out"), so a rule is its sentence from
the start, a retraction before it included ("vergeet die --exclude slow, draai voortaan …"), up to an explicit
reason ("want …", "omdat …", ", anders …", ", zodat …"). Not rules: questions ("?", "klopt dat", "moeten we …"),
what is for now ("voor nu", "voorlopig", "deze keer", "nog niet", "straks", "vandaag"), someone else's words
("Joost zegt dat …"), what if ("als we ooit …"), reports ("crasht", "faalt", "werkt niet", "klapt eruit", "je weet
nooit"), the speaker's own habits ("ik vergeet altijd …"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_I = re.IGNORECASE
_WORD = re.compile(r"[a-zë']+")
# Dutch's own function words, not also English's, German's or French's ("die", "en", "de", "is", "weg", "even",
# "hier" are): two of them say a sentence is Dutch, whatever English is mixed in
_DUTCH_OWN_LIST = (
    "het een niet geen altijd nooit ik wij jij dit deze dat bij naar ook maar gewoon wel nog zijn zit moet moeten "
    "kun kunnen graag doen draai zet haal eerst voortaan daar hebben heb wordt gaat gaan erbij eruit hoe waarom "
    "alleen elke iedere welke mijn onze jullie zelf met zetten horen hoort draaien draait gebruik gebruiken alles "
    "niks niets iets echt mag mogen plaats vergeet dan pas wil"
)
_DUTCH_OWN = frozenset(_DUTCH_OWN_LIST.split())

_OPENING = re.compile(
    r"^(?:(?:nee|ho|hé|wacht|o ja|oja|en|ok|oké|okee|top|mooi|prima|goed|ja|trouwens|btw|let op|opgelet|"
    r"belangrijk)[,.!:]?\s+)+",
    _I,
)
_AS_SAID = re.compile(r"^(?:ik zei (?:toch|al)|zoals (?:ik al zei|gezegd|afgesproken)|nogmaals)[,:]?\s+", _I)
_REMEMBER = re.compile(r"^(?:onthoud|denk eraan|vergeet niet)(?: dat)?[,:]?\s+", _I)
_MARKERS = (
    re.compile(r"\b(?:altijd|nooit)\b", _I),
    re.compile(r"\b(?:voortaan|vanaf nu|van nu af aan|vanaf vandaag|vanaf morgen)\b", _I),
    re.compile(r"\bgebruik\b.{1,60}?(?:\bin plaats van\b|,\s*niet\s+\S)", _I),
    re.compile(r"\bgeen\b.{1,40}?\bmeer\b", _I),
)
_QUESTION = re.compile(
    r"\?\s*$|\bklopt dat\b|\btoch\?|^(?:moeten we|kun je|kunnen we|waarom|hoe|wat|welke|is het|zijn er|"
    r"hebben we|heb je|weet jij)\b",
    _I,
)
_FOR_NOW = re.compile(
    r"\b(?:voor nu|voorlopig|deze keer|dit keer|nog niet|straks|vandaag|nu even|eerst even|voor deze)\b", _I
)
_SOMEONE = re.compile(r"\b(?:zegt|zei|vindt|vond) dat\b|^(?:als|mocht) we ooit\b|^als\b", _I)
_REPORT = re.compile(
    r"\b(?:crasht|crashen|faalt|falen|klapt eruit|werkt niet|werkte niet|is kapot|ging mis|gaat mis|"
    r"blijft hangen|(?:weet je|je weet) nooit)\b",
    _I,
)
_ABOUT_ME = re.compile(r"^ik (?:vergeet|heb|had|was|dacht|doe|deed|draai|gebruik)\b", _I)
_REASON = re.compile(r"(?:,\s*|\s+)(?:want|omdat|anders|zodat)\s", _I)
_LESSON = re.compile(
    r"^(?:les(?:sen)? geleerd|geleerd|wat ik (?:hiervan|ervan|vandaag) geleerd heb|goed om te weten|"
    r"(?:het )?blijkt(?: dus)? dat)\s*[:,]?\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:besluit|besloten|beslissing|afgesproken|we hebben (?:besloten|afgesproken)(?: om| dat)?)\s*[:,]?\s*"
    r"(?P<d>\S.{5,})",
    _I,
)


def is_dutch(text: str) -> bool:
    """Two of Dutch's own function words (see `_DUTCH_OWN_LIST`)."""
    return len({w for w in _WORD.findall(text.lower()) if w in _DUTCH_OWN}) >= 2


def dutch_rule(sentence: str) -> str | None:
    """The standing rule a Dutch sentence states, or None (see the module docstring for where it starts and ends)."""
    text = _OPENING.sub("", sentence.strip())
    if not is_dutch(text) or _QUESTION.search(text):
        return None
    said_before = _AS_SAID.match(text) or _REMEMBER.match(text)
    if said_before:
        text = text[said_before.end() :]
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if _SOMEONE.search(text) or _FOR_NOW.search(text) or _REPORT.search(text) or _ABOUT_ME.match(text):
        return None
    if not said_before and not any(marker.search(text) for marker in _MARKERS):
        return None
    return tidy(text) if len(text.split()) >= 3 else None


def dutch_lesson(sentence: str) -> str | None:
    if found := _LESSON.match(_OPENING.sub("", sentence.strip())):
        return tidy(found.group("l"))
    return None


def dutch_decision(sentence: str) -> str | None:
    if found := _DECISION.match(_OPENING.sub("", sentence.strip())):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages)
POSITIVE = re.compile(
    r"^(?:top|prima|super|perfect|mooi)\b|\b(?:dank je(?:wel)?|bedankt|het werkt|werkt nu|werkt weer|mooi zo|klopt|"
    r"ziet er goed uit|gelukt|netjes|lekker)\b",
    _I,
)
NEGATIVE = re.compile(
    r"\b(?:werkt (?:nog steeds |nog altijd )?niet|nog steeds (?:niet|kapot|rood|hetzelfde|de oude|fout)|"
    r"klopt niet|helpt niet|is nog (?:steeds )?kapot|blijft hangen|gaat nog steeds mis|niet goed)\b",
    _I,
)
DEFERRED = re.compile(
    r"\b(?:morgen verder|later verder|laat (?:maar|het) (?:even )?liggen|kijk ik (?:morgen|later|straks) (?:wel )?"
    r"(?:naar|verder)|volgende week verder|laten we het hierbij)\b",
    _I,
)
LEAVING = re.compile(
    r"\b(?:ik moet (?:nu |even )?weg|moet even weg|ik ga (?:nu )?lunchen|ik heb (?:nu )?een (?:meeting|overleg)|"
    r"ben even weg|ik ben weg)\b",
    _I,
)
# The person talking about a problem ("de build is weer rood", "de mails gaan een uur te vroeg", "blijft hangen")
PROBLEM_TALK = re.compile(
    r"\b(?:weer|alweer|opnieuw|nog steeds|crasht|faalt|klapt eruit|werkt niet|kapot|blijft hangen|gaat mis|"
    r"te vroeg|te laat|klopt niet|rood)\b",
    _I,
)
