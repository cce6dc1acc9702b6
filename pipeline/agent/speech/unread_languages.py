"""Rules, lessons and decisions said in the languages memoryd has no reader for, by the forms every language has:
a label and a colon ("lärdom: …", "poučení: …", "decizie: …", "szabály: …"), and for rules "from now on" and
"forget X, …".

A reader (`greek.py`, `thai.py`, …) knows a language's grammar; for the others, a person who writes down what they
learned or decided mostly labels it, as they would in a note or a chat, and the label is a word every language
has (lesson, learned, good to know, decision, decided). What follows the colon is the lesson or the decision.
A rule is labelled the same way, or opened by the language's "from now on" (`directive_words.FROM_NOW_ON`:
"mostantól az ingest jobok külön queue-ba mennek …", which meaning alone scored as a request); other rules in
these languages are left to meaning, gated by their words for always and never (`directive_words.WORDS`).
Written from general knowledge of each language, not from any corpus (Dutch, which has a reader of its own,
`dutch.py`, is not listed). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import UZBEK_APOSTROPHE, tidy
from pipeline.learning.rules.directive_words import OTHER_FORGET, OTHER_FROM_NOW_ON, OTHER_STOP

_LESSON_WORDS = (
    # Swedish, Norwegian, Danish, Finnish, Estonian
    "lärdom|lärdomar|bra att veta|lærdom|godt å vite|godt at vide|lært i dag|lærte i dag|lært|"
    "opetus|opittua|opittu|muistiin|hyvä tietää|õppetund|"
    # Czech, Slovak, Slovenian, Croatian, Serbian, Bulgarian
    "poučení|ponaučení|dobré vědět|poučenie|dobré vedieť|lekcija|pouka|dobro je znati|dobro znati|урок|поука|"
    # Romanian, Hungarian, Lithuanian, Latvian, Catalan, Basque
    "lecție|lectie|lecția|de reținut|de retinut|reține|retine|"
    "tanulság|jó tudni|pamoka|mācība|lliçó|bo de saber|ikasgaia|"
    # Swahili, Malay, Urdu, Hindi, Bengali, Tamil, Telugu, Georgian, Armenian, Azerbaijani, Uzbek, Amharic
    "somo|funzo|pengajaran|سبق|सबक|सीख|শিক্ষা|পাঠ|பாடம்|పాఠం|გაკვეთილი|դաս|dərs|saboq|ትምህርት|"
    # Sinhala (in its script and in Latin letters), Mongolian, Uzbek
    "පාඩම|paadama|padama|сургамж|surgamj|"
    # Uzbek: a lesson for myself; Burmese: lesson
    f"o{UZBEK_APOSTROPHE}zimga saboq|o{UZBEK_APOSTROPHE}zim uchun saboq|သင်ခန်းစာ|thin khan sar|"
    # Nepali: lesson, what I learned; Nigerian Pidgin: I (don) learn am today; Yoruba: lesson
    "पाठ|सिकाइ|sikai|i don learn am today|i don learn am|wetin i learn today|ẹ̀kọ́|"
    # Khmer: (today's) lesson, in its script (with its colon "៖") and in Latin letters
    "មេរៀនថ្ងៃនេះ|មេរៀន|merean|mereang|"
    # Punjabi: (a) lesson (learned), in Gurmukhi and in Latin letters
    "ਸਬਕ ਮਿਲਿਆ|ਸਬਕ|ਸਿੱਖਿਆ|sabak mileya|sabak milya|sikhya|sikhiya"
)
_DECISION_WORDS = (
    "beslut|beslutat|vedtak|besluttet|beslutning|päätös|päätetty|otsus|"
    "rozhodnutí|rozhodnuto|rozhodnutie|odločitev|odluka|odlučeno|решение|решено|одлука|"
    "decizie|decizia|hotărâre|döntés|eldöntöttük|sprendimas|lēmums|decisió|erabakia|"
    "uamuzi|keputusan|فیصلہ|फैसला|निर्णय|সিদ্ধান্ত|முடிவு|నిర్ణయం|გადაწყვეტილება|որոշում|qərar|qaror|"
    "තීරණය|theeranaya|thiranaya|шийдвэр|shiidver|សេចក្តីសម្រេច|ការសម្រេចចិត្ត"
)
_RULE_WORDS = (
    "regel|regler|sääntö|reegel|pravidlo|pravilo|правило|regulă|regula|szabály|taisyklė|noteikums|norma|araua|"
    "kanuni|peraturan|قاعدہ|नियम|নিয়ম|விதி|నియమం|წესი|կանոն|qayda|qaydalar|qoida|නීතිය|дүрэм|ច្បាប់|ਨਿਯਮ"
)
# "Again", "once more", "the same error": the person links a failure to one seen before (problem_match reads it)
_AGAIN_WORDS = (
    "igen|igjen|en gång till|samma fel|samme feil|samme fejl|taas|jälleen|uudestaan|sama virhe|jälle|uuesti|"
    "zase|znovu|opět|znova|opäť|opet|ponovno|ponovo|spet|опет|поново|пак|отново|iar|din nou|aceeași eroare|"
    "megint|újra|ismét|ugyanaz a hiba|vėl|atkal|una altra vegada|de nou|berriro|tena|sekali lagi|"
    # Mongolian, Sinhala: again (twice), once more
    "дахиад|дахин|ахиад|dahiad|ආයෙත්|ආයෙමත්|නැවතත්|ayeth|aayeth|ayemath|"
    "پھر سے|فیر سے|फिर से|दोबारा|আবার|மீண்டும்|మళ్ళీ|ისევ|კვლავ|կրկին|նորից|yenə|yenidən|yana|"
    # Azerbaijani without its letters, again; Punjabi: again
    "yene|yeniden|təkrar|tekrar|ਫਿਰ ਤੋਂ|phir ton|fer ton"
)
AGAIN = re.compile(rf"(?<!\w)(?:{_AGAIN_WORDS})(?!\w)", re.IGNORECASE)
_LESSON = re.compile(rf"^(?:{_LESSON_WORDS})\s*[:：៖]\s*(?P<l>\S.{{9,}})", re.IGNORECASE)
# "It turned out that …", opening the sentence: what follows is what was learned (English "turns out", Ukrainian
# "виявляється" are read the same way by their readers)
_TURNED_OUT_WORDS = (
    "det viste seg at|det viste sig at|osoittautui, että|selvisi, että|selgus, et|ukázalo se, že|ukázalo sa, že|"
    "ispostavilo se da|испоставило се да|izkazalo se je, da|оказа се, че|s-a dovedit că|s-a dovedit ca|"
    "kiderült, hogy|kiderült:|paaiškėjo, kad|izrādījās, ka|resulta que|kumbe|rupa-rupanya|rupanya|"
    # "I (we) learned that …": Romanian, Finnish, Norwegian, Danish, Czech, Slovak, Croatian, Slovenian, Bulgarian
    "am învățat că|am invatat ca|am aflat că|am aflat ca|opin, että|opin että|opimme, että|"
    "(?:jeg |vi )?lærte at|(?:jeg |vi )?lærte meg at|(?:jeg |vi )?lærte, at|naučil jsem se, že|naučila jsem se, že|"
    "naučil som sa, že|naučila som sa, že|naučio sam da|naučila sam da|naučil sem se, da|научих, че|"
    # Armenian: it turned out (that)
    "պարզվեց,? որ|պարզվեց|պարզվում է|պարզվում ա|parzvec|"
    # Amharic: so it was (it turned out), I (we) learned that
    "ለካስ|ለካ|ተማርኩ|ተምረናል|"
    # Nepali: (I) came to know that, it was found that; Nigerian Pidgin: it turned out that; Yoruba: what I learned
    # today is that, I learned that
    "थाहा भयो कि|पत्ता लाग्यो कि|thaha bhayo ki|patta lagyo ki|e come be say|"
    "ohun ti mo ko loni ni pe|ohun tí mo kọ́ lónìí ni pé|mo ti ko pe|mo ti kọ́ pé|"
    # Azerbaijani: it turned out that, I (we) learned that; Punjabi: (I) came to know that
    "məlum oldu ki,?|melum oldu ki,?|öyrəndim ki,?|oyrendim ki,?|öyrəndik ki,?|ਪਤਾ ਲੱਗਾ ਕਿ|ਪਤਾ ਲੱਗਿਆ ਕਿ|"
    "pata lagga ki|pata lageya ki"
)
_TURNED_OUT = re.compile(rf"^(?:{_TURNED_OUT_WORDS})\s*(?P<l>\S.{{9,}})", re.IGNORECASE)
_RULE = re.compile(rf"^(?:{_RULE_WORDS})\s*[:：៖]\s*(?P<r>\S.{{6,}})", re.IGNORECASE)
_DECISION = re.compile(rf"^(?:{_DECISION_WORDS})\s*[:：៖]\s*(?P<d>\S.{{9,}})", re.IGNORECASE)
# A choice said as "we go for / stick to / keep …" opening the sentence (Norwegian, Danish, Romanian, Finnish): the
# option taken, often with the one passed over ("Vi går for Exposed DSL, ikke DAO-en"), which is no rule
_CHOSEN = re.compile(
    r"^(?:vi (?:går|gaar|gar) (?:for|med)|vi holder oss til|vi holder os til|vi beholder|vi bytter ikke|"
    r"vi skifter ikke|"
    r"vi vælger|vi valgte|mergem (?:pe|cu)|rămânem (?:la|pe)|ramanem (?:la|pe)|am ales|păstrăm|pastram|"
    r"mennään|pysytään|valitsimme|pidetään kiinni)\b\s*(?P<d>\S.{5,})|"
    # "Koin blir, …": one named thing stays as it is
    r"^[\w.-]+ (?:blir|forblir|bliver|rămâne|ramane|jää)\s*[,.]",
    re.IGNORECASE,
)


# Bengali "never" said to the listener, in its script or Latin letters: "kokhono" (ever) with a second-person verb
# denied ("lock file kokhono delete korbe na", "ar kokhono db push korbe na, …"); "kokhono … kaj kore na" (it never
# works) is a report and has no such verb
_NEVER_YOU = re.compile(
    r"(?<!\w)(?:kokhono|kokhonoi|kakhono)\b.{0,60}?\b(?:korbe|korben|dibe|diben|rakhbe|rakhben|chalabe|likhbe|"
    r"korio|koro) na\b|কখনো.{0,60}?(?:করবে|করবেন|দেবে|দিবে|রাখবে|চালাবে|লিখবে|কোরো) না",
    re.IGNORECASE,
)


def other_rule(sentence: str) -> str | None:
    """A labelled rule, what follows a "from now on" that opens the sentence or one of its clauses, or one that
    closes a clause, a "forget (stop) X, do Y", or a Bengali "never" said to the listener."""
    text = sentence.strip()
    if found := _RULE.match(text):
        return tidy(found.group("r"))
    if _NEVER_YOU.search(text) and not text.rstrip().endswith(("?", "？")):
        return tidy(text)
    opened = next((m for m in OTHER_FROM_NOW_ON.finditer(text) if _opens_a_clause(text, m.start())), None)
    if opened is not None and len(text) - opened.end() >= 8:
        return tidy(text[opened.start() :])
    # "kør mix dialyzer før hver commit fra nu af": closing its clause, after what is to be done
    closed = next((m for m in OTHER_FROM_NOW_ON.finditer(text) if _closes_a_clause(text, m.end())), None)
    if closed is not None and not text.rstrip().endswith(("?", "？")):
        clause = re.split(r"[,;:.!]\s", text[: closed.start()])[-1]
        if len(clause.split()) >= 4:  # "ez a build mostantól" ("this build from now on") is no instruction
            return tidy(text[closed.start() - len(clause) : closed.end()])  # the clause ends where it starts
    # "unohda se minuutin raja, … päivitä kymmenen sekunnin välein": forget (or stop) X, and what replaces it
    taken = OTHER_FORGET.match(text) or OTHER_STOP.match(text)
    if taken and re.match(r"\s+\S.{2,}?,\s*\S.{5,}", text[taken.end() :]):
        return tidy(text)
    return None


def _closes_a_clause(text: str, at: int) -> bool:
    """At the end, or before a clause break."""
    return not text[at:].strip(" .!") or text[at:].lstrip().startswith((",", ";", ".", "!"))


def _opens_a_clause(text: str, at: int) -> bool:
    """At the start, after a clause break, or after one short word ("és mostantól …", "a od teď …")."""
    before = text[:at].rstrip()
    last = re.split(r"[,;:.!?]", before)[-1].split()
    return not before or before[-1] in ",;:.!?" or (len(last) == 1 and len(last[0]) <= 3)


def other_lesson(sentence: str) -> str | None:
    if found := _LESSON.match(sentence.strip()) or _TURNED_OUT.match(sentence.strip()):
        return tidy(found.group("l"))
    return None


def other_decision(sentence: str) -> str | None:
    if found := _DECISION.match(sentence.strip()):
        return tidy(found.group("d"))
    if any(_CHOSEN.match(part) for part in sentence.strip().split(", ")):
        return tidy(sentence)
    return None
