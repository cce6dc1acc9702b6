#!/usr/bin/env python3
"""Generate the 53rd held-out learning corpus (Nino's `mtsvane`, an Elixir 1.17 / Phoenix LiveView app with Ecto on
PostgreSQL deployed on Fly.io, and `mdinare`, a dbt + DuckDB + Dagster pipeline in Python 3.12 with uv, on macOS in
Tbilisi, a little under half in Georgian): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Georgian ("ka"), guessed by transcript_kit.lang_of (words in Mkhedruli and Georgian
words typed in Latin letters against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-65 % Georgian messages; everything else is the shared builder's
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

import scenarios_mdinare  # noqa: E402
import scenarios_mtsvane  # noqa: E402
from fake_output import MDN, TSV  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"mtsvane": TSV, "mdinare": MDN}
# said in one repository, meant for both: who pushes, and the language of commit messages
GLOBAL_RULES = {"no-push", "commit-en"}
COMPATIBLE = [
    ("async-tests", "no-sleep"),  # LiveView tests stay async, and no Process.sleep in them
    ("uv-run", "pin-python"),  # everything through uv, on Python 3.12 as pinned
]

PROBLEMS = {
    "ecto-sandbox-owner": {
        "project": "mtsvane",
        "description": "test/support/data_case.ex checks the Ecto SQL sandbox out in the test process itself "
        "(Sandbox.checkout), while LiveView handlers start Tasks (watering log, reminder stream) that use the "
        "Repo and outlive the test; when a test ends its connection owner dies under them. Seen as a "
        "DBConnection.OwnershipError in garden_live_test.exs (switching to async: false refused), in Georgian words "
        "only (random tests fail in the full suite, each file passes alone), as a pasted CI log from the renamed "
        "plot_live_test.exs ('owner #PID<0.612.0> exited'; a Process.sleep patch refused), and as 'client "
        "#PID<0.733.0> exited' from the reminder worker test.",
        "nouns": ["Sandbox", "sandbox", "owner"],
        "fix": ["Sandbox.start_owner!(Mtsvane.Repo, shared: not tags[:async])", "Sandbox.stop_owner(pid)"],
        "key_step": "Sandbox.start_owner!(Mtsvane.Repo, shared: not tags[:async])",
    },
    "duckdb-lock": {
        "project": "mdinare",
        "description": "dbt (both targets), the Dagster assets, the tests and Nino's notebooks and DBeaver all open "
        "the same warehouse.duckdb, and DuckDB allows one writing process per file. Seen as dbt build failing three "
        "times on 'Could not set lock on file' (held by dagster dev), in Nino's words only (a Dagster "
        "materialization hangs then fails while DBeaver has the file open), as a pytest asset test failing with "
        "duckdb.IOException (lock held by DBeaver; a test-only tmp_path change refused), and as the duckdb CLI "
        "unable to open the file while dagster dev runs.",
        "nouns": ["lock", "warehouse.duckdb"],
        "fix": ["{{ env_var('MDINARE_DUCKDB_PATH', 'data/dev.duckdb') }}", "MDINARE_DUCKDB_PATH"],
        "key_step": "{{ env_var('MDINARE_DUCKDB_PATH', 'data/dev.duckdb') }}",
    },
    "tz-naive": {
        "project": "mdinare",
        "description": "The hydromet API returns Tbilisi local times without an offset; stg_readings casts them to a "
        "naive TIMESTAMP and everything downstream (date casts, Dagster daily partitions) reads them as UTC, so "
        "each day is shifted by four hours. Seen as the singular dbt test assert_24_readings_per_day failing with "
        "20/28 readings at the batch edges, in Nino's words only (midnight-04:00 readings of Mtkvari show on the "
        "previous day in the dashboard), as the renamed pytest test_each_partition_has_full_day ('assert 20 == 24'; "
        "an hour_offset shift refused), and as the Dagster asset check no_future_readings failing.",
        "nouns": ["UTC", "Asia/Tbilisi"],
        "fix": ["at time zone 'Asia/Tbilisi'", "TimeZone: UTC"],
        "key_step": "at time zone 'Asia/Tbilisi'",
    },
}

SKILL_PROMPTS = {
    "should": {
        "ecto-sandbox-owner": [
            "phoenix liveview test passes alone but fails in the full mix test run with owner #PID exited",
            "ExUnit-ში DBConnection.OwnershipError: cannot find ownership process, როცა LiveView Task-ს იწყებს",
            "Postgrex disconnected: client #PID exited during async ExUnit tests, flaky on CI",
        ],
        "duckdb-lock": [
            "dbt build with dbt-duckdb fails: Could not set lock on file, Conflicting lock is held",
            "dagster dev გაშვებულია და duckdb ფაილს ვერ ვხსნი, lock error",
            "pytest duckdb.IOException IO Error could not set lock while DBeaver has the database open",
        ],
        "tz-naive": [
            "daily partition in dagster has 20 readings instead of 24, timestamps are local time without offset",
            "შუაღამის ანათვლები წინა დღეში ხვდება, 4 საათით არის წანაცვლებული dbt-ში",
            "duckdb naive timestamp from an API in Asia/Tbilisi time shifts my daily aggregates by four hours",
        ],
    },
    "should_not": [
        "add a LiveView page that lists all gardens with a search box",
        "დაწერე Ecto migration harvest-ის ცხრილისთვის unit სვეტით",
        "how do I scale a Fly.io app to two machines in different regions",
        "set up a Dagster sensor that runs when a new file lands in data/inbox",
        "add sqlfluff rule for lowercase keywords",
        "რა განსხვავებაა Oban-ის unique job-სა და cron plugin-ს შორის?",
        "write a dbt snapshot for the stations seed",
        "explain how Phoenix.PubSub broadcasts between LiveViews",
        "configure credo to ignore the test folder",
        "davamatot tailwind dark mode bagis gverdze",
        "add a weekly email digest with Swoosh",
        "write a pytest for the weekly_levels change calculation",
        "how do I read a parquet file from S3 with duckdb",
        "Georgian translations for the calendar page with gettext",
        "ახალი სადგური დაამატე stations.csv-ში, Enguri-ზე",
        "make the plot card show the last harvest in kg",
        "set up GitHub Actions for mdinare with uv and pytest",
    ],
}

# What the person typed that looks like knowledge, in either language (Georgian in Mkhedruli or in Latin letters):
# every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bforget what i said\b|\bchange of plan\b|"
    r"ყოველთვის|არასოდეს|არასდროს|გადავწყვიტ|გაკვეთილ|დაიმახსოვრე|ამიერიდან|აღმოჩნდა|დაივიწყე|როგორც ვთქვი|"
    r"\byoveltvis\b|\barasodes\b|\bgadavwyvit|\bdaimaxsovre\b|\bamieridan\b|\baghmochnda\b|\bdaiviwye\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_mtsvane, scenarios_mdinare),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ka",
    lang_of=lang_of,
    language_checks=standard_language_checks("Georgian", 6),
    share_check=share_between("Georgian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
