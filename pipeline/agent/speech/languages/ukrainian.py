"""A standing rule, a lesson or a decision said in Ukrainian ("відтепер міграції називай через --name", "пакети
ставимо тільки через pnpm", "виявляється, воркер бере таску до коміту"). Russian has its markers in
`speech/rule_markers.py`; Ukrainian shares the alphabet, not the words (ніколи, завжди, тільки, відтепер), so
a Ukrainian developer's rules went unread.

Markers: never/always/only at a clause's opening ("ніколи не пушимо в main", "завжди через PR"), none of a kind
("ніяких float", "жодних секретів у репо"), only through one way ("тільки через pnpm", "лише на свіжій базі"),
must and forbidden ("обов'язково", "заборонено", "не можна"), from now on ("відтепер", "віднині", "надалі", "з
цього моменту"), what we do or do not do as a kind of thing ("нові ендпоінти описуємо в OpenAPI", "не комітимо
.env"). As in Polish, the aspect tells a habit from one request: an imperfective imperative ("називай",
"використовуй") is a way of working, a perfective one asks for one thing once ("зроби", "прибери", "додай").
Not rules: questions, what is for now (поки що, зараз, цього разу), reports (падає, впав, не працює), the speaker
(я …) and what points at something in front of the person (цей файл, той тест). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy

# Ukrainian without a doubt: its own letters (і, ї, є, ґ), or its most common words where Russian differs
_UKRAINIAN = re.compile(
    r"[іїєґІЇЄҐ]|\b(?:що|це|треба|тільки|лише|ніколи|завжди|відтепер|будь ласка|дякую|бо|також|ще|вже|його|її|"
    r"можна|чому|коли|зараз)\b",
    re.IGNORECASE,
)
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'"})
_LEAD = re.compile(
    r"(?:^|[,:;.]\s+)(?P<r>(?:відтепер|віднині|надалі|з цього моменту|з цього дня|від сьогодні|"
    r"з сьогоднішнього дня|з наступного разу|і надалі)[,:]?\s+\S.{5,})",
    re.IGNORECASE,
)
_TOLD = re.compile(r"^(?:я ж |як я )?(?:казала|казав|писала|писав|просила|просив)\s*[:,]\s*(?=\S.{5,})", re.I)
_TAG = re.compile(r"^(?:правило|конвенція|домовленість)\s*:\s*(?P<r>\S.{5,})", re.IGNORECASE)
_WORK_VERBS_WE = (
    r"правимо|чіпаємо|комітимо|пушимо|мержимо|деплоїмо|використовуємо|пишемо|редагуємо|міняємо|змінюємо|"
    r"додаємо|ставимо|тримаємо|зберігаємо|логуємо|запускаємо|робимо"
)
_MARKERS = (
    # never / always / only at a clause's opening: "ніколи не роби force push", "завжди через PR"
    re.compile(r"(?:^|[,;:]\s*)(?:ніколи|завжди|лише|тільки)\s+\S", re.IGNORECASE),
    re.compile(r"\bніколи не \w{3,}", re.IGNORECASE),
    # none of a kind: "ніяких float", "жодних секретів у репо"
    re.compile(r"(?:^|[,;:]\s*)(?:ніяк(?:их|ого|ої|ий|е|а)|жодн(?:их|ого|ої|ий|е|а))\s+\S", re.IGNORECASE),
    # only through one way: "пакети ставимо тільки через pnpm", "тести тепер тільки на свіжій базі"
    re.compile(r"\S\s+(?:тільки|лише) (?:через|в|у|на|з|із|зі|під|по|до|після|від)\s+\S", re.IGNORECASE),
    # must / must not / forbidden
    re.compile(r"\b(?:обов'язково|заборонено|не можна|мусимо|мусиш|повинн\w+|має бути|мають бути)\b", re.I),
    # what we do not do, or always do: "не комітимо .env", "ми завжди пишемо тести" ("запускаємо тести" alone may
    # say what is happening now), "у нас так прийнято"
    re.compile(rf"(?:^|[,;:]\s*)(?:ми\s+)?не\s+(?:{_WORK_VERBS_WE})\b.*\S", re.IGNORECASE),
    re.compile(rf"(?:^|[,;:]\s*)(?:ми\s+)?(?:завжди|скрізь|всюди)\s+(?:{_WORK_VERBS_WE})\b.*\S", re.IGNORECASE),
    re.compile(r"^у нас (?:так )?(?:прийнято|не прийнято|не роблять|роблять)\b", re.IGNORECASE),
    # a kind of thing, done one way: "нові ендпоінти описуємо в OpenAPI", "всі дати тримаємо в UTC"
    re.compile(r"^(?:нові|новий|нова|нове|всі|усі|кожн\w+)\s+(?:\S+\s+){0,2}?\w{3,}(?:ємо|имо|їмо)\b", re.I),
    # a negative imperative of a work verb, imperfective: "не використовуй moment", "не пуш у main"
    re.compile(
        r"(?:^|[,;:]\s*)не (?:використовуй|пуш|коміть|комить|мерж|редагуй|змінюй|міняй|додавай|став|пиши|"
        r"запускай|роби|чіпай)(?:те)?\b",
        re.IGNORECASE,
    ),
    # an imperfective imperative with a way of doing it: "міграції називай через --name", "юзай фабрики"
    re.compile(
        r"\b(?:використовуй|юзай|називай|пиши|став|тримай|зберігай|логуй|запускай|ганяй)(?:те)?\s+"
        r"(?:\S+\s+){0,4}?(?:через|тільки|лише|завжди|а не|замість)\s",
        re.IGNORECASE,
    ),
)
_QUESTION = re.compile(r"\?\s*$|^(?:чи|чому|навіщо|як|що|де|коли|хіба|а можна)\b", re.IGNORECASE)
_FOR_NOW = re.compile(r"\b(?:поки що|поки|зараз|сьогодні|завтра|цього разу|на зараз|тимчасово|наразі)\b", re.I)
_DEICTIC = re.compile(r"\b(?:цей|ця|цю|ці|цього|цієї|цих|той|ту|ті|того|тієї|отой|оцей)\b", re.IGNORECASE)
# the speaker, or what someone did ("я завжди забуваю …", "ми вчора поміняли …")
_ABOUT_ME = re.compile(r"^(?:я|мені|мене|мій|моя|моє|мої)\b|^ми\s+(?:\w+\s+){0,2}\w+(?:ли|ла|в)\b", re.IGNORECASE)
# a perfective imperative asks for one thing, once
_ONCE = re.compile(
    r"^(?:зроби|додай|виправ|перевір|запусти|перепиши|видали|прибери|зміни|онови|згенеруй|встанови|закоміть|"
    r"запуш|подивись|глянь|відкати|поверни|створи|перенеси|напиши|не чіпай)\b",
    re.IGNORECASE,
)
_REPORT = re.compile(
    r"\b(?:падає|падають|впав|впала|впало|зламал\w*|висить|зависає|не працює|не проходить|червон\w*)\b", re.I
)
# What follows a rule without being part of it: its reason ("…, бо зламається lockfile")
_REASON = re.compile(r",\s*(?:бо|тому що|оскільки|щоб|інакше)\s", re.IGNORECASE)
_LESSON = re.compile(
    r"^(?:урок|висновок|на майбутнє|запам'ятай(?:,? що)?|виявляється(?:,? що)?|виявилось(?:,? що)?|"
    r"виявилося(?:,? що)?|з'ясувалось(?:,? що)?|з'ясувалося(?:,? що)?|добре знати|TIL)(?!\w)\s*[:,]?\s*(?P<l>\S.{5,})",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"(?:^|[,:]\s*)(?:рішення|вирішили|вирішила|вирішив|домовились|домовилися)(?:,? що| що)?\s*[:,]?\s*"
    r"(?P<d>\S.{5,})|\b(?P<s>(?:залишаємось|залишаємося|лишаємось|лишаємося|лишаємо|беремо) \S.{3,})",
    re.IGNORECASE,
)


def is_ukrainian(text: str) -> bool:
    return _UKRAINIAN.search(text) is not None and re.search(r"[а-яіїєґ]", text, re.IGNORECASE) is not None


def ukrainian_rule(sentence: str) -> str | None:
    """The standing rule a Ukrainian sentence states, or None: the sentence's own text, tidied, without the reason
    said after it ("…, бо зламається lockfile")."""
    text = sentence.strip().translate(_APOSTROPHES)
    if not is_ukrainian(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    if told := _TOLD.match(text):  # "я ж казала: …" (I told you): a rule said again
        return tidy(text[told.end() :])
    if _QUESTION.search(text):
        return None
    if tagged := _TAG.match(text):
        return tidy(text[tagged.start("r") :])
    if lead := _LEAD.search(text):
        return None if _ABOUT_ME.search(lead.group("r")) else tidy(text[lead.start("r") :])
    if not any(marker.search(text) for marker in _MARKERS):
        return None
    if _FOR_NOW.search(text) or _ABOUT_ME.search(text) or _ONCE.match(text) or _REPORT.search(text):
        return None
    if _DEICTIC.search(text):
        return None
    return tidy(text)


def ukrainian_lesson(sentence: str) -> str | None:
    text = sentence.strip().translate(_APOSTROPHES)
    if found := _LESSON.match(text):
        return tidy(text[found.start("l") :])
    return None


def ukrainian_decision(sentence: str) -> str | None:
    """A decision: tagged ("рішення: …", the text after the tag) or said ("вирішили, що …", "лишаємось на …")."""
    text = sentence.strip().translate(_APOSTROPHES)
    if not is_ukrainian(text):
        return None
    if found := _DECISION.search(text):
        if found.group("d"):
            tagged = text[found.start() :].lstrip(",: ").lower().startswith("рішення")
            return tidy(text[found.start("d") if tagged else found.start() :])
        return tidy(text[found.start("s") :])
    return None


# The person talking about a problem ("лист знову не приходить", "давай нарешті розберемось з цими DoesNotExist",
# "мабуть все через одне"): worth comparing with the known problems (`session_signals.py`). Not over folded text:
# folding would take й and ї apart.
PROBLEM_TALK = re.compile(
    r"(?<!\w)(?:знову|досі|все ще|не працю\w*|не приход\w*|не генеру\w*|не відправля\w*|нічого не робить|"
    r"пада(?:є|ють)|впа(?:в|ла|ло|ли)|злама\w*|ламає\w*|глючит\w*|зависа\w*|висне|червон\w*|помилк\w*|"
    r"розберемо?сь|розібратися|нарешті|остаточно|раз і назавжди|(?:одне й|одне і) те саме|те ж саме|"
    r"все через одне)(?!\w)",
    re.IGNORECASE,
)
