#!/usr/bin/env python3
"""Generate the 62nd held-out learning corpus (Sushma's `momo-app`, a React Native 0.76 / Expo SDK 52 app in
TypeScript with Zustand, Jest, Detox and EAS builds, and `khata-etl`, a Python 3.12 Dagster + dbt pipeline on
DuckDB and PostgreSQL run by systemd timers on a Hetzner box; Ubuntu 24.04 in Kathmandu, about half in Nepali,
Devanagari and romanised): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Nepali ("ne"), guessed by transcript_kit.lang_of (words in Devanagari and
romanised Nepali words against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-65 % Nepali messages; everything else is the shared builder's
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

import scenarios_app  # noqa: E402
import scenarios_etl  # noqa: E402
from fake_output import APP, ETL  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"momo-app": APP, "khata-etl": ETL}
# said in khata-etl's pasted team rules, meant for both repositories: how commits are written and merged
GLOBAL_RULES = {"conv-commits", "no-push-main"}
COMPATIBLE = [
    ("zustand-state", "persist-few"),  # new state goes in a Zustand store, and only three stores are persisted
    ("conv-commits", "no-push-main"),  # conventional commit messages, and everything goes to main through a PR
]

PROBLEMS = {
    "persist-hydration": {
        "project": "momo-app",
        "description": "The three Zustand stores persisted to AsyncStorage (auth, settings, cart) hydrate "
        "asynchronously, and the app reads them with getState() before hydration has finished (the root layout's "
        "login redirect, i18n's locale at module load, the cart badge's useState initialiser), so launch-time "
        "code sees the defaults. Seen as a cold start landing on the login screen although the token is stored "
        "(pasted Metro log; a setTimeout delay refused), the Detox test 'reorder › reorders the last order' not "
        "finding tab-orders after launchApp({ newInstance: true }) (the same detox command failing 3 times; a "
        "longer waitFor timeout interrupted), in Nepali words only (the language set to Nepali comes back "
        "English after a restart), and as the renamed e2e test 'order history › repeats the last order from "
        "history' (history-row-0 not found) with the cart badge showing 0 after a relaunch.",
        "nouns": ["hydrat", "AsyncStorage", "persist"],
        "fix": ["skipHydration: true", "persist.rehydrate()"],
        "key_step": "skipHydration: true",
    },
    "naive-time-as-utc": {
        "project": "khata-etl",
        "description": "The eSewa and Nabil Bank statement exports carry Nepal clock time (UTC+05:45) with no "
        "offset, and both parsers label it UTC (.replace(tzinfo=timezone.utc)), so every stored instant is "
        "5 h 45 min late and evening transactions (after about 18:15) fall on the next day wherever a date is "
        "taken in Asia/Kathmandu. Seen as the dbt test assert_daily_totals_match_statement failing ('Got 3 "
        "results'; loosening the test declined), the Dagster asset check txn_not_in_future finding 14 rows "
        "'in the future' (a backfill refused), in Nepali words only (evening payments shown on the next day in "
        "the app's khata screen), and as the renamed pytest test_statement_rows_keep_local_date "
        "('+00:00' instead of '+05:45').",
        "nouns": ["Asia/Kathmandu", "+05:45", "UTC"],
        "fix": ['ZoneInfo("Asia/Kathmandu")', "at time zone 'Asia/Kathmandu'"],
        "key_step": 'ZoneInfo("Asia/Kathmandu")',
    },
    "systemd-no-envfile": {
        "project": "khata-etl",
        "description": "The systemd units on the Hetzner box (khata-etl.service, khata-docs.service) load no "
        "environment: the secrets and DAGSTER_HOME live in /srv/khata/khata.env, which only Sushma's login "
        "shell sources, so everything works by hand and fails from the timer. Seen as a pasted journal with "
        "KeyError: 'KHATA_PG_DSN' in the nightly job (a hardcoded fallback DSN refused), the dbt docs service "
        "failing with \"Env var required but not provided: 'KHATA_PG_PASSWORD'\" (the password in profiles.yml "
        "refused), in Nepali words only (timer runs missing from the Dagster UI: no DAGSTER_HOME, a throwaway "
        "instance), and as the Telegram failure hook posting to 'https://api.telegram.org/botNone/sendMessage' "
        "(404).",
        "nouns": ["systemd", "EnvironmentFile", "khata.env"],
        "fix": ["EnvironmentFile=/srv/khata/khata.env", "systemctl daemon-reload"],
        "key_step": "EnvironmentFile=/srv/khata/khata.env",
    },
}

SKILL_PROMPTS = {
    "should": {
        "persist-hydration": [
            "the app opens on the login screen after a restart although the auth token is saved in AsyncStorage",
            "app बन्द गरेर खोल्दा cart badge मा 0 देखिन्छ, cart खोलेपछि मात्र items आउँछन्",
            "detox lands on the login screen after device.launchApp newInstance true, element by id not found",
        ],
        "naive-time-as-utc": [
            "payments made late in the evening show up under the next day's date in our reports",
            "dbt test comparing daily totals with the bank statement fails on a few days, one transaction moves",
            "asset check ले future मा भएका transaction भेट्छ, तर server को घडी त ठिक छ",
        ],
        "systemd-no-envfile": [
            "KeyError for an environment variable only when the job runs from the systemd timer, by hand it works",
            "timer bata chaleko dagster run haru UI ma dekhidainan, haat le chalauda dekhinchhan",
            "the telegram alert url has botNone in it when the nightly job fails on the server",
        ],
    },
    "should_not": [
        "add a dark mode toggle to the settings screen",
        "orders screen मा empty state को illustration राख्नुस्",
        "write a jest test for formatRs with 0, 5 and 1250.50 rupees",
        "how do I open the android emulator's dev menu from the terminal?",
        "expo-router ma modal screen kasari banaune?",
        "add a dbt model for monthly spend by merchant",
        "नयाँ bank (Global IME) को CSV parser थप्नुस्",
        "what does Persistent=true do in a systemd timer",
        "write a sqlfluff config for duckdb with lowercase keywords",
        "uv ma dev dependency kasari hataune?",
        "rename the dagster job from nightly to daily_load",
        "explain dagster partitions vs dynamic partitions",
        "add an app icon and splash image for Android",
        "detox ko config ma Pixel_7 emulator ko satta Pixel_8 rakhnu",
        "make the reorder button show a toast when items are added",
        "write a README section on how to run khata-etl locally",
        "Postgres मा marts schema को लागि read-only role बनाउनुस्",
    ],
}

# What the person typed that looks like knowledge, in English, romanised Nepali and Devanagari: every such sentence
# must be declared. Devanagari has no word boundaries that \b understands (vowel signs are not \w), so those are
# plain substrings.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bTIL\b|\bnote to self\b|\bturns out\b|\bremember\b|\bfrom now on\b|\bgoing forward\b|\bfor now\b|"
    r"\bno more\b|\blike i said\b|\btold you\b|\bwe moved\b|\bis gone\b|"
    r"\baba dekhi\b|\bkahile pani\b|\bsadhai\b|\bbhaneko thiye\b|\bahile lai\b|\brahechha\b|\byaad gara|"
    r"अब देखि|अबदेखि|कहिल्यै|सधैं|सधै|निर्णय|पाठ|सिकें|याद राख|भनेको थिएँ|रहेछ|अहिलेलाई|अहिलेको लागि",
    re.IGNORECASE,
)


def _corpus() -> Corpus:
    return Corpus(
        here=HERE,
        scenario_modules=(scenarios_app, scenarios_etl),
        projects=PROJECTS,
        global_rules=GLOBAL_RULES,
        compatible=COMPATIBLE,
        problems=PROBLEMS,
        skill_prompts=SKILL_PROMPTS,
        knowledge_words=KNOWLEDGE_WORDS,
        lang="ne",
        lang_of=lang_of,
        language_checks=standard_language_checks("Nepali", 6),
        share_check=share_between("Nepali", 35, 65),
    )


if __name__ == "__main__":
    sys.exit(main(_corpus(), sys.argv))
