"""What two rules name: the things from code, the products and tools, the words in Latin letters amid another
script, and what a rule takes back by name. The rule lifecycle (`rule_lifecycle.py`) reads these beside the model's
cosines: across two languages the model puts a sentence nearer the rules in its own language, while the name says
what a rule is about; two rules near in meaning that name different files are two rules. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.agent.speech.rule_changes import MIXED_LANGUAGES, RETRACTION_WORDS, RETRACTS
from pipeline.learning.rules.rule_stance import ASSERTORS, FILLER, NEGATORS, fold_word

_CJK_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_LATIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.+#-]{2,}")
_WORD = re.compile(r"[^\W\d_][\w.+#-]*")
_NAME = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*|[a-z]+[A-Z]\w*|\w+[._]\w+(?:[._]\w+)*")


def terms(text: str) -> set[str]:
    """Content words of four letters or more in any script, hyphenated ones also by their parts, folded (unlike
    `_latin_terms`, which keeps only the names in Latin letters a rule in another script shares with English)."""
    words = {p for w in _WORD.findall(text.lower()) for p in (w, *w.split("-"))}
    return {fold_word(w) for w in words if len(w) >= 4 and w not in FILLER and w not in ASSERTORS | NEGATORS}


def may_share_subject(candidate: str, other: str) -> bool:
    """False when both are written in Chinese or Japanese and each names things in Latin script, but none the
    same: there the names are the subject ("wandbはもうonlineでいい" is not about "tmuxはもういらない、…sbatch…"),
    while the rest of two such sentences sits close in the model whatever it says. The same for two rules in one
    language typed in Latin letters mixed with English, and names from code in each ("ab se plain fixture functions
    likho, jaise phx.gen.context …" is not about "aage se index hamesha concurrently banana, @disable_ddl_transaction
    …", which the model puts near it for the Hindi they share)."""
    if _CJK_OR_KANA.search(candidate) and _CJK_OR_KANA.search(other):
        mine, theirs = _latin_names(candidate), _latin_names(other)
    elif (language := _mixed_language(candidate)) and language == _mixed_language(other):
        mine, theirs = _code_names(candidate), _code_names(other)
    else:
        return True
    return not mine or not theirs or bool(mine & theirs)


_CODE_NAME = re.compile(r"@?[A-Za-z_][\w]*(?:[._][\w]+)+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*")


def _mixed_language(text: str) -> str:
    words = set(text.lower().split())
    return next((name for name, marks in MIXED_LANGUAGES.items() if len(words & marks) >= 2), "")


def _code_names(text: str) -> set[str]:
    return {name.lower().lstrip("@") for name in _CODE_NAME.findall(text)}


def names_what_it_replaces(candidate: str, other: str) -> bool:
    """Whether a replacement names the thing `other` is about: both name it from code or a product, or write two
    words in Latin letters amid another script (`shared_names`, without its two-words-across-languages reading,
    which two Romanian sentences sharing "de fiecare data" pass), or the candidate takes back a word `other` says
    (`takes_back`)."""
    if _names(candidate) & _names(other) or takes_back(candidate, other):
        return True
    # amid another script, two Latin words: one ("gold") is as often a word of the task the old sentence set
    other_script = _OTHER_SCRIPT.search(candidate) or _OTHER_SCRIPT.search(other)
    return bool(other_script and len(_latin_terms(candidate) & _latin_terms(other)) >= 2)


def named_alone(candidate: str, others: Sequence[str]) -> set[str]:
    """The rules in another language than `candidate` that share a word in Latin letters with it which no other of
    `others` shares ("nuo šiol merginam be squash, …" and "always squash merge my branches"): across two languages
    the model puts a rule nearer the rules in its own language, while the one word only the old rule has, a tool
    or a git verb, says which it replaces."""
    mine = _latin_terms(candidate)
    shared = {other: mine & _latin_terms(other) for other in others}
    return {
        other
        for other, terms in shared.items()
        if terms
        and _mostly_one_in_english(candidate, other)
        and not any(terms & theirs for rival, theirs in shared.items() if rival != other)
    }


def shared_names(candidate: str, other: str) -> bool:
    """Both name the same thing from code or a product ("nada de Decimal" … "stored as Decimal"): in two languages
    the model puts a sentence nearer the rules in its own language, while the name says what the rule is about.
    In a rule written in another script every word in Latin letters is such a name ("מעכשיו הטסטים של ה-store רצים
    עם testcontainers-go" names store and testcontainers, which "For the store tests … no testcontainers" says); so
    are two words a rule in English and one in another Latin-script language share."""
    if _names(candidate) & _names(other):
        return True
    if _one_in_english(candidate, other) and len(_latin_terms(candidate) & _latin_terms(other)) >= 2:
        return True  # "mostantól az ingest jobok … a default queue-t ne terheld" names the "default queue" too
    if not (_OTHER_SCRIPT.search(candidate) or _OTHER_SCRIPT.search(other)):
        return False
    return bool(_latin_terms(candidate) & _latin_terms(other))


_ENGLISH_WORD = re.compile(
    r"\b(?:the|is|are|to|of|for|with|and|in|on|every|one|be|not|never|always|use|from|by)\b", re.I
)


def _one_in_english(a: str, b: str) -> bool:
    """One of two Latin-script texts is English and the other has none of its function words: two languages,
    where the words they share are the names of things (a queue, a flag, a tool)."""
    english = sorted(len(_ENGLISH_WORD.findall(text)) for text in (a, b))
    return english[0] == 0 and english[1] >= 2


def _mostly_one_in_english(a: str, b: str) -> bool:
    """As `_one_in_english`, where the other language may have one word English writes too (Lithuanian "be",
    without; Dutch "is"): two languages all the same when the English one has more."""
    english = sorted(len(_ENGLISH_WORD.findall(text)) for text in (a, b))
    return english[0] <= 1 and english[1] >= 2 and english[1] > english[0]


# Every script but Latin that people write rules in: Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic scripts
# and Sinhala, Thai, Lao, Burmese, Georgian, Ethiopic, Khmer, kana, Han, Hangul
_OTHER_SCRIPT = re.compile(
    r"[\u0370-\u03ff\u1f00-\u1fff\u0400-\u04ff\u0530-\u058f\u0590-\u06ff\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f"
    r"\u10a0-\u10ff\u1200-\u137f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)


def _latin_terms(text: str) -> set[str]:
    """Words in Latin letters, hyphenated ones also by their parts, of four letters or more and no filler."""
    words = {p for w in _latin_names(text) for p in (w, *w.split("-"))}
    return {fold_word(w) for w in words if len(w) >= 4 and w not in FILLER and w not in ASSERTORS | NEGATORS}


def takes_back(candidate: str, other: str) -> bool:
    """The candidate takes back what `other` names: "scrap slog, we log with zap now" names "slog", which "log
    with slog in JSON" asserts ("забудь про named routes, …" and "… named routes only" alike)."""
    named = retracted_names(candidate)
    return bool(named & {p for w in _WORD.findall(other.lower()) for p in (w, *w.split("-"))})


def retracted_names(candidate: str) -> set[str]:
    """The words right after what takes a rule back ("forget", "scrap", "забудь про"), but its own words."""
    taken = RETRACTS.search(candidate)
    if taken is None:
        return set()
    # up to the clause's end: "vergeet die --exclude slow, draai voortaan …" takes back "--exclude slow", not "draai"
    after = re.split(r"[,;，；]", candidate[taken.end() : taken.end() + 30], maxsplit=1)[0]
    said = _WORD.findall(candidate[taken.start() : taken.end()] + after)
    # a short name counts when it is written as one ("Moq", "SQS"), not a short word ("the", "die", "per")
    named = {
        part.lower()
        for w in said[:6]
        for part in (w, *w.split("-"))
        if len(part) >= 4 or (len(part) == 3 and part != part.lower())
    }
    return named - RETRACTION_WORDS - FILLER  # not "from" of "drop the feat:/fix: prefixes from now on"


def _names(text: str) -> set[str]:
    """Capitalised or code-like words after the first (the first is capitalised as a sentence's start)."""
    words = text.split()[1:]
    return {
        word.strip(".,;:!?()`'\"").lower()
        for word in words
        if _NAME.fullmatch(word.strip(".,;:!?()`'\"")) and not word.strip(".,;:!?()`'\"").isupper()
    }


def _latin_names(text: str) -> set[str]:
    return {name.lower() for name in _LATIN_NAME.findall(text)}


# A name from code: a file, a path, a dotted or snake_case identifier, camelCase, a decorator or an annotation
_CODE_TOKEN = re.compile(r"@[A-Za-z]\w*|[\w.-]*\w[./_][\w./-]*\w|(?<![\w.])\.[A-Za-z]\w+|[a-z]+[A-Z]\w*")


def code_tokens(text: str) -> set[str]:
    """The names from code in a text, lower-cased: files, paths, dotted and snake_case names, @names."""
    return set(_CODE_TOKEN.findall(text.lower()))


def same_code_names(candidate: str, other: str) -> bool:
    """Two texts naming things from code restate each other only when they name one of the same ("always commit
    dvc.lock with the code that made it" is not "strip the notebooks' outputs before a commit", though e5 puts the
    two Tagalog sentences at 0.92): a name one of them has and the other lacks, with none in common, is another
    rule. A name within another counts (".venv" in ".venv/bin/python"). Both ways: a restatement that leaves out the
    file the rule names is kept as a rule of its own, a near duplicate, where the other way round a different rule
    was dropped. Over 53 corpora (`bench/learning_offline.py`): read rules missing from the rule files at the end
    14 -> 11 of 594, compatible pairs kept 55 -> 56/79, nothing else moved."""
    mine, theirs = (code_tokens(text) for text in (candidate, other))
    if not mine and not theirs:
        return True
    return any(a in b or b in a for a in mine for b in theirs)
