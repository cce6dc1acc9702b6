"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Albanian as developers
type it in chat: Latin letters with ë and ç or without them ("gjithmone", "cdo"), English terms and commands inside,
an Italian word slipping in ("allora", "va bene"), English names given Albanian articles with a hyphen ("deploy-i",
"pipeline-in", "logger-i").

Told apart by Albanian's own words ("dhe", "nuk", "është", "një", "duhet", "vetëm", "asnjë", "çdo"), read over
folded text (`marks.fold`: ë -> e, ç -> c, so one set of words reads it typed either way); words spelled with ë (two
at most) and the negation "s'" run onto a verb ("s'funksionon", "s'e përdorim") count too. Markers of a rule:
always and never ("gjithmonë", "përherë", "kurrë", "asnjëherë": "migrimet nuk preken kurrë"), only with what it is
done by or where ("vetëm me helm", "vetëm në CI"), none of a kind at a clause's start ("asnjë console.log në
main"), every one of a kind done one way ("çdo endpoint ka test"), what comes before every push or merge ("para çdo
push: lint", "testet duhet të kalojnë para merge-it"), first … then ("fillimisht lint, pastaj push"), from now on
("tani e tutje", "nga sot e tutje", Gheg "tash e tutje"), the prohibitive "mos" with a verb of the work ("mos bëj
push në main", "mos i prek migrimet"), what we don't do or is not allowed ("s'duam any", "nuk përdorim ORM", "force
push nuk lejohet", "ndalohet …"), how it is done at our place ("tek ne …"), and the new way said with "now"
("tani"): now we do it so ("tani e marrim nga CDN-i", the object doubled by its clitic "e" before a verb of "we"),
now only, now no longer ("jo më X", "nuk e mbajmë më"). A rule said again after "mos harro:" (don't forget),
"kujto:" (remember) or "si të thashë" (as I told you) is read after it. A rule runs up to its reason (", se …",
", sepse …", ", ndryshe …", ", kështu që …").

Not rules: questions (a "?" or the particle "a" that opens a yes-no question: "a duhet gjithmonë …"), what is for
now ("vetëm për sot", "tani për tani", "këtë herë", "akoma", "ende"; and "tani" with an order, "mos prek asgjë
tani"), reports ("dështon", "s'funksionon", "rri pezull", "kalojnë"; not the subjunctive "duhet të kalojnë"), the
speaker's own doing ("unë …", "e kam …", "mendoj …") and a thing pointed at ("këtë file", unless it is the scope:
"në këtë repo"). Written after held out 70's first run from general knowledge of the language (the examples here
are not that corpus's). Read over folded text where it gives verdicts (`speech/verdicts.py`). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import after_last_label, fold, tidy

_I = re.IGNORECASE
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# Albanian's own words, folded, that Italian, English, the Slavic languages, Catalan and Tagalog do not also write
# (not "per", "me", "ne", "te", "nga", "pa", "po", "jo", "si", "kam", "jam", "ende", "para", "pas")
_OWN_LIST = (
    "dhe eshte nuk qe nje edhe kjo kete keto ky ketu shume mire sot neser tani tash prape perseri serish akoma "
    "gjithmone gjithmon gjithnje perhere kurre asnjehere vetem asnje asgje cdo mos duhet duhen bej beni behet "
    "behen jane ishte kemi faleminderit falemnderit flm sepse pastaj fillimisht shiko lexo shto hiq rregullo "
    "rregulloje prandaj keshtu gje gjera gjithe tjeter nese ndryshe perdor perdorim mbajme marrim bejme ketij kesaj "
    "cfare pse harro ndryshim vendosem vendim mesim mesova shkon shkojne lejohet ndalohet duam"
)
_OWN = frozenset(_OWN_LIST.split())
# the commonest of them, which no other language writes at all, count twice: a short rule has few words
_SURE_LIST = (
    "dhe nuk eshte nje edhe kjo kete shume duhet gjithmone kurre vetem asnje asgje cdo faleminderit prape sepse"
)
_SURE = frozenset(_SURE_LIST.split())
# "s'ka", "s'funksionon", "s'e përdorim": the negation "s'" run onto the word after it
_NEGATION_ON = re.compile(r"(?<![\w'’])s['’][a-z]", _I)
_OPENING = re.compile(
    r"^(?:(?:ok|okej|mire|mir|pra|allora|dai|dhe|edhe|hmm+|ah|bon|va bene|ne rregull|shiko)[,.!:]?\s+|"
    r"(?:jo|po|prit|ndal)[,.!:]+\s*)+",
    _I,
)
# said before, said again: "mos harro: …" (don't forget), "kujto:" (remember), "mbaj mend:" (keep in mind), "si të
# thashë, …" (as I told you)
_AS_SAID = re.compile(
    r"^(?:mos (?:e |i )?harro(?:ni)?|kujto(?:hu|ni)?|mbaj(?:ni)? mend|mba mend|"
    r"sic? (?:te |ju )?(?:thashe|kam thene)|e kam thene|po e perserit)(?:\s*[:,]\s*|\s+(?:qe|se)\s+)",
    _I,
)
# from now on; "nga sot e tutje" (from today on), Gheg "tash e tutje"
_FROM_NOW_ON = (
    r"(?:(?:nga|qe|prej) )?(?:tani|tash|sot|ketu) e (?:tutje|mbrapa)|(?:nga|prej|qe) (?:sot|ky moment|tani)|"
    r"ne te ardhmen"
)
_LEAD = re.compile(rf"(?:^|[,:;.]\s+)(?P<r>(?:{_FROM_NOW_ON})[,:]?\s+\S.{{5,}})", _I)
# "now" said of a changed way (`_NOW_WAY`); with an order and nothing else it is "right now" (`_FOR_NOW`)
_NOW = re.compile(r"(?<!\w)(?:tani|tash|tashme)(?!\w)", _I)
_NOW_WAY = re.compile(
    # now only, now always or never, now no longer ("jo më X", "nuk e mbajmë më", "s'e përdorim më"), instead of
    r"(?<!\w)(?:vetem|gjithmone|kurre|ne vend te)(?!\w)|(?:^|[,;:]\s*)jo me\s+\S|"
    r"(?<!\w)(?:nuk|s')\s*(?:(?:e|i|u|po)\s+)?\w{2,}(?:jme|im)\s+me(?=\s*$|\s*[,.;!]|\s+(?:ne|te|tek|nga|per)\b)|"
    # now we do it so: the object doubled by its clitic before a verb of "we" ("stilin tani e marrim nga …"); not
    # the verbs of one piece of work ("tani e rregullojmë", now let's fix it; look, try, check, find)
    r"(?<!\w)(?:e|i)\s+(?!(?:rregull|shik|prov|kontroll|kupt|gjej|mbyll|nis)\w*)\w{2,}(?:jme|im)(?!\w)",
    _I,
)
_WORK_VERBS = (
    r"prek|bej|bo|ndrysho|shto|fshi|hiq|perdor|instalo|fut|vendos|shkruaj|nis|lesho|kalo|anashkalo|injoro|co|"
    r"dergo|edito|modifiko|ekzekuto|thirr|perditeso|ngarko|shtyj|bashko|hap|pusho|commito|mergo|deployo|"
    r"beni|shkruani|push|commit|merge|deploy"
)
_MARKERS = (
    re.compile(r"(?<!\w)(?:gjithmone|gjithmon|gjithnje|perhere|pergjithmone|kurre|kurr|asnjehere|kurrsesi)(?!\w)", _I),
    re.compile(
        r"(?<!\w)(?:vetem|vec)\s+(?:me|ne|nga|prej|permes|nepermjet|pas|kur|te|tek|si|mbi|brenda|nese|ne rast)(?!\w)",
        _I,
    ),
    re.compile(r"(?:^|[,;:]\s*)(?:asnje|asgje)\s+\S", _I),
    re.compile(
        r"^cdo\s+(?:\S+\s+){0,4}?(?:duhet|duhen|ka|kane|shkon|shkojne|behet|behen|\w{3,}het|\w{3,}hen|eshte|jane|"
        r"merr|kthen|perdor)(?!\w)",
        _I,
    ),
    # before every push ("para çdo push"), before you push ("para se të bësh push", "para se të mergosh")
    re.compile(
        r"(?<!\w)(?:para|perpara)\s+(?:cdo\s+\S|se\s+te\s+(?:(?:besh|beni|bejme|hapesh|hapni)\s+\S|"
        r"\w{3,}(?:osh|oni|ojme)(?!\w)))",
        _I,
    ),
    # must … before a push or a merge ("testet duhet të kalojnë para merge-it")
    re.compile(
        r"(?<!\w)(?:duhet|duhen)\s+\S.{2,60}?(?<!\w)(?:para|perpara)\s+(?:(?:push|commit|merge|deploy|release|"
        r"mr|pr|tag)\w*|\S+-(?:it|t|s))(?!\w)",
        _I,
    ),
    re.compile(
        r"^(?:se pari|fillimisht|ne fillim|me pare)\s+\S.{2,80}?,\s*(?:e\s+|dhe\s+)?(?:pastaj|me pas|mandej|pas kesaj)"
        r"\s+\S",
        _I,
    ),
    re.compile(rf"(?:^|[,;:]\s*)mos\s+(?:(?:e|i|u|ma|m'i|ja|ia|t'i)\s+)?(?:{_WORK_VERBS})(?:ni)?(?!\w)", _I),
    # what we don't do here, what is not allowed or forbidden ("s'duam any në kod", "nuk përdorim ORM", "force push
    # nuk lejohet", "ndalohet push direkt në main"); not "nuk bëjmë dot" (we can't)
    re.compile(
        r"(?:^|[,;:]\s*|\s)(?:nuk|s')\s*(?:(?:e|i)\s+)?(?:duam|lejojme|perdorim|bejme|pranojme|fusim|mbajme)"
        r"(?!\s+dot)(?!\w)|(?<!\w)(?:(?:nuk|s')\s*lejohe[tn]|ndalohe[tn]|(?:eshte|jane) e ndaluar|jane te ndaluara)"
        r"(?!\w)",
        _I,
    ),
    # how it is done at our place, said as a fact ("te ne migrimet shkojnë në PR të veçantë")
    re.compile(r"(?:^|[,;:]\s*)(?:te|tek) ne\s+\S", _I),
)
_QUESTION = re.compile(r"\?\s*$|^(?:a|pse|ku|cfare|cili|cila|cilat|cilet|kush|si (?:ta|ti|te|mund))(?!\w)", _I)
_FOR_NOW = re.compile(
    r"(?<!nga )(?<!qe )(?<!prej )(?<!\w)(?:sot|sonte|neser|akoma|ende|tani per tani|he per he|per momentin|"
    r"perkohesisht|kete here|kesaj here|kesaj radhe|nje here|per tani|kete jave)(?!\w)",
    _I,
)
# (not after "të", the subjunctive: "testet duhet të kalojnë" says what must be, it reports nothing)
_REPORT = re.compile(
    r"(?<!\w)(?<!te )(?:deshto\w*|s'funksionon|nuk funksionon|s'po funksionon|s'punon|nuk punon|s'ecen|nuk ecen|"
    r"ngec\w*|pezull|vdes|vdiq|u prish|prishet|restartohet|restartohen|kalojne|kaloi|kaluan|kalon(?! (?:nga|permes))|"
    r"del gabim|jep (?:\d|gabim|error)|e kuqe|jeshile|crash\w*|fail\w*)(?!\w)",
    _I,
)
_ABOUT_ME = re.compile(r"^(?:une|un|e kam|i kam|kam|jam|s'kam|nuk kam|mendoj|e nisa|e bera|e provova|dje)(?!\w)", _I)
# a thing in front of the person ("mos e prek këtë file"), not the rule's scope ("në këtë repo"); typed without its
# ë "këtë" (this) is "ketë" (have) after "të" ("duhet të ketë test": must have a test)
_POINTED_AT = re.compile(
    r"(?<!\w)(?<!te )(?:kete|keto|kjo|ky|ketij|kesaj)(?!\s+(?:repo|projekt|projekti|projektin|kod|kodi|kodin|ekip|"
    r"codebase|here|radhe|jave))(?!\w)",
    _I,
)
# what follows a rule without being part of it: its reason ("…, se e prish lockfile-in", "…, ndryshe …", "…, kështu
# që …"); not "pasi të" (after it has: a condition of the rule)
_REASON = re.compile(
    r",\s*(?:se|sepse|pasi(?! te)|meqe|meqenese|ndryshe|perndryshe|qe te|keshtu qe|prandaj|ndaj)\s", _I
)
_AS_ALWAYS = re.compile(r"(?<!\w)si (?:gjithmone|gjithnje|zakonisht)(?!\w)", _I)
_EMOJI = "\U0001f300-\U0001faff\u2600-\u27bf"
# a lesson: its label and a colon ("mësim:", "mësimi i sotëm:", "mësim për herë tjetër:", "mirë ta dish:"), or "I /
# we learned that", "it turned out that", "now I know that" ("mësova që …", "doli se …", "tani e di që …"); after
# an emoji too ("🙏 mësim: …")
_LESSON = re.compile(
    rf"(?:^|(?<=[{_EMOJI}]))\s*(?:(?:mesim(?:i)?(?: [a-z ]{{1,25}}?)?|mire ta dish|mire te dihet|per here tjeter|"
    r"shenim per veten|shenim per mua)\s*:|(?:e )?(?:mesova|mesuam)(?: sot)? (?:qe|se)|"
    r"(?:doli|rezulton|rezultoi|paska dale|tani e di|tani e dime) (?:qe|se))\s*(?P<l>\S.{5,})",
    _I,
)
# a decision: its label and a colon ("vendim:"), "we decided that / to" ("vendosëm që …", "kemi vendosur të …"),
# or the choice said with its verb ("shkojmë me Postgres", we go with; "mbetemi te Flyway", we stay with)
_DECISION = re.compile(
    r"^(?:(?:vendim(?:i)?(?: yne| jone)?|zgjedhja(?: jone)?)\s*:|(?:e )?(?:vendosem|vendosa|zgjodhem)\s*[:,]|"
    r"(?:e )?(?:kemi vendosur|vendosem|vendosa)(?: qe| te| se))\s*(?P<d>\S.{5,})|"
    r"^(?P<c>(?:po )?(?:shkojme|mbetemi|ngelemi) (?:me|te|tek|ne)\s+\S.{3,})",
    _I,
)


def is_albanian(text: str) -> bool:
    """Two pieces of Albanian evidence (see the module docstring; one of `_SURE` is enough), over folded text."""
    folded = fold(text).lower().replace("’", "'")
    words = {w.split("'")[-1] if w.startswith("s'") else w for w in _WORD.findall(folded)}
    evidence = len(words & _OWN) + len(words & _SURE)
    evidence += min(2, len({w for w in re.findall(r"\w+", text.lower()) if "ë" in w}))
    evidence += 1 if _NEGATION_ON.search(folded) else 0
    return evidence >= 2


def albanian_rule(sentence: str) -> str | None:
    """The standing rule an Albanian sentence states, in the person's words (up to its reason), or None."""
    said = sentence.strip()
    typed = said[opening.end() :] if (opening := _OPENING.match(fold(said))) else said
    if not is_albanian(typed):
        return None
    text = fold(typed).replace("’", "'")
    said_before = _AS_SAID.match(text)
    start = said_before.end() if said_before else 0
    end = reason.start() if (reason := _REASON.search(text, start)) else len(text)
    body = _AS_ALWAYS.sub(lambda found: " " * len(found[0]), text[start:end])  # "as always": a habit, no rule
    if _QUESTION.search(body) or _REPORT.search(body) or _ABOUT_ME.match(body) or _DECISION.match(body):
        return None
    if lead := _LEAD.search(body):
        return tidy(typed[start + lead.start("r") : end])
    if _FOR_NOW.search(body) or _POINTED_AT.search(body):
        return None
    if _NOW.search(body) and not _NOW_WAY.search(body):
        return None  # "mos prek asgjë në cluster tani": right now, this once
    if not (any(marker.search(body) for marker in _MARKERS) or _NOW.search(body)):
        return None
    label = after_last_label(body, (*_MARKERS, _NOW))
    start, body = start + label, body[label:]
    return tidy(typed[start:end]) if len(body.split()) >= 3 else None


def albanian_lesson(sentence: str) -> str | None:
    typed = sentence.strip()
    if found := _LESSON.search(fold(typed)):
        return tidy(typed[found.start("l") :])
    return None


def albanian_decision(sentence: str) -> str | None:
    typed = sentence.strip()
    if not (found := _DECISION.match(fold(typed))):
        return None
    return tidy(typed[found.start("d") :] if found["d"] else typed[found.start("c") :])


# The person's verdict on the work (`speech/verdicts.py` reads them over folded text beside the other languages):
# thanks, finally, it works now, they passed, it went green, that is how I wanted it; "mirë" (good), "në rregull"
# (fine) and "u bë" (done) only alone, as "ok"
POSITIVE = re.compile(
    r"(?<!\w)(?:faleminderit|falemnderit|flm|rrofsh|shume mire|bravo|shyqyr|me ne fund|u rregullua|u zgjidh|"
    r"ashtu e doja|duket (?:bukur|mire|shume mire|me mire)|(?<!s')(?<!s'po )(?<!nuk )(?<!nuk po )funksionon(?! akoma)|"
    r"(?<!s')(?<!nuk )punon tani|tani punon|(?<!s')(?<!nuk )kaluan|u be jeshil\w*)(?!\w)|"
    r"^\s*(?:mire|ne rregull|punon|u be)\s*[.!]*\s*$",
    _I,
)
NEGATIVE = re.compile(
    r"(?<!\w)(?:s'(?:po )?funksionon|nuk (?:po )?funksionon|s'(?:po )?punon|nuk (?:po )?punon|s'ecen|nuk ecen|"
    r"prape (?:e kuqe|deshto\w*|e njejta|i njejti|nuk \w+|s'\w+)|(?:akoma|ende) (?:deshto\w*|nuk \w+|s'\w+)|"
    r"deshton (?:akoma|ende|prape)|e njejta gje|i njejti gabim|s'ndryshoi asgje|nuk ndryshoi asgje|"
    r"(?:s'|nuk )(?:kaloi|kaluan))(?!\w)",
    _I,
)
# left for later: "e lëmë për nesër" (we leave it for tomorrow), "mjaft për sot" (enough for today), "jo sot" (not
# today), "s'kam kohë" (no time), "do ta shoh vetë në mbrëmje" (I'll look at it myself tonight)
DEFERRED = re.compile(
    r"(?<!\w)(?:e lem(?:e)?,? (?:per )?(?:neser|me vone|te henen|javen tjeter)|e lem(?:e)? ketu|mjaft per sot|"
    r"jo sot|s'kam kohe|nuk kam kohe|e shohim (?:me vone|neser)|e shoh (?:me vone|neser)|"
    r"do ta (?:shoh|shohim|vazhdoj|vazhdojme)(?: vete)? (?:neser|ne mbremje|me vone)|neser e (?:shoh|vazhdojme))"
    r"(?!\w)",
    _I,
)
# called away: "ika" (I'm off) as the last word, "duhet të iki" (I have to go), "kam mbledhje" (I have a meeting)
LEAVING = re.compile(
    r"(?:^|[.!,]\s*)ika\s*[.!]*\s*$|(?<!\w)(?:po iki|duhet te iki|me duhet te iki|duhet te shkoj|me duhet te shkoj|"
    r"kam (?:nje )?mbledhje|kam (?:nje )?takim)(?!\w)",
    _I,
)
# The person talking about a problem ("prapë e njëjta gjë", again the same thing; "rri pezull", it hangs; "pod-i
# restartohet", the pod restarts)
PROBLEM_TALK = re.compile(
    r"(?<!\w)(?:prape|perseri|serish|deshto\w*|s'funksionon|nuk funksionon|s'punon|nuk punon|e njejta gje|"
    r"i njejti gabim|ngec\w*|pezull|restartohet|restartohen)(?!\w)",
    _I,
)
