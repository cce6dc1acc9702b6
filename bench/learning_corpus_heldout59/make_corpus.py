#!/usr/bin/env python3
"""Generate the 59th held-out learning corpus (Nadeesha's `kottu`, a Rust 1.82 axum + sqlx/SQLite web service on a
VPS under systemd, and `ceylon-etl`, a Python 3.12 Airflow 2.10 + dbt-core/BigQuery pipeline managed with uv, on
Fedora 41 in Colombo, half in Sinhala script or Singlish): Claude Code v2.1.15x-16x transcripts + truth.json, then
validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Sinhala ("si"), in Sinhala script or typed in Latin letters; transcript_kit.lang_of
guesses it. The shared language checks apply as they are (standard_language_checks), with a share of 35-65 %
Sinhala messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_etl  # noqa: E402
import scenarios_kottu  # noqa: E402
from fake_output import ETL, KOTTU  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kottu": KOTTU, "ceylon-etl": ETL}
# said in one repository, meant for both: commit messages and pushing
GLOBAL_RULES = {"commit-english", "no-push"}
COMPATIBLE = [
    ("no-unwrap", "tests-unwrap-ok"),  # no unwrap() in the service code, and unwrap() is fine in tests
    ("ge-suite-per-table", "ge-fail-stops"),  # one expectation suite per table, and a failing checkpoint stops the DAG
]

PROBLEMS = {
    "sqlite-locked": {
        "project": "kottu",
        "description": "kottu's sqlx SqlitePool is opened from a bare URL (rollback journal, no busy timeout), so "
        "any second writer (the nightly menu import, a concurrent checkout, parallel nextest tests sharing one "
        "file) gets SQLITE_BUSY at once instead of waiting. Seen as a nextest failure ('database is locked' in "
        "orders::tests::create_order_decrements_stock; the same command three times), a pasted journalctl log of "
        "500s on POST /orders during the import timer, in Nadeesha's words only (the menu page hangs and the "
        "admin save 'just fails' around midnight), and as the renamed test checkout::tests::"
        "concurrent_checkout_keeps_stock failing with (code: 5).",
        "nouns": ["database is locked", "SQLITE_BUSY", "busy_timeout", "code: 5"],
        "fix": [".busy_timeout(Duration::from_secs(5))", "SqliteJournalMode::Wal"],
        "key_step": ".busy_timeout(Duration::from_secs(5))",
    },
    "utc-partition": {
        "project": "ceylon-etl",
        "description": "The daily_orders DAG builds its BigQuery partition and source filter from "
        "data_interval_start in UTC, while the shops and the orders.order_date partitions are in Asia/Colombo "
        "(UTC+5:30), so every daily load takes 05:30-to-05:30 instead of midnight-to-midnight and the day label "
        "is one day behind for the first 5.5 hours. Seen as a Great Expectations row-count failure on one "
        "partition, in Nadeesha's words only (finance says the morning orders before 5.30 are missing from "
        "yesterday's report), as a dbt test failure (not_null/accepted_range on fct_daily_sales.sales_date with "
        "a day that has no rows), and as the renamed pytest test_partition_date_follows_colombo_day.",
        "nouns": ["Asia/Colombo", "data_interval_start", "5.30", "05:30"],
        "fix": ['data_interval_start.in_timezone("Asia/Colombo")', 'pendulum.timezone("Asia/Colombo")'],
        "key_step": 'data_interval_start.in_timezone("Asia/Colombo")',
    },
    "bq-location": {
        "project": "ceylon-etl",
        "description": "The datasets live in asia-south1 (Mumbai) but dbt's BigQuery profile and the Airflow "
        "google_cloud_default connection name no location, so jobs run in the default US location. Seen as a dbt "
        "run error ('Dataset ceylon-etl-prod:staging was not found in location US'), a pasted Airflow task log "
        "(BigQueryInsertJobOperator 404 on raw.orders), in Nadeesha's words only (a seed 'succeeds' but the "
        "lookup join cannot see it), and as a Great Expectations checkpoint error ('Cannot read and write in "
        "different locations').",
        "nouns": ["location US", "asia-south1", "in location", "different locations"],
        "fix": ["location: asia-south1", '"location": "asia-south1"'],
        "key_step": "location: asia-south1",
    },
}

SKILL_PROMPTS = {
    "should": {
        "sqlite-locked": [
            "axum handler returns 500 with 'database is locked' from sqlx when a background job writes to sqlite",
            "sqlite eka parallel tests walata lock wenawa, nextest eke SQLITE_BUSY enawa",
            "rust service එකේ sqlite writes දෙකක් එකවර වුණාම code: 5 error එනවා",
        ],
        "utc-partition": [
            "airflow daily DAG misses the rows between midnight and 05:30 local time",
            "BigQuery partition එක එක දවසක් පිටිපස්සෙන් එනවා, Airflow logical date එකෙන් හදනකොට",
            "dbt daily sales model shows a date with no rows, the load window seems shifted by the timezone",
        ],
        "bq-location": [
            "dbt run says Dataset was not found in location US but the dataset exists",
            "BigQueryInsertJobOperator 404 table not found even though I can see the table in the console",
            "great expectations checkpoint eka Cannot read and write in different locations kiyala fail wenawa",
        ],
    },
    "should_not": [
        "add a GET /menu/{id} route to the axum router",
        "menu items walata price eka rupees walin format karanna function ekak liyanna",
        "how do I write a systemd timer that runs every night at 1am",
        "write a pytest fixture that builds a tiny orders dataframe",
        "dbt model එකකට description එකක් ලියන්න",
        "explain what cargo nextest's retries setting does",
        "set up a github actions workflow that runs clippy and nextest",
        "add a Great Expectations expectation that order_total is never negative",
        "fish shell eke uv completions enable karanne kohomada",
        "rename the column cust_id to customer_id in the staging model",
        "add tracing spans to the checkout handler",
        "what is the difference between dbt seed and a source",
        "Emacs වල rust-analyzer hover එක enable කරන්නේ කොහොමද",
        "write a README section on how to run kottu locally",
        "add a new Airflow DAG that exports the menu to a CSV every week",
        "tmux eke pane ekak split karanna shortcut eka mokakda",
        "make the order confirmation email template prettier",
    ],
}

# What the person typed that looks like knowledge, in English, Singlish or Sinhala script: every such sentence must
# be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bfor now\b|\bno more\b|\bscrap that\b|\bhamadama\b|\bkawadawath\b|\bmathaka thiyaganna\b|"
    r"\bdan idan\b|\bdan idala\b|හැමදාම|කවදාවත්|මතක තියාගන්න|පාඩම|තීරණය|දැන් ඉඳන්",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kottu, scenarios_etl),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="si",
    lang_of=lang_of,
    language_checks=standard_language_checks("Sinhala", 5),
    share_check=share_between("Sinhala", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
