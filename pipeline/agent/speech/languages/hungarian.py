"""A standing rule, a lesson or a decision said in Hungarian ("migrációban ne hivatkozz az app sémamoduljaira",
"a tesztet mindig először native_sim-en futtasd", "kiderült, hogy a sandbox nem engedi"). Hungarian is written in
Latin letters and shares no words with the languages the shared markers know, so without a reader only its "from
now on" and its labels were read (`speech/unread_languages.py`), and meaning scored its rules as requests.

Markers: always/never (mindig, soha, sosem, semmiképp), a prohibitive "ne" before a verb ("új függőséget ne adj
hozzá", "ne használj moment-et"), what holds "at our place" (nálunk nincs / nem / mindig …), must and forbidden
(kötelező, tilos, muszáj), "X legyen Y, ne Z" (how a thing is to be, against another way), only through one way
("csak pnpm-mel"). From now on (mostantól, ezentúl, innentől, mától) opens a rule. Written from general knowledge
of the language, people's chat included (accents dropped: "mindig", "soha", "nalunk").
Not rules: questions, what is for now (most, még, ma, egyelőre, ezúttal), reports (nem működik, elhasal, piros),
the speaker (én …, elfelejtem), and what points at something in front of the person (ez a fájl, ezt a tesztet).
Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

_I = re.IGNORECASE
# Hungarian for sure: ő or ű (no other language here has them), two of its most common short words, or one of its
# longer own words and an accented letter (not "ne" and an é: French "on ne peut pas", nor "nem" and an ã)
_OWN_LETTERS = re.compile(r"[őűŐŰ]")
_COMMON = re.compile(
    r"(?<!\w)(?:hogy|nem|ne|és|egy|az|mindig|soha|sosem|kell|legyen|csak|mert|még|már|nálunk|nalunk|köszi|koszi|"
    r"ezt|azt|meg|van|nincs|lesz|hozzá|előtt|után|helyett|mostantól|ezentúl|légyszi|legyszi|szia|úgy|vagy|volt|itt|"
    r"ott|majd|amit|ami|akkor|nagyon|kérlek)(?!\w)",
    _I,
)
_OWN_WORD = re.compile(
    r"(?<!\w)(?:hogy|mindig|soha|sosem|legyen|csak|nálunk|nalunk|köszi|koszi|nincs|hozzá|helyett|mostantól|ezentúl|"
    r"légyszi|legyszi|akkor|nagyon|kérlek)(?!\w)",
    _I,
)
_ACCENTED = re.compile(r"[áéíóöúüÁÉÍÓÖÚÜ]")
_LEAD = re.compile(
    r"(?:^|[,:;.]\s+|\bés\s+)(?P<r>(?:mostantól|mostantol|ezentúl|ezentul|innentől(?: kezdve)?|mától(?: kezdve)?|"
    r"a jövőben)[,:]?\s+\S.{5,})",
    _I,
)
_TAG = re.compile(r"^(?:szabály|szabaly|konvenció|megállapodás)\s*:\s*(?P<r>\S.{5,})", _I)
_TOLD = re.compile(r"^(?:már )?(?:mondtam|megmondtam|szóltam)(?: már)?\s*[:,]\s*(?=\S.{5,})", _I)
_MARKERS = (
    # always / never: "commit üzenet mindig angolul", "soha ne pushold a main-t"
    re.compile(r"(?<!\w)(?:mindig|soha|sohasem|sose|sosem|semmiképp(?:en)?|semmi esetre)(?!\w)", _I),
    # a prohibitive "ne" before a verb: "új függőséget ne adj hozzá", "ne használj moment-et"
    re.compile(r"(?:^|[,;:]\s*|\s)ne\s+(?!(?:is|már|még|most|ma|felejtsd)\b)\w{3,}", _I),
    # at our place: "force push nálunk nincs", "nálunk mindig PR-ral megy"
    re.compile(
        r"(?<!\w)(?:nálunk|nalunk)\s+(?:\S+\s+){0,2}?(?:nincs|nem|mindig|csak|tilos)(?!\w)|"
        r"(?<!\w)(?:nincs|nem)\s+(?:\S+\s+)?(?:nálunk|nalunk)(?!\w)",
        _I,
    ),
    # must / forbidden
    re.compile(r"(?<!\w)(?:kötelező|kotelezo|tilos|muszáj|muszaj)(?!\w)", _I),
    # how a thing is to be, against another way: "a mintavételi idő a devicetree-ben legyen, ne Kconfigban"
    re.compile(r"(?<!\w)legyen(?:ek)?\b[^.?!]*,\s*ne\s+\S", _I),
    # only through one way: "csak pnpm-mel", "csak PR-on keresztül"
    re.compile(r"(?<!\w)csak\s+\S+?(?:-?(?:val|vel|mal|mel)|\s+keresztül|\s+át)(?!\w)", _I),
)
_QUESTION = re.compile(
    r"\?\s*$|^(?:miért|miert|hogyan|hogy lehet|mi a|mi az|hol|melyik|mikor|lehet(?:ne)?|tudnál|nem lehetne)\b", _I
)
# "most már mindig …" (from now on, always …) is no "for now"
_FOR_NOW = re.compile(
    r"(?<!\w)(?:most(?! már (?:mindig|soha|ne)\b)|még|ma|mára|egyelőre|egyelore|ezúttal|ezuttal|egyszer|holnap|"
    r"ideiglenesen)(?!\w)",
    _I,
)
_DEICTIC = re.compile(r"(?<!\w)(?:ez a|ezt a|ezek a|azt a|az a|ebben a|ennél a|ezzel a)(?!\w)", _I)
# the speaker: "én mindig elfelejtem …", "mindig elfelejtem"
_ABOUT_ME = re.compile(r"^(?:én|nekem|engem)\b|\belfelejt\w*|\bszerintem\b", _I)
_REPORT = re.compile(
    r"(?<!\w)(?:nem működik|nem mukodik|nem megy|elhasal\w*|elszáll\w*|elszall\w*|piros|hal meg|meghal\w*|"
    r"hibát dob|hibat dob|timeoutol\w*|lefagy\w*|összeomlik)(?!\w)",
    _I,
)
_REASON = re.compile(r",\s*(?:mert|különben|kulonben|ugyanis)\s", _I)
_LESSON = re.compile(
    r"^(?:tanulság|tanulsag|kiderült|kiderult|rájöttem|rajottem|megtanultam|jó tudni|jo tudni|TIL)(?!\w)"
    r"(?:,?\s*hogy)?\s*[:,]?\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:döntés|dontes)\s*:\s*(?P<d>\S.{5,})|(?:^|[,:]\s*)(?:úgy )?döntöttünk(?:,? hogy)?\s*(?P<s>\S.{5,})|"
    r"(?P<m>maradunk (?:a|az|annál|ennél)\b.{3,})",
    _I,
)


def is_hungarian(text: str) -> bool:
    if _OWN_LETTERS.search(text) or len({m.lower() for m in _COMMON.findall(text)}) >= 2:
        return True
    return _OWN_WORD.search(text) is not None and _ACCENTED.search(text) is not None


def hungarian_rule(sentence: str) -> str | None:
    """The standing rule a Hungarian sentence states, or None: the sentence's own text, tidied, without the reason
    said after it ("…, mert a rollup is ott fut")."""
    text = sentence.strip()
    if not is_hungarian(text):
        return None
    if told := _TOLD.match(text):  # "már mondtam: …" (I told you already): a rule said again
        return tidy(text[told.end() :])
    if _QUESTION.search(text):
        return None
    if tagged := _TAG.match(text):
        return tidy(tagged.group("r"))
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if lead := _LEAD.search(text):
        return tidy(lead.group("r"))
    if not any(marker.search(text) for marker in _MARKERS):
        return None
    if _FOR_NOW.search(text) or _ABOUT_ME.search(text) or _REPORT.search(text) or _DEICTIC.search(text):
        return None
    return tidy(text)


def hungarian_lesson(sentence: str) -> str | None:
    text = sentence.strip()
    if found := _LESSON.match(text):
        return tidy(found.group("l"))
    return None


def hungarian_decision(sentence: str) -> str | None:
    """A decision: tagged ("döntés: …"), said ("úgy döntöttünk, hogy …"), or staying with something ("maradunk a
    Postgres 16-nál")."""
    text = sentence.strip()
    if not is_hungarian(text):
        return None
    if found := _DECISION.search(text):
        return tidy(found.group("d") or found.group("s") or found.group("m"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them over folded text: accents off)
POSITIVE = re.compile(
    r"^(?:szuper|tokeletes|klassz|remek|csodas|kiralysag|oke|jo lett)\b|\b(?:koszi|koszonom|kosz|mukodik|megy mar|"
    r"mar megy|mar mukodik|zold|minden zold|ez az|pont ez kellett)\b",
    _I,
)
NEGATIVE = re.compile(
    r"\b(?:meg mindig nem|megint nem|nem mukodik|nem megy|ugyanaz a hiba|ez igy nem jo|nem segitett|rosszabb lett|"
    r"meg mindig piros|nem jo)\b",
    _I,
)
DEFERRED = re.compile(
    r"\b(?:holnap folytatjuk|majd holnap|majd hetfon|majd ranezek|kesobb folytatjuk|hagyjuk (?:most|mara)|"
    r"mara ennyi|majd megnezem|ezt majd kesobb)\b",
    _I,
)
LEAVING = re.compile(r"\b(?:mennem kell|megyek|megbeszelesem van|hivnak|ebedelni megyek|le kell lepnem)\b", _I)
# The person talking about a problem ("megint elhasal a teszt", "még mindig nem megy", "végre rendesen
# megcsináljuk"): worth comparing with the known problems (`session_signals.py`). Over folded text (accents off).
PROBLEM_TALK = re.compile(
    r"(?<!\w)(?:megint|ujra|ismet|meg mindig|nem mukodik|nem megy|elhasal\w*|elszall\w*|piros|hal meg|"
    r"meghal\w*|hibat dob|lefagy\w*|neha|random|vegre|rendesen megcsinal\w*|ugyanaz)(?!\w)",
    _I,
)
