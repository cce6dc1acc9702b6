"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Polish, typed with its
diacritics or without them ("zadnego force pusha" for "żadnego force pusha"): the markers are written over the
folded text (`marks.fold`, one character for one, so a match's span is the original's).

Markers: never/always at a clause's opening ("nigdy nie edytujemy …", "zawsze nowa wersja"), none of a kind
("żadnego Options API"), only through one way ("tylko w testach *IT"), must ("musi", "nie wolno"), from now on
("od teraz", "od dziś", "zmiana:"), what we do as a kind of thing ("nowe endpointy opisujemy w OpenAPI"). Not rules:
questions ("czy my zawsze musimy …?"), what is for now ("na razie", "teraz", "dziś"), reports in the past tense
("nic nie zmieniałam", "zdecydowaliśmy" is a decision), the speaker ("ja nie umiem …", "muszę lecieć") and a
perfective imperative, which asks for one thing once ("zrób merge zamiast rebase", "nie ruszaj V9"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import fold, tidy

# Polish without a doubt: its letters, or its most common words ("się", "że", "nie" before a verb …)
_POLISH = re.compile(
    r"[ąćęłńśźżĄĆĘŁŃŚŹŻ]|\b(?:zeby|jest|tego|teraz|nigdy|zawsze|tylko|zadn\w+|dzieki|wszystk\w+|kazd\w+|"
    r"czy|juz|nadal|jednak|zrob|prosze)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"(?:^|[,:;.]\s+)(?P<r>(?:od teraz|od dzis|od dzisiaj|od tej pory|odtad|na przyszlosc|zmiana)[,:]?\s+\S.{5,})",
    re.IGNORECASE,
)
_TOLD = re.compile(
    r"^(?:(?:jak|przeciez|juz) )?(?:mowilam|mowilem|mowilismy|pisalam|pisalem)\s*[:,]\s*(?=\S.{5,})", re.I
)
_TAG = re.compile(r"^(?:zasada|regula|konwencja)\s*:\s*(?P<r>\S.{5,})", re.IGNORECASE)
_MARKERS = (
    # never / always at a clause's opening: "nigdy nie edytujemy …", "zawsze nowa wersja", "nigdy npm install"
    re.compile(r"(?:^|[,;:]\s*)(?:nigdy|zawsze)\s+\S", re.IGNORECASE),
    re.compile(r"\bnigdy nie \w+(?:emy|imy|ymy|aj|uj|ij)\b", re.IGNORECASE),
    # none of a kind: "żadnego Options API", "żadnych sekretów w repo"
    re.compile(r"(?:^|[,;:]\s*)zadn(?:ego|ej|ych|ym|e|a)\s+\S", re.IGNORECASE),
    # only through one way: "pełny kontekst tylko w testach *IT", "deploy tylko przez pipeline"
    re.compile(r"\S\s+tylko (?:w|we|przez|na|z|ze|do|pod|po|od)\s+\S", re.IGNORECASE),
    # must / must not / forbidden
    re.compile(r"\b(?:musi|musza|nie wolno|zakaz\w*|obowiazkowo)\b", re.IGNORECASE),
    # what we do with a kind of thing: "nowe endpointy opisujemy w OpenAPI", "wszystkie daty trzymamy w UTC"
    re.compile(r"^(?:nowe|nowy|nowa|wszystkie|kazd\w+)\s+(?:\S+\s+){0,2}?\w{3,}(?:emy|imy|ymy)\b", re.IGNORECASE),
    # "u nas się …", "w tym repo …" with a present tense: how it is done here
    re.compile(r"^(?:u nas|w tym (?:repo|projekcie))\s+(?:sie\s+)?\w+(?:emy|imy|ymy|a|e|i)\b", re.IGNORECASE),
)
_QUESTION = re.compile(r"\?\s*$|^(?:czy|dlaczego|po co|jak|co|gdzie|kiedy)\b", re.IGNORECASE)
_FOR_NOW = re.compile(r"\b(?:na razie|narazie|teraz|dzis|dzisiaj|tym razem|na chwile|chwilowo|na teraz)\b", re.I)
# the speaker, or what someone did: "ja nie umiem …", "nic nie zmieniałam", "zdecydowaliśmy"
_ABOUT_ME = re.compile(
    r"^(?:ja|mi|mnie|moj\w*)\b|\b\w+[aeiy]l(?:am|em|as|es|ismy|ysmy|yscie|iscie)\b|\bmusze\b", re.IGNORECASE
)
# a perfective imperative asks for one thing, once ("zrób", "dodaj", "nie ruszaj" with a thing named)
_ONCE = re.compile(
    r"^(?:zrob|dodaj|napraw|popraw|sprawdz|uruchom|odpal|przepisz|przerob|usun|zmien|wrzuc|pusc|zobacz|powiedz|"
    r"cofnij|dopisz|wpisz|zapisz|podbij|zaktualizuj|wygeneruj|zainstaluj|nie ruszaj|nie instaluj)\b",
    re.IGNORECASE,
)
_REPORT = re.compile(r"\b(?:sie (?:wywala|sypie|wiesza)|pada|padaja|nie dziala|czerwon\w*|wisi)\b", re.I)
# What follows a rule without being part of it: its reason ("…, bo rozwala lockfile", "…, mam dość …")
_REASON = re.compile(r",\s*(?:bo|poniewaz|zeby|mam dosc|inaczej)\s", re.IGNORECASE)
_LESSON = re.compile(
    r"^(?:nauczka|lekcja|wniosek|na przyszlosc|zapamietaj|dobrze wiedziec|notatka dla siebie|TIL)\s*[:,]\s*"
    r"(?P<l>\S.{5,})",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"(?:^|[,:]\s*)(?:decyzja|zdecydowalismy|zdecydowalam|zdecydowalem|ustalilismy|postanowilismy)"
    r"(?:,? ze| zeby)?\s*[:,]?\s*(?P<d>\S.{5,})|\b(?P<s>(?:zostajemy (?:przy|na)|idziemy w)\s.{4,})",
    re.IGNORECASE,
)


# Czech and Slovak fold to words that read as Polish ("žádná chyba" -> "zadna chyba", as "żadna"); their own letters
# say they are not, so Polish markers read none of their sentences ("Nic nepadá, žádná chyba" is a report in Czech,
# not a Polish "none of a kind" rule)
_NOT_POLISH = re.compile(r"[ěřůýíáéúďťňľĺŕôäĚŘŮÝÍÁÉÚĎŤŇĽĹŔÔÄ]")


def is_polish(text: str) -> bool:
    """Polish, or a language that reads like it when folded (Czech, Slovak): the other readers stay out of it."""
    return _POLISH.search(fold(text)) is not None


def polish_rule(sentence: str) -> str | None:
    """The standing rule a Polish sentence states, or None: the sentence's own text, tidied, without the reason
    or explanation said after it ("…, bo rozwala lockfile", "…: kontroler ma tylko tłumaczyć HTTP")."""
    text = sentence.strip()
    if _NOT_POLISH.search(text):
        return None
    folded = fold(text)
    if reason := _REASON.search(folded):
        text, folded = text[: reason.start()], folded[: reason.start()]
    if told := _TOLD.match(folded):  # "jak mówiłam: …" (as I told you): a rule said again
        return tidy(text[told.end() :])
    if _QUESTION.search(folded):
        return None
    if tagged := _TAG.match(folded):
        return tidy(text[tagged.start("r") :])
    if lead := _LEAD.search(folded):
        return None if _ABOUT_ME.search(lead.group("r")) else tidy(text[lead.start("r") :])
    marker = min((m.end() for m in (marker.search(folded) for marker in _MARKERS) if m), default=None)
    if marker is None:
        return None
    if (colon := folded.find(": ", marker)) > 0:
        text, folded = text[:colon], folded[:colon]
    if _FOR_NOW.search(folded) or _ABOUT_ME.search(folded) or _ONCE.match(folded) or _REPORT.search(folded):
        return None
    return tidy(text)


def polish_lesson(sentence: str) -> str | None:
    if found := _LESSON.match(fold(sentence.strip())):
        return tidy(sentence.strip()[found.start("l") :])
    return None


def polish_decision(sentence: str) -> str | None:
    """A decision: tagged ("decyzja: …", the text after the tag) or said ("zdecydowaliśmy, że …", "zostajemy
    przy …", the whole of it, as English "we decided to …")."""
    folded = fold(sentence.strip())
    if found := _DECISION.search(folded):
        tagged = found.group("d") and folded[found.start() :].lstrip(",: ").startswith("decyzja")
        start = found.start("d") if tagged else found.start() if found.group("d") else found.start("s")
        return tidy(sentence.strip()[start:])
    return None


# The person's verdict on the work, over folded text (`session_outcome` reads them beside the other languages)
POSITIVE = re.compile(
    r"\b(?:dzieki|dziekuje|dziekowac|super|dziala|smiga|ekstra|idealnie|swietnie|elegancko|sztos|zielono|"
    r"przechodzi|git)\b",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"\b(?:nadal|dalej|wciaz|ciagle) (?:nie\b|flaky|pada|sie wywala|czerwon\w*|to samo|wisi|sie sypie)|"
    r"\bnie (?:dziala|pomoglo|przechodzi)\b|\bto nie to\b|\b(?:zostaw|zostawmy|odpusc|odpuscmy) (?:to|temat)\b|"
    r"\bwroce do tego\b|\bpoddaje sie\b",
    re.IGNORECASE,
)
DEFERRED = re.compile(
    r"\b(?:jutro|pozniej|potem|w poniedzialek|po spotkaniu) (?:zobacze|dokoncze|sprawdze|wroce|dokonczymy|"
    r"zobaczymy|siade|ogarne)\b|\b(?:zobacze|dokoncze|sprawdze|ogarne) (?:to )?(?:jutro|pozniej|potem)\b",
    re.IGNORECASE,
)
LEAVING = re.compile(r"\bmusze (?:leciec|isc|spadac|konczyc)\b|\bspadam\b|\bmam (?:spotkanie|call)\b", re.I)
PROBLEM_TALK = re.compile(
    r"\b(?:nie dziala|pada|padaja|sie wywala|sie sypie|wisi|blad\w*|bledy|zly|zla|zle|stary dzien|czerwon\w*|"
    r"nie przechodzi|nie startuje|nie wstaje|flaky)\b",
    re.IGNORECASE,
)
