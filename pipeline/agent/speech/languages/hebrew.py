"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Hebrew as developers
type it: right to left, English terms joined to Hebrew prefixes with a hyphen ("ב-ViewModels", "ה-cache"),
commands and file names inside ("אל תמחק את ה-cache של gradle אף פעם").

Markers: don't ("אל ת…"), never ("אף פעם", "לעולם לא"), always ("תמיד"), forbidden or required ("אסור", "חובה",
"חייב"), every X must or goes ("כל מיגרציה צריכה …", "כל טקסט ב-UI הולך ל-…"), from now on ("מעכשיו", "מהיום
והלאה"), we are moving to ("עוברים ל-X: …"), how it is done here ("ב-ViewModels משתמשים ב-LiveData, כמו בשאר
האפליקציה"), remember ("תזכור ש…"). A rule ends at its reason ("כי …", "כדי …", ", שלא …") or at the comma after
its marker unless what follows goes on with it ("גם …", "בלי …", "ולא …"). Not rules: questions, what is for now
("בינתיים", "כרגע", "הפעם", "היום"), a thing in front of the person ("הטסט הזה"), someone's report ("איתי אמר
ש…", "הוא …"), reports ("נופל", "נכשל", "לא עובד"). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy, to_its_end

_HEBREW = re.compile(r"[\u0590-\u05ff]")
_FROM_NOW_ON = re.compile(r"(?:^|\s|ו)(?P<lead>מעכשיו|מהיום(?: והלאה)?|מעתה|מכאן והלאה|מהפעם הבאה)[,:\s]+")
_MOVING_TO = re.compile(r"^ו?עוברים ל-?\S+")  # "עוברים ל-StateFlow: …": the team's move, a rule replaced
_REMEMBER = re.compile(r"^(?:ו?תזכר(?:י)?|ו?תזכור(?:י)?|זכור|זכרי)\s*(?:ש|:\s*)")
_SAID_BEFORE = re.compile(r"^(?:כבר\s+)?(?:אמרתי|אמרתי לך|כתבתי)(?:\s+כבר)?(?:\s+ש|\s*:\s*)")
_MARKERS = (
    re.compile(r"(?:^|\s|ו)אל\s+ת\S{2,}"),  # don't: "אל תמחק", "ואל תריץ"
    re.compile(r"אף פעם|לעולם (?:לא|אל)"),  # never
    re.compile(r"(?:^|\s|ו)תמיד(?=\s|$)"),  # always
    re.compile(r"(?:^|\s|ו)(?:אסור|חובה)(?=\s|$)"),  # forbidden, required
    # every X needs / must / goes: "כל מיגרציה צריכה Down שעובד", "כל טקסט ב-UI הולך ל-strings.xml"
    re.compile(
        r"(?:^|\s|ו|ש)כל\s+\S+.{0,40}?\s(?:צרי(?:ך|כה|כים|כות)|חייב\S*|הול(?:ך|כים|כת|כות)|עוב(?:ר|רת|רים)|נכנס\S*)\s"
    ),
    # how it is done here: an impersonal plural present "like the rest": "משתמשים ב-LiveData, כמו בשאר האפליקציה"
    re.compile(r"(?:^|\s)(?:לא\s+)?ו?מ\S{2,}ים\s.{2,60}?כמו\s+(?:בשאר|בכל|ב?שאר)"),
)
_QUESTION = re.compile(r"\?\s*$|^(?:האם|למה|איך|מה|מתי|איפה|מי|נכון ש)\s|או ש\S*\s.*\?")
# for now, and a correction of the change at hand ("אל תיגע בפורמטר, תחזיר": don't touch the formatter, revert)
_FOR_NOW = re.compile(r"(?:^|\s|ו)(?:בינתיים|כרגע|הפעם|היום|לעת עתה|זמנית|עכשיו|תחזיר\S*|תבטל\S*)(?=[\s,.]|$)")
_THIS_ONE = re.compile(r"\s(?:הזה|הזאת|הזו|האלה|האלו)(?=[\s,.?]|$)")
_SOMEONE = re.compile(r"^(?:אני|הוא|היא|הם|הן)\s|\sאמר(?:ה|ו)?\s+ש")
_REPORT = re.compile(r"נופל|נופלים|נכשל|נכשלים|נתקע|קורס|קרס|לא עובד|לא עובדים|לא מופיע|עוברים אצל")
_REASON = re.compile(r",?\s+(?:כי|כדי|מכיוון ש|בגלל ש)\s|,\s*ש(?:לא|נוכל|יהיה)\s")
_GOES_ON = re.compile(r"^(?:גם|עם|בלי|ולא|לא|רק|אלא|או|כמו|ו?מ\S{2,}ים)(?=\s)")
_LESSON = re.compile(
    r"(?:^|\s)(?P<l>(?:לקח|שיעור|מסקנה)\s*:\s*\S.{5,})|(?:^|\s)(?:למדתי|מסתבר|התברר)\s+ש(?P<m>\S.{5,})"
)
_DECISION = re.compile(r"(?:^|\s|ו)(?:החלטנו|הוחלט|סיכמנו)\s*(?:ש|:\s*)(?P<d>\S.{5,})")


_AND = re.compile(r"^ו(?=[בהלמכש]-)")  # "וב-ViewModels …": the "and" joining it to the sentence before


def is_hebrew(text: str) -> bool:
    return _HEBREW.search(text) is not None


def hebrew_rule(sentence: str) -> str | None:
    """The standing rule a Hebrew sentence states, or None (see the module docstring for where it ends)."""
    text = sentence.strip()
    if not is_hebrew(text) or _QUESTION.search(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    for lead in (_SAID_BEFORE, _REMEMBER):
        if said := lead.match(text):
            return hebrew_rule(text[said.end() :]) or _plain(text[said.end() :])
    if found := _FROM_NOW_ON.search(text):
        rest = text[found.end() :]
        return None if _SOMEONE.match(rest) or len(rest) < 6 else tidy(text[found.start("lead") :])
    if _MOVING_TO.match(text):
        return tidy(text)
    if _SOMEONE.search(text) or _FOR_NOW.search(text) or _THIS_ONE.search(text) or _REPORT.search(text):
        return None
    marked = [m for marker in _MARKERS if (m := marker.search(text))]
    if not marked:
        return None
    return tidy(_AND.sub("", to_its_end(text, min(marked, key=lambda m: m.start()).end(), _GOES_ON)))


def _plain(text: str) -> str | None:
    """What follows "remember that" with no marker of its own: a rule when it states something."""
    if _SOMEONE.search(text) or _FOR_NOW.search(text) or _REPORT.search(text) or len(text) < 6:
        return None
    return tidy(to_its_end(text, 0, _GOES_ON))


def hebrew_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("לקח: …", with its tag as people quote it), or learned ("למדתי ש…")."""
    if found := _LESSON.search(sentence.strip()):
        return tidy(found.group("l") or found.group("m"))
    return None


def hebrew_decision(sentence: str) -> str | None:
    if found := _DECISION.search(sentence.strip()):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages)
POSITIVE = re.compile(
    r"תודה|מעולה|יופי|אחלה|סבבה|מושלם|כל הכבוד|סוף סוף|יש!|(?<!לא )עובד(?:ת|ים)?!|"
    r"\b(?:toda|sababa|achla|tnx|yofi|mitzuyan)\b",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"עדיין\s+(?:\S+\s+){0,3}?(?:נופל|נכשל|לא|אותו)|(?:זה\s+)?לא\s+עוב(?:ד|דת|דים)|לא\s+עזר|שוב\s+נופל|"
    r"זה לא זה|ממש לא"
)
DEFERRED = re.compile(r"נמשיך\s+מחר|מחר\s+נמשיך|נחזור\s+לזה|נראה\s+מחר|אחר\s+כך|לא\s+עכשיו|תשאיר\s+את\s+זה")
LEAVING = re.compile(
    r"צריכ(?:ה)?\s+ללכת|יש\s+לי\s+(?:פגישה|ישיבה|meeting|שיחה)|חייב(?:ת)?\s+לזוז|אני\s+זז(?:ה)?|רצ(?:ה)?\s+ל"
)
# The person talking about a problem ("הטסט הזה נופל שוב ב-CI", "מראה 0 עצירות", "עובר אצל איתי ונופל אצלי")
PROBLEM_TALK = re.compile(r"שוב|נופל|נופלים|נכשל|נכשלים|נתקע|קורס|קרס|לא\s+עובד|לא\s+מופיע|מוזר|רק\s+אצלי|באג")
