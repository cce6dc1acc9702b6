"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Marathi as people type
it to a coding agent: in Devanagari with English terms in Latin letters inside ("main वर थेट push करू नका",
"deploy फक्त CI मधूनच करा"), a few Hindi words ("bas", "mast"), or Marathi typed in Latin letters ("nehmi
tests chalva", "main var push karu naka").

Marathi's plain imperative ("करा", "चालवा", "लिहा") is the polite one, used for a request now and for a standing
instruction alike, so it makes a rule only beside a marker of one: always ("नेहमी", "कायम", "प्रत्येक वेळी", "दर
वेळी"), never ("कधीच …", "कधीही … नका"), only ("फक्त", "केवळ") with a postposition of how or where ("rolling
strategy ने", "staging वर"), or the particle "-च" on one ("CI मधूनच", "pnpm नेच": only through, only with), every
one of a kind ("प्रत्येक PR मध्ये", "दोन्ही repos मध्ये"), what comes before a step ("merge आधी", "push
करण्याआधी"), first … then ("आधी lint, मग push"), from now on ("यापुढे", "इथून पुढे", "आतापासून", "आजपासून") and a
rule said again ("लक्षात ठेवा: …", "परत सांगते: …"). The forms of an instruction for later need a marker too:
the obligation "-आयचं" ("करायचं", "वापरायचा": is to be done), "should" ("-आवं": "करावं") and "पाहिजे" / "हवं"
(must, is needed): "route map वर hook टाकायचा" alone is the task at hand. The negative imperative ("करू नका",
"बदलू नकोस", "करू नये", "वापरायचं नाही") forbids on its own. Negation tells a rule from a report: "नका" / "नको"
and a bare "नाही" after a noun forbid ("secrets repo मध्ये कधीच नाही"), "-त नाही" states ("कधीच pass होत नाही": it
never passes). A rule runs up to its reason or the remark after it (", कारण …", ", नाहीतर …", ", आपल्याकडे दोन
machines आहेत"). Not rules: questions ("… ठेवायचे का?"), what is for now ("आज", "आजसाठी", "आत्ता", "सध्या", "या
वेळी", "उद्या"), a stop to what the agent is doing ("थांबा, …"), reports ("fail होतो", "झालं", "केलं") and the
speaker's own doings ("मी …", "मला …"). Hindi's forms ("हमेशा", "कभी मत", "मत करो", "-ना") stay Hindi's:
`hinglish.py` and the meaning probe read them, and a sentence is read here only when it holds Marathi's own words
("आहे", "नाही", "मध्ये", "नका", "नेहमी", "फक्त"). Written after held out 72's first run, from general knowledge of
the language (the examples are not that corpus's). Its verdicts are read over folded text (`speech/verdicts.py`):
folding leaves Devanagari as typed. Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy, whole_words

_I = re.IGNORECASE
_D = "\u0900-\u097f"  # Devanagari: its letters and vowel signs, which \w does not count as letters


def _word(words: str) -> str:
    return whole_words(words, _D)


# Marathi's own words, which Hindi and Nepali do not write: is, are, is not, don't, in, for, from, always, never,
# only, then, must, from now on, remember, the polite imperative of common verbs, "of" ("च्या"), and, but, we,
# decided
_OWN = re.compile(
    _word(
        r"आहे|आहेत|नाही|नाहीये|नका|नकोस|नको|मध्ये|मधून|मधूनच|साठी|करा|करू|नेहमी|नेहेमी|कधीच|कधीही|फक्त|मग|पाहिजे|"
        r"हवं|हवे|यापुढे|इथून|आतापासून|आजपासून|लक्षात|झालं|वापरा|चालवा|ठेवा|घ्या|लिहा|दाखवा|च्या|वर|वरच|नेच|"
        r"करायचं|करायचा|करायची|करायचे|केल्यावर|बघू|उद्या|पण|आणि|म्हणजे|आम्ही|आपण|ठरवलं|ठरलं"
    )
)
# Marathi typed in Latin letters: its own words, not those Hindi or Gujarati also write ("nahi", "fakt", "hamesha"
# are left out): always, never, don't, is, in, from now on, remember, the obligation; two of them say a sentence is
# Marathi
_LATIN_OWN = re.compile(
    r"\b(?:nehmi|nehami|nehemi|kadhich|kadhihi|naka|nakos|aahe|ahe|aahet|madhe|madhye|yapudhe|ithun pudhe|"
    r"aatapasun|lakshat theva|karaycha|karaychi|karayche|vapra|chalva|theva|ghya|liha|karu|zala|zhala|"
    r"jhala|chalel|udya|baghu|nantar|phakt|pahije)\b",
    _I,
)
_DEVANAGARI = re.compile(rf"[{_D}]")
# Devanagari or Latin numerals and list marks before an item ("१) …", "2. …", "- …")
_ITEM = re.compile(r"^\s*(?:[०-९0-9]{1,2}[).:]|[-*•])\s+")
# What opens a message without being part of the rule: yes, no, ok, and, look, one more thing, "again:", emoji
_OPENING = re.compile(
    rf"^(?:[^\w{_D}`'\"(]+|(?:हो|होय|नाही|ok|okay|ओके|बरं|ठीक|ठीक आहे|अरे|हे बघा|बघा|ऐका|hmm+|ho|nahi|bara)"
    r"[,.!:]+\s*|(?:आणि एक|अजून एक|आणखी एक|आणि|ani|aani)(?:\s*[:,]\s*|\s+)|"
    # "again:" before a rule said once more ("पुन्हा: secrets repo मध्ये कधीच नाही")
    r"(?:पुन्हा|परत|punha|parat)\s*:\s*)+",
    _I,
)
# "that was before" (said of the rule the new one replaces: "नाही, ते आधीचं होतं, आता …"): kept before the rule,
# as it tells the rule lifecycle that the rule replaces one (`directive_words.INSTEAD`), but no report
_WAS_BEFORE = re.compile(r"^(?:ते|तो|ती|हे) (?:आधीचं|आधी|पूर्वीचं) होतं\s*[,.:]?\s*")
# A rule said again or to be kept: "लक्षात ठेवा: …" (remember), "परत सांगते: …" / "पुन्हा सांगतो: …" (I say it
# again), "मी आधीच सांगितलं होतं, …" (I said it before)
_AS_SAID = re.compile(
    r"^(?:लक्षात ठेवा|लक्षात ठेव|लक्षात असू द्या|ध्यानात ठेवा|परत सांगते|परत सांगतो|पुन्हा सांगते|पुन्हा सांगतो|"
    r"परत एकदा सांगते|परत एकदा सांगतो|मी आधीच सांगितलं होतं|मी आधीच सांगितलं आहे|मी आधी सांगितलं होतं|"
    r"lakshat theva|lakshat thev|parat sangte|parat sangto|punha sangte|punha sangto)\s*[:,]\s*",
    _I,
)
# From now on: the rule replaces how it was done ("यापुढे …", "इथून पुढे …", "आतापासून …")
_FROM_NOW_ON = (
    r"यापुढे|ह्यापुढे|यापुढं|इथून पुढे|इथूनपुढे|आतापासून|आता पासून|आजपासून|आज पासून|yapudhe|ithun pudhe|"
    r"aatapasun|aajpasun"
)
_LEAD = re.compile(rf"(?:^|[,:;.]\s+){_word(f'(?P<r>{_FROM_NOW_ON})')}[,:]?\s+\S", _I)
# The polite imperative closing a clause ("करा", "चालवा", "घ्या", "उघडा", "वापरा"): a Devanagari word ending in
# "ा" before a comma, a full stop or the end; typed in Latin letters "-a" after a consonant cluster ("kara",
# "chalva", "vapra")
_IMPERATIVE = re.compile(
    rf"[{_D}]ा(?=\s*(?:[,.!;:।)]|$))|(?<![{_D}\w])(?:घ्या|द्या|ठेवा|करा)(?![{_D}\w])|"
    r"\b(?:kara|chalva|vapra|theva|ghya|liha|dakhva|ugha?da)\b",
    _I,
)
# The forms of an instruction for later: the obligation "-आयचं" ("करायचं", "वापरायचा"), "should" ("करावं",
# "चालवावे"), must / is needed ("पाहिजे", "हवं", "-आयलाच हवं"), the habitual imperative ("करत जा": make a
# habit of it), in Devanagari and typed in Latin letters
_LATER = re.compile(
    rf"[{_D}](?:ायचं|ायचा|ायची|ायचे|ायच्या|ायचंय|ावं|ावे|ावा|ावी)(?![{_D}\w])|"
    + _word(r"पाहिजे|पाहिजेत|हवं|हवे|हवा|हवी|हवेत|करत जा|चालवत जा")
    + r"|\b\w{2,}(?:aycha|aychi|ayche|aava|aave)\b|\b(?:pahije|hava)\b",
    _I,
)
_ALWAYS = re.compile(
    _word(
        r"नेहमी|नेहेमी|नेहमीच|सदैव|कायम|प्रत्येक वेळी|प्रत्येकवेळी|दर वेळी|दरवेळी|दर वेळेला|प्रत्येक वेळेला|"
        r"nehmi|nehami|nehemi|nehmich|kayam|pratyek veli|dar veli"
    ),
    _I,
)
# never: "कधीच …", "कधीही …", "कधी पण …" with a word that forbids after it
_NEVER = re.compile(
    _word(r"कधीच|कधीही|कधी पण|कधीपण|kadhich|kadhihi|kadhi pan")
    + r".*?"
    + _word(r"नका|नकोस|नको|नये|नाही|naka|nakos|nako|naye|nahi"),
    _I,
)
# the negative imperative and "should not": "करू नका", "बदलू नकोस", "करू नये", "करायचं नाही", "वापरायला नको"
_DONT = re.compile(
    rf"[{_D}]ू\s+(?:नका|नकोस|नये)(?![{_D}\w])|"
    rf"[{_D}](?:ायचं|ायचा|ायची|ायचे|ायला)\s+(?:नाही|नको)(?![{_D}\w])|"
    r"\b\w+u (?:naka|nakos|naye)\b|\b\w+(?:aycha|aychi|ayche) nahi\b",
    _I,
)
_ONLY = re.compile(_word(r"फक्त|केवळ|निव्वळ|phakt|fakt|keval"), _I)
# how or where a thing is done ("rolling strategy ने", "staging वर", "CI मधून"): what an "only" binds in a rule
_HOW_OR_WHERE = re.compile(_word(r"ने|नेच|नं|वर|वरच|मध्ये|मध्येच|मधून|मधूनच|तून|तूनच|madhun|madhe|madhye"), _I)
# the particle "-च" on a postposition: only with, only on, only through ("pnpm नेच", "staging वरच", "CI मधूनच")
_JUST = re.compile(_word(r"नेच|वरच|मधूनच|तूनच|मध्येच|साठीच|nech|varach|madhunach"), _I)
_EVERY = re.compile(_word(r"प्रत्येक|दोन्ही|कोणत्याही|कुठल्याही|कोणताही|कोणतीही|कोणतेही|pratyek|donhi|konatyahi|kuthlyahi"), _I)
# all of a kind, with an instruction for later only ("सगळे tests चालवा" asks for one run now)
_ALL = re.compile(_word(r"सगळे|सगळ्या|सगळी|सगळं|सर्व|sagle|saglya|sarva"), _I)
# before a step: "push आधी", "merge करण्याआधी", "deploy च्या आधी", "commit करायच्या आधी"
_BEFORE = re.compile(
    r"\S\s+" + _word(r"आधी|अगोदर|पूर्वी|च्या आधी|aadhi|adhi") + rf"|[{_D}](?:ण्याआधी|ण्यापूर्वी|ण्या आधी|ायच्या आधी)", _I
)
_FIRST_THEN = re.compile(
    _word(r"आधी|पहिले|पहिल्यांदा|aadhi|adhi|pahile")
    + r"\s+\S.{2,80}?(?:,\s*|\s+)(?:आणि\s+|ani\s+)?"
    + _word(r"मग|नंतर|त्यानंतर|mag|nantar")
    + r"\s+\S",
    _I,
)
_QUESTION = re.compile(
    r"[?？]\s*$|" + _word(r"का") + r"\s*[.!]*\s*$|^" + _word(r"काय|कसं|कसे|कधी|कुठे|कोण|कोणता|कोणती|kay|kasa|kuthe"), _I
)
# for now, this once: today ("आज", "आजसाठी", "आज पुरतं"), right now ("आत्ता", "सध्या"), this time ("या वेळी"),
# tomorrow ("उद्या"), for the time being ("तात्पुरतं"); not "आता" (now), which says a rule replaces one
_FOR_NOW = re.compile(
    _word(
        r"आज|आजसाठी|आजच्यासाठी|आज पुरतं|आजपुरतं|आत्ता|आत्तासाठी|सध्या|सध्यासाठी|या वेळी|ह्या वेळी|यावेळी|ह्यावेळी|"
        r"या वेळेला|उद्या|तात्पुरतं|तात्पुरते|aaj|aajsathi|atta|sadhya|ya veli|udya|for now"
    ),
    _I,
)
# "this", "here": the instruction is about something in front of the person ("हे commit करू नका")
_DEICTIC = re.compile(_word(r"हे|हा|ही|ह्या|ह्याला|इथे|इकडे|हेच|ithe"), _I)
# a stop to what the agent is doing now ("थांबा, …", "थांब थांब, …"): said of this action, not a rule
_STOP_NOW = re.compile(r"^" + _word(r"थांबा|थांब|थांबव|अरे थांबा|ruka|thamba|thamb"), _I)
# what happened or keeps happening: the past ("झालं", "केलं", "गेला"), the present of a state ("होतो", "येतं",
# "आहेत"), "does not" ("होत नाही", "चालत नाही"), what someone says ("म्हणतो")
_REPORT = re.compile(
    _word(
        r"झालं|झाला|झाली|झाले|केलं|केला|केली|केले|गेलं|गेला|गेली|गेले|होतं|होता|होती|होते|होतो|होतात|होतोय|होतेय|"
        r"येतो|येते|येतं|येतात|आलं|आला|आली|आले|आहेत|आहे|म्हणतो|म्हणते|म्हणतात|लावले|लावलं|zala|zhala|hota|hoto"
    )
    + rf"|[{_D}]त\s+नाही(?![{_D}\w])|\b\w+t nahi\b|"
    # the past of any verb: its stem and "-ला" / "-ली" / "-ले" / "-लं" ("चालला", "पाठवला", "बदलले"), not "मला" (to
    # me), "पहिला" (first), "आपला" (our), "तिला" (to her)
    rf"(?<![{_D}\w])(?!(?:पहिल|आपल|मल|तिल|खाल|वरल)[ाीें])[{_D}]+[क-हिे]ल(?:ा|ी|े|ं|्या)(?![{_D}\w])",
    _I,
)
_ABOUT_ME = re.compile(r"^" + _word(r"मी|मला|माझा|माझी|माझे|माझं|आम्ही|mi|mala|majha|amhi"), _I)
# what follows a rule without being part of it: its reason, or what it avoids (", कारण …", ", नाहीतर …", ", म्हणून …")
_REASON = re.compile(r"^" + _word(r"कारण|कारण की|नाहीतर|नाही तर|म्हणून|त्यामुळे|जेणेकरून|नाहीतर मग|karan|nahitar|mhanun"), _I)
_LESSON_WORDS = r"धडा|शिकलो|शिकले|शिकलोय|शिकलेय|कळलं|कळले|समजलं|समजले|लक्षात आलं|dhada|shiklo|shikle|kalla|samajla"
_LESSON = re.compile(
    r"^(?:" + _word(r"आज|aaj") + r"\s+)?(?:"
    rf"(?:{_LESSON_WORDS})\s*[:：]|"
    rf"(?:(?:मी|आम्ही|mi|amhi)\s+)?(?:{_LESSON_WORDS})\s+(?:की|ki)(?![{_D}\w])"
    r")\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:(?:आम्ही|आपण|amhi|aapan)\s+(?:\S+\s+){0,4}?)?(?:ठरवलं|ठरवले|ठरलं|ठरले|निर्णय|तय|tharavla|tharla|nirnay)"
    rf"(?:\s*[:,]|\s+(?:की|ki)(?![{_D}\w]))\s*(?P<d>\S.{{4,}})",
    _I,
)
_TRAILING_MARKS = re.compile(rf"[^\w{_D})`'\"]+$")


def is_marathi(text: str) -> bool:
    """Devanagari with one of Marathi's own words, or two of them typed in Latin letters."""
    if _DEVANAGARI.search(text):
        return bool(_OWN.search(text))
    return len({m.group(0).lower() for m in _LATIN_OWN.finditer(text)}) >= 2


def _opened(sentence: str) -> str:
    return _OPENING.sub("", _ITEM.sub("", sentence.strip()))


def _instructs(text: str) -> bool:
    """Whether `text` holds the grammar of a standing rule (see the module docstring)."""
    if _NEVER.search(text) or _DONT.search(text):
        return True
    told = bool(_IMPERATIVE.search(text) or _LATER.search(text))
    if not told:
        return False
    if _ALWAYS.search(text) or _FIRST_THEN.search(text) or _EVERY.search(text) or _BEFORE.search(text):
        return True
    if _ONLY.search(text) and (_HOW_OR_WHERE.search(text) or _LATER.search(text)):
        return True
    return bool(_JUST.search(text) or (_ALL.search(text) and _LATER.search(text)))


def _told(part: str) -> bool:
    """Whether a clause instructs at all: a rule's grammar, an imperative or an instruction for later."""
    return _instructs(part) or bool(_IMPERATIVE.search(part) or _LATER.search(part))


def _up_to_its_reason(text: str) -> str:
    """The rule's clauses: the first ones up to the one that instructs, then those that go on instructing (", PR
    उघडा"); not its reason or a remark after it (", आपल्याकडे दोन machines आहेत")."""
    kept: list[str] = []
    for part in re.split(r"\s*,\s*", text):
        aside = _REASON.match(part) or _ABOUT_ME.match(part) or _REPORT.search(part) or not _told(part)
        if kept and aside and any(_told(k) for k in kept):
            break
        kept.append(part)
    return ", ".join(kept)


def marathi_rule(sentence: str) -> str | None:
    """The standing rule a Marathi sentence states, in the person's words (up to its reason), or None."""
    text = _opened(sentence)
    if not is_marathi(text) or _DECISION.match(text) or _LESSON.match(text) or _STOP_NOW.match(text):
        return None
    if before := _WAS_BEFORE.match(text):
        rule = marathi_rule(text[before.end() :])
        return f"{before.group(0).strip(' .:,')}, {rule}" if rule else None
    if said := _AS_SAID.match(text):
        text = text[said.end() :]
        if len(text.split()) < 2 or _ABOUT_ME.match(text):
            return None
    elif _QUESTION.search(text) or _FOR_NOW.search(text) or _ABOUT_ME.match(text):
        return None
    text = _up_to_its_reason(text)
    leads = list(_LEAD.finditer(text))
    if leads:
        rule = text[leads[-1].start("r") :]
        return None if _REPORT.search(rule) or _ABOUT_ME.match(rule.split(" ", 1)[-1]) else tidy(rule)
    if not (said or _instructs(text)) or _REPORT.search(text) or _QUESTION.search(text):
        return None
    if not said and _DEICTIC.search(text):
        return None
    return tidy(_TRAILING_MARKS.sub("", text)) if len(text.split()) >= 3 else None


def marathi_lesson(sentence: str) -> str | None:
    """A lesson said as one ("धडा: …", "शिकलो: …", "आज शिकले की …", "कळलं: …", "लक्षात आलं की …"), up to its
    reason (", म्हणून …"), or None. ("कळलं" alone is "got it", no lesson.)"""
    # (no check of the language: its labels are Marathi's own words)
    if not (found := _LESSON.match(_opened(sentence))):
        return None
    lesson = re.split(r",\s*" + _word(r"म्हणून|त्यामुळे|mhanun"), found.group("l"), maxsplit=1)[0]
    return tidy(_TRAILING_MARKS.sub("", lesson))


def marathi_decision(sentence: str) -> str | None:
    """A decision said as one ("ठरवलं: …", "ठरलं, …", "आम्ही ठरवलं की …", "निर्णय: …"), or None."""
    text = _opened(sentence)
    if not is_marathi(text) or _QUESTION.search(text):
        return None
    if found := _DECISION.match(text):
        return tidy(_TRAILING_MARKS.sub("", found.group("d")))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages): nice, great,
# thanks, it's done, it worked out, it runs now, "correct." closing a clause ("streaming बरोबर."; "X बरोबर" before
# more words is "with X"). Not "ठीक आहे" (ok), which also opens a putting-off ("ठीक आहे, उद्या बघू")
POSITIVE = re.compile(
    r"(?<!काय )"  # "काय झालं?" asks what happened
    + _word(
        r"छान|मस्त|भारी|झकास|धन्यवाद|थँक्यू|झालं|जमलं|जमले|चाललं|चालतंय|चालतंय आता|आता चालतंय|काम करतंय|"
        r"chhan|bhari|zakas|jamla|chalatay|chaltay"
    )
    + r"(?!\s*(?:नाही|का|nahi))|"
    + _word(r"बरोबर आहे|बरोबर आलं|बरोबर|barobar")
    + r"(?=\s*[.!]|\s*$)",
    _I,
)
# still failing, again, it failed, does not work, it broke, it did not work out; not doing it today
NEGATIVE = re.compile(
    r"(?<![\w\u0900-\u097f])(?:fail|crash|error|timeout|red|लाल|फेल)\w*\s+"
    + _word(r"झालं|झाला|झाली|झाले|होतो|होतोय|होतेय|होतं|zala|hoto")
    + r"|"
    + _word(r"अजून(?:ही| पण)?|अजूनसुद्धा|परत|पुन्हा|ajun|parat|punha")
    + r"\s+(?:\S+\s+){0,3}?(?:fail|crash|error|timeout|red|लाल|फेल)|"
    + _word(
        r"चालत नाही|चालत नाहीये|काम करत नाही|झालं नाही|जमलं नाही|जमत नाही|बिघडलं|बिघडला|तुटलं|तसंच आहे|"
        r"chalat nahi|jamla nahi|zala nahi"
    )
    + r"|"
    + _word(r"आज")
    + rf"\s+(?:\S+\s+){{0,2}}?(?:नाही करत|नाही करणार|नको)(?![{_D}\w])",
    _I,
)
# left for later: tomorrow, later, Monday, we'll see, let it be, not now, stop here
DEFERRED = re.compile(
    _word(r"उद्या|नंतर|संध्याकाळी|सोमवारी|मंगळवारी|बुधवारी|गुरुवारी|शुक्रवारी|पुढच्या आठवड्यात|udya|nantar")
    + r"\s+(?:[^\s.!?।]+\s+){0,2}?"
    + _word(r"बघू|बघते|बघतो|बघेन|करू|करते|करतो|करेन|बघूया|करूया|baghu|baghte|baghto|karu")
    + r"|"
    + _word(r"बघू|बघते|बघतो|baghu|baghte|baghto")
    + r"\s+(?:[^\s.!?।]+\s+){0,3}?"
    + _word(r"उद्या|नंतर|udya|nantar")
    + r"|"
    + _word(r"राहू दे|राहू द्या|आत्ता नको|आत्ता नाही|इथेच थांबू|इथे थांबू|आज नाही|आज वेळ नाही|वेळ नाही|rahu de|atta nako")
    # the word alone closing the words: "deploy उद्या.", "नंतर."
    + r"|"
    + _word(r"उद्या|नंतर|udya|nantar")
    + rf"[^\w{_D}]*$",
    _I,
)
# called away: I have a meeting, I have to go, I'm leaving
LEAVING = re.compile(
    r"(?:meeting|call|मीटिंग|कॉल)\s+आहे|"
    + _word(r"जावं लागेल|जायचंय|निघते|निघतो|निघायचंय|meeting ahe|java lagel|nighte|nighto"),
    _I,
)
# The person talking about a problem: the same again, still red, it keeps failing, it does not run ("परत तेच",
# "अजून लाल", "fail होतो", "चालत नाही")
PROBLEM_TALK = re.compile(
    _word(r"परत तेच|पुन्हा तेच|परत एकदा तेच|तेच परत")
    + r"|"
    + _word(r"अजून(?:ही| पण)?|परत|पुन्हा")
    + r"\s+(?:\S+\s+){0,3}?(?:fail|crash|error|timeout|red|लाल|फेल)|"
    r"(?:fail|crash|timeout|restart)\w*\s+"
    + _word(r"होतो|होते|होतं|होतात|होतोय|होतेय|झाला|झालं|झाली")
    + r"|"
    + _word(r"चालत नाही|होत नाही|बिघडला|बिघडलं"),
    _I,
)
