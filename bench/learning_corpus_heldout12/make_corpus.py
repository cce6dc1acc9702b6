#!/usr/bin/env python3
"""Generate the twelfth held-out learning corpus (Kasia's `wizyty-api` Spring Boot service and `wizyty-panel` Vue 3
front-end, on Fedora): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_api  # noqa: E402
import scenarios_panel  # noqa: E402
from fake_output import API, PANEL  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"wizyty-api": API, "wizyty-panel": PANEL}
GLOBAL_RULES = {"no-force-push", "jira-key"}  # said in one repository, meant for both
COMPATIBLE = [("dto-not-entities", "mapstruct-error-policy")]  # same subject (MapStruct DTO mapping), both hold

PROBLEMS = {
    "appointment-local-time": {
        "project": "wizyty-api",
        "description": "Appointment start times are stored in a `timestamp without time zone` column (starts_at, "
        "created by V9__create_appointment.sql) and mapped to `LocalDateTime`, converted from the client's instant "
        "with the JVM's default zone: on Kasia's laptop (Europe/Warsaw) everything looks right, in CI and on the "
        "servers (UTC) every time is an hour off. Seen as AppointmentServiceTest failing 3x with `expected: "
        "<2027-03-08T09:00> but was: <2027-03-08T08:00>` under TZ=UTC (pinning the zone in the test tried, "
        "reverted), as ReminderJobIT finding no due reminders (`expected: <1> but was: <0>`) where an edit of the "
        "applied V9 migration only produced a Flyway checksum mismatch, and as a Polish report from the clinic that "
        "late-evening visits show under the wrong day and SMS reminders come an hour late.",
        "nouns": ["LocalDateTime", "starts_at", "AppointmentServiceTest", "ReminderJobIT"],
        "fix": [
            "ALTER COLUMN starts_at TYPE timestamptz USING starts_at AT TIME ZONE 'Europe/Warsaw'",
            "private Instant startsAt;",
        ],
        "key_step": "ALTER COLUMN starts_at TYPE timestamptz USING starts_at AT TIME ZONE 'Europe/Warsaw'",
    },
    "testcontainers-podman": {
        "project": "wizyty-api",
        "description": "Kasia's new Fedora laptop has rootless Podman and no Docker, and Testcontainers finds no "
        "Docker-compatible socket unless the user's podman.socket is enabled and Ryuk runs privileged (SELinux). "
        "Seen as `IllegalStateException: Could not find a valid Docker environment` (starting docker.service failed, "
        "installing docker-ce was refused), as the Ryuk container failing to start with `permission denied` on the "
        "socket after she started `podman system service` by hand (disabling Ryuk was rejected: containers are left "
        "behind), and as a Polish description after a reboot: the integration tests hang for about two minutes and "
        "then fail.",
        "nouns": ["Could not find a valid Docker environment", "ryuk", "podman"],
        "fix": ["systemctl --user enable --now podman.socket", "ryuk.container.privileged=true"],
        "key_step": "systemctl --user enable --now podman.socket",
    },
    "stale-slot-race": {
        "project": "wizyty-panel",
        "description": "When the date changes, useSlots fetches the new day's slots without cancelling the previous "
        "request or clearing the list, and SlotPicker keeps the old slots clickable while the fetch is in flight: "
        "a fast click books a slot of the previous day (or a slot that is gone, 409). Seen as booking.spec.ts "
        "flaking in CI with `Timed out 5000ms waiting for expect(locator).toBeVisible()` on the confirmation "
        "(raising the timeout did not help), as reschedule.spec.ts showing Monday instead of Tuesday in "
        "`toHaveText` (a waitForTimeout was rejected, waitForResponse still flaky), and as a Polish report from QA "
        "that a quick click after changing the day books the hour from the previous day.",
        "nouns": ["booking.spec.ts", "reschedule.spec.ts", "SlotPicker", "poprzedniego dnia"],
        "fix": ["controller?.abort()", ':disabled="loading"'],
        "key_step": "controller?.abort()",
    },
}

SKILL_PROMPTS = {
    "should": {
        "appointment-local-time": [
            "JUnit test expects 09:00 but gets 08:00 for an appointment time; passes on my laptop, fails in CI",
            "Spring Boot reminder job finds nothing due: the column is timestamp without time zone mapped to LocalDateTime",
            "wizyty późnym wieczorem pokazują się pod złym dniem, a przypomnienia SMS idą godzinę za późno",
        ],
        "testcontainers-podman": [
            "Testcontainers fails with Could not find a valid Docker environment on Fedora with Podman",
            "the Testcontainers ryuk container fails to start with permission denied on the podman socket",
            "po restarcie laptopa testy z Testcontainers znowu wiszą dwie minuty i się wywalają, wczoraj działały",
        ],
        "stale-slot-race": [
            "Playwright: Timed out 5000ms waiting for expect(locator).toBeVisible() only in CI, passes locally",
            "an e2e test books the slot of the previous day when the date is changed quickly before clicking",
            "czasem jak się szybko kliknie po zmianie dnia, to rezerwuje się godzina z poprzedniego dnia",
        ],
    },
    "should_not": [
        "add a GET endpoint that lists doctors of a clinic with paging",
        "write a JUnit test for PeselValidator",
        "create a Flyway migration that adds a notes column to appointment",
        "add springdoc OpenAPI annotations to the clinic controller",
        "set up Renovate for the Gradle dependencies",
        "add a Vue component that shows a doctor's card with a photo",
        "write a Vitest test for formatPhoneNumber",
        "dodaj paginację do listy lekarzy w panelu",
        "przetłumacz komunikaty walidacji na angielski",
        "explain the difference between @MockBean and @Mock",
        "what is a Pinia store",
        "write a bash script that renames screenshots by date",
        "set up a Django project",
        "wytłumacz mi różnicę między ref a reactive w Vue",
        "how do Java records work with Jackson",
        "co to jest sealed interface w Javie?",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|\bfor now\b|"
    r"\bzawsze\b|\bnigdy\b|\bzasad|\bregu[łl]|\bnauczk|\blekcj|\bdecyzj|\bzdecydowali|\bod teraz\b|\bod dzi[śs]|"
    r"\bna przysz[łl]o|\bpami[ęe]taj|\bu nas\b|\bna razie\b|\bnie u[żz]ywamy\b|\bnie robimy\b|[żz]adnego\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_panel),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="pl",
    lang_of=lang_of,
    language_checks=standard_language_checks("Polish", 5),
    share_check=share_between("Polish", 35, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
