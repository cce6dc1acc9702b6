"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Gujarati as people type
it to a coding agent: in Gujarati script with English terms in Latin letters inside ("PR titles હંમેશા English
માં લખજો", "main પર direct push ક્યારેય નહિ"), a few Hindi words ("accha", "bhai"), or Gujarati typed in Latin
letters ("havethi deploy CI thi j thashe").

Gujarati gives an instruction for later with three verb forms, and they are what tells a rule from a request for
now: the future imperative "-જો" ("ચલાવજો", "લખજો": do it, whenever it comes up), the verbal noun of what is to be
done ("ચલાવવા", "બતાવવી", "વાપરવાનું": is to be run, shown, used) and "જોઈએ" (should). The plain imperative
("ચલાવો", "બનાવો") asks for one thing now. Markers: always ("હંમેશા", "કાયમ", "દર વખતે"), never ("ક્યારેય …
નહિ", "કદી નહિ"), only ("ફક્ત", "માત્ર", and the particle "જ": "pnpm જ વાપરવાનું") with a verb of
later, none of a kind ("કોઈ પણ secret repo માં નહિ"), every one of a kind done so ("દરેક PR માં test હોવો
જોઈએ"), what comes before a step ("merge પહેલાં lint ચલાવજો"), first … then ("પહેલાં lint, પછી જ push"), from
now on ("હવેથી", "હવે પછી", "આજથી"), the negative imperative ("ના બદલશો", "ના કરજો", "edit કરવું નહિ") and a
rule said again ("યાદ રાખજો: …", "ફરી કહું છું: …"). Negation tells a rule from a report too: "નહિ" / "નહીં"
forbids ("ક્યારેય નહિ"), "નથી" states ("ક્યારેય પૂરું નથી થતું": it never finishes); a bare "X નહિ" (no X)
names what one task leaves out as often as a rule, and counts only after "કોઈ" or "ક્યારેય". A rule runs up to its
reason (", કારણ કે …", ", નહિતર …", ", જેથી …"). Not rules: questions, what is for now ("હમણાં", "અત્યારે",
"આજે", "આજ માટે", "આ વખતે"), reports (the past "હતું", "થયું"; "fail થાય છે"; "નથી થતું") and the speaker's
own doings ("મેં …", "હું …"). Written after held out 71's first run, from general knowledge of the language (the
examples are not that corpus's). Its verdicts are read over folded text (`speech/verdicts.py`): folding leaves the
Gujarati script as typed. Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import tidy, whole_words

_I = re.IGNORECASE
_G = "\u0a80-\u0aff"  # the Gujarati block: its letters and its vowel signs, which \w does not count as letters


def _word(words: str) -> str:
    return whole_words(words, _G)


_GUJARATI = re.compile(rf"[{_G}]")
# Gujarati typed in Latin letters: its own words, not those Hindi, Hinglish or a European language also writes
# ("nahi", "hamesha", "pehla", "thi", "che", "matra" are left out): "chhe" (is), "nathi" (is not), "havethi" (from
# now on), "darek" (every), the "-jo" imperative and the verbal noun ("chalavjo", "vaparvanu"); two of them say a
# sentence is Gujarati
_LATIN_OWN = re.compile(
    r"\b(?:chhe|chho|nathi|havethi|pachhi|kyarey|darek|vakhte|joie|joiye|karjo|rakhjo|chalavjo|lakhjo|vaparjo|"
    r"vaparvanu|karvanu|chalavvanu|karvu|na karsho|thashe|jashe|hamna|atyare|aaje|joishu|saras|shikhya|nakki)\b",
    _I,
)
# Gujarati numerals and list marks before an item ("૧) …", "2. …")
_ITEM = re.compile(r"^\s*(?:[૦-૯0-9]{1,2}[).:]|[-*•])\s+")
# What opens a message without being part of the rule: yes, no, ok, and, look, brother ("ના, …", "અને …",
# "hmm, …"), emoji
_OPENING = re.compile(
    rf"^(?:[^\w{_G}`'\"(]+|(?:હા|ના|ઓકે|ok|okay|અરે|જુઓ|સાંભળો|ભાઈ|hmm+|accha|acha|haa|ha|na)[,.!:]+\s*|"
    r"(?:અને|અરે|ane)\s+)+",
    _I,
)
# A rule said again or to be kept: "યાદ રાખજો: …" (remember), "ફરી કહું છું, જેથી યાદ રહે: …" (I say it again, so
# that it sticks), "મેં પહેલાં પણ કહ્યું હતું, …" (I said it before)
_AS_SAID = re.compile(
    r"^(?:યાદ રાખજો|યાદ રાખો|યાદ રાખવું|ધ્યાન રાખજો|ધ્યાન રાખો|ફરી(?:થી)? કહું છું(?:,? (?:જેથી|કે જેથી) યાદ રહે)?|"
    r"મેં (?:પહેલાં|પહેલા) (?:પણ )?કહ્યું (?:હતું|છે)|yaad rakhjo|yad rakhjo|yaad rakho|dhyan rakhjo|"
    r"fari kahu chhu|fari kahu chu)\s*[:,]\s*",
    _I,
)
# From now on: the rule replaces how it was done ("હવેથી …", "હવે પછી …", "આજથી …", "havethi …")
_FROM_NOW_ON = (
    r"હવેથી|હવે થી|હવે પછીથી|હવે પછી|હવેથી આગળ|આજથી|આજ થી|અત્યારથી|આગળથી|havethi|have thi|have pachhi|have pachi|"
    r"aajthi|aaj thi"
)
_LEAD = re.compile(rf"(?:^|[,:;.]\s+){_word(f'(?P<r>{_FROM_NOW_ON})')}[,:]?\s+\S", _I)
# "no" that forbids (the imperative's negation), not the "is not" of a statement ("નથી")
_NO = _word(r"નહિ|નહીં|ના|ન|nahi|nai|na")
# The forms of an instruction for later: the "-જો" imperative ("ચલાવજો"; a free-standing "જો" is "if"), the verbal
# noun of what is to be done ("ચલાવવા", "વાપરવાનું"), "should", "will have to", "mandatory", and in Latin letters
_LATER = re.compile(
    rf"(?<=[{_G}])જો(?![{_G}\w])|[{_G}](?:વું|વી|વા|વાં|વાનું|વાની|વાનો|વાના)(?![{_G}\w])|"
    rf"{_word('જોઈએ|જોઇએ|પડશે|ફરજિયાત')}|"
    r"\b\w{2,}(?:jo|vanu|vani|vana)\b|\b(?:joie|joiye|padshe)\b",
    _I,
)
# the plain imperative, which asks for one thing now ("ચલાવો", "બનાવો", "કરો", "કરી દો")
_NOW_IMPERATIVE = re.compile(rf"[{_G}]ો(?![{_G}\w])|\b\w+o\b")
_ALWAYS = re.compile(
    _word(
        r"હંમેશા|હંમેશાં|હમેશા|હમેશાં|હંમેશ|કાયમ|દર વખતે|દરેક વખતે|દર વખત|hamesha|hamesa|hammesha|kayam|"
        r"dar vakhte|darek vakhte"
    ),
    _I,
)
_NEVER = re.compile(
    _word(r"ક્યારેય|ક્યારે પણ|કદી|કદીયે|કદાપિ|કોઈ દિવસ|kyarey|kyare pan|kyarei|kadi|koi divas") + r".*?" + _NO, _I
)
_ONLY = re.compile(_word(r"ફક્ત|ફકત|માત્ર|fakt|fakat|faqt|matra"), _I)
_JUST = re.compile(_word(r"જ|j"))  # the particle "જ", only this ("staging પર જ deploy કરવા")
_NONE = re.compile(_word(r"કોઈ|કોઇ|કંઈ પણ|koi") + r"(?:\s+પણ|\s+pan)?\s+\S.*?" + _word(r"નહિ|નહીં|nahi"), _I)
_EVERY = re.compile(_word(r"દરેક|બધા|બધી|બધાં|બધું|દરેકે|darek|badha|badhi|badhu") + r"\s+\S", _I)
# before a step: "push પહેલાં", "merge કરતા પહેલા" (a postposition after the step)
_BEFORE = re.compile(r"\S\s+" + _word(r"પહેલાં|પહેલા|પેહલા|pehla|pahela|pehlan"), _I)
_FIRST_THEN = re.compile(
    r"^"
    + _word(r"પહેલાં|પહેલા|pehla|pahela")
    + r"\s+\S.{2,80}?(?:,\s*|\s+)(?:અને\s+|ane\s+)?"
    + _word(r"પછી|પછીથી|ત્યાર પછી|ત્યારબાદ|pachhi|pachi")
    + r"\s+\S",
    _I,
)
# "X પછી જ Y": Y only after X
_ONLY_AFTER = re.compile(_word(r"પછી જ|પછીથી જ|pachhi j|pachi j"), _I)
# the negative imperative: "ના બદલશો" (polite: don't change), "ના કરજો", "edit કરવું નહિ", "કરવાનું નહીં" (not to be
# done); not "ના …તા" ("file ને ના અડતા"), whose "-તા" is also the participle ("કરતા પહેલા": before doing)
_DONT = re.compile(
    _word(r"ના|ન|na")
    + rf"\s+[{_G}]+(?:શો|જો)(?![{_G}\w])|[{_G}](?:વું|વાનું|વાની|વાના)\s+"
    + _word(r"નહિ|નહીં")
    + r"|\b(?:na|nahi) \w+(?:sho|jo)\b|\b\w+(?:vu|vanu) nahi\b",
    _I,
)
_QUESTION = re.compile(
    r"\?\s*$|^" + _word(r"શું|કેમ|ક્યાં|ક્યારે|કેવી રીતે|કોણ|કયું|કયો|કઈ|shu|kem|kyare") + r"|" + _word(r"ને\?"), _I
)
# for now, this once, today: "હમણાં", "અત્યારે", "આજે", "આજ માટે" (for today only), "આ વખતે" (this time),
# "હાલ પૂરતું" (for the time being)
_FOR_NOW = re.compile(
    _word(
        r"હમણાં|હમણા|અત્યારે|આજે|આજ માટે|આજના માટે|આ વખતે|આ વખત|હાલ પૂરતું|હાલ પૂરતો|હાલ પુરતું|થોડા દિવસ|"
        r"hamna|hamnan|atyare|aaje|aaj mate|aa vakhte|haal purtu|for now"
    ),
    _I,
)
# what happened or keeps happening: the past ("હતું", "થયું", "ગયું"), "fail થાય છે", and "નથી …તું" (does not …)
_REPORT = re.compile(
    _word(r"હતું|હતો|હતી|હતા|હતાં|થયું|થયો|થયા|થઈ ગયું|થઈ ગયો|ગયું|ગયો|ગઈ|કર્યું|કર્યો|કર્યા|hatu|hato|hati|thayu")
    + rf"|{_word('નથી')}\s+[{_G}]+(?:તું|તો|તી|તા|તાં)(?![{_G}\w])|"
    + r"(?:fail|crash|timeout|error|restart|red)\w*\s+"
    + _word(r"થાય છે|થઈ|થયું|થયો|આવે છે|આવી|આપે છે|thay chhe|thay che|thai")
    + r"|"
    + _word(r"કહે છે|આપે છે|આવે છે"),
    _I,
)
_ABOUT_ME = re.compile(r"^" + _word(r"હું|મેં|મને|મારા|મારી|મારું|hu|mane"), _I)
# what follows a rule without being part of it: its reason, or what was (", કારણ કે …", ", નહિતર …", ", જેથી …")
_REASON = re.compile(
    r",?\s+" + _word(r"કારણ કે|કેમ કે|કેમકે|નહિતર|નહીં તો|નહિ તો|જેથી|એટલે કે|karan ke|kem ke|nahitar|jethi"), _I
)
_LESSON = re.compile(
    r"^(?:" + _word(r"આજે|આજ|aaje") + r"\s+)?(?:"
    r"(?:શીખ્યા|શીખ્યો|શીખી|શીખ્યું|શીખ|બોધપાઠ|સબક|shikhya|shikhyo|shikh|bodhpath)\s*[:：]|"
    rf"(?:(?:મેં|અમે|me|ame)\s+)?(?:શીખ્યા|શીખ્યો|શીખી|શીખ્યું|shikhya|shikhyu)\s+(?:કે|ke)(?![{_G}\w])|"
    rf"(?:શીખવા મળ્યું|જાણવા મળ્યું|ખબર પડી|shikhva malyu|khabar padi)(?:\s*[:,]|\s+(?:કે|ke)(?![{_G}\w]))"
    r")\s*(?P<l>\S.{5,})",
    _I,
)
_DECISION = re.compile(
    r"^(?:(?:અમે|આપણે|ame|aapne)\s+(?:\S+\s+){0,4}?)?(?:નક્કી(?: કર્યું| કર્યુ| થયું| થયુ| કરીએ છીએ)?|નિર્ણય|ફેંસલો|"
    rf"nakki(?: karyu| thayu)?|nirnay)(?:\s*[:,]|\s+(?:કે|ke)(?![{_G}\w]))\s*(?P<d>\S.{{4,}})",
    _I,
)
_TRAILING_MARKS = re.compile(rf"[^\w{_G})`'\"]+$")


def is_gujarati(text: str) -> bool:
    """Gujarati script, or two of Gujarati's own words typed in Latin letters."""
    if _GUJARATI.search(text):
        return True
    return len({m.group(0).lower() for m in _LATIN_OWN.finditer(text)}) >= 2


def _opened(sentence: str) -> str:
    return _OPENING.sub("", _ITEM.sub("", sentence.strip()))


def _instructs(text: str) -> bool:
    """Whether `text` holds the grammar of a standing rule (see the module docstring)."""
    if _ALWAYS.search(text) or _NEVER.search(text) or _NONE.search(text) or _DONT.search(text):
        return True
    if _ONLY_AFTER.search(text) and (_LATER.search(text) or _NOW_IMPERATIVE.search(text)):
        return True
    if _FIRST_THEN.search(text) and (_LATER.search(text) or _ONLY_AFTER.search(text)):
        return True
    later = bool(_LATER.search(text))
    return later and bool(_ONLY.search(text) or _JUST.search(text) or _EVERY.search(text) or _BEFORE.search(text))


def gujarati_rule(sentence: str) -> str | None:
    """The standing rule a Gujarati sentence states, in the person's words (up to its reason), or None."""
    text = _opened(sentence)
    if not is_gujarati(text):
        return None
    if said := _AS_SAID.match(text):
        text = text[said.end() :]
        if len(text.split()) < 2 or _ABOUT_ME.match(text):
            return None
    elif _QUESTION.search(text) or _FOR_NOW.search(text) or _ABOUT_ME.match(text):
        return None
    if reason := _REASON.search(text):
        text = text[: reason.start()]
    leads = list(_LEAD.finditer(text))
    if leads:  # the last lead: "હવે થી એક ફેરફાર: હવેથી …" (one change from now on: from now on …)
        rule = text[leads[-1].start("r") :]
        return None if _REPORT.search(rule) or _ABOUT_ME.match(rule.split(" ", 1)[-1]) else tidy(rule)
    if said or _instructs(text):
        if _REPORT.search(text):
            return None
        return tidy(_TRAILING_MARKS.sub("", text)) if len(text.split()) >= 3 else None
    return None


def gujarati_lesson(sentence: str) -> str | None:
    """A lesson said as one ("શીખ્યા: …", "આજે શીખ્યા: …", "શીખવા મળ્યું કે …", "ખબર પડી કે …"), or None."""
    if found := _LESSON.match(_opened(sentence)):
        return tidy(_TRAILING_MARKS.sub("", found.group("l")))
    return None


def gujarati_decision(sentence: str) -> str | None:
    """A decision said as one ("નક્કી: …", "નક્કી કર્યું: …", "અમે નક્કી કર્યું કે …", "નિર્ણય: …"), or None."""
    text = _opened(sentence)
    if _QUESTION.search(text):
        return None
    if found := _DECISION.match(text):
        return tidy(found.group("d"))
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages): nice, great,
# thanks, it's done, it works now. Not "ઠીક છે" (ok), which also opens a putting-off ("ઠીક છે, કાલે જોઈશું")
POSITIVE = re.compile(
    _word(
        r"સરસ|મસ્ત|ઉત્તમ|જોરદાર|આભાર|ધન્યવાદ|થઈ ગયું|થઇ ગયું|થઈ ગયો|ચાલી ગયું|કામ કરે છે|હવે ચાલે છે|ચાલે છે હવે|"
        r"saras|mast|jordar|aabhar|abhar|thai gayu|chali gayu|kaam kare chhe"
    ),
    _I,
)
# still failing, again, does not work, it stays red, it broke
NEGATIVE = re.compile(
    _word(r"હજુ(?: પણ)?|હજી(?: પણ)?|ફરી(?:થી)?|haju(?: pan)?|fari") + r"\s+(?:\S+\s+){0,3}?"
    r"(?:fail|crash|error|timeout|red|લાલ)|"
    + _word(
        r"નથી ચાલતું|નથી ચાલતો|નથી ચાલતી|કામ નથી કરતું|કામ નથી કરતો|બગડી ગયું|તૂટી ગયું|લાલ જ છે|લાલ જ રહેશે|"
        r"લાલ જ રહ્યું|fail થઈ ગયું|fail થયું|nathi chaltu|kaam nathi kartu"
    ),
    _I,
)
# left for later: tomorrow, later, Monday, this evening, we'll see, not now, leave it
DEFERRED = re.compile(
    _word(r"કાલે|પછી|પછીથી|સાંજે|સોમવારે|મંગળવારે|બુધવારે|ગુરુવારે|શુક્રવારે|શનિવારે|રવિવારે|સવારે|બપોરે")
    + r"\s+"
    + _word(r"જોઈશું|જોઈશ|જોઈએ|જોઇશું|કરીશું|કરીશ|કરીએ|કરું|ચાલુ કરીશું")
    + r"|"
    + _word(
        r"જોઈશું|જોઇશું|હમણાં નહિ|હમણાં નહીં|હમણા નહિ|અત્યારે નહિ|અત્યારે નહીં|રહેવા દો|રહેવા દે|પછી વાત|"
        r"kale joishu|pachhi joishu|joishu|hamna nahi|atyare nahi|rehva do|reva do"
    )
    # the word alone closing the words: "uff. કાલે.", "handler સોમવારે.", "પછી."
    + r"|"
    + _word(r"કાલે|પછી|સોમવારે|મંગળવારે|બુધવારે|ગુરુવારે|શુક્રવારે|શનિવારે|રવિવારે|kale|pachhi")
    + rf"[^\w{_G}]*$|\b(?:monday|tuesday|wednesday|thursday|friday|weekend)\s+પછી",
    _I,
)
# called away: I have a meeting, I have to go, I'm leaving
LEAVING = re.compile(
    r"(?:meeting|call|મીટિંગ)\s+છે|" + _word(r"જવું પડશે|જવું છે|નીકળું છું|નીકળવું પડશે|નીકળવું છે|javu padshe|niklu chhu|niklu chu"),
    _I,
)
# The person talking about a problem: again, still, it keeps failing, it does not run ("ફરી fail થાય છે", "હજુ પણ
# લાલ", "sync જ નથી થતું")
PROBLEM_TALK = re.compile(
    _word(r"ફરી(?:થી)?|હજુ પણ|હજી પણ|ફરી પાછું") + r"\s+(?:\S+\s+){0,3}?(?:fail|crash|error|timeout|restart|લાલ)|"
    r"(?:fail|crash|timeout|restart)\w*\s+"
    + _word(r"થાય|થઈ|થયું|થયો")
    + r"|"
    + _word(r"નથી થતું|નથી થતો|નથી ચાલતું|નથી ચાલતો|બધું લાલ|લાલ લાલ"),
    _I,
)
