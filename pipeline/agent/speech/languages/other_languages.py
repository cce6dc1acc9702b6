"""Lessons and decisions said in the languages memoryd has no reader for, by the one form every language has:
a label and a colon ("lärdom: …", "poučení: …", "decizie: …", "somo: …").

A reader (`greek.py`, `thai.py`, …) knows a language's grammar; for the others, a person who writes down what they
learned or decided mostly labels it, as they would in a note or a chat, and the label is a word every language
has (lesson, learned, good to know, decision, decided). What follows the colon is the lesson or the decision.
Rules in these languages are left to meaning, gated by their words for always and never
(`pipeline/learning/rules/directive_words.py`). Written from general knowledge of each language, not from any corpus
(Dutch, which has a reader of its own, `dutch.py`, is not listed). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_LESSON_WORDS = (
    # Swedish, Norwegian, Danish, Finnish, Estonian
    "lärdom|lärdomar|bra att veta|lærdom|godt å vite|godt at vide|opetus|opittua|hyvä tietää|õppetund|"
    # Czech, Slovak, Slovenian, Croatian, Serbian, Bulgarian
    "poučení|ponaučení|dobré vědět|poučenie|dobré vedieť|lekcija|pouka|dobro je znati|dobro znati|урок|поука|"
    # Romanian, Hungarian, Lithuanian, Latvian, Catalan, Basque
    "lecție|lectie|lecția|de reținut|de retinut|tanulság|jó tudni|pamoka|mācība|lliçó|bo de saber|ikasgaia|"
    # Swahili, Malay, Urdu, Hindi, Bengali, Tamil, Telugu, Georgian, Armenian, Azerbaijani, Uzbek
    "somo|funzo|pengajaran|سبق|सबक|सीख|শিক্ষা|পাঠ|பாடம்|పాఠం|გაკვეთილი|դաս|dərs|saboq"
)
_DECISION_WORDS = (
    "beslut|beslutat|vedtak|besluttet|beslutning|päätös|päätetty|otsus|"
    "rozhodnutí|rozhodnuto|rozhodnutie|odločitev|odluka|odlučeno|решение|решено|одлука|"
    "decizie|decizia|hotărâre|döntés|eldöntöttük|sprendimas|lēmums|decisió|erabakia|"
    "uamuzi|keputusan|فیصلہ|फैसला|निर्णय|সিদ্ধান্ত|முடிவு|నిర్ణయం|გადაწყვეტილება|որոշում|qərar|qaror"
)
# "Again", "once more", "the same error": the person links a failure to one seen before (problem_match reads it)
_AGAIN_WORDS = (
    "igen|igjen|en gång till|samma fel|samme feil|samme fejl|taas|jälleen|uudestaan|sama virhe|jälle|uuesti|"
    "zase|znovu|opět|znova|opäť|opet|ponovno|ponovo|spet|опет|поново|пак|отново|iar|din nou|aceeași eroare|"
    "megint|újra|ismét|ugyanaz a hiba|vėl|atkal|una altra vegada|de nou|berriro|tena|sekali lagi|"
    "پھر سے|فیر سے|फिर से|दोबारा|আবার|மீண்டும்|మళ్ళీ|ისევ|კვლავ|կրկին|նորից|yenə|yenidən|yana"
)
AGAIN = re.compile(rf"(?<!\w)(?:{_AGAIN_WORDS})(?!\w)", re.IGNORECASE)
_LESSON = re.compile(rf"^(?:{_LESSON_WORDS})\s*[:：]\s*(?P<l>\S.{{9,}})", re.IGNORECASE)
_DECISION = re.compile(rf"^(?:{_DECISION_WORDS})\s*[:：]\s*(?P<d>\S.{{9,}})", re.IGNORECASE)


def other_lesson(sentence: str) -> str | None:
    if found := _LESSON.match(sentence.strip()):
        return tidy(found.group("l"))
    return None


def other_decision(sentence: str) -> str | None:
    if found := _DECISION.match(sentence.strip()):
        return tidy(found.group("d"))
    return None
