#!/usr/bin/env python3
"""Generate the fourteenth held-out learning corpus (Priya's `mandi-rates` Elixir/Phoenix backend and `kisan-app`
Flutter app, on macOS, written in English and Hinglish): Claude Code v2.1.x transcripts + truth.json, then validate.

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

import scenarios_kisan  # noqa: E402
import scenarios_mandi  # noqa: E402
from fake_output import KISAN, MANDI  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"mandi-rates": MANDI, "kisan-app": KISAN}
GLOBAL_RULES = {"no-sudo", "commit-format"}  # said in one repository, meant for both
COMPATIBLE = [("concurrent-index", "no-edit-ran-migrations")]  # same subject (Ecto migrations), both hold

PROBLEMS = {
    "rate-cache-sandbox": {
        "project": "mandi-rates",
        "description": "MandiRates.RateCache, a GenServer started by the application in every environment, "
        "refreshes itself from the database on a timer and serves all callers; in the test suite it runs outside "
        "any test's Ecto SQL sandbox ownership and is shared by all async tests. Seen as a "
        "DBConnection.OwnershipError (cannot find owner for pool) in a controller test (sandbox shared mode tried "
        "and rejected), as RatesLiveTest timing out with 'connection not available and request was dropped from "
        "queue' 3x (a bigger queue_target passed locally, CI still failed), and as a flaky modal_price assertion "
        "that depends on the seed (Hinglish report 'kabhi pass kabhi fail', deferred).",
        "nouns": ["OwnershipError", "dropped from queue", "modal_price", "RateCache"],
        "fix": [
            "config :mandi_rates, start_rate_cache: false",
            "Ecto.Adapters.SQL.Sandbox.allow(MandiRates.Repo, self(), cache)",
        ],
        "key_step": "config :mandi_rates, start_rate_cache: false",
    },
    "ist-date-utc": {
        "project": "mandi-rates",
        "description": "The rates code takes 'today' from Date.utc_today(), but mandi rates are dated in IST "
        "(UTC+5:30): between midnight and 05:30 IST the UTC date is still yesterday. Seen as the 06:30 IST Oban "
        "fetch job failing with an Ecto.ConstraintError on rates_market_id_commodity_id_date_index (on_conflict: "
        ":nothing tried, rejected), as the dashboard showing 'Aaj ke bhav abhi nahi aaye' early in the morning with "
        "no error (abandoned), and as farmers' 06:00 IST SmsDigest text carrying yesterday's date.",
        "nouns": ["unique_constraint", "Aaj ke bhav", "SmsDigest", "Date.utc_today"],
        "fix": ['DateTime.now!("Asia/Kolkata")', "config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase"],
        "key_step": 'DateTime.now!("Asia/Kolkata")',
    },
    "golden-platform-fonts": {
        "project": "kisan-app",
        "description": "Golden files are generated on Priya's Mac (Apple Silicon) but compared on the ubuntu-latest "
        "CI runner; text is rasterized differently on the two platforms, so goldens with text never match on CI. "
        "Seen as 'Pixel test failed, 2.31%' for price_card.png in a pasted CI log (regenerating the goldens on the "
        "Mac did not help), as a failed matchesGoldenFile expectation for mandi_list_dark.png (a 1% tolerance "
        "comparator rejected), and as a Hinglish report that 'screenshot wala test' is red on CI and green locally "
        "(a background agent finds the platform difference; no decision).",
        "nouns": ["Pixel test failed", "matchesGoldenFile", "screenshot wala test", "goldens/"],
        "fix": [
            "--platform linux/amd64 ghcr.io/cirruslabs/flutter:3.24.5 flutter test --tags golden --update-goldens",
            "@Tags(['golden'])",
        ],
        "key_step": "--platform linux/amd64 ghcr.io/cirruslabs/flutter:3.24.5 flutter test --tags golden "
        "--update-goldens",
    },
}

SKILL_PROMPTS = {
    "should": {
        "rate-cache-sandbox": [
            "DBConnection.OwnershipError cannot find owner for pool in an ExUnit test, from a GenServer process",
            "Phoenix LiveView tests time out with connection not available and request was dropped from queue on CI",
            "ExUnit test kabhi pass kabhi fail ho raha hai, seed badalne pe value alag aati hai",
        ],
        "ist-date-utc": [
            "Oban job inserting today's rates hits a unique constraint early in the morning in India",
            "the dashboard shows no rates for today until 5:30 am IST although the fetch job ran",
            "subah 6 baje wale SMS mein kal ki date aa rahi hai, din mein sab sahi hai",
        ],
        "golden-platform-fonts": [
            "Flutter golden test passes on my Mac but fails on GitHub Actions with Pixel test failed",
            "matchesGoldenFile fails only on the Linux CI runner after regenerating goldens locally",
            "CI pe golden wala test laal hai, mere mac pe hara hai, kya karein?",
        ],
    },
    "should_not": [
        "add an Ecto schema for commodity aliases with a migration",
        "write an Oban worker that sends a daily SMS digest",
        "add a LiveView page that lists markets with a state filter",
        "format prices with the Indian rupee symbol in HEEx",
        "add a Kannada translation file to the Flutter app",
        "pod install fails with an ffi error on Apple Silicon",
        "the Android build says the NDK version does not match the plugins",
        "RenderFlex overflowed by 23 pixels on the right in a widget test",
        "ek naya riverpod provider banao mandi list ke liye",
        "pull to refresh add karo price screen pe",
        "explain the difference between a GenServer and an Agent in Elixir",
        "what is the difference between StatelessWidget and StatefulWidget",
        "Phoenix.HTML.Safe not implemented for Decimal in a template",
        "write a Python script that renames screenshots by date",
        "Elixir mein pattern matching kaise kaam karta hai, samjhao",
        "set up a Django project with Celery",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\bdecided\b|\blesson|\bremember\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bfor now\b|\bno more\b|"
    r"\bhamesha\b|\bkabhi bhi\b|\bmat karna\b|\baage se\b|\bab se\b|\byaad rakhna\b|\bseekh\b|\btay kiya\b|"
    r"\bfaisla\b|\bniyam\b",
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
    lang="hi",
    lang_of=lang_of,
    language_checks=standard_language_checks("Hinglish", 5),
    share_check=share_between("Hinglish", 35, 55),
    rules_range=(15, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
