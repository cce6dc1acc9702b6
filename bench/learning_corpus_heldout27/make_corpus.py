#!/usr/bin/env python3
"""Generate the 27th held-out learning corpus (Tom's `tides-app` SwiftUI iOS app and `tides-api` FastAPI backend,
on macOS in Melbourne): Claude Code v2.1.2xx transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

This corpus is English only, so it cannot use the shared language checks (they demand rules, a reversal and a
share of messages in a second language). It declares its own, as held out 23 did: the same structural demands
(global rules, a lesson, a decision, reversals in other words, paraphrases, a non-rule) with every declared text
and at least 95 % of the typed messages in English. Everything else is the shared builder's
(bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_api  # noqa: E402
import scenarios_app  # noqa: E402
from fake_output import API, APP  # noqa: E402
from heldout_corpus_builder import Corpus, Problems, main, share_between  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"tides-app": APP, "tides-api": API}
GLOBAL_RULES = {"no-force-push", "commit-style", "ask-deps"}  # said in one repository, meant for both
COMPATIBLE = [
    ("swift-testing", "ui-tests-xcuitest"),  # unit tests in Swift Testing, UI tests stay XCUITest
    ("response-model", "schemas-module"),  # every endpoint has a response_model, and those live in app/schemas.py
]

PROBLEMS = {
    "swiftdata-container-freed": {
        "project": "tides-app",
        "description": "TidesTests' TestSupport.makeContext() builds an in-memory ModelContainer as a local and "
        "returns only a ModelContext made from it; the context does not keep the container alive, so it is freed "
        "and the first fetch traps with 'Fatal error: failed to find a currently active container for "
        "TideStation' (signal trap). Seen as a local xcodebuild test crash three times (the retry; DerivedData and "
        "simulator reset tried), in words ('tests randomly crash when run together, fine alone'), and as a pasted "
        "GitHub Actions log (an @MainActor attempt did not help).",
        "nouns": ["active container", "signal trap", "makeContext"],
        "fix": ["struct TestStore", "var context: ModelContext { container.mainContext }"],
        "key_step": "struct TestStore",
    },
    "decoder-fractional-seconds": {
        "project": "tides-app",
        "description": "The app's shared JSONDecoder uses .iso8601, which rejects timestamps with fractional "
        "seconds; the API (Python isoformat) sends microseconds only when they are non-zero, so some readings fail "
        "to decode ('Expected date string to be ISO8601-formatted.') and those stations show no tides. Seen as a "
        "failing Swift Testing decode test (trimming the fixture denied), in words plus a console line (a "
        "DateFormatter workaround failed, a rewrite stopped), and in CI output.",
        "nouns": ["ISO8601-formatted", "fractional seconds", "dataCorrupted"],
        "fix": ["[.withInternetDateTime, .withFractionalSeconds]", "decoder.dateDecodingStrategy = .custom"],
        "key_step": "[.withInternetDateTime, .withFractionalSeconds]",
    },
    "naive-timestamp-columns": {
        "project": "tides-api",
        "description": "tide_predictions.starts_at (SQLModel datetime field) was created as 'timestamp without "
        "time zone': Postgres drops the +10:00 of the parsed BOM times (Melbourne times stored as UTC, 10 hours "
        "out) and asyncpg refuses to compare an aware now() with it ('can't subtract offset-naive and "
        "offset-aware datetimes'). Seen as a failing pytest (tzinfo stripped then backed out), in words (next high "
        "tide 10 hours off in the app), as pasted Fly logs with a 500 (utcnow workaround reverted), and in CI.",
        "nouns": ["offset-naive", "10 hours", "timestamp without time zone"],
        "fix": ["sa_type=DateTime(timezone=True)", "type_=sa.DateTime(timezone=True)"],
        "key_step": "sa_type=DateTime(timezone=True)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "swiftdata-container-freed": [
            "swiftdata tests crash with fatal error failed to find a currently active container",
            "xcode tests pass one at a time but crash with signal trap when i run the whole suite, swift data",
            "my in memory ModelContext helper for tests keeps crashing on the first fetch",
        ],
        "decoder-fractional-seconds": [
            "JSONDecoder says Expected date string to be ISO8601-formatted but the date looks fine",
            "some api timestamps have microseconds and swift's iso8601 decoding strategy rejects them",
            "a few stations show no data in the ios app, decoding fails only for some responses",
        ],
        "naive-timestamp-columns": [
            "asyncpg DataError can't subtract offset-naive and offset-aware datetimes in a sqlmodel query",
            "times from the fastapi backend come back 10 hours off, postgres timestamp column",
            "sqlmodel datetime field created as timestamp without time zone, how do i make it timezone aware",
        ],
    },
    "should_not": [
        "add a settings toggle for feet or metres in the swiftui app",
        "write a swift charts bar chart of daily tide range",
        "set up a widget that shows the next high tide",
        "add a fastlane lane that takes App Store screenshots",
        "write a SwiftLint rule config that disables line_length for tests",
        "add a FastAPI endpoint that returns the moon phase for a date",
        "write an alembic migration that adds a region column to stations",
        "configure ruff to sort imports",
        "add a GitHub Actions job that runs mypy on pull requests",
        "set up fly.io autoscaling to two machines",
        "explain the difference between @State and @Binding",
        "what does uv sync --frozen do",
        "how do I write a zsh alias that opens xcode for the current folder",
        "write a python script that renames screenshots by date",
        "what's the difference between Postgres and SQLite for a small app",
        "how do push notifications work on iOS",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\brule\b|\bdecision\b|\bdecided\b|\bgoing with\b|\bstick with\b|\bkeeping the\b|"
    r"\blesson|\blearnt\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\bonly supporting\b",
    re.IGNORECASE,
)


def english_checks(c: Corpus, errs: Problems, t: dict) -> None:
    """The structural demands the shared language checks make, without a second language."""
    errs.need(
        all(x["lang"] == "en" for k in ("rules", "lessons", "decisions", "non_rule_sessions") for x in t[k]),
        "a declared text is not English",
    )
    errs.need(sum(r["project"] is None for r in t["rules"]) >= 2, "fewer than 2 global rules")
    errs.need(len(t["lessons"]) >= 1 and len(t["decisions"]) >= 1, "no lesson or no decision")
    errs.need(
        sum(1 for r in t["rules"] if r["superseded_by"] and r["superseded_by"] != r["text"]) >= 3,
        "want 3 reversals in other words",
    )
    errs.need(len(t["paraphrases"]) >= 2, "fewer than 2 paraphrase groups")
    errs.need(len(t["non_rules"]) >= 1, "no non-rule")


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_api),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="en",
    lang_of=lang_of,
    language_checks=english_checks,
    share_check=share_between("English", 95, 100),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
