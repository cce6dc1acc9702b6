#!/usr/bin/env python3
"""Generate the seventeenth held-out learning corpus (Noa's `dispatch` Go service and `courier-android` Kotlin app,
on macOS, half in Hebrew): Claude Code v2.1.x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

This file declares only what is this corpus's own (projects, recurring problems, skill prompts, the person's
language, the validator's ranges); building truth.json, validating and the command line are shared with the other
held-out corpora in bench/heldout_corpus_builder.py, which says why the result is deterministic.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_courier  # noqa: E402
import scenarios_dispatch  # noqa: E402
from fake_output import COURIER, DISPATCH  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"dispatch": DISPATCH, "courier-android": COURIER}
GLOBAL_RULES = {"conventional-commits", "no-force-push"}  # said in one repository, meant for both
COMPATIBLE = [("no-edit-merged-migration", "migration-down")]  # same subject (goose migrations), both hold

PROBLEMS = {
    "timestamp-session-tz": {
        "project": "dispatch",
        "description": "deliveries.scheduled_at was created as `timestamp` (without time zone) and the SQL compares "
        "it with now(); Postgres casts between the two in the session's TimeZone. In CI and production the server "
        "runs in UTC, but Noa's docker compose Postgres was initialised with TZ/PGTZ Asia/Jerusalem, so on her "
        "machine every comparison with now() is off by three hours (UTC+3 in April). Seen as TestListOverdue "
        "failing locally with testify 'Should be empty, but was [...]' for a delivery due in an hour (clock slack "
        "and .UTC() tried, 3 identical failing runs), as ETA minutes of about -170 for a delivery eight minutes "
        "away in the courier app against the local stack with no error anywhere (a Go-side rounding change did "
        "not help), and as a Hebrew report that a delivery set for 10:00 turns overdue at 7:00 locally while CI is "
        "green.",
        "nouns": ["scheduled_at", "TimeZone", "Asia/Jerusalem"],
        "fix": [
            "ALTER COLUMN scheduled_at TYPE timestamptz USING scheduled_at AT TIME ZONE 'UTC'",
            "sqlc generate",
        ],
        "key_step": "ALTER COLUMN scheduled_at TYPE timestamptz USING scheduled_at AT TIME ZONE 'UTC'",
    },
    "r8-strips-moshi-dtos": {
        "project": "courier-android",
        "description": "The network DTOs are parsed with Moshi's reflective KotlinJsonAdapterFactory, and the minified "
        "build types (staging, release) run R8 in full mode with no keep rules for them: R8 renames the DTO fields "
        "and strips their Kotlin metadata, so the debug build is always fine and only minified builds break. Seen "
        "as a staging crash on the deliveries screen ('Cannot serialize Kotlin type ... Reflective serialization "
        "of Kotlin classes without using kotlin-reflect'; turning isMinifyEnabled off was rejected), as a staging "
        "build where every parcel shows an empty recipient and a 0 COD amount with no error in logcat (a UI "
        "fallback was rejected), and as a Hebrew report from couriers that the internal-testing build closes when "
        "they tap 'סיום משלוח'.",
        "nouns": ["R8", "minify", "installStaging"],
        "fix": [
            "-keep class io.shaliach.courier.data.remote.dto.** { *; }",
            "-keep class kotlin.Metadata { *; }",
        ],
        "key_step": "-keep class io.shaliach.courier.data.remote.dto.** { *; }",
    },
    "emulator-hebrew-locale": {
        "project": "courier-android",
        "description": "Noa's emulator (Pixel_7_API_34) is set to Hebrew (he-IL) while CI's and her colleague's "
        "are English, and the instrumented tests look nodes up by English text and format dates with the app "
        "locale; nothing pins the locale in tests, so connectedDebugAndroidTest fails only on her machine. Seen as "
        "'could not find any node that satisfies: (Text + EditableText contains 'Mark delivered')' (a waitUntil "
        "did not help), as an ETA chip assertion where the text is 'ETA 8 באפר׳, 14:30' instead of 'ETA Apr 8, "
        "14:30' (forcing Locale.US in the production formatter was rejected), and as a Hebrew report that the "
        "same commit passes for Itai and fails for her with no error text.",
        "nouns": ["connectedDebugAndroidTest", "locale", "האמולטור"],
        "fix": [
            'AppCompatDelegate.setApplicationLocales(LocaleListCompat.forLanguageTags("en-US"))',
            "ForceLocaleRule",
        ],
        "key_step": 'AppCompatDelegate.setApplicationLocales(LocaleListCompat.forLanguageTags("en-US"))',
    },
}

SKILL_PROMPTS = {
    "should": {
        "timestamp-session-tz": [
            "a Go store test about overdue deliveries fails on my machine but passes in CI, off by exactly three hours",
            "Postgres in docker compose compares a timestamp column with now() and the result is shifted by the local time zone",
            "המשלוחים נהיים overdue שלוש שעות מוקדם מדי רק מול ה-DB הלוקאלי",
        ],
        "r8-strips-moshi-dtos": [
            "the Android release build crashes with Cannot serialize Kotlin type but debug works",
            "after minification the Moshi DTO fields come back empty in the staging build",
            "האפליקציה נסגרת רק בגרסת ה-release, בדיבאג הכל עובד",
        ],
        "emulator-hebrew-locale": [
            "Compose instrumented test cannot find the node with text 'Mark delivered' on my emulator only",
            "connectedDebugAndroidTest passes on CI but fails locally where dates are formatted in another language",
            "הטסטים על האמולטור עוברים אצל אחרים ונופלים אצלי, אותו קומיט",
        ],
    },
    "should_not": [
        "add a gRPC method that lists couriers by zone",
        "write a table-driven test for the ETA calculator",
        "add a goose migration with a vehicle_type column on couriers",
        "explain what buf breaking checks",
        "set up Dependabot for the Go modules",
        "add a Compose preview for the parcel card",
        "write a Room DAO query for deliveries by status",
        "תוסיף כפתור התקשרות ללקוח במסך המשלוח",
        "תכתוב לי README קצר לשירות",
        "what is the difference between a channel and a mutex in Go",
        "how does Hilt scope a ViewModel",
        "explain Kotlin sealed interfaces",
        "write a zsh alias that opens the emulator",
        "set up a Next.js project with Tailwind",
        "מה ההבדל בין StateFlow ל-SharedFlow?",
        "תסביר לי מה זה context.Context ב-Go",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. Hebrew words
# take prefixes (ו, ש, ב, ל, ה) without a space, so the Hebrew markers are matched inside words.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|"
    r"\bfor now\b|\bever\b|תמיד|אף פעם|לעולם|מעכשיו|מהיום|מעתה|תזכור|תזכרי|לקח:|\bלקח\b|החלטנו|החלטה|"
    r"אסור|בינתיים|אצלנו|\bכלל\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_dispatch, scenarios_courier),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="he",
    lang_of=lang_of,
    language_checks=standard_language_checks("Hebrew", 7),
    share_check=share_between("Hebrew", 45, 62),
    rules_range=(15, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
