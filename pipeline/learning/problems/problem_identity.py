"""Which known problem a new failure, or a sentence about one, is: by its anchors and the meaning of its evidence.

A flaky test fails with a timeout one day, a refused connection the next and a wrong row count the week after;
a person calls it "the sync test" in one session and "同步测试" in another. Strings do not carry over, so a
failure's identity is:
- its **anchors** (the same failing test, the same specific exception from the same module: these join in the
  `signal_patterns` projection by themselves),
- the **meaning of its evidence**: a normalised description (the failing tests in words, the message without
  numbers and paths, the errors, the files, the command) embedded by the multilingual model the daemon already
  loads for search, compared with the descriptions of the known problems' nodes, and
- what the **agent said caused it** in the turn after it (`failure_cause.py`): one root cause seen as a crash, a
  wrong sum and a bad sort is explained alike each time, when the failures share no word.
A new failure joins the known problem whose node it is closest to when the score clears JOIN_AT and beats the
next problem by MARGIN. The score is the better of the explanations' cosine (shifted so that CAUSE_AT meets
JOIN_AT) and the descriptions' cosine, nudged by evidence: shared facts (an error code, a file, a
generic exception where it was raised) raise it a little; two different failing tests with unrelated names
lower it, so two problems in one file tend to stay two (not always: two failures of one module's tests, run
by the same command, can read alike; bench/problem_identity_fit.py measures it). A sentence of the person's is
compared the same way, with its own thresholds (a sentence is shorter and vaguer than a failure). What joined
what, and why, is recorded in the signal (`match`), so `patterns --explain` can show it and a rebuild gives the
same patterns. Pure: vectors are computed by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

import numpy as np

from pipeline.learning.meaning import centred
from pipeline.learning.problems.failure_evidence import LINE_PREFIX

# Centred cosines (pipeline/learning/meaning.py), e5-small, "query:" on both sides; calibrated with
# bench/problem_identity_fit.py, first on the development corpora (shop, dev2: 0.40 joined no failure wrongly
# there), then on all four learning corpora, where meaning cannot separate the two cleanly: right joins score
# 0.45-0.82 (6 of 8 above 0.6), wrong ones 0.40-0.47 (a Room migration crash and a flaky view-model test naming
# the same entity, an EKS error and a Helm one, an emulator setting and a flaky test). At 0.48: 7 right, 1
# wrong (a lint failure seen twice that the truth calls a one-off); at 0.40: 8 right, 4 wrong. A wrong join
# spoils a skill, a missed one only delays it, so err on not joining. Anchors do most joining anyway.
JOIN_AT = 0.48
MARGIN = 0.05
TALK_AT = 0.42
TALK_MARGIN = 0.05
FACT_BONUS = 0.04
MAX_FACT_BONUS = 2
TEST_CONFLICT = 0.15
FILE_CONFLICT = 0.15  # two errors in the code itself (parse, syntax, type) in different files
SIMILAR_TEST_NAMES = 0.6
CAUSE_AT = 0.45  # centred cosine of two explanations that joins their failures (`failure_cause.py`, measured there)

# An error in the code itself, found before it runs: a parse, syntax, type or compile error
_STATIC = re.compile(
    r"\bParse Error\b|\bSyntaxError\b|\bsyntax error\b|\bIndentationError\b|\berror TS\d{4,5}\b|\berror\[E\d{4}\]|"
    r"\bcannot find symbol\b|\bCompileError\b|\bcompilation failed\b",
    re.IGNORECASE,
)
_HEX = re.compile(r"\b(?:0x)?[0-9a-f]{7,}\b", re.IGNORECASE)
_NUMBER = re.compile(r"\b\d+(?:[.:]\d+)*\b")
_PATH = re.compile(r"(?:[\w.@~-]*/)+([\w.@-]+)")
_SPACE = re.compile(r"\s+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_ENV = re.compile(r"^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+")
_CD = re.compile(r"^cd\s+\S+\s*(?:&&|;)\s*")
_RUNNER_PREFIX = re.compile(r"^(?:FAILED|ERROR)\s+\S+::\S+(?:\s+-\s+|\s*$)")  # the test is named already
_PROCESS_TAG = re.compile(r"^[\w.-]+\[\d+(?::[0-9a-fx]+)?\]:?\s+")
_PANIC_PREFIX = re.compile(r"^thread '[^']*' panicked at \S+:\s*")
# Spring's wrapper around a start-up failure, the same words for every cause: the cause is what is said after it
_WRAPPER = re.compile(
    r"(?:[\w.]+\.)?BeanCreationException: Error creating bean with name '[^']*'(?: defined in [^:]*)?:\s*"
)
# A logger's or a build tool's line prefix ("[2026-01-02 10:00:01,123][app.engine][INFO] - ", "[14:04:31]: ▸ ❌ ",
# "2026-01-02 10:00:01.1 E "): when and by whom, the same on every line, so no part of what failed
_LOG_PREFIX = re.compile(
    rf"^(?:{LINE_PREFIX}|(?:\[[^\]]{{1,60}}\]:?|\d{{4}}-\d\d-\d\d[ T][\d:.,]+Z?(?:\s+[A-Z]\b)?)\s*)+(?:[-▸❌|:]\s*)*"
)

# What failures look like in general, in several toolchains and languages: their mean is part of every
# project's centroid, so that a project with few failures known yet is compared on what is particular to them.
GENERIC_FAILURES = (
    "failing test test parse config. AssertionError: assert 1 == 2. running pytest -q",
    "failing test test api returns user. KeyError: 'id'. in test_api.py. running pytest tests",
    "ModuleNotFoundError: No module named 'requests'. running python app.py",
    "failing test handler returns ok. panicked: assertion left == right failed. running cargo test",
    "error[E0308]: mismatched types. E0308. in main.rs. running cargo build",
    "failing test TestServerStart. timed out after 30s. running go test ./...",
    "panic: runtime error: invalid memory address or nil pointer dereference. running go run .",
    "failing test renders the list. expect(received).toBe(expected). running npm test",
    "error TS2322: Type 'string' is not assignable to type 'number'. TS2322. running npx tsc",
    "Error: connect ECONNREFUSED. ECONNREFUSED. running npm run dev",
    'ERROR: relation "users" does not exist. running psql -f schema.sql',
    "Cannot connect to the Docker daemon. Is the docker daemon running?. running docker compose up",
    "fatal: not a git repository (or any of the parent directories). running git status",
    "bash: foo: command not found. running foo --version",
    "Permission denied. running ./deploy.sh",
    "FAILED: build failed with 3 errors. running make",
    "1 error. Job failed. running gh run view",
    "java.lang.NullPointerException. running ./gradlew test",
    "SyntaxError: invalid syntax. in main.py. running python main.py",
    "TypeError: unsupported operand type(s). running pytest",
    "npm ERR! code ERESOLVE unable to resolve dependency tree. running npm install",
    "error: could not find `Cargo.toml`. running cargo run",
    "测试失败：连接超时. running pytest",
    "Fehler: Verbindung abgelehnt. running make test",
)


@dataclass(frozen=True, slots=True)
class Evidence:
    """A signal as identity sees it: what it said and the evidence it carries."""

    node: str
    kind: str
    text: str
    anchors: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    command: str = ""
    pattern_id: str = ""  # for a known node: the problem it belongs to now
    cause: str = ""  # what the agent said caused it (`failure_cause.py`)

    @property
    def tests(self) -> frozenset[str]:
        return frozenset(a[5:] for a in self.anchors if a.startswith("test:"))

    @property
    def files(self) -> frozenset[str]:
        return frozenset(f[5:] for f in self.facts if f.startswith("file:"))

    def description(self, *, command: bool = True) -> str:
        """The text whose meaning stands for the failure (see the module docstring); without its command to
        compare it with a failure of the same command."""
        parts = []
        if tests := sorted(self.tests)[:2]:
            parts.append("failing test " + ", ".join(identifier_words(t) for t in tests))
        if message := _message(self.text):
            parts.append(message)
        errors = [a[4:].split("@")[0] for a in self.anchors if a.startswith("exc:")]
        errors += [f[5:] for f in self.facts if f.startswith("code:")]
        errors += [f[4:].split("@")[0] for f in self.facts if f.startswith("exc:")]
        if errors := [e for e in dict.fromkeys(errors) if e.lower() not in message.lower()]:
            parts.append(" ".join(errors[:3]))
        if files := [f[5:].rsplit("/", 1)[-1] for f in self.facts if f.startswith("file:")][:2]:
            parts.append("in " + ", ".join(files))
        if self.command and command:
            parts.append("running " + command_gist(self.command))
        return ". ".join(parts)[:400]


@dataclass(frozen=True, slots=True)
class Causes:
    """The agents' explanations by node, centred on what explanations share (`failure_cause.GENERIC_CAUSES` and
    the project's known ones), so that two are compared on what is particular to them."""

    vectors: dict[str, np.ndarray]  # node -> its explanation's vector, centred
    middle: np.ndarray | None = None

    def of(self, node: str) -> np.ndarray | None:
        return self.vectors.get(node)

    def add(self, node: str, vector: np.ndarray) -> Causes:
        """These and one more (a sentence of the person's has no node: '')."""
        return Causes({**self.vectors, node: centred(vector, self.middle)}, self.middle)

    @classmethod
    def centred(cls, vectors: dict[str, np.ndarray], middle: np.ndarray | None) -> Causes:
        return cls({node: centred(v, middle) for node, v in vectors.items()}, middle)


@dataclass(frozen=True, slots=True)
class Match:
    """A new signal recognised as a known problem: the node it is closest to, and why."""

    pattern_id: str
    node: str
    score: float
    cosine: float
    runner_up: float  # the best score of any other problem (0 when there is none)
    by: str  # "meaning" (a failure), "words" (a sentence of the person's) or "cause" (the agent's explanations)

    def to_json_obj(self) -> dict[str, object]:
        return {
            "pattern_id": self.pattern_id,
            "node": self.node,
            "score": round(self.score, 4),
            "cosine": round(self.cosine, 4),
            "runner_up": round(self.runner_up, 4),
            "by": self.by,
        }


def recognise(
    new: Evidence,
    vector: np.ndarray,
    known: Sequence[Evidence],
    vectors: dict[str, np.ndarray],
    middle: np.ndarray | None = None,
    *,
    talk: bool = False,
    plain: dict[str, np.ndarray] | None = None,
    causes: Causes | None = None,
) -> Match | None:
    """The known problem `new` is (see the module docstring), or None. `vectors` maps a node to the vector of
    its description (a known node without one is skipped); `middle` is the `centroid` taken away before
    comparing. `plain` maps nodes (`new.node` too) to the vectors of their descriptions without the command:
    two failures of the same command are compared on what failed, since the command they share makes any two
    of its failures read alike (an ML project's one training command: a config typo and a loss gone nan).
    `causes`: the vectors of the agent's explanations (`failure_cause.py`), `new.node`'s too; two failures
    whose explanations read alike by CAUSE_AT join however unlike their symptoms are. A failure that already
    shares an anchor with a known node needs no match: the projection joins them."""
    if not talk and any(set(new.anchors) & set(old.anchors) for old in known):
        return None
    mine = centred(vector, middle)
    same_command = command_gist(new.command) if new.command and plain and new.node in plain else ""
    best: dict[str, tuple[float, float, str, str]] = {}  # pattern -> (score, cosine, node, by)
    threshold, margin = (TALK_AT, TALK_MARGIN) if talk else (JOIN_AT, MARGIN)
    said = causes.of(new.node) if causes is not None else None
    for old in known:
        theirs = vectors.get(old.node)
        if theirs is None or old.node == new.node:
            continue
        if same_command and plain and old.node in plain and command_gist(old.command) == same_command:
            cosine = float(np.dot(centred(plain[new.node], middle), centred(plain[old.node], middle)))
        else:
            cosine = float(np.dot(mine, centred(theirs, middle)))
        value, by = (cosine, "words") if talk else (score(new, old, cosine), "meaning")
        if said is not None and causes is not None and (theirs_said := causes.of(old.node)) is not None:
            # on the scale of the threshold: an explanation CAUSE_AT alike counts as a description just joining
            explained = threshold + float(np.dot(said, theirs_said)) - CAUSE_AT
            if explained > value:
                value, by = explained, "cause"
        pattern = old.pattern_id or old.node
        if pattern not in best or value > best[pattern][0]:
            best[pattern] = (value, cosine, old.node, by)
    if not best:
        return None
    ranked = sorted(best.items(), key=lambda item: (-item[1][0], item[0]))
    pattern, (value, cosine, node, by) = ranked[0]
    runner_up = ranked[1][1][0] if len(ranked) > 1 else 0.0
    if value < threshold or value - runner_up < margin:
        return None
    return Match(pattern, node, value, cosine, runner_up, by)


def score(new: Evidence, old: Evidence, cosine: float) -> float:
    """The cosine of two failures' descriptions, nudged by their evidence (see the module docstring)."""
    value = cosine
    shared = (set(new.facts) & set(old.facts)) | (set(new.anchors) & set(old.anchors))
    value += FACT_BONUS * min(MAX_FACT_BONUS, len(shared))
    # Why: a parse or type error is about the code at its place; one in player.gd and one in test_jagoan.gd read
    # alike ("SCRIPT ERROR: Parse Error: …") and are two problems
    places, other_places = new.files, old.files
    if places and other_places and not places & other_places and _STATIC.search(new.text) and _STATIC.search(old.text):
        value -= FILE_CONFLICT
    mine, theirs = new.tests, old.tests
    if mine and theirs and not mine & theirs:
        closest = max(name_similarity(a, b) for a in mine for b in theirs)
        if closest < SIMILAR_TEST_NAMES:
            value -= TEST_CONFLICT
    return value


def name_similarity(a: str, b: str) -> float:
    """How alike two test names are as words (a renamed test keeps most of its words)."""
    return SequenceMatcher(a=identifier_words(a).split(), b=identifier_words(b).split(), autojunk=False).ratio()


def identifier_words(name: str) -> str:
    """`sync::push_pull_roundtrip` -> `sync push pull roundtrip`; `TestStorePutGet` -> `test store put get`."""
    spaced = _CAMEL.sub(" ", name.replace("::", " ").replace(".", " ").replace("/", " ").replace("_", " "))
    return _SPACE.sub(" ", spaced).strip().lower()


def command_gist(command: str) -> str:
    """What a command runs, without its environment, its `cd`, its pipes and its long tail."""
    line = command.strip().splitlines()[0] if command.strip() else ""
    line = _CD.sub("", _ENV.sub("", line))
    line = line.split("|", 1)[0].split("&&", 1)[0].strip()
    return " ".join(line.split()[:6])


def readable_failure(text: str) -> str:
    """A failure line as a person would quote it: without the logger's prefix and the process tag
    ("2026-10-15 15:33:12.804 E App[48390:1f2a0] Store.swift:19: Fatal error: …" -> "Store.swift:19: Fatal …")."""
    return _PROCESS_TAG.sub("", _LOG_PREFIX.sub("", text.strip())).strip()


def _message(text: str) -> str:
    text = _RUNNER_PREFIX.sub("", _LOG_PREFIX.sub("", text))
    text = _PANIC_PREFIX.sub("panicked: ", text)
    text = _WRAPPER.sub("", text)
    text = _PATH.sub(lambda m: m.group(1), text)
    text = _HEX.sub(" ", text)
    text = _NUMBER.sub(" ", text)
    return _SPACE.sub(" ", text).strip(" .:;,-")[:200]
