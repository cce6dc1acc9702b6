"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Persian (Farsi) as
developers type it: Persian script with English terms and commands inside ("همیشه قبل از commit روی فایلای
عوض‌شده ormolu بزن"), the verb last, the half-space (ZWNJ) typed or not, and the same in Latin letters (Finglish:
"hichvaght plaintext too group_vars nazar").

Persian is told from Arabic by its own letters (پ چ ژ گ and the Persian ک and ی its keyboards type): Arabic's
markers read it wrong ("فقط" is a plain "just" here, "لازم داره" a need). Markers: don't (the negative imperative
at the end of a clause: "پوش نکن", "استفاده نکنید", "دست نزن", "nakon", "nazar"), never ("هیچ‌وقت", "هرگز",
"hichvaght"), always ("همیشه", "hamishe"), must ("باید"), from now on ("از این به بعد", "az in be baad"), "as I said"
("قبلاً هم گفتم", "ghablan ham goftam"), remember ("یادت باشه"). A rule is the clause (between commas) that holds
the marker, with the clauses after it that go on with it ("به جاش …", "… نه"); a clause about this thing ("این
فایل", "in karo"), for now ("فعلاً", "الان", "felan"), someone else or a report ("نمیده", "ترکید") is no rule.
Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy, typed_in_latin

_PERSIAN = re.compile(r"[\u067e\u0686\u0698\u06af\u06a9\u06cc\u200c]")
# Finglish's own words: two of them (one not also English) say a Latin sentence is Persian
_FINGLISH_WORD_LIST = (
    "ro ra ke ham too tu ba az be in on dige kon nakon nazar nazan hamishe hichvaght faghat felan alan baad "
    "bad baadan ghablan goftam mikham nemikham yani chon baraye barat mersi merci na baba khob bashe kar"
)
_FINGLISH_OWN_LIST = (
    "ro dige kon nakon nazar nazan hamishe hichvaght hichvaqt faghat felan baadan ghablan goftam mikham nemikham "
    "yani chon baraye barat mersi khob bashe estefade dorost"
)
_FINGLISH_WORDS = frozenset(_FINGLISH_WORD_LIST.split())
_FINGLISH_OWN = frozenset(_FINGLISH_OWN_LIST.split())
_WORD = re.compile(r"[a-z']+")

_I = re.IGNORECASE
_Y = "[یي]"  # ye as Persian and Arabic keyboards type it
_K = "[کك]"
_Z = "\u200c? ?"  # the half-space between a prefix and its word, typed as ZWNJ, a space or nothing
_OPENING = re.compile(
    r"^(?:(?:نه|آره|اره|باشه|خب|خوب|اوکی|ok|okay|na|are|khob|bashe)(?:\s+(?:بابا|baba))?[،,!.:]?\s+|"
    r"(?:اَه|اه|ای بابا|dige|دیگه)[،,!]?\s+)+",
    _I,
)
_FROM_NOW_ON = re.compile(
    r"(?P<lead>از\s+(?:این|الان|حالا|امروز)\s+به\s+بعد|\baz\s+(?:in|alan|hala|emrooz)\s+be\s+ba+d\b)[،,:\s]+", _I
)
_SAID_BEFORE = re.compile(
    r"^(?:قبل(?:اً|ا)?\s+(?:هم\s+)?گفتم|بهت\s+گفته\s+بودم|(?:ghablan|ghablanam)\s+(?:ham\s+)?goftam)\s*[:،,]?\s*", _I
)
_REMEMBER = re.compile(rf"^(?:{_Y}ادت\s+باشه|{_Y}ادت\s+نره|yadet\s+(?:bashe|nare))\s*(?:که|ke)?\s*[:،,]?\s*", _I)
_STEMS = f"کن|زن|ذار|گذار|{_Y}ار|نو{_Y}س|ده|ر{_Y}ز|ساز|بند|کش|گ{_Y}ر|فرست|گو|پوشون|چسبون|خون|رو|پاک ?کن"
_MARKERS = (
    # don't: the negative imperative ending a clause ("پوش نکن", "استفاده نکنید", "دست نزن"; not "نزدی", done)
    re.compile(rf"(?:^|\s)ن(?:{_STEMS})(?:{_Y}د|{_Y}ن)?(?=[\s،,.!]|$)"),
    re.compile(r"\b(?:nakon|nakonid|nakonin|nazan|nazanid|nazar|nazarid|nanevis|nade|nadid|naar|nayar)\b", _I),
    re.compile(rf"ه{_Y}چ{_Z}وقت|هرگز|\b(?:hichvaght|hichvaqt|hichvagh|hargez)\b", _I),  # never
    re.compile(rf"(?:^|\s)هم{_Y}شه(?=[\s،,.!]|$)|\bhamishe\b", _I),  # always
    re.compile(rf"(?:^|\s)با{_Y}د(?=\s)|\bbayad\b", _I),  # must
)
_QUESTION = re.compile(
    rf"[?؟]\s*$|^(?:آ{_Y}ا|چرا|چطور|چجوری|{_K}دوم|{_K}جا|{_K}{_Y}|چ{_Y})\s|\s(?:{_Y}ا\s+م{_Y}شه|مگه)\s|"
    r"^(?:chera|chetor|koja|aya)\b",
    _I,
)
_FOR_NOW = re.compile(
    rf"(?:^|\s)(?:فعل(?:اً|ا)|الان|امروز|ا{_Y}ن\s+(?:دفعه|بار)|تا\s+بعد|بعد(?:اً|ا)\s+خودم|حالا|"
    r"felan|alan|emrooz|in\s+dafe|in\s+bar)(?=[\s،,.!:]|$)",
    _I,
)
# this thing, in front of the person ("این فایل", "اینو", "in karo", "hamin"), not "from now on" ("از این به بعد")
_THIS_ONE = re.compile(
    rf"(?:^|\s)(?:ا{_Y}نو|ا{_Y}نا|هم{_Y}ن|ا{_Y}ن(?!\s+به\s+بعد)\s+\S+)(?=[\s،,.]|$)|\b(?:in\s+karo|hamin|ino)\b", _I
)
_SOMEONE = re.compile(r"^(?:اون|او|اونا|من)\s|\sگفت(?:ه)?\s+(?:که|ke)\s|^(?:oon|man)\s", _I)
# What happens or happened, not what to do: "نمیده" (it does not give), "ترکید", "خراب شد", "fail شد", "غلطه"
_REPORT = re.compile(
    rf"(?:^|\s)(?:نم{_Y}{_Z}\S+|م{_Y}{_Z}ترک\S*|ترک{_Y}د\S*|خراب\s+شد\S*|\S+\s+شد(?:ه)?(?=[\s،,.]|$)|غلطه|قرمزه|"
    r"nemi\S+|tarakid\S*|kharab\s+shod)",
    _I,
)
_REASON = re.compile(r"[،,]?\s+(?:چون|چونکه|واسه\s+اینکه|برای\s+اینکه|chon|because)\s|[،,]\s*(?:که|تا|ke)\s", _I)
# A clause that goes on with the rule before it: instead ("به جاش …"), only, never, or a short "X, not Y" ("generic نه")
_GOES_ON = re.compile(
    rf"^(?:به\s+جا(?:ش|ی)|بلکه|فقط|ه{_Y}چ{_Z}وقت|be\s+jash|faghat|hichvaght)\s|^\S+(?:\s+\S+)?\s+(?:نه|na)[.!]?$", _I
)
_LESSON = re.compile(
    rf"(?:^|\s)(?:(?:درس(?:\s+امروز)?|نت{_Y}جه|lesson|dars)\s*[:：]\s*(?P<l>\S.{{5,}})|"
    rf"(?P<m>(?:فهم{_Y}دم|{_Y}اد\s+گرفتم|fahmidam|yad\s+gereftam)\s+(?:که\s+|ke\s+)?\S.{{5,}}))",
    _I,
)
_DECISION = re.compile(
    rf"(?:^|\s)(?:تصم{_Y}م\s*[:：]|تصم{_Y}م\s+گرفت{_Y}م\s+(?:که\s+)?|قرار\s+شد\s+(?:که\s+)?|"
    r"tasmim\s+gereftim\s+(?:ke\s+)?|gharar\s+shod\s+(?:ke\s+)?)(?P<d>\S.{5,})",
    _I,
)
_ONLY = re.compile(r"(?:^|\s)(?:فقط|faghat)\s", _I)
_CLAUSE = re.compile(r"\s*[،,]\s*")


def is_persian(text: str) -> bool:
    """Persian script (by the letters Arabic has not), or Latin letters typed as Persian (Finglish)."""
    if _PERSIAN.search(text):
        return True
    words = _WORD.findall(text.lower())
    return typed_in_latin(words, _FINGLISH_WORDS, {w for w in words if w in _FINGLISH_OWN})


def persian_rule(sentence: str) -> str | None:
    """The standing rule a Persian sentence states, or None (see the module docstring for where it ends)."""
    text = _OPENING.sub("", sentence.strip())
    if not is_persian(text) or _QUESTION.search(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    for lead in (_SAID_BEFORE, _REMEMBER):
        if said := lead.match(text):
            rest = text[said.end() :]
            return persian_rule(rest) or _plain(rest)
    if found := _FROM_NOW_ON.search(text):
        rest = text[found.end() :]
        if len(rest) < 6 or _SOMEONE.match(rest):
            return None
        return tidy(_with_what_goes_on(text[found.start("lead") :], 0))
    clauses = _clauses(text)
    for index, (start, end) in enumerate(clauses):
        clause = text[start:end]
        if any(marker.search(clause) for marker in _MARKERS) and not _one_off(clause):
            if index and _ONLY.search(text[clauses[index - 1][0] : clauses[index - 1][1]]):
                index -= 1  # "secret ha faghat too vault, hichvaght plaintext …": only X, never Y is one rule
            return tidy(_with_what_goes_on(text, index))
    return None


def _clauses(text: str) -> list[tuple[int, int]]:
    """The spans of the text's clauses, between its commas (Persian "،" or ",")."""
    spans, start = [], 0
    for comma in _CLAUSE.finditer(text):
        spans.append((start, comma.start()))
        start = comma.end()
    return [*spans, (start, len(text))]


def _one_off(clause: str) -> bool:
    return any(cue.search(clause) for cue in (_FOR_NOW, _THIS_ONE, _SOMEONE, _REPORT))


def _with_what_goes_on(text: str, index: int) -> str:
    """The clause `index` of the text and the clauses after it that go on with it, as typed."""
    clauses = _clauses(text)
    end = index + 1
    while end < len(clauses) and _GOES_ON.search(text[clauses[end][0] : clauses[end][1]]):
        end += 1
    return text[clauses[index][0] : clauses[end - 1][1]]


def _plain(text: str) -> str | None:
    """What follows "as I said" or "remember" with no marker of its own: a rule when it states something."""
    if len(text) < 6 or _one_off(text):
        return None
    start, end = _clauses(text)[0]
    return tidy(text[start:end])


def persian_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("درس امروز: …", kept without its tag), or learned ("فهمیدم …", kept as said)."""
    text = sentence.strip()
    if not is_persian(text):
        return None
    if found := _LESSON.search(text):
        return tidy(text[found.start("l") :] if found.group("l") else text[found.start("m") :])
    return None


def persian_decision(sentence: str) -> str | None:
    text = sentence.strip()
    if is_persian(text) and (found := _DECISION.search(text)):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work, read over folded text (`speech/verdicts.py` reads them beside the others)
POSITIVE = re.compile(
    rf"مرس{_Y}|ممنون|دمت\s+گرم|عال{_Y}(?:ه)?|آفر{_Y}ن|افر{_Y}ن|ا{_Y}ول|دستت\s+درد\s+ن{_K}نه|{_K}ار\s+{_K}رد|درست\s+شد|"
    r"\b(?:mersi|mamnoon|mamnun|damet\s+garm|ayval|afarin|dorost\s+shod|kar\s+kard)\b",
    _I,
)
NEGATIVE = re.compile(
    rf"هنوز\s+(?:هم\s+)?(?:\S+\s+){{0,3}}?(?:خرابه|fail|قرمز|نم{_Y}|همون)|{_K}ار\s+نم{_Y}{_Z}{_K}نه|درست\s+نشد|"
    rf"فقط\s+مش{_K}ل\s+رو\s+قا{_Y}م|چشم(?:مون|م)?\s+رو\s+م{_Y}{_Z}بند|\b(?:hanooz\s+\S+|kar\s+nemikone|dorost\s+nashod)\b",
    _I,
)
DEFERRED = re.compile(
    rf"بعد(?:اً|ا)\s+(?:ادامه|م{_Y}{_Z}ب{_Y}نم|نگاه)|فردا\s+(?:ادامه|بق{_Y}ه|م{_Y}{_Z}ب{_Y}نم)|بذار(?:ش)?\s+برا(?:ی)?\s+(?:فردا|بعد)|"
    r"\b(?:baadan\s+edame|farda\s+edame|bezar\s+baraye\s+farda)\b",
    _I,
)
LEAVING = re.compile(
    rf"با{_Y}د\s+برم|جلسه\s+دارم|م{_Y}ت{_Y}نگ\s+دارم|meeting\s+دارم|من\s+رفتم|\b(?:bayad\s+beram|jalase\s+daram)\b", _I
)
# The person talking about a problem ("دوباره قرمز شد", "عددا غلطه", "سرویسا می‌ترکن")
PROBLEM_TALK = re.compile(
    rf"دوباره|باز\s+هم|هنوز|خراب|قرمز|م{_Y}{_Z}ترک|ترک{_Y}د|غلط|عج{_Y}ب|گ{_Y}ر\s+{_K}رده|{_K}رش|"
    r"\b(?:dobare|hanooz|kharab|ghalat|tarakid)\b",
    _I,
)
