"""What a query says about time, and when a memory is from.

Conversation memory is full of "when did...", "what did we decide last week", "on 9 November": a question
that names a day, a week or a month wants what was said then, and a question that asks "when" wants the
turn that holds a time ("yesterday", "last May", "on the 3rd"). Relative dates are resolved against the
query's own time (`today`), in English, German and Chinese. A memory's dates come from where people put
them: a daily file's name (`daily/2026-11-24.md`), a dated heading ("session 3, 8 May 2023"), else dates in
its text; the file's modification day stands in when there is none (a note written yesterday is from
yesterday). Only the standard library: this runs inside a search.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan", "januar", "jänner"),
            ("february", "feb", "februar"),
            ("march", "mar", "märz", "maerz"),
            ("april", "apr"),
            ("may", "mai"),
            ("june", "jun", "juni"),
            ("july", "jul", "juli"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct", "oktober", "okt"),
            ("november", "nov"),
            ("december", "dec", "dezember", "dez"),
        ),
        start=1,
    )
    for name in names
}
WEEKDAYS = {
    name: number
    for number, names in enumerate(
        (
            ("monday", "montag"),
            ("tuesday", "dienstag"),
            ("wednesday", "mittwoch"),
            ("thursday", "donnerstag"),
            ("friday", "freitag"),
            ("saturday", "samstag", "sonnabend"),
            ("sunday", "sonntag"),
        )
    )
    for name in names
}
CN_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
CN_NUMBERS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_DAY = r"(\d{1,2})(?:st|nd|rd|th|\.)?"
# Month names a memory's words may hold; "may" alone is the verb far more often than the month, and the
# three-letter forms (jan, mar, dec) are words or abbreviations of other things.
_SPOKEN_MONTH = "|".join(name for name in MONTHS if len(name) > 3 and name != "mai")
_YEAR = r"((?:19|20)\d\d)"

ISO_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)-(\d\d)-(\d\d)(?!\d)")
DAY_MONTH_YEAR = re.compile(rf"(?<!\w){_DAY}\s+(?:of\s+)?({_MONTH})\.?,?\s*{_YEAR}(?!\d)", re.IGNORECASE)
MONTH_DAY_YEAR = re.compile(rf"(?<!\w)({_MONTH})\.?\s+{_DAY},?\s*{_YEAR}(?!\d)", re.IGNORECASE)
MONTH_YEAR = re.compile(rf"(?<!\w)({_MONTH})\.?,?\s+{_YEAR}(?!\d)", re.IGNORECASE)
CN_DATE = re.compile(r"((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?")
YEAR_ONLY = re.compile(r"(?<![\w-])(?:in|im|of|during)\s+((?:19|20)\d\d)(?![\w-])", re.IGNORECASE)

WHEN_QUESTION = re.compile(
    r"^\s*(?:when|what (?:date|day|time|year|month)|which (?:date|day|year|month|week)|how long ago|since when"
    r"|wann|seit wann|an welchem tag)\b|什么时候|何时|哪一?天|哪年|几月|几号|多久以前",
    re.IGNORECASE,
)
LATEST_QUESTION = re.compile(
    r"\b(?:latest|most recent(?:ly)?|current(?:ly)?|right now|these days|nowadays|as of now|newest"
    r"|aktuell(?:e[nrs]?)?|zuletzt|neueste[nrs]?)\b|最新|目前|现在|最近",
    re.IGNORECASE,
)
# A time in a memory's own words: what a "when" question is looking for.
TIME_WORDS = re.compile(
    rf"\b(?:yesterday|today|tonight|tomorrow|last (?:night|week|weekend|month|year|summer|winter|spring|fall"
    rf"|autumn|{_WEEKDAY})|this (?:morning|afternoon|evening|week|weekend|month|year|past)|next (?:week|month|year"
    rf"|{_WEEKDAY})|(?:a|one|two|three|four|five|six|\d+|few|couple of) (?:days?|weeks?|months?|years?) ago"
    rf"|ago|recently|{_WEEKDAY}|{_SPOKEN_MONTH}|(?:in|since|until) may|(?:im|seit|ab) mai|ma[iy] \d|(?:19|20)\d\d"
    rf"|gestern|heute|morgen|letzte[nmrs]? (?:woche|monat|jahr)"
    rf"|vor \w+ (?:tagen|wochen|monaten|jahren))\b"
    r"|昨天|今天|前天|上周|上个?星期|上个月|去年|今年|\d+\s*[天年]前|\d{2,4}\s*年|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
)  # matched against lowercased text: case-sensitive matching takes half the time of IGNORECASE


@dataclass(frozen=True, slots=True)
class DateWindow:
    """The days a question is about, both ends included."""

    start: dt.date
    end: dt.date

    def holds(self, day: dt.date, slack_days: int = 0) -> bool:
        """Whether `day` is in the window; `slack_days` lets a memory written a little after it count (a
        conversation on 8 May tells what happened "yesterday")."""
        return self.start <= day <= self.end + dt.timedelta(days=slack_days)

    def meets(self, other: DateWindow, slack_days: int = 0) -> bool:
        """Whether a memory dated `other` (a day or a month) overlaps the window (with `slack_days` after it)."""
        return other.start <= self.end + dt.timedelta(days=slack_days) and self.start <= other.end


@dataclass(frozen=True, slots=True)
class TimeIntent:
    asks_when: bool = False  # the question asks for a time
    window: DateWindow | None = None  # the days it names, resolved against the query's time
    latest: bool = False  # it asks for the current state

    @property
    def active(self) -> bool:
        return self.asks_when or self.window is not None or self.latest


def _day(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _month_window(year: int, month: int) -> DateWindow:
    start = dt.date(year, month, 1)
    end = dt.date(year + (month == 12), month % 12 + 1, 1) - dt.timedelta(days=1)
    return DateWindow(start, end)


def _week_of(day: dt.date) -> DateWindow:
    monday = day - dt.timedelta(days=day.weekday())
    return DateWindow(monday, monday + dt.timedelta(days=6))


def _last_weekday(today: dt.date, weekday: int) -> dt.date:
    """The most recent such weekday strictly before today ("last Tuesday", "letzten Dienstag")."""
    back = (today.weekday() - weekday) % 7 or 7
    return today - dt.timedelta(days=back)


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    english = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ein": 1, "einem": 1}
    german = {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6}
    if word.lower() in english or word.lower() in german:
        return {**english, **german}[word.lower()]
    return CN_NUMBERS.get(word)


def dates_in(text: str) -> list[DateWindow]:
    """Every absolute date or month the text names (a month alone is its whole month)."""
    found: list[DateWindow] = []
    taken: list[tuple[int, int]] = []

    def add(match: re.Match[str], window: DateWindow | None) -> None:
        if window is None or any(a < match.end() and match.start() < b for a, b in taken):
            return
        taken.append((match.start(), match.end()))
        found.append(window)

    for m in ISO_DATE.finditer(text):
        day = _day(int(m[1]), int(m[2]), int(m[3]))
        add(m, DateWindow(day, day) if day else None)
    for m in CN_DATE.finditer(text):
        if m[3]:
            day = _day(int(m[1]), int(m[2]), int(m[3]))
            add(m, DateWindow(day, day) if day else None)
        elif 1 <= int(m[2]) <= 12:
            add(m, _month_window(int(m[1]), int(m[2])))
    for m in DAY_MONTH_YEAR.finditer(text):
        day = _day(int(m[3]), MONTHS[m[2].lower()], int(m[1]))
        add(m, DateWindow(day, day) if day else None)
    for m in MONTH_DAY_YEAR.finditer(text):
        day = _day(int(m[3]), MONTHS[m[1].lower()], int(m[2]))
        add(m, DateWindow(day, day) if day else None)
    for m in MONTH_YEAR.finditer(text):
        add(m, _month_window(int(m[2]), MONTHS[m[1].lower()]))
    return found


def _relative(query: str, today: dt.date) -> DateWindow | None:
    """The window a relative date names, resolved against `today`; None when there is none."""
    q = query.lower()
    day = dt.timedelta(days=1)
    if re.search(r"\b(?:day before yesterday|vorgestern)\b|前天", q):
        return DateWindow(today - 2 * day, today - 2 * day)
    if re.search(r"\b(?:yesterday|gestern)\b|昨天|昨日", q):
        return DateWindow(today - day, today - day)
    if re.search(r"\b(?:today|this morning|tonight|heute)\b|今天|今日", q):
        return DateWindow(today, today)
    if m := re.search(r"上(?:个)?(?:周|星期|礼拜)([一二三四五六日天])", q):
        monday = today - dt.timedelta(days=today.weekday() + 7)
        target = monday + dt.timedelta(days=CN_WEEKDAYS[m[1]])
        return DateWindow(target, target)
    if m := re.search(rf"\b(?:last|letzten|letzter|vergangenen|on)\s+({_WEEKDAY})\b", q):
        target = _last_weekday(today, WEEKDAYS[m[1]])
        return DateWindow(target, target)
    if m := re.search(r"\b(\d+|an?|one|two|three|four|five|six)\s+(day|week|month)s?\s+ago\b", q) or re.search(
        r"\bvor\s+(\d+|einem|zwei|drei|vier|fünf|sechs)\s+(tag|woche|monat)(?:en)?\b", q
    ):
        n = _count(m[1]) or 1
        unit = {"day": 1, "tag": 1, "week": 7, "woche": 7, "month": 30, "monat": 30}[m[2]]
        center = today - dt.timedelta(days=n * unit)
        half = dt.timedelta(days=0 if unit == 1 else unit // 2)
        return DateWindow(center - half, center + half)
    if m := re.search(r"(\d+|[一两二三四五六七八九十])\s*天(?:以)?前", q):
        n = _count(m[1]) or 1
        return DateWindow(today - n * day, today - n * day)
    if re.search(
        r"\b(?:last|past|previous)\s+week\b|\b(?:letzte|vorige|vergangene)\s+woche\b|上周|上个?星期|上礼拜", q
    ):
        return _week_of(today - 7 * day)
    if re.search(r"\bthis\s+week\b|\bdiese\s+woche\b|这周|本周|这个星期", q):
        return DateWindow(_week_of(today).start, today)
    if re.search(r"\b(?:last|past|previous)\s+month\b|\b(?:letzten|vorigen|vergangenen)\s+monat\b|上个?月", q):
        first = today.replace(day=1) - day
        return _month_window(first.year, first.month)
    if re.search(r"\bthis\s+month\b|\bdiesen\s+monat\b|这个月|本月", q):
        return DateWindow(today.replace(day=1), today)
    if re.search(r"\blast\s+year\b|\bletztes\s+jahr\b|\bim\s+letzten\s+jahr\b|去年", q):
        return DateWindow(dt.date(today.year - 1, 1, 1), dt.date(today.year - 1, 12, 31))
    return None


def read_query(query: str, today: dt.date) -> TimeIntent:
    """What the query asks about time. An absolute date it names wins over a relative one; "the week before
    16 November" is the seven days before it, "between A and B" the days from A to B."""
    window: DateWindow | None = None
    named = dates_in(query)
    if named:
        window = DateWindow(min(w.start for w in named), max(w.end for w in named))
        before = re.search(rf"\b(?:week|weekend|{_WEEKDAY}) before\b|\bwoche vor\b", query, re.IGNORECASE)
        if before and len(named) == 1:
            window = DateWindow(window.start - dt.timedelta(days=7), window.start)
    elif year := YEAR_ONLY.search(query):
        y = int(year[1])
        window = DateWindow(dt.date(y, 1, 1), dt.date(y, 12, 31))
    else:
        window = _relative(query, today)
    return TimeIntent(
        asks_when=bool(WHEN_QUESTION.search(query)), window=window, latest=bool(LATEST_QUESTION.search(query))
    )


DAILY_FILE = re.compile(r"(?<!\d)((?:19|20)\d\d)-(\d\d)-(\d\d)(?!\d)")


def memory_days(path: str, heading: str, text: str, mtime: float | None) -> list[DateWindow]:
    """When a memory is from: the date in its file name or heading, else the dates its text names, else the
    day its file last changed (UTC)."""
    found = [DateWindow(d, d) for m in DAILY_FILE.finditer(path) if (d := _day(int(m[1]), int(m[2]), int(m[3])))]
    found += dates_in(heading)
    if not found:
        found = dates_in(text)
    if not found and mtime is not None:
        day = dt.datetime.fromtimestamp(mtime, dt.UTC).date()
        found = [DateWindow(day, day)]
    return found


def mentions_time(text: str) -> bool:
    """Whether the memory's own words hold a time (what a "when" question looks for). Heading lines are left
    out: a dated heading says when the memory is from, not that it tells when something happened, and every
    turn of a dated conversation carries one."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return bool(TIME_WORDS.search(body.lower()))


@dataclass(frozen=True, slots=True)
class TimeWeights:
    """Log-odds added to a hit's relevance in hybrid ranking (0 turns a part off). Chosen with
    bench/retrieval.py on LoCoMo's dated and "when" questions (see the README)."""

    window: float = 1.0  # the memory is from the days the question names
    when: float = 1.0  # a "when" question meets a memory whose words hold a time
    latest: float = 0.0  # a question about the current state: the newest candidate gets this much, the oldest 0
    slack_days: int = 7  # a memory up to this many days after the window still counts (told "yesterday")

    @property
    def any(self) -> bool:
        return bool(self.window or self.when or self.latest)


@dataclass(frozen=True, slots=True)
class MemoryTime:
    """What ranking needs to know about one candidate's time."""

    days: list[DateWindow]
    mentions_time: bool


def time_bonuses(intent: TimeIntent, memories: dict[int, MemoryTime], weights: TimeWeights) -> dict[int, float]:
    """Log-odds to add per candidate id (only the non-zero ones)."""
    out: dict[int, float] = {}
    newest = {cid: max(w.end for w in m.days) for cid, m in memories.items() if m.days}
    lo, hi = (min(newest.values()), max(newest.values())) if newest else (None, None)
    for cid, memory in memories.items():
        bonus = 0.0
        if (
            intent.window is not None
            and weights.window
            and any(intent.window.meets(w, weights.slack_days) for w in memory.days)
        ):
            bonus += weights.window
        if intent.asks_when and weights.when and memory.mentions_time:
            bonus += weights.when
        if intent.latest and weights.latest and lo is not None and hi is not None and hi > lo and cid in newest:
            bonus += weights.latest * (newest[cid] - lo).days / (hi - lo).days
        if bonus:
            out[cid] = bonus
    return out
