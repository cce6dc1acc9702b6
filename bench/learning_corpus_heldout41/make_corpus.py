#!/usr/bin/env python3
"""Generate the 41st held-out learning corpus (Aisyah's `kedai-runcit`, a Laravel 11 + Livewire 3 shop app run
through Sail, and `runcit-etl`, Airflow DAGs on Cloud Composer with pandas and dbt on BigQuery; Windows 11 with
WSL2 in Kuala Lumpur, Malaysian English and Malay mixed): Claude Code v2.1.22x transcripts + truth.json, then
validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Malay ("ms"), guessed by transcript_kit.lang_of (Malay function words, particles
and common verbs against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 30-70 % Malay messages (code-switched messages go either way);
everything else is the shared builder's (bench/heldout_corpus_builder.py).
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
import scenarios_kedai  # noqa: E402
from fake_output import KR, RE  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kedai-runcit": KR, "runcit-etl": RE}
# said in one repository, meant for both: leave .env alone, ask before packages, the form of commit messages
GLOBAL_RULES = {"no-env", "ask-deps", "commit-cc", "commit-plain"}
COMPATIBLE = [
    ("pint", "phpstan-baseline"),  # Pint before every commit, and PHPStan errors fixed rather than baselined
    ("dbt-dev", "sqlfluff"),  # dbt only against the dev target from the laptop, and every model sqlfluff-clean
]

PROBLEMS = {
    "float-money-rounding": {
        "project": "kedai-runcit",
        "description": "Prices are cast to float and CartTotals computes subtotal, 6% SST and the Malaysian 5-sen "
        "cash rounding in floating point (round($total * 20) / 20), so totals land a hair off (12.649999999999999, "
        "19.080000000000002) and the receipt, which rounds again with floor(), prints 5 sen less than the "
        "checkout. Seen as a failing Pest unit test ('it rounds the cash total to 5 sen'; a tolerance refused), in "
        "Malay words only (the owner's receipt shows RM 12.60 where checkout shows RM 12.65; a view patch "
        "rejected), as a renamed feature test ('it charges SST on the discounted subtotal'; a round() patch moved "
        "the error), and in English words (the accountant's SST column off by a few sen).",
        "nouns": ["CartTotals", "5 sen", "cash_total"],
        "fix": ["intdiv($totalSen + 2, 5) * 5", "price_sen"],
        "key_step": "intdiv($totalSen + 2, 5) * 5",
    },
    "pos-dtype-drift": {
        "project": "runcit-etl",
        "description": "read_pos_csv calls pd.read_csv without dtypes, so each day's file decides the column types: "
        "an all-empty promo_code or voucher_code becomes float64 and an all-digit member_id becomes int64. The "
        "BigQuery load then fails ('Provided Schema does not match Table ... Field promo_code has changed type "
        "from STRING to FLOAT'), Arrow refuses the frame ('Expected bytes, got a float object'), or member IDs "
        "silently lose their leading zeros. Seen as a pasted Airflow task log (a str cast refused), a failing "
        "pytest (test_read_pos_csv_dtypes; changing the fixture refused), in Malay words only (marketing cannot "
        "match member IDs; a zfill patch refused), and as an English report with another column.",
        "nouns": ["read_csv", "member_id", "promo_code", "dtype"],
        "fix": ["dtype=POS_DTYPES", "schema=schema"],
        "key_step": "dtype=POS_DTYPES",
    },
    "fct-sales-duplicates": {
        "project": "runcit-etl",
        "description": "fct_sales is an incremental dbt model without unique_key whose filter takes the last loaded "
        "day again (>= max(sold_date)), so every run, and every Airflow retry, appends that day once more: sales "
        "doubled in the dashboard. Seen as a failing dbt unique test on order_line_id (38 results), in Malay words "
        "only (the boss sees Saturday's sales doubled, Airflow all green), as a pasted Composer log of the renamed "
        "dbt_utils unique_combination_of_columns test (1204 results; a prod full refresh refused), and in English "
        "words (finance: October revenue 9% too high).",
        "nouns": ["fct_sales"],
        "fix": ["unique_key=['order_id', 'line_no']", "incremental_strategy='merge'"],
        "key_step": "unique_key=['order_id', 'line_no']",
    },
}

SKILL_PROMPTS = {
    "should": {
        "float-money-rounding": [
            "laravel cart total comes out 12.649999999999999 instead of 12.65 and the 5 sen cash rounding is off",
            "resit tunjuk RM 12.60 tapi skrin checkout RM 12.65, jumlah kira guna float ke?",
            "pest test fails: Failed asserting that 19.080000000000002 is identical to 19.08 for the SST total",
        ],
        "pos-dtype-drift": [
            "airflow load task fails: Provided Schema does not match Table, Field promo_code has changed type from "
            "STRING to FLOAT",
            "member_id dalam BigQuery hilang sifar depan lepas load dari pandas, kenapa jadi macam tu",
            "pyarrow ArrowTypeError Expected bytes, got a 'float' object when the CSV column is empty",
        ],
        "fct-sales-duplicates": [
            "dbt incremental model fct_sales has duplicate rows after the airflow task retried",
            "jualan dalam dashboard jadi dua kali ganda lepas DAG retry, fct_sales ada row berganda",
            "dbt_utils unique_combination_of_columns on fct_sales fails with Got 1204 results",
        ],
    },
    "should_not": [
        "add a Livewire page to edit a product's reorder level",
        "tolong buat seeder untuk 50 produk contoh",
        "how do I run a single Pest test by name",
        "set up laravel horizon for the queues in sail",
        "tambah dark mode kat admin panel",
        "explain the difference between wire:model.blur and wire:model.live",
        "write a blade component for a price badge",
        "macam mana nak tukar PHP version dalam Sail",
        "add an index on orders.created_at with a migration",
        "write an Airflow DAG that exports last month's sales to a Google Sheet",
        "dbt macro untuk tukar sen ke ringgit",
        "how do I set a BigQuery table expiration with bq",
        "add a pytest fixture that creates a temporary GCS bucket",
        "configure sqlfluff to allow trailing commas in bigquery",
        "tolong tulis README untuk runcit-etl dalam bahasa Melayu",
        "what is the difference between a dbt seed and a source",
        "how do I open the WSL home folder from Windows Explorer",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
# "jangan", "mesti" and "kena" are left out on purpose: Aisyah uses them for one-off instructions all the time
# ("jangan ubah test Faiz"), as English speakers say "don't" or "have to".
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bselalu\b|\bsentiasa\b|\blepas ni\b|\bmulai\b|\bbuat masa ni\b|\bkeputusan\b|\bkita guna\b|"
    r"\bkekal\b|\bpengajaran\b|\bbaru (?:tau|tahu|faham)\b|\brupanya\b|\bingat\b|\btukar plan\b|"
    r"\bdah cakap\b|\buntuk sekarang\b|\bhari ni je\b|\bsetiap kali\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kedai, scenarios_etl),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ms",
    lang_of=lang_of,
    language_checks=standard_language_checks("Malay", 5),
    share_check=share_between("Malay", 30, 70),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
