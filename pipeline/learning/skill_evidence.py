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

from pipeline.learning.failure_evidence import GENERIC_EXCEPTIONS
from pipeline.learning.problem_match import KnownProblem, vocabulary, words_of
from pipeline.learning.rule_lifecycle import forbidden_terms, stance_words

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
