#!/usr/bin/env python3
"""Generate the eighteenth held-out learning corpus (Eleni's `limani` Nx monorepo, Angular + NestJS + Prisma, and
`thermaikos` R package and Shiny app, on Debian with fish): Claude Code v2.1.x transcripts + truth.json, then
validate them.

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

import scenarios_limani  # noqa: E402
import scenarios_thermaikos  # noqa: E402
from fake_output import LIMANI, THERMAIKOS  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"limani": LIMANI, "thermaikos": THERMAIKOS}
GLOBAL_RULES = {"no-no-verify", "conventional-commits"}  # said in one repository, meant for both
COMPATIBLE = [("migration-with-schema", "no-edit-merged-migration")]  # same subject (Prisma migrations), both hold

PROBLEMS = {
    "prisma-client-stale": {
        "project": "limani",
        "description": "No Nx target of the api (build, serve, test) depends on `prisma generate`: the Prisma client "
        "is generated only by the root package.json postinstall, so after Eleni pulls a colleague's schema.prisma "
        "change without a new pnpm install, node_modules/.prisma/client is stale; CI installs from scratch and is "
        "green. Seen as a ts-jest TS2353 error ('berthCode' does not exist in type BookingUncheckedCreateInput) "
        "failing 3x (nx reset and clearing the Jest cache did not help), as a Greek report with no error at all "
        "(η στήλη «Προβλήτα» στο portal είναι άδεια: the stale client does not select the new column), and as a "
        "PrismaClientValidationError `Unknown argument cancelledAt` on PATCH /bookings/:id/cancel, worked around by "
        "a manual `pnpm prisma generate`.",
        "nouns": ["berthCode", "Προβλήτα", "cancelledAt", "prisma generate"],
        "fix": ['"dependsOn": ["prisma-generate"]', "prisma generate --schema apps/api/prisma/schema.prisma"],
        "key_step": '"dependsOn": ["prisma-generate"]',
    },
    "e2e-wipes-dev-db": {
        "project": "limani",
        "description": "The Cypress tasks in apps/portal-e2e/cypress.config.ts (db:reset runs `prisma migrate reset "
        "--force`, db:seed) use the inherited DATABASE_URL from apps/api/.env, i.e. Eleni's dev database limani_dev; "
        "the E2E_DATABASE_URL in .env.example is never read. Every e2e run resets her dev database to the checked-out "
        "branch's migrations. Seen as a Greek report with no error (χάθηκαν πάλι τα δεδομένα της τοπικής βάσης; all "
        "migrations finished in the same second), as `prisma migrate dev` on another branch reporting a migration "
        "'applied to the database but missing from the local migrations directory' (a migrate reset was denied), "
        "and as the e2e seed failing with `Unique constraint failed on the fields: (email)` for a user she had "
        "created by hand (an upsert made it pass and was reverted).",
        "nouns": ["limani_dev", "db:reset", "missing from the local migrations directory"],
        "fix": ["DATABASE_URL: process.env.E2E_DATABASE_URL", "limani_e2e"],
        "key_step": "DATABASE_URL: process.env.E2E_DATABASE_URL",
    },
    "sensor-time-zone": {
        "project": "thermaikos",
        "description": "read_sensor_csv() parses the buoy loggers' UTC timestamps with as.POSIXct() and no tz, so "
        "they are read in the R session's time zone: Europe/Athens on Eleni's laptop, UTC on the GitHub Actions "
        "runner. Seen as an R-CMD-check failure on CI only (daily_summary() test `actual`: 22 24 2 vs 24 24; "
        "pinning TZ in tests/testthat/setup.R was rejected), as a Greek report with no error (the chlorophyll peak "
        "shows at 03:00 in the Shiny app, at 06:00 in Nikos's spreadsheet), and as check_readings() aborting on the "
        "March file with a missing `time` at 2027-03-28 03:00, an hour that does not exist in Europe/Athens (dropping "
        "rows was rejected).",
        "nouns": ["read_sensor_csv", "Europe/Athens", "2027-03-28 03:00:00"],
        "fix": ['format = "%Y-%m-%d %H:%M:%S", tz = "UTC"', 'withr::local_timezone("Europe/Athens")'],
        "key_step": 'format = "%Y-%m-%d %H:%M:%S", tz = "UTC"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "prisma-client-stale": [
            "jest in the Nx api project says a Prisma field does not exist in the create input, but it is in schema.prisma",
            "after git pull the NestJS API throws PrismaClientValidationError Unknown argument for a new column",
            "μετά από pull ένα καινούργιο πεδίο της Prisma δεν εμφανίζεται στο API, χωρίς κανένα error",
        ],
        "e2e-wipes-dev-db": [
            "every time the Cypress e2e tests run my local Postgres dev data is gone",
            "prisma migrate dev says a migration is applied to the database but missing from the local migrations directory",
            "το seed του Cypress σκάει με Unique constraint failed στο email και βλέπει χρήστες της δικής μου βάσης",
        ],
        "sensor-time-zone": [
            "a testthat test on daily summaries passes locally but fails on GitHub Actions R-CMD-check with counts shifted by a few hours",
            "as.POSIXct gives NA for one hourly reading at the end of March",
            "στο Shiny app οι μετρήσεις φαίνονται 3 ώρες νωρίτερα από ό,τι στο Excel",
        ],
    },
    "should_not": [
        "add a GET /vessels endpoint with pagination to the NestJS API",
        "write a Jest test for the BerthCodePipe",
        "add a Cypress test for the login page",
        "create a Prisma migration that adds a notes column to Vessel",
        "πρόσθεσε φίλτρο ανά λιμάνι στη λίστα κρατήσεων",
        "set up Renovate for the pnpm workspace",
        "add a monthly_summary() function with roxygen docs",
        "write a testthat test for station_summary()",
        "add a leaflet map of the buoys to the Shiny app",
        "φτιάξε ένα vignette για το πακέτο",
        "explain the difference between signals and observables in Angular",
        "what does renv::restore do",
        "τι κάνει το nx affected;",
        "set up a Django project",
        "how do I write a fish function that wraps git pull",
        "εξήγησέ μου τι κάνει το dplyr::across",
        "rename the berth list component to berths-page",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bfor now\b|\bevery new\b|"
    r"πάντα|ποτέ|από εδώ και πέρα|μάθημα|απόφαση|αποφασίσαμε|κανόνα|θυμήσου|μην (?:τρέξεις|πειράζεις|κάνεις)|"
    r"\bpanta\b|\bpote\b|\bmh(?:n)? mou\b|apo edw kai pera",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_limani, scenarios_thermaikos),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="el",
    lang_of=lang_of,
    language_checks=standard_language_checks("Greek", 7),
    share_check=share_between("Greek", 40, 65),
    rules_range=(15, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
