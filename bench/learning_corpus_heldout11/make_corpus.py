#!/usr/bin/env python3
"""Generate the eleventh held-out learning corpus (Anh's `kho-du-lieu` dbt/BigQuery/Airflow warehouse and
`giaohang-ios` SwiftUI app, on macOS): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_ios  # noqa: E402
import scenarios_kho  # noqa: E402
from fake_output import IOS, KHO  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kho-du-lieu": KHO, "giaohang-ios": IOS}
GLOBAL_RULES = {"no-secrets", "commit-english"}  # said in one repository, meant for both
COMPATIBLE = [("match-readonly", "build-number")]  # same subject (Fastlane releases), both hold

PROBLEMS = {
    "utc-order-date": {
        "project": "kho-du-lieu",
        "description": "stg_orders derives order_date with DATE(created_at), which BigQuery evaluates in UTC, while "
        "the business day, the POS source and the Airflow schedule are Asia/Ho_Chi_Minh (UTC+7): orders placed "
        "between 00:00 and 07:00 local time land in the previous day's partition of the incremental fct_orders. "
        "Seen as the dbt test unique_fct_orders_order_id failing with 212 duplicates after a backfill (a QUALIFY "
        "dedup was rejected), as the Airflow task reconcile_revenue failing with a revenue mismatch against the "
        "POS (a wider tolerance was rejected), as the Great Expectations checkpoint orders_daily failing "
        "expect_column_distinct_values_to_contain_set (hours 0-6 missing; lowering mostly was rejected), and as a "
        "Vietnamese-only report that the morning revenue report is always a bit below the POS numbers.",
        "nouns": [
            "unique_fct_orders_order_id",
            "revenue mismatch",
            "expect_column_distinct_values_to_contain_set",
            "doanh thu",
            "order_date",
        ],
        "fix": ["DATE(created_at, 'Asia/Ho_Chi_Minh')", "dbt build --select stg_orders+ --full-refresh"],
        "key_step": "DATE(created_at, 'Asia/Ho_Chi_Minh')",
    },
    "dag-toplevel-calls": {
        "project": "kho-du-lieu",
        "description": "dags/marketing_sync.py creates a BigQuery client and calls Variable.get at module level, so "
        "the code runs every time the file is parsed (DagBag in tests, the scheduler's DAG processor every 30 s). "
        "Seen as the DAG integrity pytest failing with google.auth DefaultCredentialsError (faking credentials in "
        "conftest was not enough for CI), as 'Broken DAG ... DagBag import timeout ... after 30.0s' in the Airflow "
        "UI (raising dagbag_import_timeout was denied), and as a Vietnamese-only report that the DAG appears and "
        "disappears in the UI with nothing in the scheduler log.",
        "nouns": ["marketing_sync", "DefaultCredentialsError", "DagBag import timeout"],
        "fix": ["{{ var.value.mkt_dataset }}", 'BigQueryHook(gcp_conn_id="bq_default")'],
        "key_step": "{{ var.value.mkt_dataset }}",
    },
    "imagecache-race": {
        "project": "giaohang-ios",
        "description": "ImageCache (a final class wrapping a Dictionary, used from many concurrent Tasks of the "
        "shipper list) is not thread-safe: a data race. Seen as the Swift Testing test concurrentLoads() failing "
        "with a different count each run (3 runs; a Task.sleep was tried), as a TestFlight crash log "
        "EXC_BAD_ACCESS (SIGSEGV) KERN_INVALID_ADDRESS in _NativeDictionary / ImageCache.store (prefetching was "
        "turned off, tests green, still crashing on the device), and as a Vietnamese-only report that shipper "
        "avatars show the wrong person when scrolling fast.",
        "nouns": ["ImageCache", "concurrentLoads", "EXC_BAD_ACCESS"],
        "fix": ["actor ImageCache", "SWIFT_STRICT_CONCURRENCY = complete"],
        "key_step": "actor ImageCache",
    },
}

SKILL_PROMPTS = {
    "should": {
        "utc-order-date": [
            "dbt unique test on fct_orders finds duplicate order ids after a backfill of a day",
            "daily revenue in BigQuery is lower than the POS and early-morning orders show up on the previous day",
            "bao cao doanh thu ngay nao cung thieu mot it so voi POS, don buoi sang som bi tinh sang ngay hom truoc",
        ],
        "dag-toplevel-calls": [
            "Airflow DAG integrity pytest fails with DefaultCredentialsError when importing a DAG file",
            "Broken DAG: DagBag import timeout for the marketing DAG after 30.0s",
            "DAG luc hien luc mat tren Airflow UI ma scheduler log khong co loi gi",
        ],
        "imagecache-race": [
            "a Swift Testing test of the image cache fails with a different count every run",
            "TestFlight crash EXC_BAD_ACCESS in _NativeDictionary setValue inside an image cache",
            "luot nhanh danh sach shipper thi avatar lai hien sai nguoi, co phai loi cache khong",
        ],
    },
    "should_not": [
        "add a dbt model for the shipments staging table",
        "write a singular dbt test that checks refunds are never larger than the order",
        "add a new Airflow DAG that exports the customer table to GCS every night",
        "explain the difference between incremental merge and insert_overwrite in dbt-bigquery",
        "fix the sqlfluff errors in the marts folder",
        "viet them mo ta cho cac cot trong _marts.yml",
        "add a SwiftUI screen that shows the order timeline",
        "format VND prices in the order list",
        "set up fastlane to upload a TestFlight build",
        "add a Swift Testing test for the OrderStatus decoding",
        "them man hinh cai dat ngon ngu cho app",
        "what is the difference between @State and @StateObject",
        "write a Kotlin coroutine that polls an API",
        "set up a Next.js blog",
        "giai thich giup minh async let trong Swift",
        "how do BigQuery slots work",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|CLAUDE\.md|\bfor now\b|"
    r"\bno push|\blu[oô]n\b|\b(?:kh[oô]ng|d[uừ]ng|đừng) bao gi[oờ]\b|\bt[uừ] (?:gi[oờ]|nay)\b|\bnh[oớ]\b|"
    r"\bquy t[aắ]c\b|\bb[aà]i h[oọ]c\b|\bquy[eế]t [dđ][iị]nh\b|\b[oở] [dđ][aâ]y m[iì]nh\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_kho, scenarios_ios),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="vi",
    lang_of=lang_of,
    language_checks=standard_language_checks("Vietnamese", 6),
    share_check=share_between("Vietnamese", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
