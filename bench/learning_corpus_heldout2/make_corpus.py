#!/usr/bin/env python3
"""Generate the second held-out learning corpus (Sofía's `huerta-android` and `infra`): Claude Code v2.1.x
transcripts + truth.json, then validate them.

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

import scenarios_android  # noqa: E402
import scenarios_infra  # noqa: E402
from fake_output import APP, INFRA  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_at_least_quarter, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"huerta-android": APP, "infra": INFRA}
GLOBAL_RULES = {"small-prs", "pr-howto"}  # said in the app repo, meant for all of Sofía's pull requests
COMPATIBLE = [("small-prs", "pr-howto")]  # same subject (pull requests), both hold

PROBLEMS = {
    "flaky-sync-test": {
        "project": "huerta-android",
        "description": "The sync ViewModel unit test (BookingSyncViewModelTest, later renamed SyncViewModelTest) "
        "fails now and then: BookingSyncViewModel runs its fetch in withContext(Dispatchers.IO), a real thread "
        "that runTest's scheduler does not control, so advanceUntilIdle() returns while the state is still Loading. "
        "Shows up as an assertion failure that passes on rerun, as UncompletedCoroutinesError in a pasted CI log, "
        "and described in Spanish in words ('el test de sincronización vuelve a fallar').",
        "nouns": [
            "BookingSyncViewModelTest",
            "SyncViewModelTest",
            "BookingSyncViewModel",
            "UncompletedCoroutinesError",
            "Dispatchers.IO",
            "test de sincronización",
        ],
        "fix": ["@IoDispatcher", "CoroutineDispatcher", "StandardTestDispatcher(testScheduler)", "MainDispatcherRule"],
        "key_step": "@IoDispatcher",
    },
    "room-migration-default": {
        "project": "huerta-android",
        "description": "Upgrading from schema 4 (app 1.4.x) crashes on first launch: MIGRATION_4_5 adds "
        "bookings.reminderMinutes with DEFAULT 0 while BookingEntity declares no SQL default, so Room's validation "
        "fails with 'Migration didn't properly handle: bookings' (Expected defaultValue='undefined', Found '0'). "
        "Seen as a pasted Crashlytics trace, as a failing MigrationTest on the emulator, and in words ('people "
        "who update from 1.4 get a crash on first launch').",
        "nouns": [
            "Migration didn't properly handle",
            "MIGRATION_4_5",
            "migrate4To5",
            "reminderMinutes",
            "update from 1.4",
        ],
        "fix": ['@ColumnInfo(defaultValue = "0")', "5.json", "runMigrationsAndValidate", "huerta-1.4.2.apk"],
        "key_step": '@ColumnInfo(defaultValue = "0")',
    },
    "tf-state-lock": {
        "project": "infra",
        "description": "Terraform runs on the same state collide: a PR's plan job, the main deploy's apply job "
        "and local plans take the DynamoDB state lock at the same time ('Error acquiring the state lock ... "
        "ConditionalCheckFailedException'), and a cancelled apply leaves its lock behind. Seen locally, in a "
        "pasted GitHub Actions log of deploy.yml's terraform job, and described in Spanish ('dos jobs de terraform "
        "pisándose con el candado del estado').",
        "nouns": [
            "Error acquiring the state lock",
            "ConditionalCheckFailedException",
            "brisa-tf-locks",
            "candado del estado",
            "lock",
        ],
        "fix": ["concurrency:", "cancel-in-progress: false", "-lock-timeout=10m"],
        "key_step": "concurrency:",
    },
    "helm-immutable-field": {
        "project": "infra",
        "description": "helm upgrade of the api chart fails with 'UPGRADE FAILED: cannot patch ... field is "
        "immutable': first the Deployment's spec.selector (api.selectorLabels includes app.kubernetes.io/version, "
        "so every appVersion changes it), later the db-migrate Job's spec.template (a plain Job whose image tag "
        "changes every release). Seen locally on staging, in the prod deploy job's log, and on the migrate Job.",
        "nouns": [
            "field is immutable",
            "spec.selector",
            "UPGRADE FAILED",
            "api.selectorLabels",
        ],
        "fix": ["_helpers.tpl", "selectorLabels", "--cascade=orphan"],
        "key_step": "selectorLabels",
        "second_fix": ["helm.sh/hook", "before-hook-creation"],
    },
}

SKILL_PROMPTS = {
    "should": {
        "flaky-sync-test": [
            "my ViewModel unit test passes on rerun but fails randomly, state is still Loading",
            "runTest fails on CI with UncompletedCoroutinesError after waiting for 10s",
            "el test del ViewModel falla a veces en CI y en local pasa siempre",
        ],
        "room-migration-default": [
            "app crashes after update: Migration didn't properly handle bookings",
            "MigrationTestHelper runMigrationsAndValidate fails, defaultValue differs between expected and found",
            "la app se cierra al abrirla después de actualizar, fallo de migración de Room",
        ],
        "tf-state-lock": [
            "terraform plan fails with Error acquiring the state lock, held by a GitHub Actions runner",
            "deploy workflow apply fails because the PR plan job holds the terraform lock",
            "dos jobs de terraform se pisan con el lock del estado en CI",
        ],
        "helm-immutable-field": [
            "helm upgrade fails: spec.selector field is immutable",
            "UPGRADE FAILED cannot patch Job: spec.template field is immutable",
            "helm upgrade falla con field is immutable en el Deployment",
        ],
    },
    "should_not": [
        "add a dark theme toggle to the settings screen",
        "write a Compose preview for the booking card",
        "translate the app strings to Catalan",
        "bump compileSdk to 35",
        "add a Baseline Profile to speed up startup",
        "set up Firebase App Distribution for beta builds",
        "create an S3 bucket for static assets with versioning",
        "add a CloudWatch alarm for RDS CPU",
        "write a README for the infra repo",
        "cambia el icono de la app por el nuevo logo",
        "añade un endpoint de salud al chart de la api",
        "how do I center a div in CSS",
        "explain what a Kotlin sealed interface is",
        "write a bash script that renames photos by date",
        "set up a Django project with PostgreSQL",
        "configura prettier en un monorepo de TypeScript",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|\bteam agreed\b|"
    r"\bsiempre\b|\bnunca\b|\bjamás\b|a partir de ahora|de ahora en adelante|\brecuerda\b|\bdecidimos\b|"
    r"\bpreferimos\b|lo que aprendí",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_android, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="es",
    lang_of=lang_of,
    language_checks=standard_language_checks("Spanish", 3, decision=False),
    share_check=share_at_least_quarter("Spanish", lambda x: lang_of(x) == "es"),
    min_session_lines=16,
    rules_range=(8, 12),
    want_second_fix=True,
    one_off_in_each_project=False,
    fix_after_seen_twice=False,
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
