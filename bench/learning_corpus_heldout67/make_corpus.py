#!/usr/bin/env python3
"""Generate the 67th held-out learning corpus (Harpreet's `mandi-prices`, a dbt 1.8 + Airflow 2.10 pipeline on
Postgres and DuckDB, and `kisan-api`, a NestJS 10 + Prisma API on Render, in WSL2 on Windows 11 in Ludhiana, in
Punjabi (Gurmukhi and romanised) and English): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then
validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Punjabi ("pa"), guessed by transcript_kit.lang_of (runs of Gurmukhi letters and
romanised Punjabi words against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-60 % Punjabi messages; everything else is the shared builder's
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

import scenarios_kisan  # noqa: E402
import scenarios_mandi  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import KISAN, MANDI, lang_of  # noqa: E402

PROJECTS = {"mandi-prices": MANDI, "kisan-api": KISAN}
# said in kisan-api, meant for both repositories: where secrets live, how commit messages are written
GLOBAL_RULES = {"secrets-env", "commit-english"}
COMPATIBLE = [
    ("dbt-test-first", "sqlfluff-clean"),  # dbt test before a commit, and sqlfluff clean before a push
    ("paise-int", "app-formats"),  # prices as integer paise in the API, and ₹ formatting left to the app
]

PROBLEMS = {
    "ddmm-arrival-date": {
        "project": "mandi-prices",
        "description": "The agmarknet source sends arrival_date as DD/MM/YYYY text and both stg_arrivals "
        "(arrival_date::date) and the Python loader (dateutil parse) let Postgres's DateStyle / month-first parsing "
        "decide, so days 1-12 get day and month swapped and days 13-31 fail. Seen as a dbt run Database Error "
        "('date/time field value out of range: \"13/09/2029\"'; a datestyle pre_hook refused), in Punjabi words "
        "only (the Metabase dashboard shows Khanna wheat prices in December 2029 and none for early September), a "
        "great_expectations range check failing on 1184 future dates (widening the range refused), and a dbt "
        "uniqueness test plus the new pytest test_arrivals_ddmm failing.",
        "nouns": ["arrival_date", "DD/MM"],
        "fix": ["to_date(arrival_date, 'DD/MM/YYYY')", "%d/%m/%Y"],
        "key_step": "to_date(arrival_date, 'DD/MM/YYYY')",
    },
    "duckdb-single-writer": {
        "project": "mandi-prices",
        "description": "Two Airflow export tasks (and dbt's duck target) write the same DuckDB file "
        "/data/mandi.duckdb, and DuckDB allows one writing process per file. Seen as the operator pytest failing "
        "three times ('IO Error: Could not set lock on file ... mandi.duckdb'), dbt run --target duck failing on "
        "the lock held by the scheduler (killing it refused), in romanised Punjabi words only (every morning 2-3 "
        "export tasks go up_for_retry and then turn green), and export_arrivals failing after 3 attempts.",
        "nouns": ["mandi.duckdb", "Conflicting lock"],
        "fix": ["airflow pools set duckdb_writer 1", 'pool="duckdb_writer"'],
        "key_step": "airflow pools set duckdb_writer 1",
    },
    "prisma-client-not-generated": {
        "project": "kisan-api",
        "description": "pnpm 10 does not run dependencies' install scripts unless they are allowlisted, so "
        "@prisma/client's postinstall (prisma generate) never runs on a fresh install: the generated client is "
        "missing or stale. Seen as a Render deploy crash ('@prisma/client did not initialize yet'; a clean redeploy "
        "failed, rolled back), a fresh WSL clone where tests do not compile (TS2305: no exported member "
        "'MandiRate'; prisma generate by hand), in romanised Punjabi words only (a teammate's fresh clone has no "
        "msp field), and a renamed e2e test in GitHub Actions ('returns msp next to modal price').",
        "nouns": ["@prisma/client", "prisma generate"],
        "fix": ['"postinstall": "prisma generate"', '"onlyBuiltDependencies"'],
        "key_step": '"postinstall": "prisma generate"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "ddmm-arrival-date": [
            'dbt run fails with date/time field value out of range: "25/10/2029" on a staging model',
            "ਡੈਸ਼ਬੋਰਡ ਤੇ ਮੰਡੀ ਦੇ rates ਅਗਲੇ ਮਹੀਨਿਆਂ ਵਿੱਚ ਦਿਖ ਰਹੇ ਹਨ, dates ਉਲਟੀਆਂ ਲੱਗਦੀਆਂ",
            "great expectations says arrival dates are in the future but the load only has last week's data",
        ],
        "duckdb-single-writer": [
            "airflow tasks writing to the same duckdb file fail with Could not set lock on file",
            "har subah export tasks retry hunde ne te fer aape pass ho jaande, duckdb wale",
            "dbt-duckdb run says Conflicting lock is held in another python process",
        ],
        "prisma-client-not-generated": [
            "Render deploy crashes with @prisma/client did not initialize yet after pnpm install",
            "ਨਵੇਂ clone ਤੇ TS2305 has no exported member, Prisma ਦੇ types ਹੀ ਨਹੀਂ ਮਿਲਦੇ",
            "a new column from the prisma schema is missing from API responses in CI but not on my machine",
        ],
    },
    "should_not": [
        "add a dbt model for monthly arrivals per district",
        "ਮੰਡੀ ਵਾਲੇ DAG ਦਾ schedule ਸਵੇਰੇ 7 ਵਜੇ ਕਰ ਦਿਓ",
        "write a pytest for the parse_commodity helper with 'Wheat (Desi)'",
        "how do I expose a port from WSL2 to my phone on the same wifi",
        "add sqlfluff rule for trailing commas",
        "explain dbt snapshots vs incremental models",
        "kisan-api vich rate limiting add karo, 100 requests per minute",
        "write a GitHub Actions workflow that runs pnpm lint and jest",
        "add swagger docs to the NestJS controllers",
        "ਟਮਾਟਰ ਦੇ ਭਾਅ ਲਈ ਨਵਾਂ endpoint ਬਣਾਓ",
        "how do I set up tmux so that neovim colors look right",
        "add a seed script for Prisma with five mandis",
        "create a Metabase question for the weekly onion price",
        "write a supertest test for POST /alerts validation",
        "what is the difference between dbt build and dbt run",
        "set up a custom domain for the Render service",
        "docker compose for local postgres te pgadmin bana do",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\bthat was before\b|\bkade nahi\b|\bhamesha\b|\bhun ton\b|\byaad rakh|\bsikhya\b|\bfaisla\b|\brakhange\b|"
    r"ਹਮੇਸ਼ਾ|ਕਦੇ ਨਹੀਂ|ਅੱਜ ਤੋਂ ਬਾਅਦ|ਹੁਣ ਤੋਂ|ਸਬਕ|ਫ਼ੈਸਲਾ|ਫੈਸਲਾ|ਯਾਦ ਰੱਖ",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_mandi, scenarios_kisan),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="pa",
    lang_of=lang_of,
    language_checks=standard_language_checks("Punjabi", 6),
    share_check=share_between("Punjabi", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
