#!/usr/bin/env python3
"""Generate the 56th held-out learning corpus (Selam's `tena-kendo`, a Go 1.23 chi + pgx + sqlc + goose service on
Fly.io, and `buna-ledger`, a Python 3.12 dbt + Dagster pipeline on DuckDB and MotherDuck, on Ubuntu 24.04 in Addis
Ababa, a bit under half in Amharic): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Amharic ("am"), guessed by transcript_kit.lang_of (words in Ethiopic script and
Amharic typed in Latin letters against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-65 % Amharic messages; everything else is the shared builder's
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

import scenarios_buna  # noqa: E402
import scenarios_tena  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import BUNA, TENA, lang_of  # noqa: E402

PROJECTS = {"tena-kendo": TENA, "buna-ledger": BUNA}
# said in one repository, meant for both: commit messages in English, and where secrets live (and its reversal)
GLOBAL_RULES = {"commit-english", "secrets-dotenv", "secrets-op"}
COMPATIBLE = [
    ("wrap-errors", "log-once"),  # wrap every error with %w on the way up, and log it once, at the handler
    ("model-prefix", "model-yml-test"),  # stg_/int_/fct_ prefixes, and a yml entry with a unique test per model
]

PROBLEMS = {
    "pool-leak": {
        "project": "tena-kendo",
        "description": "store.WithTx (internal/store/tx.go) returns early when the transaction's function fails "
        "without rolling back, so every rejected booking (slot taken, not your appointment) leaves a transaction "
        "open and its pgxpool connection acquired until the pool is empty. Seen as TestCancelAppointment timing "
        "out on 'begin tx: context deadline exceeded' (the same go test command three times), in the person's "
        "words only (the API stopped answering after a receptionist's repeated 'slot taken' errors; a machine "
        "restart fixed it), as pasted Fly.io logs with the /healthz check failing and 'pool stats acquired=10 "
        "idle=0' (a bigger MaxConns refused), and as the renamed TestBookingConflict panicking after 10m in "
        "pgxpool.(*Pool).Acquire.",
        "nouns": ["pgxpool", "Rollback", "context deadline exceeded"],
        "fix": ["defer func() { _ = tx.Rollback(ctx) }()", "TestWithTxReleasesOnError"],
        "key_step": "defer func() { _ = tx.Rollback(ctx) }()",
    },
    "tz-session": {
        "project": "buna-ledger",
        "description": "The dbt models take the day from DuckDB's session TimeZone (sold_at::date, current_date), "
        "which is the machine's zone: UTC on the GitHub runner and in MotherDuck, Africa/Addis_Ababa (UTC+3) on "
        "Selam's laptop. Seen as the nightly run's Great Expectations row-count check finding 0 rows in "
        "fct_daily_sales (pasted Actions log; passes locally in the morning), test_daily_rollup failing late in "
        "the evening on her laptop (date off by one; freezegun refused), in her words only (after-midnight "
        "sales counted on the previous day on the finance dashboard), and as the renamed "
        "test_rollup_day_boundary failing in CI (assert 3 == 5).",
        "nouns": ["current_date", "TimeZone", "UTC"],
        "fix": ["TimeZone: Africa/Addis_Ababa", "var('run_date')"],
        "key_step": "TimeZone: Africa/Addis_Ababa",
    },
    "duckdb-lock": {
        "project": "buna-ledger",
        "description": "buna_ledger/db.py opens a read-write DuckDB connection to data/buna.duckdb at import time "
        "and never closes it, so any process that imports it holds the file's single write lock. Seen as dbt "
        "run failing with 'Could not set lock on file' while dagster dev runs (killing dagster refused), pytest "
        "failing to collect tests/test_assets.py on duckdb.IOException, in her words only (materialize in the "
        "Dagster UI spins with no error after a Python REPL had the file open), and as two nightly-job steps "
        "failing with DagsterExecutionStepExecutionError on the lock.",
        "nouns": ["lock", "buna.duckdb"],
        "fix": ["duckdb.connect(DB_PATH, read_only=read_only)", "conn.close()"],
        "key_step": "duckdb.connect(DB_PATH, read_only=read_only)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "pool-leak": [
            "go service stops answering after a few failed requests until the machine is restarted, pgx pool",
            "go test hangs and panics after 10m inside pgxpool.(*Pool).Acquire",
            "ከጥቂት failed transactions በኋላ pgxpool ውስጥ idle connection የለም፣ requests context deadline exceeded ይላሉ",
        ],
        "tz-session": [
            "dbt model on duckdb gives a different day in github actions than on my laptop",
            "የ daily sales rollup ከእኩለ ሌሊት በኋላ የተሸጡትን ባለፈው ቀን ላይ ይቆጥራል",
            "great expectations row count check finds 0 rows only in the nightly CI run, current_date",
        ],
        "duckdb-lock": [
            "IO Error: Could not set lock on file buna.duckdb: Conflicting lock is held",
            "dagster dev ሲሮጥ dbt run እና pytest duckdb file ን መክፈት አይችሉም",
            "dagster materialize hangs forever while another python process has the duckdb file open",
        ],
    },
    "should_not": [
        "add a chi endpoint that lists a doctor's appointments for today",
        "ለ patients table አዲስ goose migration ጻፍልኝ phone column ለመጨመር",
        "how do I set an environment variable permanently in fish shell",
        "explain the difference between pgx.Tx and pgxpool.Conn",
        "write a dbt model for monthly revenue per shop",
        "የ Dagster schedule ን ወደ ጠዋት 6 ሰዓት ቀይረው",
        "add a GitHub Actions job that runs go vet and staticcheck",
        "configure fly.io autoscaling to two machines in jnb",
        "what does sqlc.embed do in a query",
        "ለ stg_payments yml ውስጥ description ጨምር",
        "add structured logging with slog to the reminder worker",
        "write a great expectations expectation that shop_id is never null",
        "how do I attach a MotherDuck database from the duckdb cli",
        "ruff format ን pre-commit hook ላይ ጨምር",
        "add httprate limiting of 20 requests per minute to the booking endpoint",
        "generate an OpenAPI spec for the v1 routes",
        "rename the buna_finance share to buna_reports",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bwe agreed\b|"
    r"\bkeahun behuala\b|\byihen atadrg|"
    r"ሁልጊዜ|በፍጹም|በፍፁም|ከአሁን በኋላ|ከዛሬ ጀምሮ|ወስነናል|ወስኗል|ተምሬያለሁ|አስታውስ|ማስታወሻ|ተስማምተናል|"
    r"እንቀጥላለን|እንጠቀማለን|ለዛሬ ብቻ|አታድርግ|አትቀይር",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_tena, scenarios_buna),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="am",
    lang_of=lang_of,
    language_checks=standard_language_checks("Amharic", 6),
    share_check=share_between("Amharic", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
