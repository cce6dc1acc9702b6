#!/usr/bin/env python3
"""Generate the 71st held-out learning corpus (Hetal's `kapas-ledger`, a Go 1.23 chi + sqlc/pgx + goose service on
PostgreSQL 16 deployed to AWS ECS Fargate with Terraform, and `vyapari`, a Flutter 3.24 / Dart 3.5 app with Riverpod,
Drift, Firebase and fastlane, on macOS 15 in Ahmedabad, in Gujarati and English): Claude Code v2.1.160-2.1.175
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Gujarati ("gu"), guessed by transcript_kit.lang_of (runs of Gujarati letters and a
few romanised Hindi words against English function words). The shared checks apply as they are
(standard_language_checks("Gujarati", 6), share_between("Gujarati", 35, 60)).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_kapas  # noqa: E402
import scenarios_vyapari  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import KAPAS, VYAPARI, lang_of  # noqa: E402

PROJECTS = {"kapas-ledger": KAPAS, "vyapari": VYAPARI}
# said in kapas-ledger, meant for both repositories: how commit messages are written, where secrets live
GLOBAL_RULES = {"commit-english", "secrets-ssm"}
COMPATIBLE = [
    ("race-before-push", "lint-before-commit"),  # go test -race before a push, and golangci-lint clean before a commit
    ("paise-int64", "en-in-format"),  # amounts as int64 paise in the service, shown with en_IN grouping in the app
]

PROBLEMS = {
    "pricecache-race": {
        "project": "kapas-ledger",
        "description": "internal/pricecache.Cache keeps the latest mandi rates in a plain map that the ticker "
        "goroutine (Refresh) writes while HTTP handlers read it (Get), with no lock. Seen as a GitHub Actions "
        "`go test -race` failure in TestQuoteHandler_UsesCachedRate ('WARNING: DATA RACE', passes on re-run), as "
        "ECS Fargate task restarts with 'fatal error: concurrent map read and map write' in CloudWatch, and in "
        "Gujarati words only (the service restarts two or three times around 10 am when the mandi rates come in); "
        "fixed with a sync.RWMutex around the map and a parallel-readers test.",
        "nouns": ["pricecache", "concurrent map"],
        "fix": ["sync.RWMutex", "c.mu.RLock()"],
        "key_step": "sync.RWMutex",
    },
    "goose-out-of-order": {
        "project": "kapas-ledger",
        "description": "goose timestamp versions from two feature branches: the branch merged later carries the "
        "older timestamp, so a database already past it either refuses to migrate ('found 1 missing migrations "
        "before current version') or, on staging where a teammate ran `goose up -allow-missing` once by hand, the "
        'column is simply absent. Seen as the CI migrate job failing, as staging returning \'column "moisture_pct" '
        "of relation \"bale_lots\" does not exist (SQLSTATE 42703)', and in Gujarati words only (a teammate's "
        "local database has no ginning_lots table though the migration is in the repo); fixed by converting to "
        "sequential versions with `goose fix` and a CI check.",
        "nouns": ["db/migrations", "missing migrations"],
        "fix": ["goose -dir db/migrations fix", "00012_add_moisture_pct.sql"],
        "key_step": "goose -dir db/migrations fix",
    },
    "android-jvm-target": {
        "project": "vyapari",
        "description": "After Flutter plugin updates (firebase_auth, firebase_crashlytics, androidx.core) the "
        "Android side still pins Android Gradle plugin 8.1.0, Kotlin 1.8.22 and Java 1.8 compile options, so the "
        "plugins' Kotlin 17 target and newer AndroidX libraries do not fit. Seen as `flutter build apk` failing with "
        "'Inconsistent JVM-target compatibility detected for tasks compileDebugJavaWithJavac (1.8) and "
        "compileDebugKotlin (17)', as fastlane's bundleRelease failing on 'Dependency androidx.core:core-ktx:1.15.0 "
        "requires Android Gradle plugin 8.6.0 or higher', and in Gujarati words only (Android Studio's Gradle sync "
        "stays red while iOS runs); fixed by raising AGP/Kotlin in android/settings.gradle and jvmToolchain(17).",
        "nouns": ["JVM-target", "JVM target", "Android Gradle plugin"],
        "fix": ['version "8.6.0" apply false', "jvmToolchain(17)"],
        "key_step": "jvmToolchain(17)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "pricecache-race": [
            "go test -race reports a data race between Cache.Get and Cache.Refresh, only sometimes",
            "બપોરે rates update થાય ત્યારે Go service panic કરે છે: concurrent map read and map write",
            "ECS keeps replacing the kapas-ledger task every morning, exit code 2, nothing in the access log",
        ],
        "goose-out-of-order": [
            "goose up says found 2 missing migrations before current version after merging a branch",
            "staging માં નવી column દેખાતી નથી પણ migration file repo માં છે, goose status માં pending નથી",
            "after a merge the new migration never ran on staging and sqlc queries fail with SQLSTATE 42703",
        ],
        "android-jvm-target": [
            "flutter build apk: Inconsistent JVM-target compatibility detected for compileReleaseKotlin",
            "plugin update પછી Android build તૂટી ગયો, AGP version વિશે કંઈક કહે છે",
            "fastlane gradle task fails: this build currently uses Android Gradle plugin 8.1.0",
        ],
    },
    "should_not": [
        "add a chi middleware that logs request id and latency with slog",
        "ટ્રેડર ના ledger માટે નવો sqlc query લખો, date range સાથે",
        "write a table-driven test for the bale weight parser",
        "how do I see the ECS service's CPU graph in CloudWatch",
        "add a Terraform output for the ALB DNS name",
        "explain pgx pool MaxConns vs MinConns",
        "Makefile માં sqlc generate માટે target ઉમેરો",
        "add a Riverpod provider for the selected mandi",
        "Drift table માં trader_phone column ઉમેરો અને migration લખો",
        "write a widget test for the ledger list empty state",
        "how do I change the app icon for Android with flutter_launcher_icons",
        "લોગિન screen પર OTP timer 30 સેકન્ડ નો કરો",
        "add Gujarati translations with flutter_localizations and ARB files",
        "set up a GitHub Actions job that runs flutter analyze",
        "what is the difference between ref.watch and ref.listen",
        "iTerm2 માં zsh prompt માં git branch કેવી રીતે બતાવું",
        "add a /healthz endpoint that checks the database",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\blesson|\blearn(?:ed|t)\b|\bremember\b|\bfrom now on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bthat was before\b|"
    r"હંમેશા|ક્યારેય|યાદ રાખ|શીખ્યા|નક્કી|હવેથી|હવે પછી",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kapas, scenarios_vyapari),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="gu",
    lang_of=lang_of,
    language_checks=standard_language_checks("Gujarati", 6),
    share_check=share_between("Gujarati", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
