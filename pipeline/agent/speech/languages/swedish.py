"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Swedish as developers
type it: informal, lower case, English terms and commands inside ("vi använder FactoryBot, inga fixtures",
"rör inte unit-filen på pi:n direkt, ändra i deploy/").

Told from English, Danish, Norwegian and German by Swedish's own function words ("och", "inte", "jag", "är",
"ska", "måste"). Markers: always ("alltid"), never ("aldrig"), from now on ("från och med nu", "hädanefter",
"framöver", "i fortsättningen"), no X ("inga/ingen/inget X" opening a clause: "inga fixtures", "inga hårdkodade
strängar i vyerna"), only ("logga bara till stdout"), don't ("rör inte", "kör inte"), what must hold before or
every time ("X ska vara tyst innan vi committar", "allt ska via sv.yml"), how we work ("vi använder X", "vi kör
X", "vi skriver X"), remember ("kom ihåg att …"), as I said ("som sagt, …"), X instead of Y ("X istället för Y"),
no longer ("inte längre"). A changed mind ("jag har ändrat mig om loggningen: …") makes what follows it a rule
and stays in it. A rule is its sentence from the start up to an explicit reason or consequence (", annars …",
" eftersom …", " för att …", ", så …") or a report after a comma ("…, Cuprite strular"). Not rules: questions,
what is for now ("bara den här gången", "just nu", "idag", "än så länge"), someone else's words ("Jonas säger
att …"), reports ("inga fel i loggen", "funkar inte", "spricker", "failar"), the speaker's own doings ("jag
bygger …"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_I = re.IGNORECASE
_WORD = re.compile(r"[a-zåäö']+")
# Swedish's own function words, not also English's, German's, Dutch's, Danish's or Norwegian's ("det", "den",
# "har", "kan", "med", "som", "ingen", "på", "så", "eller", "mig", "nej", "aldrig" are): two of them say a
# sentence is Swedish, whatever English is mixed in ("vi" and "nu", shared with Danish, count beside "till")
_SWEDISH_OWN_LIST = (
    "och inte jag är att ska måste alltid inga inget bara också kör gör ändra använd använder skriv "
    "innan utan alla allt hela från tack för här där vad kolla finns blir "
    "vara rör längre istället hädanefter framöver sånt något några väl redan dom vår våra till vi nu"
)
_SWEDISH_OWN = frozenset(_SWEDISH_OWN_LIST.split())

_OPENING = re.compile(
    r"^(?:(?:nej|nä|nä du|vänta|ok|okej|och|bra|toppen|ja|förresten|btw|obs|viktigt|commit)[,.!:]?\s+)+", _I
)
_AS_SAID = re.compile(r"^(?:som sagt|som jag sa(?: förut)?|jag sa ju|igen)[,:]?\s+", _I)
_REMEMBER = re.compile(r"^(?:kom ihåg|glöm inte|tänk på)(?: att)?[,:]?\s+", _I)
_CHANGED_MIND = re.compile(r"^jag har ändrat mig(?: om [^:]{1,60})?\s*[:,]\s*", _I)
_MARKERS = (
    re.compile(r"\b(?:alltid|aldrig)\b", _I),
    re.compile(
        r"\b(?:från och med nu|från och med idag|från nu|hädanefter|framöver|i fortsättningen|"
        r"fortsättningsvis|inte längre)\b",
        _I,
    ),
    re.compile(r"(?:^|,\s*)(?:inga|ingen|inget)\s+\S", _I),
    re.compile(r"^\w+(?:\s+\S+)?\s+bara\b", _I),
    re.compile(
        r"^(?:rör|kör|ändra|använd|skriv|gör|lägg|pusha|committa|installera|starta|deploya|logga|skicka|"
        r"sätt|ta|kalla|anropa|öppna|radera|ta bort)\s+inte\b",
        _I,
    ),
    re.compile(r"\b(?:ska|måste|får)\b.{0,60}?\b(?:innan|före|varje gång|via|alltid|aldrig)\b", _I),
    re.compile(r"^vi\s+(?:använder|kör|skriver|testar|deployar|loggar|committar|pushar|bygger med)\b", _I),
    re.compile(r"\bistället för\b|\bi stället för\b", _I),
)
_QUESTION = re.compile(r"\?\s*$|^(?:ska vi|kan du|kan vi|varför|hur|vad|vilken|vilka|är det|finns det|har vi)\b", _I)
_FOR_NOW = re.compile(
    r"\b(?:den här gången|denna gång|bara nu|just nu|för nu|idag|i dag|i kväll|i morgon|än så länge|tills vidare|"
    r"så länge|först|nu direkt)\b",
    _I,
)
_SOMEONE = re.compile(r"\b(?:säger|sa|tycker|tyckte|menar) att\b|^om vi (?:någon gång|nån gång)\b|^om\b", _I)
_REPORT = re.compile(
    r"\b(?:inga fel|inget fel|inget i loggen|ingen aning|inga problem|funkar inte|fungerar inte|spricker|failar|"
    r"kraschar|krashar|strular|är sönder|gick sönder|hänger sig|blir fel|ingen har sagt)\b",
    _I,
)
_ABOUT_ME = re.compile(r"^jag (?:bygger|har|hade|var|trodde|gör|gjorde|kör|körde|använder|glömmer)\b", _I)
_REASON = re.compile(r"(?:,\s*|\s+)(?:annars|eftersom|för att|så att|så får|så slipper|så blir)\s|,\s*så\s", _I)
_LESSON = re.compile(
    r"^(?:lärdom|läxa|lärt mig|det jag lärde mig(?: idag)?|bra att veta|skönt att veta|(?:det )?visar sig(?: alltså)? "
    r"att|det visade sig att)\s*[:,]?\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:beslut|beslutat|vi har (?:bestämt|beslutat|kommit överens om)(?: att)?|vi bestämde(?: [^,]{0,20})?"
    r" att|bestämt)(?!\w)\s*[:,]?\s*(?P<d>\S.{5,})",
    _I,
)


def is_swedish(text: str) -> bool:
    """Two of Swedish's own function words (see `_SWEDISH_OWN_LIST`)."""
    return len({w for w in _WORD.findall(text.lower()) if w in _SWEDISH_OWN}) >= 2


def swedish_rule(sentence: str) -> str | None:
    """The standing rule a Swedish sentence states, or None (see the module docstring for where it starts and
    ends)."""
    text = _OPENING.sub("", sentence.strip())
    swedish_lead = _REMEMBER.match(text) or _CHANGED_MIND.match(text) or _AS_SAID.match(text)
    if not (is_swedish(text) or swedish_lead) or _QUESTION.search(text):
        return None
    # Why a changed mind stays in the rule: it is what says the rule replaces one (`speech/rule_changes.py`)
    changed = _CHANGED_MIND.match(text)
    said_before = _AS_SAID.match(text) or _REMEMBER.match(text)
    if said_before:
        text = text[said_before.end() :]
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    report = _REPORT.search(text)
    comma = text.rfind(",", 0, report.start()) if report else -1
    if comma > 0 and any(marker.search(text[:comma]) for marker in _MARKERS):
        text = text[:comma]  # "vi kör Selenium nu, Cuprite strular med …": what goes wrong is its reason
    rest = text[changed.end() :] if changed else text
    if _SOMEONE.search(rest) or _FOR_NOW.search(rest) or _REPORT.search(rest) or _ABOUT_ME.match(rest):
        return None
    if not said_before and not changed and not any(marker.search(rest) for marker in _MARKERS):
        return None
    return tidy(text) if len(rest.split()) >= 3 else None


def swedish_lesson(sentence: str) -> str | None:
    if found := _LESSON.match(_OPENING.sub("", sentence.strip())):
        return tidy(found.group("l"))
    return None


def swedish_decision(sentence: str) -> str | None:
    text = _OPENING.sub("", sentence.strip())
    if found := _DECISION.match(text) or _DECISION.match(text.split(":", 1)[-1].strip()):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them over folded text: å, ä, ö become a, a, o)
POSITIVE = re.compile(
    r"^(?:toppen|perfekt|snyggt|grymt|bra|fint|klart)\b|\b(?:tack(?: så mycket)?|det funkar|funkar nu|funkar igen|"
    r"fungerar nu|gront nu|ser bra ut|sa skont|antligen)\b",
    _I,
)
NEGATIVE = re.compile(
    r"\b(?:funkar (?:fortfarande |fortfarande inte|inte)|fungerar inte|fortfarande (?:inte|trasig|rod|samma|fel)|"
    r"hjalper inte|ar fortfarande sonder|det dar kanns fel|inte ratt|blev fel)\b",
    _I,
)
DEFERRED = re.compile(
    r"\b(?:vi tar det sen|tar det (?:sen|senare|i morgon|imorgon)|lagger det at sidan|vi lamnar det|"
    r"far kolla pa det (?:sjalv )?senare|skit samma for idag|kollar (?:sen|senare|i morgon)|inte idag)\b",
    _I,
)
LEAVING = re.compile(
    r"\b(?:maste (?:pa|till|iva?g|hamta)\b[^.]{0,30}|(?:maste|ska) ga nu|har ett mote|pa mote|sen\. mote|"
    r"maste sticka|lunch nu)\b",
    _I,
)
# The person talking about a problem ("nattkörningen röd igen", "korsbygget är sönder igen", "hoppar till -142")
PROBLEM_TALK = re.compile(
    r"\b(?:igen|fortfarande|sonder|trasig|kraschar|spricker|failar|funkar inte|fungerar inte|strular|hanger sig|"
    r"for tidigt|knas|konstig\w*|rod|dor)\b",
    _I,
)
