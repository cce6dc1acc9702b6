"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Arabic as developers
type it: Egyptian and other spoken Arabic in Arabic script with English terms inside ("ماتعملش push --force على
أي branch مشترك أبداً"), the same in Latin letters with digits for the sounds English lacks (Arabizi: "w dayman
shaghal composer phpcs abl el commit"), and the markers of written Arabic beside them ("لا تستخدم …", "يجب …").

Markers: don't (spoken "ماتعملش"/"متعملش": ma-t-…-sh, "mat3melsh"; written "لا ت…"), never ("أبداً", "abadan"),
always ("دايماً", "دائماً", "dayman"), must ("لازم", "يجب", "lazem"), forbidden ("ممنوع", "mamnoo3"), only ("فقط",
"بس" ending a clause), from now on ("من هنا ورايح", "من النهارده", "من الآن فصاعداً", "men hena w rayeh"), "as I
told you" ("قلتلك قبل كده: …"). A rule ends at its reason ("عشان …", "3ashan …") or, for a marker, at the comma
after it. Not rules: questions ("؟", "ولا …؟"), what is for now ("دلوقتي", "النهارده", "المرة دي", "dlwa2ty"), a
thing in front of the person ("الجدول ده": this table), someone else or the speaker ("هما …", "أنا …"), reports
("بيفشل", "وقع", "مش شغال", "bt-fail"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy, typed_in_latin

_ARABIC = re.compile(r"[\u0600-\u06ff]")
# Persian's own letters (پ چ ژ گ, its keyboards' ک and ی) and its half-space: the same script, another language
# (`languages/persian.py`), whose "فقط" and "لازم" these markers would misread
_PERSIAN = re.compile(r"[\u067e\u0686\u0698\u06af\u06a9\u06cc\u200c]")
_A = "[اأإآ]"  # alef as typed, with or without its hamza
# Arabizi's own words (the digits write ع, ء, خ, ح, ق): two of them say a Latin sentence is Arabic
_ARABIZI_WORD_LIST = (
    "el fel 3al 3ala mesh msh keda 3ashan 3shan alashan bta3 bta3et abl ba3d ba3den ba3dein dayman lazem lazim "
    "abadan khally khaly 5ally balak 3ayez 3awez w wala walla kaman bardo tany tani lessa leh ezay mafeesh "
    "mafish men mn hena rayeh eh di da dah dol ana enta enty ehna homma howa heya"
)
_ARABIZI_OWN_LIST = "3al 3ala 3ashan 3shan bta3 bta3et ba3d ba3den ba3dein 3ayez 3awez keda msh dayman"
_ARABIZI_WORDS = frozenset(_ARABIZI_WORD_LIST.split())
_ARABIZI_OWN = frozenset(_ARABIZI_OWN_LIST.split())
_WORD = re.compile(r"[a-z0-9']+")
# A digit written for a sound inside a word ("esta5dem", "3ayez", "wa2ef"; not "e2e", "md5", "k8s")
_DIGIT_SOUND = re.compile(r"^(?:[a-z]{2,}[2357][a-z]{2,}|[2357][a-z]{3,})$")

# "من هنا ورايح …", "من النهارده …", "من الآن فصاعداً …", "men hena w rayeh …": the rule replaces how it was done
_FROM_NOW_ON = re.compile(
    rf"(?P<lead>من هنا و ?رايح|من النهارد[هة]|من دلوقتي|من {_A}لآن(?: فصاعد(?:اً|ًا|ا))?|من اليوم|"
    r"\b(?:men|mn|min) (?:hena|hna) (?:w|we|wi) ?rayeh|\b(?:men|mn) (?:el naharda|elnaharda|dlwa2ty))[،,:\s]+"
)
# "قلتلك قبل كده: …", "زي ما قلتلك، …", "2oltelak abl keda: …": a rule said again
_SAID_BEFORE = re.compile(
    rf"^(?:(?:{_A}نا|زي ما)\s+)?(?:قلتلك|قولتلك|قلت لك|قولت لك|سبق و ?قلت)(?:\s+قبل\s+كد[هة])?\s*[:،,]?\s*|"
    r"^(?:ana\s+)?(?:2oltelak|oltelak|2oltlak|oltlak)(?:\s+abl\s+keda)?\s*[:,]?\s*",
    re.IGNORECASE,
)
# "خلي بالك: …", "khally balak: …" (mind): a rule only with a marker after it
_MIND = re.compile(r"^(?:خلي|خللي)\s+بالك\s*[:،,]?\s*|^(?:khally|khaly|5ally|5aly)\s+balak\s*[:,]?\s*", re.I)
# What opens a sentence before what it says: "و" (and), "وكمان" (and also), "أيوه،" (yes), "لا،" (no, with its
# comma: "لا تستخدم" is written Arabic's "don't"), "tamam, …"
_OPENING = re.compile(
    rf"^(?:(?:و|وكمان|كمان|طيب|طب|تمام|بص|يعني)[،,:]?\s+|(?:{_A}يوه|{_A}ه|لا|ماشي)[،,]\s*|"
    r"(?:w|we|wa|kaman|tayeb|tamam|aywa|la2|mashy)[,:]?\s+)+",
    re.IGNORECASE,
)
_MARKERS = (
    re.compile(r"(?:^|\s|و)ما?\s?ت\S{2,}ش(?=[\s،,.]|$)"),  # don't: "ماتعملش", "متنساش", "ما تشغلش"
    re.compile(r"(?:^|\s|و)لا\s+ت\S{2,}"),  # written "don't": "لا تستخدم"
    re.compile(rf"{_A}بد(?:اً|ًا|ا)"),  # never
    re.compile(r"دايم(?:اً|ًا|ا)|دائم(?:اً|ًا|ا)"),  # always
    re.compile(r"لازم|يجب|ينبغي|لا ?بد"),  # must
    re.compile(r"ممنوع|يمنع|محظور"),  # forbidden
    re.compile(r"فقط|\sبس(?=\s*[،,.]|\s*$)"),  # only ("… على سنة وشهر بس")
    re.compile(r"\b(?:dayman|da2iman|abadan|lazem|lazim|mamno[ou]?3)\b", re.I),
    re.compile(r"\bma?t[a-z0-9']{2,}sh\b", re.I),  # Arabizi "don't": "mat3melsh", "matesta5demsh"
)
_QUESTION = re.compile(
    rf"[?؟]\s*$|^(?:هو|هي)\s+(?:{_A}حنا|{_A}نت)|^(?:ليه|ليش|{_A}زاي|{_A}متى|فين|هل|{_A}يه|مين)\s|"
    r"^(?:leh|ezay|emta|fein|feen|eh|meen)\b",
    re.IGNORECASE,
)
_FOR_NOW = re.compile(
    r"دلوقتي|دلوقت|النهارد[هة]|المر[هة] دي|حالي(?:اً|ًا|ا)|مؤقت(?:اً|ًا|ا)|لحد ما|"
    r"\b(?:dlwa2ty|delwa2ty|dilwa2ti|el ?naharda|el marra di|mo2aqatan|l7ad ma)\b",
    re.IGNORECASE,
)
# "لو فيه partitions مختلفة لازم نعرف ليه" (if there are …, we must know why): about the case in hand, unless it
# says always or never
_IF = re.compile(rf"^(?:لو|{_A}ذا|law|lw|iza)\s", re.IGNORECASE)
_ALWAYS_NEVER = re.compile(rf"{_A}بد(?:اً|ًا|ا)|دايم(?:اً|ًا|ا)|دائم(?:اً|ًا|ا)|\b(?:dayman|abadan)\b", re.IGNORECASE)
_THIS_ONE = re.compile(r"\s(?:ده|دي|دا|دول)(?=[\s،,.؟?]|$)")  # "الجدول ده": this table, here and now
_SOMEONE = re.compile(rf"^(?:هما|هم|هو|هي|{_A}نا|{_A}نتو)\s|^(?:homma|howa|heya|ana)\b", re.IGNORECASE)
# What happens or happened, not what to do: "بيفشل" (it fails), "وقع" (it crashed), "bt-fail", "wa2ef" (stuck)
_REPORT = re.compile(
    r"(?:^|\s)(?:بي|بت)(?!اع|وع)\S{2,}|وقع|واقع|واقف|مش شغال|مش ظاهر|لسه|ناقص|"
    r"\b(?:b[iy]?t?-?fail\w*|by-?\w+|bet\w+|bey\w+|wa2ef|wa2e3|msh shaghal|mesh shaghal|lessa)\b",
    re.IGNORECASE,
)
# A rule's reason after it ("عشان …", "لأن …", "حتى لو …", "3ashan …"): not part of what it asks
_REASON = re.compile(
    rf"[،,]?\s+(?:عشان|علشان|ل{_A}ن|حتى لو|حتى في|because)\s|[،,]?\s+(?:3ashan|3shan|alashan|la2en)\s", re.I
)
_LESSON = re.compile(
    rf"(?:^|\s)(?:(?:{_A}لدرس(?: {_A}لمستفاد)?|درس|el dars|eldars)\s*[:：]|"
    rf"(?:{_A}تعلمت|{_A}تعلمنا|et3allemt|et3alemt|et3lmt) (?:{_A}ن|en|enn))\s*(?P<l>\S.{{5,}})",
    re.IGNORECASE,
)
_DECISION = re.compile(
    rf"(?:^|\s)(?:{_A}لقرار\s*[:：]|قررنا(?: {_A}ن)?|{_A}تفقنا(?: على| {_A}ن)?|2arrarna|etafa2na)\s*(?P<d>\S.{{5,}})",
    re.IGNORECASE,
)


def is_arabic(text: str) -> bool:
    """Arabic script, or Latin letters typed as Arabic (two of Arabizi's words, one of them its own)."""
    if _ARABIC.search(text):
        return not _PERSIAN.search(text)
    words = _WORD.findall(text.lower())
    return typed_in_latin(words, _ARABIZI_WORDS, {w for w in words if w in _ARABIZI_OWN or _DIGIT_SOUND.match(w)})


def arabic_rule(sentence: str) -> str | None:
    """The standing rule an Arabic sentence states, or None: from its lead (or the sentence's start) to its
    reason, or for a marker to the comma after it."""
    text = _OPENING.sub("", sentence.strip())
    if not is_arabic(text) or _QUESTION.search(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if said := _SAID_BEFORE.match(text):
        rest = text[said.end() :]
        return tidy(rest) if len(rest) > 5 and not _SOMEONE.match(rest) else None
    if lead := _FROM_NOW_ON.search(text):
        rest = text[lead.end() :]
        return None if _SOMEONE.match(rest) or len(rest) < 6 else tidy(text[lead.start() :])
    if mind := _MIND.match(text):
        text = text[mind.end() :]
    if _SOMEONE.match(text) or _FOR_NOW.search(text) or _THIS_ONE.search(text) or _REPORT.search(text):
        return None
    if _IF.match(text) and not _ALWAYS_NEVER.search(text):
        return None
    found = [m for marker in _MARKERS if (m := marker.search(text))]
    if not found:
        return None
    end = min(found, key=lambda m: m.start()).end()
    comma = re.search(r"[،,]\s", text[end:])  # what follows the marker's clause is its reason or the next request
    return tidy(text[: end + comma.start()] if comma else text)


def arabic_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("الدرس المستفاد: …", "الدرس: …", "اتعلمت إن …"), or None."""
    if found := _LESSON.search(sentence.strip()):
        return tidy(found.group("l"))
    return None


def arabic_decision(sentence: str) -> str | None:
    if found := _DECISION.search(sentence.strip()):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work, read over folded text (an alef's hamza folded away: `speech/verdicts.py`)
POSITIVE = re.compile(
    r"شكر(?:ا|اً|ًا)|متشكر|ممتاز|حلو|جميل|اخير(?:ا|اً|ًا)|اشتغل|زي الفل|عاش|"
    r"\b(?:shokran|momtaz|7elw|gamed|gamda|ekhtesh|mashy|meya meya|eshta|a5eeran|e4ta8al|eshta8al)\b",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"لسه\s+(?:\S+\s+){0,3}?(?:بيفشل|بتفشل|واقع|واقف|بيعرض|بيطلع|مش|فيه)|(?:كده|برضه|برده)\s+مش\s+شغال|"
    r"مش\s+شغال|مانفعش|مش\s+نافع|^لا[،,]\s|"
    r"\b(?:lessa (?:\S+ ){0,3}?(?:bey|bt|by|msh|mesh|fail|wa2ef)\w*|msh shaghal|mesh shaghal|manfa3sh)\b",
    re.IGNORECASE,
)
DEFERRED = re.compile(
    r"نكمل\s+بكر[هة]|بكر[هة]\s+نكمل|نشوفها\s+بكر[هة]|(?<![و\w])بعدين[\s.!،]*$|مش\s+وقته|سيبها|"
    r"\b(?:kamel|nekamel|nkamel) (?:ba3dein|ba3den|bokra)\b|\bbokra\b|\bba3dein\b|\bmsh wa2to\b|\bsibha\b",
    re.IGNORECASE,
)
LEAVING = re.compile(
    r"لازم\s+امشي|عندي\s+(?:meeting|اجتماع|ميتنج)|ماشي\s+دلوقتي|"
    r"\b(?:lazem amshi|lazem amshy|3andi meeting|ta3ban|ta3bana)\b",
    re.IGNORECASE,
)
# The person talking about a problem ("التست ده بيفشل تاني", "وقع تاني", "wa2ef 3and 199/200", "مش ظاهر")
PROBLEM_TALK = re.compile(
    r"تاني(?!ة)|بيفشل|بتفشل|وقع|واقف|مش\s+(?:شغال|ظاهر|بيظهر|راضي)|ناقص|فاضي|غريب|"
    r"\b(?:tany|tani|wa2ef|wa2e3|msh shaghal|mesh shaghal|msh rady|bt-?fail|by-?fail)\b",
    re.IGNORECASE,
)
