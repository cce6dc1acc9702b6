#!/usr/bin/env python3
"""Generate the 51st held-out learning corpus (Aigerim's `saqtau`, a Kotlin Android app with Jetpack Compose, Room,
Hilt and Firebase Crashlytics, and `saqtau-api`, a Django 5 + DRF service with Celery and Redis in Docker Compose on
a VPS; Windows 11 with WSL2 in Almaty, Kazakh, Russian and English mixed): Claude Code v2.1.15x-2.1.16x transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Kazakh ("kk"), guessed by transcript_kit.lang_of, which also tells Russian ("ru")
from English. The shared language checks apply as they are (standard_language_checks counts Kazakh; the Russian
texts are declared with lang "ru"), with a share of 30-55 % Kazakh messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py).
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
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"saqtau": APP, "saqtau-api": API}
# said in one repository, meant for both: how commits are written, how branches are named (and its reversal)
GLOBAL_RULES = {"commit-english", "branch-feature", "branch-ticket"}
COMPATIBLE = [
    ("stateflow", "uistate-per-screen"),  # StateFlow instead of LiveData, and one UiState class per screen
    ("version-catalog", "ask-before-deps"),  # versions only in the catalog, and no new library without asking
]

PROBLEMS = {
    "room-schema-untracked": {
        "project": "saqtau",
        "description": "Room's schema is neither exported nor kept in the repository (no room.schemaLocation / "
        "Room Gradle plugin, only a KSP warning), so entity changes ship without a checked version bump and "
        "migration and nothing can test a migration. Seen as an emulator crash after adding color_hex "
        "('Room cannot verify the data integrity. Looks like you've changed schema but forgot to update the "
        "version number'; fallbackToDestructiveMigration refused), a pasted Crashlytics crash from 1.4.0 ('A "
        "migration from 3 to 4 was required but not found', answered by a hand-written ALTER TABLE), in Russian "
        "words only (testers' app closes at launch after updating to 1.4.1, only clearing data helps), and a "
        "Crashlytics 'Migration didn't properly handle: reminders' (notNull=true expected, notNull=false found) "
        "with a new MigrationTest failing on a missing 3.json; fixed after the renamed "
        "DatabaseMigrationTest.migrate3To4KeepsColor fails the same way.",
        "nouns": ["Room", "migration", "schema"],
        "fix": ['schemaDirectory("$projectDir/schemas")', "MIGRATION_4_5", "MigrationTestHelper"],
        "key_step": 'schemaDirectory("$projectDir/schemas")',
    },
    "task-before-commit": {
        "project": "saqtau-api",
        "description": "With ATOMIC_REQUESTS on, Celery tasks are queued with .delay() from a post_save signal "
        "and from views, inside the request's transaction, so the worker can run before the row is committed "
        "(or after a rollback). Seen as a pasted worker traceback (send_reminder_push: 'Reminder matching query "
        "does not exist.' for a reminder that is in the database; an autoretry refused), in Kazakh words only "
        "(a push arrives with the reminder's old text after an edit), a pasted worker log for the data export "
        "('ExportJob matching query does not exist.', the job stuck pending; a countdown refused), and a red "
        "test seen in passing (test_rollback_does_not_notify: 'Expected 'delay' to not have been called. Called "
        "1 times.'; marking it xfail interrupted); fixed after the renamed test_push_not_queued_on_rollback "
        "fails.",
        "nouns": ["transaction", "on_commit", "DoesNotExist"],
        "fix": ["delay_on_commit", "celery.contrib.django.task:DjangoTask"],
        "key_step": "delay_on_commit",
    },
    "utc-today": {
        "project": "saqtau-api",
        "description": "apps/core/clock.today() returns date.today(), which in the UTC containers is the UTC "
        "date, while the users (and TIME_ZONE) are in Asia/Almaty (UTC+5): between 00:00 and 05:00 Almaty "
        "'today' is yesterday. Seen as a due-today test failing late at night (assert [] == [<Dose: ...>]; the "
        "same pytest command three times), in Kazakh words only (the midnight 'today's medicines' digest lists "
        "yesterday's doses), a pasted curl of /api/v1/doses/today/ returning yesterday's date (a ?date= "
        "parameter refused), and the nightly CI (20:00 UTC) failing test_weekly_stats_counts_today; fixed after "
        "the renamed test_doses_due_on_local_date fails.",
        "nouns": ["UTC", "localdate", "Asia/Almaty"],
        "fix": ["timezone.localdate()", "test_today_is_almaty_date_after_utc_midnight"],
        "key_step": "timezone.localdate()",
    },
}

SKILL_PROMPTS = {
    "should": {
        "room-schema-untracked": [
            "after the update the app crashes at launch: A migration from 5 to 6 was required but not found",
            "жаңартудан кейін қолданба бірден жабылады, тек clear data көмектеседі — Room дерекқоры сияқты",
            "Room says Migration didn't properly handle the table, expected notNull=true but found notNull=false",
        ],
        "task-before-commit": [
            "celery task raises DoesNotExist for an object that is clearly in the database",
            "Celery тапсырмасы жаңа ғана сақталған жазбаны таппайды, бірақ admin-де ол тұр",
            "push уведомление приходит со старым текстом после редактирования",
        ],
        "utc-today": [
            "a django test about today's items fails only after midnight: assert [] == [...]",
            "түнде /today/ endpoint кешегі күнді қайтарады, күндіз бәрі дұрыс",
            "nightly CI at 20:00 UTC fails a date test that passes during the day",
        ],
    },
    "should_not": [
        "add a dark theme toggle to the settings screen",
        "Compose-та LazyColumn-ға swipe-to-delete қосшы",
        "write a DRF serializer for the user profile with an avatar upload",
        "как в PowerShell посмотреть, какой процесс занял порт 8000?",
        "set up GitHub Actions to build the release AAB and upload it to Play internal testing",
        "Hilt арқылы WorkManager worker-ге repository-ді қалай inject етемін?",
        "add pagination with page size 50 to the reminders list endpoint",
        "WSL-де docker compose баяу жұмыс істейді, volume-ды қалай жылдамдатамын?",
        "translate the onboarding screens into Kazakh",
        "explain the difference between remember and rememberSaveable",
        "настрой ruff и pre-commit для saqtau-api",
        "add a Django admin list filter for doses by status",
        "Crashlytics-ке user id-ді custom key ретінде қос",
        "make the launcher icon adaptive with a monochrome layer",
        "how do I renew the Let's Encrypt certificate on the VPS",
        "Room DAO-ға reminder-лерді атауы бойынша іздейтін query қос",
        "add a unit test for the snooze minutes validation (5 to 120)",
    ],
}

# What the person typed that looks like knowledge, in any of her three languages: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bagreed\b|\bi'd rather\b|\bi prefer\b|"
    r"\bәрқашан\b|\bешқашан\b|\bүнемі\b|\bкелістік\b|\bшештік\b|\bшешім|\bсабақ\b|\bұмытпа|\bесіңде\b|"
    r"\bбұдан былай\b|\bәзірге\b|\bәзірше\b|\bайттым ғой\b|\bдедім ғой\b|\bтүсіндім\b|\bойымды өзгерттім\b|"
    r"\bвсегда\b|\bникогда\b|\bдоговорились\b|\bрешили\b|\bрешение\b|\bурок\b|\bзапомни\b|\bс этого момента\b|"
    r"\bвпредь\b|\bбольше не\b|\bпока что\b|\bя же говорил\w*|\bоказывается\b|\bвывод\b|\bпередумала\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_api),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="kk",
    lang_of=lang_of,
    language_checks=standard_language_checks("Kazakh", 5),
    share_check=share_between("Kazakh", 30, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
