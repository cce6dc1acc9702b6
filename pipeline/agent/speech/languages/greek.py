"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Greek as developers
type it: Greek script with English terms and commands inside ("μην τρέξεις ποτέ prisma migrate reset στη βάση
μου"), accents typed or left out, and the same in Latin letters (Greeklish: "mh mou ksanakaneis commit me
--no-verify", "panta", "pote").

Greek asks with ";" (or "?"): a sentence ending in one is a question, and a ";" inside one ends the question before
it ("πάλι %>%; σου το έχω πει: μόνο native pipe |>, όχι %>%"). Markers: don't ("μην …", "mh(n) …"), never ("ποτέ",
"pote"), always ("πάντα", "panta"), only X, not Y ("μόνο X, όχι Y"), every X gets or must ("κάθε X παίρνει /
πρέπει …"), before every push we … ("πριν από κάθε push τρέχουμε …"), Y is enough before the push ("άσε X,
φτάνει Y πριν το push"), from now on ("από εδώ και πέρα", "στο εξής", "apo edw kai pera"), "as I told you" ("σου το
έχω πει: …"), remember ("θυμήσου ότι …"). A rule ends at its reason ("γιατί", "επειδή", ", αλλιώς …") or at the
comma after its marker unless what follows goes on with it ("όχι …", "ποτέ …", "μόνο …"). Not rules: questions,
what is for now ("για τώρα", "προς το παρόν", "αυτή τη φορά", "σήμερα"), a thing in front of the person ("αυτό το
test", though "σε αυτό το repo" names where a rule holds), someone's habit ("ο Γιώργος πάντα …"), reports ("σκάει",
"δεν δουλεύει") and "if". Markers are read over folded text (`marks.fold`: accents dropped, spans kept). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import fold, tidy, to_its_end, typed_in_latin

_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
# Greeklish's own words: two of them (one not also English, Italian or Spanish) say a Latin sentence is Greek
_GREEKLISH_WORD_LIST = (
    "kai einai kane kanoume kaneis mou sou mas sas den tha gia mh mhn oxi re pote panta prepei otan ksana swsta "
    "giati alla afou pou ola tipota kalhmera kalimera na to ta tis ton thn apo edw pera kathe mono ftiakse "
    "ftiaxe douleuei doulevei mia erwthsh erotisi"
)
_GREEKLISH_OWN_LIST = (
    "kai einai kane kanoume kaneis mou sou den tha gia mh mhn oxi re pote panta prepei otan ksana swsta giati "
    "afou tipota kalhmera kalimera thn edw kathe ftiakse ftiaxe douleuei doulevei erwthsh"
)
_GREEKLISH_WORDS = frozenset(_GREEKLISH_WORD_LIST.split())
_GREEKLISH_OWN = frozenset(_GREEKLISH_OWN_LIST.split())
_WORD = re.compile(r"[a-z']+")

_I = re.IGNORECASE
# What opens a sentence before what it says: "όχι," / "oxi re," (no), "και" (and), "οκ", "ναι,"
_OPENING = re.compile(r"^(?:(?:οχι|ναι|οκ|ok|και|ε|α|oxi|nai|kai)(?:\s+(?:ρε|re))?[,!.:]?\s+)+", _I)
_FROM_NOW_ON = re.compile(
    r"(?P<lead>απο\s+(?:ε?δω|τωρα|σημερα)\s+και\s+(?:περα|στο\s+εξης|μπρος)|στο\s+εξης|απο\s+εδω\s+κι\s+περα|"
    r"\bapo\s+(?:e?dw|e?do|twra|tora)\s+(?:kai|ki)\s+pera\b)[,:\s]+",
    _I,
)
# "σου το έχω πει: …", "σου το 'χω ξαναπεί, …", "σου είπα ήδη ότι …": a rule said again
_SAID_BEFORE = re.compile(
    r"(?:σου\s+(?:το\s+)?(?:εχω\s+(?:ξανα)?πει|'χω\s+(?:ξανα)?πει|ειπα(?:\s+ηδη)?)|"
    r"\bsou\s+(?:to\s+)?(?:exw|exo|'xw)\s+(?:ksana)?pei)(?:\s+(?:οτι|πως|hdh|ηδη))?\s*[:,]?\s*",
    _I,
)
_REMEMBER = re.compile(r"^(?:θυμησου|να\s+θυμασαι|μην\s+ξεχνας|thymisou|thimisou)\s*(?:οτι|πως|:)\s*", _I)
_MARKERS = (
    # don't: "μην πειράζεις", "μη μου ξανακάνεις", "mh mou ksanakaneis" (not "για να μην": a purpose)
    # ("min" only opening a clause: "5 min" is minutes)
    re.compile(r"(?<!να )(?:^|(?<=\s))(?:μην?|mhn?)\s+(?:μου\s+|mou\s+)?\S{3,}|(?:^|[,.:!]\s*)min\s+\S{3,}", _I),
    re.compile(r"(?:^|\s)(?:ποτε|pote)(?=[\s,.!]|$)", _I),  # never
    re.compile(r"(?:^|\s)(?:παντα|παντοτε|panta)(?=[\s,.!]|$)", _I),  # always
    re.compile(r"(?:^|\s)(?:μονο|mono)\s.{1,60}?,\s*(?:οχι|oxi)\s", _I),  # only X, not Y
    # every X gets / must / goes: "κάθε νέο component παίρνει test", "κάθε migration πρέπει …"
    re.compile(r"(?:^|\s)(?:καθε|kathe)\s.{1,40}?\s(?:παιρνει|πρεπει|θελει|εχει|μπαινει|πηγαινει|prepei)\s", _I),
    # before / after every X we do Y: "πριν από κάθε push τρέχουμε ολόκληρο το devtools::check()"
    re.compile(r"(?:πριν|μετα)\s+(?:απο\s+)?καθε\s+(?:\S+\s+){1,4}?\S+(?:ουμε|αμε)(?=\s)", _I),
    # Y is enough before the push: "άσε το πλήρες check τοπικά, φτάνει το devtools::test() πριν το push"
    re.compile(r"(?:φτανει|αρκει)\s.{1,60}?(?:πριν|πριν\s+απο|μετα\s+απο)\s+(?:το|τα|καθε)\s+[^\s,.]+", _I),
)
# A question: it ends with ";" or "?" (Greek's question mark is ";", U+037E looks the same)
_QUESTION = re.compile(r"[;;?]\s*$|^(?:μηπως|γιατι|πως|ποτε\s+θα|τι|ποιο[ςν]?|που)\s", _I)
_ASKED = re.compile(r"[;;?]\s+")  # a question inside a sentence, before what it goes on to say
_FOR_NOW = re.compile(
    r"\sακομα\s*[.!]?$|(?:^|\s)(?:για\s+τωρα|προς\s+το\s+παρον|αυτη\s+τη\s+φορα|σημερα|προσωρινα|για\s+την\s+ωρα|"
    r"γυρνα\s+το\s+πισω|κανε\s+revert|gia\s+twra|shmera|proswrina)(?=[\s,.!]|$)",
    _I,
)
# this X, in front of the person ("αυτό το test"), not where a rule holds ("σε αυτό το repo")
_THIS_ONE = re.compile(
    r"(?<!σε )(?<!σ' )\bαυτ(?:ο|η|ον|α|ες|ους)\s+(?:το|τη|την|τον|τα|τις|τους)\s+"
    r"(?!repo|project|πρότζεκτ|προτζεκτ|πακετο|app|monorepo|codebase|workspace|ομαδα)",
    _I,
)
_SOMEONE = re.compile(
    r"^(?:ο|η|οι|o|h|oi)\s+[Α-ΩA-Z]\S+|^(?:αυτος|αυτη|αυτοι|εγω|ego|egw)\s|\sειπε\s+(?:οτι|πως)|^(?:αν|an)\s"
)
_REPORT = re.compile(
    r"(?:^|\s)(?:σκα(?:ει|νε)|εσκασε|σκασε|αποτυγχαν\S*|απετυχε|κολλα(?:ει|νε)|κολλησε|δεν\s+δουλευ\S*|"
    r"δεν\s+περνα\S*|χαθηκαν|χαθηκε|λειπ(?:ει|ουν)|skaei|den\s+douleu\S*)(?=[\s,.!]|$)",
    _I,
)
_REASON = re.compile(
    r",?\s+(?:γιατι|επειδη|διοτι|αφου|giati|epeidh)\s|,\s*(?:αλλιως|οπoτε|οποτε|γιατι|alliws|alliw[sς])\s", _I
)
_GOES_ON = re.compile(r"^(?:οχι|ποτε|μονο|ουτε|ουτε|και\s+οχι|αλλα\s+μονο|oxi|pote|mono)(?=\s)", _I)
_LESSON = re.compile(
    r"(?:^|\s)(?:(?:μαθημα|διδαγμα|mathima|ma8hma)\s*:\s*(?P<l>\S.{5,})|"
    r"(?:εμαθα|μαθαμε|τελικα\s+εμαθα)\s+(?:οτι|πως)\s+(?P<m>\S.{5,}))",
    _I,
)
_DECISION = re.compile(
    r"(?:^|\s)(?:αποφαση\s*:|αποφασισαμε\s+(?:να|οτι|πως)|συμφωνησαμε\s+(?:να|οτι|πως)|apofash\s*:|"
    r"apofasisame\s+(?:na|oti))\s*(?P<d>\S.{5,})",
    _I,
)


def is_greek(text: str) -> bool:
    """Greek script, or Latin letters typed as Greek (two of Greeklish's words, one of them its own)."""
    if _GREEK.search(text):
        return True
    words = _WORD.findall(text.lower())
    return typed_in_latin(words, _GREEKLISH_WORDS, {w for w in words if w in _GREEKLISH_OWN})


def greek_rule(sentence: str) -> str | None:
    """The standing rule a Greek sentence states, or None (see the module docstring for where it ends)."""
    text = sentence.strip()
    if not is_greek(text):
        return None
    asked = list(_ASKED.finditer(text))
    if asked:
        text = text[asked[-1].end() :]  # "πάλι %>%; σου το έχω πει: …": what follows the question
    if opening := _OPENING.match(fold(text)):
        text = text[opening.end() :]
    folded = fold(text)
    if _QUESTION.search(folded):
        return None
    if reason := _REASON.search(folded):
        text, folded = text[: reason.start()], folded[: reason.start()]
    if said := _SAID_BEFORE.search(folded):
        rest = text[said.end() :]
        return greek_rule(rest) or (tidy(rest) if len(rest) > 5 and not _SOMEONE.search(fold(rest)) else None)
    if remember := _REMEMBER.match(folded):
        rest = text[remember.end() :]
        return greek_rule(rest) or (tidy(rest) if len(rest) > 5 and not _REPORT.search(fold(rest)) else None)
    if lead := _FROM_NOW_ON.search(folded):
        rest = folded[lead.end() :]
        return (
            None
            if _SOMEONE.match(rest) or len(rest) < 6
            else tidy(to_its_end(text, lead.end(), _GOES_ON, lead.start(), folded=True))
        )
    if _SOMEONE.search(folded) or _FOR_NOW.search(folded) or _THIS_ONE.search(folded) or _REPORT.search(folded):
        return None
    marked = [m for marker in _MARKERS if (m := marker.search(folded))]
    if not marked:
        return None
    first = min(marked, key=lambda m: m.start())
    colon = folded.rfind(": ", 0, first.start() + 1)  # "Και κάτι για την ομάδα: πριν από κάθε push …"
    return tidy(to_its_end(text, first.end(), _GOES_ON, colon + 2 if colon != -1 else 0, folded=True))


def greek_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("μάθημα: …") or learned ("έμαθα ότι …")."""
    text = sentence.strip()
    if found := _LESSON.search(fold(text)):
        group = "l" if found.group("l") else "m"
        return tidy(text[found.start(group) : found.end(group)])
    return None


def greek_decision(sentence: str) -> str | None:
    text = sentence.strip()
    if found := _DECISION.search(fold(text)):
        return tidy(text[found.start("d") : found.end("d")])
    return None


# The person's verdict on the work, read over folded text (`speech/verdicts.py` reads them beside the others)
POSITIVE = re.compile(
    r"ευχαριστ\S*|τελει(?:α|ο|ος)|ωραι(?:α|ο|ος)|μπραβο|επιτελους|σουπερ|αψογ\S*|(?<!δεν )δουλευει\s*[!.]|"
    r"ολα\s+καλα|\b(?:eyxaristw|euxaristw|efxaristo|efharisto|teleia|teleio|wraia|oraia|bravo|epitelous)\b",
    _I,
)
NEGATIVE = re.compile(
    r"ακομα\s+(?:\S+\s+){0,3}?(?:σκαει|δεν|αποτυγχανει|κολλαει|το\s+ιδιο)|δεν\s+δουλευει|δεν\s+βοηθησε|"
    r"παλι\s+σκαει|παλι\s+τα\s+ιδια|δεν\s+ειναι\s+αυτο|κρυβει\s+το\s+προβλημα|"
    r"(?:το\s+αφηνουμε|μενει|παραμενει|ειναι\s+ακομα)\s+κοκκινο|\b(?:akoma\s+skaei|den\s+douleuei|den\s+doulevei)\b",
    _I,
)
DEFERRED = re.compile(
    r"(?:τα\s+λεμε|συνεχιζουμε|το\s+κοιταμε|θα\s+το\s+δω|θα\s+το\s+κοιταξω)\s+(?:αυριο|μετα|αργοτερα|την\s+αλλη)|"
    r"αυριο\s+(?:συνεχιζουμε|το\s+κοιταμε)|δεν\s+προλαβαινω|ασ'?\s*το\s+για\s+(?:αυριο|αργοτερα|μετα)|οχι\s+σημερα|"
    r"\b(?:ta\s+leme\s+avrio|avrio\s+synexizoume)\b",
    _I,
)
LEAVING = re.compile(
    r"πρεπει\s+να\s+φυγω|φευγω|εχω\s+(?:meeting|συσκεψη|συναντηση|call|μαθημα)|τρεχω\s+σε|\b(?:prepei\s+na\s+fygw|fevgw)\b",
    _I,
)
# The person talking about a problem ("πάλι σκάει στο CI", "η στήλη είναι άδεια", "χάθηκαν οι κρατήσεις")
PROBLEM_TALK = re.compile(
    r"παλι|ξανα(?:\s|$)|σκα(?:ει|νε|σε)|αποτυγχαν\S*|κολλα(?:ει|νε)|δεν\s+δουλευ\S*|αδει(?:α|ο|ες)|χαθηκ\S*|"
    r"λειπ(?:ει|ουν)|περιεργ\S*|μονο\s+σε\s+μενα|\b(?:skaei|pali)\b",
    _I,
)
