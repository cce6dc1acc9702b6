"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Hinglish: Hindi typed
in Latin script, mixed with English inside one sentence ("aage se index hamesha concurrently banana", "haath se
providers mat likho, @riverpod annotation use karo"), spelled as people type it (no one spelling).

Markers: always ("hamesha"), never ("kabhi (bhi) … mat karna", "kabhi nahi"), from now on ("ab se", "aage se",
"aaj se"), don't X, do Y ("… mat likho, … use karo"), "as I said" ("maine pehle bola tha, …"), remember
("yaad rakhna: …"). The infinitive ending ("-na": "banana", "chalana", "karna") is how Hindi gives an instruction
for later, which is what a standing rule is. Not rules: questions, what is for now ("abhi", "filhaal", "is
baar"), the speaker ("main …", "mujhe …"), reports ("hamesha fail hota hai", "phir se fail ho raha hai"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

# "ab se …", "aage se …", "aaj se …": the rule replaces how it was done
_FROM_NOW_ON = re.compile(r"(?:^|[,:;.]\s+)(?P<r>(?:ab se|abse|aage se|aaj se|agli baar se)\s+\S.{5,})", re.I)
# "maine pehle bola tha, …" (I said before), "yaad rakhna: …" (remember): a rule said again or to be kept
_SAID_BEFORE = re.compile(
    r"^(?:maine|mai ne|main ne) (?:pehle |pahle |already )?(?:bola|kaha|likha) (?:tha|thi|hai)(?: na)?\s*[,:]\s*|"
    r"^(?:aur )?(?:yaad rakhna|yaad rakho|dhyan rakhna)\s*[:,]\s*",
    re.IGNORECASE,
)
_MARKERS = (
    # always: "hamesha Decimal hi rahega", "done bolne se pehle hamesha mix credo chalana"
    re.compile(r"\bhamesha\s+\S", re.IGNORECASE),
    # never: "kabhi bhi widget ke andar http call mat karna", "kabhi nahi"
    re.compile(r"\bkabhi (?:bhi )?(?:\S+ ){0,10}?(?:mat|nahi|na)\b", re.IGNORECASE),
    # don't X, do Y: "haath se providers mat likho, @riverpod annotation use karo"
    re.compile(r"\bmat \w+o\b[^,]*,\s*[^,]{3,60}\b(?:use karo|karo|likho|chalao|daalo|rakho)\b", re.IGNORECASE),
    # only this way: "sirf repository se", "sirf tool/update_goldens.sh se"
    re.compile(r"\bsab (?:\S+ ){0,3}?se (?:jayega|jaayega|jayenge|hoga)\b", re.IGNORECASE),
    # for X use Y: "tests ke liye SQLite in-memory use karo"
    re.compile(r"\bke liye\b.{3,60}?\buse (?:karo|karna|karein|kijiye)\b", re.IGNORECASE),
    # keep only this, for later: "QUEUE_CONNECTION sync hi rakhna" (the infinitive, with "hi": only this)
    re.compile(r"\S \bhi (?:rakhna|karna|chalana|use karna|likhna)\b", re.IGNORECASE),
)
_QUESTION = re.compile(r"\?\s*$|^(?:kya|kyun|kyon|kaise|kab|kahan)\b|\bna\s*\?|\bhai kya\b", re.IGNORECASE)
# for now, this once: "abhi mat karna", "filhaal", "is baar", "aaj ke liye"
_FOR_NOW = re.compile(r"\b(?:abhi|filhaal|filhal|is baar|iss baar|aaj ke liye|abhi ke liye|for now)\b", re.I)
_ABOUT_ME = re.compile(r"^(?:main|mai|mujhe|mera|meri|maine)\b", re.IGNORECASE)
# what keeps happening: "hamesha fail hota hai", "phir se timeout ho raha hai"
_REPORT = re.compile(
    r"\b(?:ho(?:ta|ti|te) hai|ho raha|ho rahi|ho gaya|ho gayi|aata hai|aati hai|aa raha|aa rahi|tha|thi)\b", re.I
)
# What follows a rule without being part of it: its reason ("…, kyunki …", "…, warna …")
_REASON = re.compile(r",?\s+(?:kyunki|kyonki|kyuki|warna|varna|taaki|tabhi)\s", re.IGNORECASE)
# "sabak: …", "seekh: …", "sabak ye hai ke …" (the lesson is that …)
_LESSON = re.compile(
    r"(?:^|\s)(?:seekh|sabak|seekha)(?:\s*:|\s+(?:ye|yeh|yah) (?:hai|tha) (?:ke|ki|k))\s*(?P<l>\S.{5,})", re.IGNORECASE
)
_DECISION = re.compile(
    r"(?:^|[,:]\s*)(?:faisla|decide kiya|tay hua|tay kiya)\s*[:,]\s*(?P<d>\S.{5,})|"
    r"\b(?P<s>(?:humne|hum ne|maine) (?:decide kiya|tay kiya|faisla kiya)\b.{4,})",
    re.IGNORECASE,
)


def hinglish_rule(sentence: str) -> str | None:
    """The standing rule a Hinglish sentence states, or None: the sentence's own text, tidied, without the
    reason said after it and without "maine pehle bola tha," / "yaad rakhna:" before it."""
    text = sentence.strip()
    if _QUESTION.search(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if said := _SAID_BEFORE.match(text):
        rest = text[said.end() :]
        return tidy(rest) if len(rest) > 5 and not _ABOUT_ME.match(rest) else None
    if lead := _FROM_NOW_ON.search(text):
        return None if _ABOUT_ME.match(lead.group("r").split(" ", 2)[-1]) else tidy(text[lead.start("r") :])
    if _ABOUT_ME.match(text) or _FOR_NOW.search(text):
        return None
    for marker in _MARKERS:
        if found := marker.search(text):
            return None if _REPORT.search(text[found.start() :]) else tidy(text)
    return None


def hinglish_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("seekh: …", "sabak: …"), or None."""
    if found := _LESSON.search(sentence.strip()):
        return tidy(sentence.strip()[found.start("l") :])
    return None


def hinglish_decision(sentence: str) -> str | None:
    if found := _DECISION.search(sentence.strip()):
        start = found.start("d") if found.group("d") else found.start("s")
        return tidy(sentence.strip()[start:])
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages)
POSITIVE = re.compile(
    r"\b(?:shukriya|dhanyavaad|dhanyawad|badhiya|bahut badhiya|mast|sahi hai|ho gaya|ho gya|chal gaya|chal gya|"
    r"kaam kar raha|kaam kar rahi|theek hai ab|(?:sab|bhi) green|green (?:ho gaya|ho gya|hai))\b",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"^\s*(?:nahi|nahin|nai)\s*[,.!]|"  # "nahi, tolerance badhana matlab test ko andha karna": no, not like that
    r"\b(?:abhi bhi|ab bhi|phir bhi) (?:\S+ ){0,3}?(?:fail|crash|nahi|galat|red|timeout)\w*|"
    r"\b(?:nahi chal (?:raha|rahi|rahe)|kaam nahi kar (?:raha|rahi)|nahi bana|bigad gaya)\b|"
    r"\b(?:phir se|fir se|dobara) (?:wahi )?(?:\S+ ){0,2}?(?:fail|red|crash|timeout|error)\w*",
    re.IGNORECASE,
)
DEFERRED = re.compile(
    r"\bkal (?:dekhte|dekhenge|dekhungi|dekhunga|karte|karenge|karungi|karunga|continue|subah)\b|"
    r"\bbaad mein (?:dekhte|dekhenge|karte|karenge)\b|\b(?:chhodo|chodo),? kal\b",
    re.IGNORECASE,
)
LEAVING = re.compile(
    r"\b(?:jana hai|jaana hai|nikalna hai|nikal rahi|nikal raha|chalti hoon|chalta hoon|meeting hai|call hai)\b", re.I
)
# The person talking about a problem ("phir se fail ho raha hai", "kabhi pass kabhi fail", "date galat aa rahi hai")
PROBLEM_TALK = re.compile(
    r"\b(?:phir se|fir se|dobara) (?:\S+ ){0,3}?(?:fail|red|crash|timeout|toot|atak)\w*|"
    r"\bkabhi pass kabhi fail\b|\b(?:fail|crash|timeout|atak) ho (?:raha|rahi|rahe|gaya|gayi)\b|"
    r"\bnahi chal (?:raha|rahi|rahe)\b|\bgalat (?:\S+ )?(?:aa|dikh|aa rahi|aa raha|hai)\b|\balag aa(?:ti|ta|te)\b",
    re.IGNORECASE,
)
