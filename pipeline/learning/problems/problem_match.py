"""Which known problem a person's sentence is about, and which earlier sentence it restates.

1. References. "alembic still has the two heads", "I think it's the alembic thing again", "three different
   failures in ten days: the coupon midnight test, the daily report, the invoice due dates": the person names
   a problem seen before by its own words. A known problem's vocabulary is made of its anchors and keys
   (test names split at `_`, exception names, module path parts, the words of its error messages); a
   sentence refers to it when it shares at least two *distinctive* words with it (words few problems share),
   or one word no other problem has and says it recurred ("again", "same", "once more"). A sentence naming
   several problems joins them: that is the person saying they are one thing. Another project's problem is
   named only with a word that says it recurred ("same as the failing go test"). What the sentence sets apart
   ("… again, not my importer") is not named; nor are the words every error message is made of ("named",
   "found", "invalid").
2. Gist. Corrections come back in other words ("No, always use Decimal for money" … "I told you last week,
   use Decimal for money amounts"). With the embedding model, a sentence takes the key of the closest earlier
   one when their cosine clears GIST_COSINE (e5-small, "query:" on both: paraphrases 0.90–0.95, unrelated
   corrections 0.83–0.87 on the scenario corpus); without it, when they share most content words.
Pure: vectors are computed by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pipeline.agent.speech.unread_languages import AGAIN

GIST_COSINE = 0.89
# Two sentences that share no content word (each with two or more) restate each other only nearer than this:
# corrections on different subjects in one language sit at 0.88-0.91 for the model (held out 69's Catalan "no, …"
# three times, one false pattern). Over the 71 corpora (`bench/problem_replay.py`) only that pattern went.
GIST_COSINE_NO_WORD = 0.93
GIST_JACCARD = 0.5
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_CAMEL = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?=[A-Z][a-z]|$)")
_HEXISH = re.compile(r"(?=[a-z]*\d)[0-9a-f]{6,}")
_RECURRED = re.compile(
    # "same" of a failure ("same error", "same story", "same as …"), not of a thing ("orders of the same shop")
    r"\b(?:again|same(?!\s+(?!(?:thing|error|issue|problem|failure|bug|crash|story|panic|timeout|as|here|again|"
    r"one|way|test|message|trace)\b)[a-z]+\b)|once more|third time|back again|is back|recurr\w*|properly|for good|"
    r"for real|"
    r"once and for all|finally|follow[- ]?up|otra vez|de nuevo|de una vez|wieder|endlich|encore|pour de bon|"
    # Indonesian: again ("merah lagi", "lagi-lagi"), seriously now, for good, one problem, one source
    r"(?:merah|gagal|error|crash|kosong|muncul|kambuh|rusak) lagi|lagi-lagi|kambuh|serius|beneran|tuntas|"
    r"satu masalah|sumbernya satu|masalah yang sama|"
    # Hinglish: again, the same problem, properly
    r"phir se|fir se|wahi (?:problem|issue|error|cheez)|same (?:problem|issue|cheez)|properly|theek se)\b|"
    r"อีกแล้ว|อีกครั้ง|เหมือนเดิม|แก้ให้จบ|"
    # Arabic (and Arabizi) and Hebrew: again, once more ("بيفشل تاني", "wa2ef tany", "נופל שוב")
    r"تاني(?!ة)|مر[ةه] تاني[ةه]|\btan[iy]\b|שוב|עוד פעם|"
    # Greek and Greeklish: again, the same, once and for all, properly ("πάλι σκάει", "ξανά", "να το λύσουμε σωστά")
    r"دوباره|باز هم|هنوز هم|\bdobare\b|\bna naman\b|\bulit\b|\bpa rin\b|"
    r"π[άα]λι|ξαν[άα]|το [ίι]διο|μια και κα(?:λ[ήη]|λη)|οριστικ[άα]|σωστ[άα]|\bpali\b|\bksana\b|"
    r"又|还是|彻底|また|まだ|再び|相変わらず|の続き|"
    # Dutch: again, once more, still
    r"\b(?:weer|alweer|opnieuw|wederom|nog steeds)\b|"
    # Ukrainian: again, once more, finally, for good, the same, all one thing
    r"(?<!\w)(?:знову|ще раз|нарешті|остаточно|раз і назавжди|(?:одне й|одне і) те саме|те ж саме|те саме|"
    r"все через одне|все одне)(?!\w)",
    re.IGNORECASE,
)
_STOP_WORDS = (
    "test tests testing error errors fail fails failed failing failure failures exception assert "
    "assertion true false none value values type types file files line lines self expected unexpected "
    "with from this that when have been does not the and for are was were will would could should can "
    "into than then them they there their these those what which while where who why how all any some one "
    "two three ten last week today again still same thing things just also only very really about after "
    "before being here unit integration src lib main app core util utils helper helpers base init module "
    "script class object function return call raise site packages python http https www com run runs "
    "running think sure fairly different days time times setup teardown given present please want need "
    "now new old get got make made first second third next newest oldest latest properly proper real "
    "actually fixed fix add added show shown used using has had off out over under onto upon per argu adding "
    "local want wants named found exist exists unable cannot invalid unknown "
    # what is left of a contraction ("doesn't" -> "doesn"): a word of every complaint, naming nothing
    "doesn didn don isn aren wasn weren won wouldn couldn shouldn hasn haven hadn can ain even"
)
# "it's the report snapshot again, not my importer": what the person sets apart is not what they talk about
_SET_APART = re.compile(
    r"\b(?:not\s+(?:my|the|our|your|a|an|this|that|its|his|her)|(?:rather than|instead of|unlike)"
    r"(?:\s+(?:my|the|our|your|a|an|this|that|its|his|her))?)\s+[\w.-]+(?:\s+(?!(?:but|and|or|again|either)\b)[\w.-]+)?",
    re.IGNORECASE,
)
_STOP = frozenset(_STOP_WORDS.split())
MIN_WORDS_OUTSIDE = 3


@dataclass(frozen=True, slots=True)
class KnownProblem:
    pattern_id: str
    anchors: tuple[str, ...]
    keys: tuple[str, ...]  # the normalised keys of its (non-correction) signals
    projects: tuple[str, ...] = ()  # where it was seen; empty: anywhere


@dataclass(frozen=True, slots=True)
class Said:
    """An earlier sentence of the person's, with the key its signal was logged under."""

    key: str
    text: str
    vector: np.ndarray | None = None


def words_of(text: str) -> set[str]:
    """Lower-cased content words, identifiers split (`test_coupon_expires` -> coupon, expires; `CommitFailedError`
    -> commitfailederror, commit), a plural `s` folded."""
    out: set[str] = set()
    for raw in _WORD.findall(text.replace("_", " ")):
        parts = [raw, *_CAMEL.findall(raw)] if any(c.isupper() for c in raw[1:]) else [raw]
        for part in parts:
            word = _fold(part.lower())
            if len(word) >= 3 and word not in _STOP and not _HEXISH.fullmatch(word):
                out.add(word)
    return out


def vocabulary(problem: KnownProblem) -> set[str]:
    # Why not `node:` anchors: they are hashes, the problem's name for itself, not words anyone says.
    named = [a.split(":", 1)[-1] for a in problem.anchors if not a.startswith("node:")]
    text = " ".join([*(a.replace("/", " ").replace("@", " ") for a in named), *problem.keys])
    return words_of(text)


def _own_names(problem: KnownProblem) -> set[str]:
    """The words of the problem's names that are names from code themselves (`test:Search_IgnoresAccents`,
    `exc:PrismaClientValidationError@…`), not a test's title in prose ("daily_summary() gives 24 readings per
    day"): a function named in a title is what the test calls, and asking for work beside it ("monthly_summary
    like daily_summary, per month") names no failure."""
    named = [a.split(":", 1)[-1] for a in problem.anchors if not a.startswith("node:")]
    return words_of(" ".join(n.replace("/", " ").replace("@", " ") for n in named if not any(c.isspace() for c in n)))


class ProblemIndex:
    """The known problems' vocabularies and word frequencies, computed once for many sentences."""

    def __init__(self, problems: Sequence[KnownProblem], project: str = "") -> None:
        # Why the project's name out: it is in half the identifiers of a project (`model.etl.x`, `etl_daily`),
        # so it names no problem in particular
        self.project = project
        self.ignored = words_of(project.replace("-", " "))
        self.problems = list(problems)
        self.vocabularies = [vocabulary(p) for p in self.problems]
        self.frequency: dict[str, int] = {}
        for vocab in self.vocabularies:
            for word in vocab:
                self.frequency[word] = self.frequency.get(word, 0) + 1
        self.common = max(2, len(self.problems) // 5)

    def references(self, sentence: str) -> list[str]:
        """The pattern ids of the known problems the sentence talks about (see the module docstring)."""
        said = words_of(_SET_APART.sub(" ", _outside_brackets(sentence))) - self.ignored
        if not said:
            return []
        recurred = bool(_RECURRED.search(sentence) or AGAIN.search(sentence))
        found = []
        for problem, vocab in zip(self.problems, self.vocabularies, strict=True):
            shared = {w for w in said & vocab if self.frequency[w] <= self.common}
            unique = {w for w in shared if self.frequency[w] == 1}
            # Why another project's problem needs "again"/"same" and two of its words: the person links to it on
            # purpose ("the DST slots thing, same as in the api"); words two projects share say nothing, and one
            # shared word with "same" is how people join their own project's failures ("the tides test, the
            # alerts table, the muted column, I reckon it's all the same" is not the importer's missing column)
            foreign = bool(self.project and problem.projects) and not {self.project, ""} & set(problem.projects)
            if foreign:
                if recurred and len(shared) >= 2:
                    found.append(problem.pattern_id)
            elif len(shared) >= 2 or (unique and recurred):
                found.append(problem.pattern_id)
        return found

    def named(self, sentence: str, names: Sequence[str]) -> list[str]:
        """`references`, kept to the problems one of whose own names is a name from code the sentence names
        (`Search_IgnoresAccents` for the test of that name): "rewrite DoctorsView on useQuery, keep the doctors
        store for filters" names no failure of the doctors store's test, though it shares two of its words."""
        found = self.references(sentence)
        wanted = [words_of(name) - self.ignored for name in names]
        return [
            problem.pattern_id
            for problem in self.problems
            if problem.pattern_id in found and any(words and words <= _own_names(problem) for words in wanted)
        ]


_BRACKETED = re.compile(r"\([^()]*\)")


def _outside_brackets(sentence: str) -> str:
    """The sentence without what it says in brackets, when enough is left to name a problem: "… doesn't even start
    (Vlad renamed the slot picker to availability grid), same lodash-es thing" is an aside's "slot", not the slot
    test's problem; "the flaky one (test_sync_orders) again" keeps its brackets, having little else."""
    outside = _BRACKETED.sub(" ", sentence)
    return outside if len(words_of(outside)) >= MIN_WORDS_OUTSIDE else sentence


def references(sentence: str, problems: Sequence[KnownProblem], project: str = "") -> list[str]:
    """The pattern ids of the known problems the sentence talks about (one sentence; see ProblemIndex)."""
    return ProblemIndex(problems, project).references(sentence)


# A name from code in a sentence: `visitedAt`, `retryBudget`, `grad_norm`, `max_open_conns` (not a plain word)
_IDENTIFIER = re.compile(r"(?<![\w.])(?:[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w])")
MIN_IDENTIFIER = 6


def named_in_failures(sentence: str, failures: Sequence[tuple[str, str]]) -> str:
    """The one problem whose failures' messages contain a name from code the sentence uses ("fixing the
    visitedAt thing today" after a crash saying `attribute=visitedAt`), else "". `failures` are (pattern id,
    message). A name found in the failures of two problems names neither."""
    names = {n for n in _IDENTIFIER.findall(sentence) if len(n) >= MIN_IDENTIFIER}
    found: set[str] = set()
    for name in names:
        whole = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")
        found |= {pattern for pattern, message in failures if whole.search(message)}
    return next(iter(found)) if len(found) == 1 else ""


def gist_key(text: str, vector: np.ndarray | None, earlier: Sequence[Said], fallback: str) -> str:
    """The key of the earlier sentence this one restates, else `fallback` (its own normalised key)."""
    best_key, best = "", 0.0
    for item in earlier:
        if vector is not None and item.vector is not None:
            score = float(np.dot(vector, item.vector))
            mine, theirs = words_of(text), words_of(item.text)
            if len(mine) >= 2 and len(theirs) >= 2 and not mine & theirs and score < GIST_COSINE_NO_WORD:
                continue
            if score >= GIST_COSINE and score > best:
                best_key, best = item.key, score
        elif vector is None or item.vector is None:
            mine, theirs = words_of(text), words_of(item.text)
            if len(mine & theirs) >= 3:
                score = len(mine & theirs) / len(mine | theirs)
                if score >= GIST_JACCARD and score > best:
                    best_key, best = item.key, score
    return best_key or fallback


def _fold(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
