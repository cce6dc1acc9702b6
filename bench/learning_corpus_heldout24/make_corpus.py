#!/usr/bin/env python3
"""Generate the 24th held-out learning corpus (Oksana's `kvytok` Django/DRF/Celery ticketing backend and
`kvytok-web` Nuxt 3 front end, Ubuntu 24.04, Ukrainian and English mixed): Claude Code v2.1.x transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The shared language checks fit this corpus (a second language, Ukrainian, with its rules, lesson, decision,
reversal across languages, paraphrase and non-rule); only the share is this corpus's own: 35-50 % of what Oksana
types is mostly Ukrainian, by a language guess that counts Cyrillic against Latin letters (transcript_kit.lang_of).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_kvytok  # noqa: E402
import scenarios_kvytok_web  # noqa: E402
from fake_output import KV, WEB  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kvytok": KV, "kvytok-web": WEB}
GLOBAL_RULES = {"no-force-push", "commit-english", "ask-deps"}  # said in one repository, meant for both
COMPATIBLE = [("migration-names", "migrations-immutable")]  # same subject (Django migrations), both hold

PROBLEMS = {
    "celery-task-before-commit": {
        "project": "kvytok",
        "description": "orders/services.py queues Celery tasks (send_confirmation, render_ticket_pdf) with .delay() "
        "inside transaction.atomic(); the worker can pick the task up before the transaction commits and does not "
        "see the row, so the task dies with DoesNotExist and the customer gets no e-mail / no PDF ticket, "
        "intermittently (tests run tasks eagerly, so they never show it). Seen as a Celery worker log "
        "`send_confirmation[...] raised unexpected: DoesNotExist` (autoretry tried), in Ukrainian words only "
        "(support says some buyers get no PDF ticket though the order is paid), and as a pasted Sentry event "
        "`Ticket.DoesNotExist` in render_ticket_pdf (a countdown workaround rejected).",
        "nouns": ["DoesNotExist", "send_confirmation", "render_ticket_pdf", "квиток"],
        "fix": ["transaction.on_commit(", "django_capture_on_commit_callbacks"],
        "key_step": "transaction.on_commit(",
    },
    "ssr-event-time-zone": {
        "project": "kvytok-web",
        "description": "utils/date.ts formats event start times with toLocaleTimeString() and no time zone, so the "
        "Nuxt server (a node container on UTC) renders 16:00 while a browser in Kyiv renders 19:00. Seen as a Vue "
        "`Hydration text content mismatch` warning on the event page (ClientOnly proposed and refused), as an "
        "EventCard Vitest snapshot that fails only in CI (updating the snapshot denied), and in words (prod shows "
        "the concert three hours early, then the time jumps after load).",
        "nouns": ["Hydration", "EventCard", "startsAt"],
        "fix": ['timeZone: "Europe/Kyiv"', "formatEventTime"],
        "key_step": 'timeZone: "Europe/Kyiv"',
    },
    "api-csrf-header": {
        "project": "kvytok-web",
        "description": "composables/useApi.ts wraps $fetch with credentials: 'include' but never sends the "
        "X-CSRFToken header, so every unsafe request to DRF's SessionAuthentication is refused with 403. Seen as "
        "the Playwright checkout test timing out on the confirmation (a 403 only in the runserver log), in "
        "Ukrainian words (the refund button does nothing, red 403 in the network tab), and as a pasted console "
        "`CSRF Failed: CSRF token missing.` on the profile form (csrf_exempt on the backend refused).",
        "nouns": ["403", "CSRF", "csrftoken"],
        "fix": ['"X-CSRFToken"', 'useCookie("csrftoken")'],
        "key_step": '"X-CSRFToken"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "celery-task-before-commit": [
            "celery task raises Order.DoesNotExist but the order is definitely in the database",
            "деяким покупцям не приходить лист з квитком, хоча замовлення оплачене",
            "sentry shows Ticket matching query does not exist in a celery task right after checkout, only sometimes",
        ],
        "ssr-event-time-zone": [
            "nuxt hydration text content mismatch on a formatted date",
            "час події на сторінці показує на три години раніше, а після завантаження перестрибує",
            "vitest snapshot with a time passes locally but fails in GitHub Actions",
        ],
        "api-csrf-header": [
            "DRF returns 403 CSRF Failed: CSRF token missing for POST from the Nuxt app",
            "кнопка в nuxt нічого не робить, в network 403 на post запит до django",
            "playwright checkout test times out waiting for the confirmation, backend log shows 403",
        ],
    },
    "should_not": [
        "add a DRF viewset for venues with filtering by city",
        "write a factory_boy factory for the Venue model",
        "set up celery beat to clean expired seat holds every minute",
        "додай поле phone в модель Customer і міграцію",
        "write a GitHub Actions job that runs ruff and mypy",
        "add a Nuxt page that lists events with pagination",
        "write a Pinia store for the cart",
        "configure Playwright to record video only on failure",
        "як в Vue 3 зробити v-model на власному компоненті?",
        "explain the difference between select_related and prefetch_related",
        "what does docker compose depends_on condition service_healthy do",
        "write a bash one-liner that finds the biggest files in a folder",
        "how do I set up a Rust workspace with two crates",
        "translate this error message into Ukrainian for the UI",
        "add tailwind to the Nuxt project",
        "what is the difference between pnpm and npm workspaces",
    ],
}

# What Oksana typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision\b|\bdecided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon'?t ever\b|\bavoid\b|\bwe don'?t\b|\bfor now\b|"
    r"\bno more\b|\blike i said\b|"
    r"завжди|ніколи|правило|відтепер|надалі|віднині|запам.ятай|\bурок|виявляється|вирішили|домовились|"
    r"\bми не\b|більше не|ніяких|як я казала",
    re.IGNORECASE,
)

CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kvytok, scenarios_kvytok_web),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="uk",
    lang_of=lang_of,
    language_checks=standard_language_checks("Ukrainian", 5),
    share_check=share_between("Ukrainian", 35, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
