#!/usr/bin/env python3
"""Generate the 48th held-out learning corpus (Ivana's `brodar-api`, a Django 5 + DRF + Celery + Redis +
PostgreSQL ferry ticket booking service, and `brodar-mobile`, a Flutter 3 / Riverpod booking app, on Ubuntu 24.04
in Split, about half in Croatian): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Croatian ("hr"), guessed by transcript_kit.lang_of (Croatian words with or without
diacritics and words with č ć đ š ž against English function words). The shared language checks apply as they
are (standard_language_checks), with a share of 35-65 % Croatian messages; everything else is the shared builder's
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
import scenarios_mobile  # noqa: E402
from fake_output import API, MOBILE  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"brodar-api": API, "brodar-mobile": MOBILE}
# said in one repository, meant for both: commit messages, and how branches are merged (and its reversal)
GLOBAL_RULES = {"commit-english", "rebase", "merge-commits"}
COMPATIBLE = [
    ("decimal-money", "amounts-as-strings"),  # Decimal inside the API, and strings with two decimals on the wire
    ("arb-strings", "en-arb-lags"),  # every text through the ARB files, and the English ARB may lag the Croatian
]

PROBLEMS = {
    "celery-before-commit": {
        "project": "brodar-api",
        "description": "Celery tasks are queued with .delay() inside an open database transaction (the "
        "@transaction.atomic create_booking, the Stripe webhook's atomic block, request_refund), so a worker on "
        "its own connection can run before the commit and either not find the row or read its old state. Seen as "
        "a pasted worker traceback (send_booking_confirmation: 'Booking matching query does not exist.', about one "
        "booking in twenty gets no confirmation email; a dict-instead-of-id task and an autoretry were refused), "
        "an integration test with the celery_worker fixture whose mail.outbox stays empty ('assert 0 == 1', the "
        "same pytest command three times), in Croatian words only (PDF tickets from web checkout say 'ČEKA "
        "PLAĆANJE' although paid; regenerating from the admin is right), and as a Sentry DoesNotExist in "
        "notify_refund plus the renamed integration test (test_confirmation_email_reaches_passenger).",
        "nouns": ["DoesNotExist", "on_commit", "transaction"],
        "fix": ["transaction.on_commit(partial(", "django_capture_on_commit_callbacks"],
        "key_step": "transaction.on_commit(partial(",
    },
    "stale-availability-cache": {
        "project": "brodar-api",
        "description": "The availability endpoint (DepartureAvailabilityView) is wrapped in cache_page(60 * 5), "
        "a whole-response cache by URL that nothing invalidates, so seat and car-spot counts stay old for up to "
        "five minutes after a booking, a cancellation or an admin change. Seen as a pasted 409 at payment ('Nema "
        "dovoljno mjesta za vozila na polasku 4812') although the app showed 3 free car spots two minutes after an "
        "office group booking took them (a seat hold was proposed and refused), a new test whose second GET "
        "still reads the old count (test_availability_drops_after_booking, 'assert 40 == 39'; rewriting the test "
        "to read the database refused), in Croatian words only (an admin capacity change for Petar Hektorović "
        "shows minutes late; a 30-second cache was tried and reverted), and as the same test renamed and still "
        "red (test_remaining_spots_update_after_booking, 'assert 38 == 37').",
        "nouns": ["cache_page", "availability", "cache"],
        "fix": ["cache.delete(availability_key(", "cache.clear()"],
        "key_step": "cache.delete(availability_key(",
    },
    "utc-departure-times": {
        "project": "brodar-mobile",
        "description": "The API sends instants in UTC ('2027-06-09T06:30:00Z') and the app's json_serializable "
        "models parse them with DateTime.parse, which keeps them UTC; widgets format and group them as they are, "
        "so Split (UTC+2) times show two hours early and after-midnight departures fall on the previous day. "
        "Seen as the departures list showing 06:30 for the 08:30 Split–Supetar (a hard-coded +2 h refused), a "
        "widget test for day headers not finding 'Srijeda, 9. lipnja' for the 00:30 Split–Ancona (changing the "
        "fixture interrupted), in Croatian words only (the confirmation e-mail says 21:15, 'Moje karte' says "
        "19:15), and as the renamed test ('groups departures by local calendar day') still red.",
        "nouns": ["toLocal", "UTC", "isUtc"],
        "fix": ["DateTime.parse(json).toLocal()", "TZ=Europe/Zagreb flutter test"],
        "key_step": "DateTime.parse(json).toLocal()",
    },
}

SKILL_PROMPTS = {
    "should": {
        "celery-before-commit": [
            "celery task raises DoesNotExist for a row that was created in the same request a moment earlier",
            "worker pošalje mail s podacima od prije, kao da promjena još nije spremljena u bazu",
            "integration test with the celery_worker fixture never sees the email the task should send",
        ],
        "stale-availability-cache": [
            "the API keeps returning the old number of free seats for a few minutes after someone books",
            "promijenim kapacitet broda u adminu, a endpoint još neko vrijeme vraća stare brojke",
            "pytest test passes on its own but fails in the full run because the second GET returns the old value",
        ],
        "utc-departure-times": [
            "flutter app shows departure times two hours earlier than they are in the admin",
            "u aplikaciji piše drugo vrijeme polaska nego u mailu, razlika je točno dva sata",
            "a departure just after midnight is listed under the previous day in my Flutter list",
        ],
    },
    "should_not": [
        "add a django admin filter for departures by vessel",
        "napiši factory_boy factory za Refund model",
        "how do I run a single test with poetry run pytest",
        "dodaj dark mode u Flutter aplikaciju",
        "set up ruff format as a pre-commit hook",
        "explain the difference between select_related and prefetch_related",
        "write a GitHub Actions job that builds the Android APK",
        "kako u zsh-u napraviti alias za poetry run python manage.py?",
        "add a QR code scanner screen for the crew at boarding",
        "translate the onboarding screens to German",
        "add a Stripe refund endpoint for cancelled bookings",
        "kako dodati push notifikacije preko Firebasea u Flutter?",
        "paginate the /api/bookings/mine/ endpoint",
        "generate a Dart API client from our OpenAPI schema",
        "make the seat map widget readable for screen readers",
        "promijeni boju primarnog gumba u temi aplikacije",
        "add a healthcheck for the celery worker in docker compose",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\buvijek\b|\bnikad(?:a)?\b|\bod sad(?:a)?\b|\bubudu[cć]e\b|\bodluk[aeu]\b|\bodlu[cč]il|\blekcij|"
    r"\bnau[cč]il|\bispada\b|\bzapamti\b|\bzasad\b|\bza sada\b|\brekla sam\b|\bkao [sš]to sam rekla\b|"
    r"\bvi[sš]e ne\b|\bnikako\b|\bzaboravi\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_mobile),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="hr",
    lang_of=lang_of,
    language_checks=standard_language_checks("Croatian", 5),
    share_check=share_between("Croatian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
