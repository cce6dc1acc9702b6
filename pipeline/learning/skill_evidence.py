"""The evidence a generated skill is built from, gathered for one recurring problem. Pure.

- **Triggers**: the problem's own nouns: specific exception names (`CommitFailedError`), the words of its
  failing tests and of the modules it failed in, and the words the person used for it ("kafka", "heads"),
  keeping only words no other known problem has. So "show the order history page" never triggers the Kafka
  skill because `order` names half the shop's tests, and boilerplate ("recurring", "again", "failed", "secs")
  never gets in.
- **Fixes**: the problem's `resolution` events (sessions that hit it and then ended in success with a check
  passing), newest first.
- **What applies**: the lessons (MEMORY.md) and rules (rules.md) in force that share two of the problem's
  words.
- **Contradictions**: a fix step that does what a rule in force forbids ("never Decimal", "never push
  straight to main") keeps the skill from being written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from pipeline.learning.problems.failure_evidence import GENERIC_EXCEPTIONS
from pipeline.learning.problems.problem_match import KnownProblem, vocabulary, words_of
from pipeline.learning.rules.rule_stance import forbidden_terms, stance_words

MAX_TRIGGERS = 16
MAX_APPLYING = 6
_SPECIFIC_EXCEPTION = re.compile(r"^exc:([A-Z]\w*)$")


def triggers(problem: KnownProblem, own_words: Sequence[str], others: Sequence[KnownProblem]) -> list[str]:
    """Trigger words of `problem` (see the module docstring): its specific exceptions first, then the words
    that recur most across its own evidence (anchors, failure keys, what the person said about it)."""
    taken: set[str] = set()
    for other in others:
        if other.pattern_id != problem.pattern_id:
            taken |= vocabulary(other)
    out: list[str] = []
    for anchor in problem.anchors:
        if match := _SPECIFIC_EXCEPTION.match(anchor):
            out.append(match.group(1).lower())
    documents = [
        *(words_of(a.split(":", 1)[-1].replace("/", " ").replace("@", " ")) for a in problem.anchors),
        *(words_of(key) for key in problem.keys),
        *(words_of(said) for said in own_words),
    ]
    counts: dict[str, int] = {}
    for words in documents:
        for word in words:
            counts[word] = counts.get(word, 0) + 1
    generic = {name.lower() for name in GENERIC_EXCEPTIONS}
    usable = [w for w in counts if w not in taken and w not in generic and len(w) >= 4 and not w.isdigit()]
    ranked = sorted(usable, key=lambda w: (-counts[w], len(w), w))
    return list(dict.fromkeys([*out, *ranked]))[:MAX_TRIGGERS]


def applying(problem: KnownProblem, own_words: Iterable[str], knowledge: Iterable[str]) -> list[str]:
    """The lessons and rules in force that share at least two of the problem's words."""
    words = vocabulary(problem) | words_of(" ".join(own_words))
    found = [item for item in knowledge if len(words_of(item) & words) >= 2]
    return list(dict.fromkeys(found))[:MAX_APPLYING]


def contradiction(step_texts: Iterable[str], rules: Iterable[str]) -> str | None:
    """The first rule in force that a step does what it forbids, or None."""
    steps = [stance_words(text) for text in step_texts]
    for rule in rules:
        for forbidden in forbidden_terms(rule):
            if forbidden and any(forbidden <= words for words in steps):
                return rule
    return None


MAX_NAME_WORDS = 3
_NAME_NOISE_WORDS = (
    "failed fail fails failing error errors exception timeout timed issue problem assert assertion expected got "
    "none true false present given argument specific target please unknown cannot could would should value "
    "result results return returned called raised line file module test tests check checks run runs"
)
_NAME_NOISE = frozenset(_NAME_NOISE_WORDS.split())


def name_words(
    problem: KnownProblem, said: Sequence[str], others: Sequence[KnownProblem], fixed: Sequence[str] = ()
) -> list[str]:
    """The words a person would name the problem by, at most MAX_NAME_WORDS, in reading order.

    A word counts once per kind of evidence that uses it (the places it failed in, the person's words for it
    and what fixed it count fully, though what fixed it only confirms a word the rest uses; its tests and
    messages, which name instances rather than the thing, count half), so what the problem is *about*
    ("alembic" in the module, the command that fixed it and the person's "the alembic thing again") beats what
    one chatty test name repeats; words the other known problems use count for less, and error boilerplate
    never counts. The person's own name for it ("the kafka consumer tests again") wins when it names what the
    evidence is about."""
    places = [a.split("@", 1)[1] for a in problem.anchors if "@" in a]
    sources = {
        "tests": [a[5:] for a in problem.anchors if a.startswith("test:")],
        "places": [p.replace("/", " ") for p in places],
        "messages": [*problem.keys, *(a[4:].split("@")[0] for a in problem.anchors if a.startswith("exc:"))],
        "said": list(said),
        "fixed": list(fixed),
    }
    weight = {"tests": 0.5, "places": 1.0, "messages": 0.5, "said": 1.0, "fixed": 1.0}
    kinds: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    position = 0
    for kind, texts in sources.items():
        for text in texts:
            for word in _ordered_words(text):
                position += 1
                first.setdefault(word, position)
                kinds.setdefault(word, set()).add(kind)
                counts[word] = counts.get(word, 0) + 1
    taken: dict[str, int] = {}
    for other in others:
        if other.pattern_id != problem.pattern_id:
            for word in vocabulary(other):
                taken[word] = taken.get(word, 0) + 1
    generic = {name.lower() for name in GENERIC_EXCEPTIONS}
    usable = [
        w
        for w in kinds
        if w not in _NAME_NOISE
        and w not in generic
        and len(w) >= 3
        and not any(ch.isdigit() for ch in w)
        and kinds[w] != {"fixed"}  # a fix can serve several problems: it confirms a name, never makes one
    ]

    def rank(word: str) -> tuple[float, float, int, str]:
        spread = sum(weight[kind] for kind in kinds[word])
        return (-spread / (1 + taken.get(word, 0)), -counts[word], first[word], word)

    ranked = sorted(usable, key=rank)
    top = set(ranked[: 2 * MAX_NAME_WORDS])  # a name the person gave need only be about the evidence
    # The person's own name for it ("the kafka consumer tests again", "the alembic thing"), when it is about
    # what the evidence is about
    named = [[w for w in _ordered_words(phrase) if w in usable] for phrase in _named_by_person(said)]
    named = [words for words in named if words and top & set(words)]
    if named:
        words = max(named, key=lambda words: sum(-rank(w)[0] for w in words[:MAX_NAME_WORDS]))[:MAX_NAME_WORDS]
        about = next((w for w in ranked if w not in words), None)
        if len(words) == 1 and about:  # "the heads thing": with what else it is about, "alembic"
            words = sorted([about, *words], key=lambda w: first[w])
        return words
    chosen = ranked[:2]
    return sorted(chosen, key=lambda w: first[w])


_PERSON_NAMES_IT = re.compile(
    r"\bthe ((?:[a-z][\w-]* ){0,2}[a-z][\w-]*) (?:tests?|thing|problem|issue|error|failure|flake|bug|mess|again)\b",
    re.IGNORECASE,
)


def _named_by_person(said: Sequence[str]) -> list[str]:
    """Noun phrases the person used for the problem."""
    phrases = (m.group(1) for text in said for m in _PERSON_NAMES_IT.finditer(text))
    # "the same heads thing", "the usual kafka flake": the filler says it recurs, it does not name it
    named = (" ".join(w for w in phrase.split() if w.lower() not in _FILLER) for phrase in phrases)
    return list(dict.fromkeys(phrase for phrase in named if phrase))


_FILLER = frozenset(
    [
        "same",
        "usual",
        "old",
        "other",
        "whole",
        "this",
        "that",
        "rest",
        "of",
        "one",
        "ones",
        "stupid",
        "damn",
        "annoying",
    ]
)


def _ordered_words(text: str) -> list[str]:
    """The text's words in reading order, as `words_of` folds them."""
    out = []
    for raw in re.findall(r"[A-Za-z][A-Za-z0-9]+", text.replace("_", " ")):
        for word in words_of(raw):
            out.append(word)
    return out
