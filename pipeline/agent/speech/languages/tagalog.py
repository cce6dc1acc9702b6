"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Taglish: Tagalog and
English mixed inside a sentence, English verbs with Tagalog affixes ("i-commit", "mag-push", "nag-fail"), as
Filipino developers type it ("lagi nating i-run yung nbval bago mag-push", "wag mo nang gagalawin yung deno.lock").

Told from English by Tagalog's own function words ("yung", "natin", "lang", "naman"). Markers: always ("lagi",
"palagi", "laging"), don't from now on ("wag/huwag … nang …", or with the verb doubled as Tagalog says what is to
come: "wag mong gagalawin"; a plain "wag mo i-start yung server" is about now), forbidden ("bawal"), must ("dapat"),
from now on ("simula ngayon", "mula ngayon"), only X, no Y ("uv run lang, walang pip install"), as elsewhere ("gaya
sa sugbo, …"), X, not Y ("yun ang gamitin natin, hindi npm:"). A rule runs to the sentence's end, what follows a comma
being its own why ("…, galing yan sa client"), and stops at an explicit reason ("para …", "kasi …"). Not rules:
questions ("?", "… ba …"), what is for now ("muna", "for now", "ngayon lang", "for this"), a thing in front of the
person ("sa notebook na to"), someone's habit ("si X lagi …"), reports ("nag-fail", "ayaw gumana"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_I = re.IGNORECASE
_WORD = re.compile(r"[a-z']+")
# Tagalog's own function words: two of them say a sentence is Taglish, whatever English is mixed in ("lagi"
# is Indonesian too, "ba" and "pag" are short enough to be anything: they count only beside others)
_TAGALOG_OWN_LIST = (
    "yung natin nating naman lang lagi laging palagi wag huwag mong niyo nyo tayo kayo ba po opo kasi pag yan yun "
    "dyan diyan muna sige tsaka pala bawal dapat hindi walang ngayon"
)
_TAGALOG_OWN = frozenset(_TAGALOG_OWN_LIST.split())

_OPENING = re.compile(r"^(?:(?:ayos|ayun|sige|ok|okay|oo|hindi|tsaka|pero|tapos|btw|ahh?|hmm)[,.!]?\s+)+", _I)
_FROM_NOW_ON = re.compile(r"(?P<lead>\b(?:simula|mula|starting) ngayon\b)[,:\s]+", _I)
_LIKE_ELSEWHERE = re.compile(r"^(?:gaya|tulad|same) (?:sa|ng|as|as in) [\w.-]+\s*[,:]\s*", _I)
_MARKERS = (
    re.compile(r"\b(?:lagi|laging|palagi|palaging|lagi-lagi)\b", _I),  # always
    re.compile(r"\bbawal\b", _I),  # forbidden
    re.compile(r"\bdapat\b(?! ba\b)", _I),  # must
    # don't, from now on: "wag mo nang …", "wag na …", or a doubled verb ("wag mong gagalawin", "huwag gagamit")
    re.compile(
        r"\b(?:wag|huwag)\b(?: (?:mo|mong|niyo|nyo|natin|nating|kang|kayong|po))?"
        r"(?: (?:nang|na)\b| (?:[a-z]+-)?([bcdfghklmnpqrstvwyz]?[aeiou])\1[a-z]{2,})",
        _I,
    ),
    re.compile(r"\b\S+ lang\b.{0,40}?,?\s*\bwalang\b", _I),  # only X, no Y
    re.compile(r"\b(?:gamitin|gamit) natin\b.{0,40}?,\s*hindi\s+\S", _I),  # use X, not Y
)
_QUESTION = re.compile(r"\?\s*$|\b(?:ba|kaya ba)\b.{0,60}\?|^(?:bakit|paano|ano|saan|kailan|sino)\b", _I)
_FOR_NOW = re.compile(
    r"\b(?:muna|for now|ngayon lang|for this|sa ngayon|pansamantala|this time|today)\b|\bsa \S+ na (?:to|ito)\b", _I
)
_SOMEONE = re.compile(r"^(?:si|sina|ang) [A-Z]\w*|\bsabi (?:ni|nila|niya)\b", _I)
_REPORT = re.compile(
    r"\b(?:nag-(?:fail|crash|error)\w*|nagfe-fail|ayaw (?:gumana|mag-\w+)|hindi gumagana|di gumagana|sira|"
    r"naka-run na|na-run na)\b",
    _I,
)
_REASON = re.compile(r",?\s+(?:kasi|para(?! sa\b| kay\b)|dahil|since|because)\s", _I)
_LESSON = re.compile(r"\b(?:natutunan ko|natutunan namin|natuto ako)\s*[:,]?\s*(?P<l>\S.{5,})", _I)
_DECISION = re.compile(r"\b(?:desisyon|napagdesisyunan(?: namin| natin)?)\s*[:,]?\s*(?P<d>\S.{5,})", _I)


def is_tagalog(text: str) -> bool:
    """Two of Tagalog's own function words (not also English's or Indonesian's: "gw lagi di jalan" is not it)."""
    return len({w for w in _WORD.findall(text.lower()) if w in _TAGALOG_OWN}) >= 2


def tagalog_rule(sentence: str) -> str | None:
    """The standing rule a Taglish sentence states, or None (see the module docstring for where it ends)."""
    text = _OPENING.sub("", sentence.strip())
    if not is_tagalog(text) or _QUESTION.search(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if like := _LIKE_ELSEWHERE.match(text):
        text = text[like.end() :]
    if _SOMEONE.search(text) or _FOR_NOW.search(text) or _REPORT.search(text):
        return None
    if lead := _FROM_NOW_ON.search(text):
        return tidy(text[lead.start("lead") :]) if len(text) - lead.end() >= 6 else None
    marked = [m for marker in _MARKERS if (m := marker.search(text))]
    if not marked:
        return None
    # Why to the sentence's end: what follows a Taglish rule after a comma is its own why ("wag mong gagalawin yung
    # data/raw, galing yan sa client, read-only yan"), kept with it; an explicit reason ("para …", "kasi …") is not
    return tidy(text)


def tagalog_lesson(sentence: str) -> str | None:
    if found := _LESSON.search(sentence.strip()):
        return tidy(found.group("l"))
    return None


def tagalog_decision(sentence: str) -> str | None:
    if found := _DECISION.search(sentence.strip()):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages)
POSITIVE = re.compile(
    r"\b(?:salamat|ayos(?: na)?|ayun|galing|ang galing|ganda|sakto|tugma na|gumana na|okay na|ok na|panalo|"
    r"nice one po|pwede na)\b",
    _I,
)
NEGATIVE = re.compile(
    r"\b(?:hindi pa rin|di pa rin|sira pa rin|ayaw pa rin|mali pa rin|ganun pa rin|ganon pa rin|wala pa ring|"
    r"hindi gumana|di gumana|hindi yung?|hindi pa rin tugma|malayo pa rin|"
    r"(?:sarado|mali|sira|ayaw|wala|kulang|ganun|ganon|pareho|malayo) (?:na )?pa rin)\b",
    _I,
)
DEFERRED = re.compile(
    r"\b(?:bukas na lang|mamaya na lang|next week na lang|balikan ko|babalikan ko|iwan muna natin|"
    r"tuloy natin bukas|bukas na natin)\b",
    _I,
)
LEAVING = re.compile(r"\b(?:alis na (?:ko|ako)|aalis na (?:ko|ako)|may meeting ako|una na (?:ko|ako)|tawag ako)\b", _I)
# The person talking about a problem ("nag-fail ulit sa CI", "hindi nag-update yung chart", "mali yung total")
PROBLEM_TALK = re.compile(
    r"\b(?:na naman|ulit|nag-fail\w*|nag-crash\w*|sira|ayaw|mali|hindi (?:gumagana|nag-\w+|tugma)|di (?:gumagana|"
    r"nag-\w+|tugma)|wala pa rin|bumagsak|kulang)\b",
    _I,
)
