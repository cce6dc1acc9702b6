"""Whether a new rule (or lesson) is new, restates one already kept, or reverses or changes one.

Character overlap cannot tell these apart: "Always push to main directly" and "Never push to main directly"
share nearly every character, "money must always be a Decimal, never a float" and "Always use Decimal for
money amounts" share few. So each text gets a **stance** (`rule_stance.py`): the terms it asserts (after always,
use, is, only, must) and the terms it rejects (after never, no, not, don't, instead of).
- A **reversal** is a term one text asserts and the other rejects, with the same word before it in both
  ("use Decimal" vs "never Decimal"; but "no naive datetimes" vs "timezone-aware datetimes" is no reversal:
  the rejected thing is naive ones). A **changed value** is the same sentence with one number or version
  changed ("port 8080" -> "port 9090"). Either, between texts on the same topic, supersedes the old one.
- A **replacement in other words** ("always use Decimal for money" … "from now on prices are stored as integer
  cents", "金额一律用 Decimal" … "以后金额改成用整数分存") shares no term with the old rule. It supersedes it
  when the new text says it replaces something (`speech/rule_changes.REPLACES`: from now on, instead, no longer,
  switched to, 以后, 改成, 不再, ab jetzt, statt, a partir de ahora, désormais …; in languages without a reader
  `directive_words.OTHER_REPLACES`), does not say it adds to it (`ADDS`: too, also,
  as well, 也, 还要, auch …), and is about the same subject: the old rule is the one in force closest to it in
  meaning, by the embedding model's cosine after taking away what all rules share (the centroid of the rules
  in force and of `GENERIC_RULES`), which works across languages. A **permission** ("you may push your branches
  yourself once …", "det er lov å …": `rule_changes.PERMITS`) replaces only a rule that forbade or held back what it
  permits (`FORBIDS`), sharing a word with it, the nearest of those in meaning. Two rules on one subject that do not
  contradict each other ("always use Decimal for money", "round money half-even") are both kept.
- A **restatement** is a text on the same topic with no reversal: the embedding model's cosine clears
  SAME_TOPIC_COSINE and the texts share content words, or (no model) their content words mostly overlap.
Same topic: cosine >= SAME_TOPIC_COSINE (e5-small, "query:" on both: restatements 0.91–0.95, reversals
0.91–0.97, different rules 0.83–0.86 on the scenario corpus), or without the model a reversed term plus
another shared content word. Pure: the caller hands in the similarity functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pipeline.agent.speech.rule_changes import (
    ADDS,
    FORBIDS,
    MIXED_LANGUAGES,
    PERMITS,
    REPLACES,
    RETRACTION_WORDS,
    RETRACTS,
)
from pipeline.learning.lessons import similarity, trigrams
from pipeline.learning.rules.directive_words import OTHER_FORBIDS, OTHER_PERMITS, OTHER_REPLACES
from pipeline.learning.rules.rule_stance import (
    ASSERTORS,
    FILLER,
    NEGATORS,
    Stance,
    changed_value,
    fold_word,
    reversed_terms,
    stance,
)

SAME_TOPIC_COSINE = 0.89
SURE_COSINE = 0.93
SAME_SUBJECT = 0.15  # centred cosine: different subjects <= ~0.2, replacements 0.1-0.7 (bench/rule pairs)
SUBJECT_MARGIN = 0.05  # over the next closest rule in force
NAME_BONUS = 0.15  # a replacement that names the thing the old rule names (see _shared_names)
CROSS_COSINE = 0.86  # a restatement in another script: the raw cosine, and the centred one
CROSS_SUBJECT = 0.3
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_CJK_OR_KANA = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_LATIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.+#-]{2,}")
_WORD = re.compile(r"[^\W\d_][\w.+#-]*")
_NAME = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*|[a-z]+[A-Z]\w*|\w+[._]\w+(?:[._]\w+)*")
# What rules look like in general: part of the centroid, so that a home with few rules is compared on what is
# particular to them.
GENERIC_RULES = (
    "always run the tests before committing",
    "never push straight to main",
    "use the logger, not print",
    "keep functions small",
    "write commit messages in English",
    "format the code before every commit",
    "don't edit generated files by hand",
    "prefer composition over inheritance",
    "以后提交前先跑测试",
    "不要直接改生成的文件",
    "ab jetzt immer mit --locked bauen",
    "siempre usa async/await",
)


def about(text: str) -> str:
    """The text without the words that say it replaces a rule ("from now on", "இனிமே", "instead of"): what it is
    about. Compared whole, two replacements sit near each other by those words alone (a Tamil "from now on, no full
    build before a commit" scored 0.39 against another Tamil "from now on" rule on migrations, 0.26 against the
    English rule on the build it replaces), and a replacement's subject is what it changes."""
    stripped = " ".join(OTHER_REPLACES.sub(" ", REPLACES.sub(" ", text)).split()).strip(" ,;:.-")
    return stripped if len(stripped.split()) >= 2 else text


@dataclass(frozen=True, slots=True)
class Verdict:
    action: str  # add | duplicate | supersede
    other: str | None = None  # the existing text it restates or supersedes
    reason: str = ""


def judge(
    candidate: str,
    current: Sequence[str],
    similar: Callable[[str, str], float | None],
    subject: Callable[[str, str], float | None] | None = None,
    rivals: Sequence[str] = (),
) -> Verdict:
    """What to do with `candidate` given the `current` (not superseded) texts. `similar(a, b)` returns the
    embedding cosine, `subject(a, b)` the centred one (see the module docstring); either returns None when the
    model is not available. `rivals`: the person's rules in force in their other file (MEMORY.md's for a
    project's, the project's for MEMORY.md's): never superseded from here, but a replacement whose subject is
    nearer one of them, or as near, names no rule of this file."""
    mine = stance(candidate)
    best: Verdict | None = None
    if any(" ".join(o.lower().split()) == " ".join(candidate.lower().split()) for o in current):
        return Verdict("duplicate", candidate, "the same text")
    # Why first: a replacement is often close to the old rule in meaning ("log with print in scripts" … "scripts
    # log through the logging module now"), and would pass for a restatement.
    if subject is not None and (replaced := replaced_in_other_words(candidate, current, subject, rivals)):
        return Verdict("supersede", replaced, "replaces it in other words")
    if subject is not None and (flipped_near := _reversed_nearest(candidate, mine, current, subject, rivals)):
        other, flipped = flipped_near
        return Verdict("supersede", other, f"reverses '{', '.join(flipped)}'")
    adds = bool(ADDS.search(candidate))
    for other in current:
        theirs = stance(other)
        cosine = similar(candidate, other)
        shared = mine.words & theirs.words
        flipped = reversed_terms(mine, theirs)
        overlap = len(shared) / max(1, min(len(mine.words), len(theirs.words)))
        same_topic = (cosine is not None and cosine >= SAME_TOPIC_COSINE) or (
            cosine is None and bool(flipped) and len(shared - set(flipped)) >= 1
        )
        if changed_value(candidate, other) or (flipped and same_topic):
            reason = f"reverses '{', '.join(flipped)}'" if flipped else "changes a value"
            return Verdict("supersede", other, reason)
        restates = (
            _restates(candidate, other, cosine, overlap, shared) or _restates_across(candidate, other, cosine, subject)
        ) and _same_code_names(candidate, other)
        # "… too" adds to a rule unless it says the very same thing
        if best is None and restates and (not adds or (cosine is not None and cosine >= SURE_COSINE)):
            best = Verdict("duplicate", other, "restates it")
    return best or Verdict("add")


def _reversed_nearest(
    candidate: str,
    mine: Stance,
    current: Sequence[str],
    subject: Callable[[str, str], float | None],
    rivals: Sequence[str] = (),
) -> tuple[str, list[str]] | None:
    """The rule in force that `candidate` reverses a term of ("no printk in driver code" … "just use printk for
    debug output") when it is also the rule closest to it in subject: the model can put the two under
    SAME_TOPIC_COSINE (they share one word and say opposite things around it), while the rule nearest in
    subject that asserts what the candidate rejects is the one it overturns."""
    flips = {other: flipped for other in current if (flipped := reversed_terms(mine, stance(other)))}
    if not flips:
        return None
    scored = sorted(
        ((value, other) for other in [*current, *rivals] if (value := subject(candidate, other)) is not None),
        reverse=True,
    )
    if not scored or scored[0][1] not in flips or scored[0][0] < SAME_SUBJECT:
        return None
    return scored[0][1], flips[scored[0][1]]


def distinct(texts: Sequence[str], similar: Callable[[str, str], float | None]) -> list[str]:
    """`texts` without the ones that restate another of them, the fuller wording kept in the place of the first
    ("no pkg/errors pls. we wrap errors with fmt.Errorf and %w, no pkg/errors": one rule). Why: people often say
    a rule twice in one message, and a session's summary is read by people. Reversals are all kept: the
    lifecycle decides between them in order."""
    kept: list[str] = []
    for text in dict.fromkeys(texts):
        verdict = judge(text, kept, similar)
        other = verdict.other if verdict.action == "duplicate" else next((k for k in kept if _within(text, k)), None)
        if other is not None:
            if len(text) > len(other):
                kept[kept.index(other)] = text
            continue
        kept.append(text)
    return kept


def _within(a: str, b: str) -> bool:
    """The shorter of two texts asserts and rejects nothing the longer does not, the same way round ("no
    lodash pls" within "we use the array methods, no lodash"; "use tabs" not within "never use tabs in YAML")."""
    short, long = sorted((stance(a), stance(b)), key=lambda s: len(s.words))
    asserted, rejected = {t for t, _ in short.asserted}, {t for t, _ in short.rejected}
    if not asserted | rejected:
        return False
    return asserted <= {t for t, _ in long.asserted} and rejected <= {t for t, _ in long.rejected}


def replaced_in_other_words(
    candidate: str, current: Sequence[str], subject: Callable[[str, str], float | None], rivals: Sequence[str] = ()
) -> str | None:
    """The rule in force that `candidate` replaces without repeating its words (see the module docstring)."""
    retracts = bool(RETRACTS.search(candidate))
    replaces = bool(REPLACES.search(candidate) or OTHER_REPLACES.search(candidate))
    if not (replaces or retracts) and (PERMITS.search(candidate) or OTHER_PERMITS.search(candidate)):
        # Why only those: a permission lifts a prohibition or a hold ("do not push; I push myself" … "you may push
        # your branches yourself"); beside a rule that asks for something it adds, and replaces nothing
        permitted = _CONDITION.split(candidate, maxsplit=1)[0]
        current, rivals = (
            [o for o in texts if (FORBIDS.search(o) or OTHER_FORBIDS.search(o)) and _terms(permitted) & _terms(o)]
            for texts in (current, rivals)
        )
        if len(current) == 1 and not rivals and (value := subject(candidate, current[0])) is not None and value >= 0:
            # The one rule that forbids what is permitted, by name: that is the subject, even where the model puts
            # the two apart ("you may push your feature branches …" beside "commit, but do not push …": 0.03)
            return current[0]
        replaces = True
    if not (replaces or retracts) or (ADDS.search(candidate) and not retracts) or not current:
        return None
    if not retracts and _only_stops(candidate):
        # "mypy --strict でエラーが残ったままコミットするのはやめてください" beside "… が通らないコードは
        # コミットしないで": asked to stop doing something, and nothing else, is a prohibition; beside a rule that
        # already forbids, it says it again, and it replaces only a rule that asks for what it stops
        current, rivals = (
            [other for other in texts if not (FORBIDS.search(other) or OTHER_FORBIDS.search(other))]
            for texts in (current, rivals)
        )
        if not current:
            return None
    # (the subject's value, the rule, whether the candidate takes it back by name): each worked out once
    judged = [
        (value, other, _takes_back(candidate, other))
        for other in [*current, *rivals]
        if _may_share_subject(candidate, other) and (value := subject(candidate, other)) is not None
    ]
    if not any(other in current for _, other, _ in judged):
        return None
    # Why first: "lascia perdere SQLite, d'ora in poi …" takes back the one rule that names SQLite, however near
    # in meaning a rule in its own language sits
    taken = [(value, other) for value, other, takes in judged if takes]
    if len(taken) == 1 and taken[0][0] >= 0.0:
        return taken[0][1] if taken[0][1] in current else None
    alone = _named_alone(candidate, [other for _, other, _ in judged])
    scored = sorted(
        (
            (value + (NAME_BONUS if takes or other in alone or _shared_names(candidate, other) else 0.0), other)
            for value, other, takes in judged
        ),
        reverse=True,
    )
    value, other = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else -1.0
    if not taken and _retracted_names(candidate) and not _shared_names(candidate, other):
        # Why: "Forget Sail for the test runs, …" takes back a rule about Sail; when none in force names it (the
        # rule was never recorded), the nearest rule on tests, which names nothing it names, is not the one
        return None
    near = value >= SAME_SUBJECT and value - runner_up >= SUBJECT_MARGIN
    return other if near and other in current else None


# Where a permission's condition begins ("you may push … yourself once the Android build is green"): what it
# permits is said before it
_STOP = re.compile(r"stop \w+ing|やめて", re.IGNORECASE)


def _only_stops(candidate: str) -> bool:
    """Whether all that says the candidate replaces a rule is a "stop doing it", with nothing said after it."""
    markers = [m.group(0) for m in REPLACES.finditer(candidate)] + [
        m.group(0) for m in OTHER_REPLACES.finditer(candidate)
    ]
    last = max((m.end() for m in _STOP.finditer(candidate)), default=-1)
    rest = candidate[last:] if last >= 0 else ""
    return bool(markers) and all(_STOP.fullmatch(m) for m in markers) and not re.search(r"[,;、，；]", rest)


_CONDITION = re.compile(r"\b(?:once|when|whenever|after|if|as long as|provided|but)\b|[,;:(]", re.IGNORECASE)


def _terms(text: str) -> set[str]:
    """Content words of four letters or more in any script, hyphenated ones also by their parts, folded (unlike
    `_latin_terms`, which keeps only the names in Latin letters a rule in another script shares with English)."""
    words = {p for w in _WORD.findall(text.lower()) for p in (w, *w.split("-"))}
    return {fold_word(w) for w in words if len(w) >= 4 and w not in FILLER and w not in ASSERTORS | NEGATORS}


def _may_share_subject(candidate: str, other: str) -> bool:
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
    words in Latin letters amid another script (`_shared_names`, without its two-words-across-languages reading,
    which two Romanian sentences sharing "de fiecare data" pass), or the candidate takes back a word `other` says
    (`_takes_back`)."""
    if _names(candidate) & _names(other) or _takes_back(candidate, other):
        return True
    # amid another script, two Latin words: one ("gold") is as often a word of the task the old sentence set
    other_script = _OTHER_SCRIPT.search(candidate) or _OTHER_SCRIPT.search(other)
    return bool(other_script and len(_latin_terms(candidate) & _latin_terms(other)) >= 2)


def _named_alone(candidate: str, others: Sequence[str]) -> set[str]:
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


def _shared_names(candidate: str, other: str) -> bool:
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


def _takes_back(candidate: str, other: str) -> bool:
    """The candidate takes back what `other` names: "scrap slog, we log with zap now" names "slog", which "log
    with slog in JSON" asserts ("забудь про named routes, …" and "… named routes only" alike)."""
    named = _retracted_names(candidate)
    return bool(named & {p for w in _WORD.findall(other.lower()) for p in (w, *w.split("-"))})


def _retracted_names(candidate: str) -> set[str]:
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
    return named - RETRACTION_WORDS


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


def _same_code_names(candidate: str, other: str) -> bool:
    """Two texts naming things from code restate each other only when they name one of the same ("always commit
    dvc.lock with the code that made it" is not "strip the notebooks' outputs before a commit", though e5 puts the
    two Tagalog sentences at 0.92): a name one of them has and the other lacks, with none in common, is another
    rule. A name within another counts (".venv" in ".venv/bin/python"). Both ways: a restatement that leaves out the
    file the rule names is kept as a rule of its own, a near duplicate, where the other way round a different rule
    was dropped. Over 53 corpora (`bench/learning_offline.py`): read rules missing from the rule files at the end
    14 -> 11 of 594, compatible pairs kept 55 -> 56/79, nothing else moved."""
    mine, theirs = (set(_CODE_TOKEN.findall(text.lower())) for text in (candidate, other))
    if not mine and not theirs:
        return True
    return any(a in b or b in a for a in mine for b in theirs)


def _restates_across(
    candidate: str, other: str, cosine: float | None, subject: Callable[[str, str], float | None] | None
) -> bool:
    """The same rule in two scripts (Chinese and a Latin-script language), where no word can be shared."""
    if cosine is None or subject is None or (_CJK.search(candidate) is None) == (_CJK.search(other) is None):
        return False
    centred_cosine = subject(candidate, other)
    return cosine >= CROSS_COSINE and centred_cosine is not None and centred_cosine >= CROSS_SUBJECT


def _restates(candidate: str, other: str, cosine: float | None, overlap: float, shared: frozenset[str]) -> bool:
    if cosine is not None:
        return cosine >= SURE_COSINE or (cosine >= SAME_TOPIC_COSINE and overlap >= 0.3)
    jaccard, containment = similarity(trigrams(candidate), trigrams(other))
    return jaccard >= 0.6 or containment >= 0.8 or (len(shared) >= 3 and overlap >= 0.5)


def conflicts(texts: Sequence[str]) -> list[tuple[str, str, list[str]]]:
    """Pairs of texts in force that contradict each other: a reversed term and another shared content word, or
    several reversed terms, or one sentence with always/never flipped (what `judge` would have superseded had
    they come one after the other, e.g. when both were written by hand)."""
    stances = [stance(text) for text in texts]
    found = []
    for i, a in enumerate(stances):
        for j in range(i + 1, len(stances)):
            b = stances[j]
            flipped = reversed_terms(a, b)
            if flipped and (
                (a.words & b.words) - set(flipped) or len(flipped) > 1 or changed_value(texts[j], texts[i])
            ):
                found.append((texts[i], texts[j], flipped))
    return found
