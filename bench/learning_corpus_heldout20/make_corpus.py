#!/usr/bin/env python3
"""Generate the twentieth held-out learning corpus (Maricel's `sugbo` Deno 2 + Fresh app and `tanaw` pandas/DVC
notebooks repo, on macOS, half of it typed in Taglish): Claude Code v2.1.x transcripts + truth.json, then validate.

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

import scenarios_sugbo  # noqa: E402
import scenarios_tanaw  # noqa: E402
from fake_output import SUGBO, TANAW  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"sugbo": SUGBO, "tanaw": TANAW}
GLOBAL_RULES = {"no-push-main", "conventional-commits"}  # pasted team rules, meant for both repositories
COMPATIBLE = [("raw-readonly", "clean-in-stages")]  # same subject (cleaning the client's raw data), both hold

PROBLEMS = {
    "manila-timezone": {
        "project": "sugbo",
        "description": "Server-side code derives calendar days and hours from Date in the process's timezone or in "
        "UTC (toISOString().slice(0, 10), getHours()), while the shop is in Cebu (Asia/Manila, UTC+8); Maricel's Mac "
        "runs in Manila time but GitHub Actions and Deno Deploy run in UTC. Seen as a CI-only deno test failure in "
        'defaultPickupDate (Actual "2027-03-02" / Expected "2027-03-03"; pinning the Deno version did not help), as '
        'the live site showing "Sarado na" all morning with no error (a cache theory was wrong and reverted), and as a '
        "Taglish report with no error output that morning orders land in yesterday's branch report (napunta sa report "
        "ng kahapon).",
        "nouns": ["toISOString", "getHours", "Sarado na", "kahapon"],
        "fix": ['timeZone: "Asia/Manila"', "TZ=UTC deno test -A --unstable-kv"],
        "key_step": 'timeZone: "Asia/Manila"',
    },
    "csv-thousands-separator": {
        "project": "tanaw",
        "description": 'The client\'s POS export writes amounts of 1,000 and up with a thousands comma ("12,480.50"), '
        "and the loader reads them with a plain read_csv, so `amount` is text. Seen as an nbval failure in "
        "03_sales_summary (TypeError: type str doesn't define __round__ method, then ValueError: could not convert "
        "string to float: '1,250.00'; hidden by pd.to_numeric(errors='coerce')), as Mandaue's February total being "
        "far below the POS report with no error (the coercion turned the big amounts into NaN; stripping branch ids "
        "did not help), and as a dvc repro failure in a new aggregate stage (could not convert string to float: "
        "'12,480.50'; editing data/raw was refused and a one-stage patch reverted).",
        "nouns": ["1,250.00", "12,480.50", "to_numeric", "thousands"],
        "fix": ['thousands=","', "uv run dvc repro"],
        "key_step": 'thousands=","',
    },
    "dvc-data-stale-after-switch": {
        "project": "tanaw",
        "description": "git switch changes dvc.lock but not the DVC-tracked files in data/processed (no DVC git "
        "hooks), so after changing branch the notebooks read another branch's parquet. Seen as KeyError: 'region' in "
        "02_branches on a colleague's branch (a notebook workaround was reverted), as a notebook check failing with "
        "a column check failing on an unexpected 'region' column back on main (dvc checkout helped once), and as a Taglish description with no "
        "error of a forecast chart that does not change after switching branch (abandoned).",
        "nouns": ["sales_clean.parquet", "dvc checkout", "dvc.lock"],
        "fix": ["uv run dvc install", "dvc git-hook post-checkout"],
        "key_step": "uv run dvc install",
    },
}

SKILL_PROMPTS = {
    "should": {
        "manila-timezone": [
            "deno test passes on my Mac but fails on GitHub Actions with a date that is one day off",
            "the Fresh app on Deno Deploy shows the shop as closed in the morning although it is open",
            "yung mga order kaninang umaga napupunta sa report ng kahapon sa prod",
        ],
        "csv-thousands-separator": [
            "pandas amount column is object dtype and round() fails with type str doesn't define __round__ method",
            "monthly sales totals in the notebook are far lower than the POS report and there is no error",
            "nag-error yung dvc repro, could not convert string to float kasi may comma yung amount",
        ],
        "dvc-data-stale-after-switch": [
            "after git checkout of another branch the notebook reads an old parquet and fails with KeyError",
            "dvc status shows modified outputs every time I switch branches",
            "pag nag-switch ako ng branch, luma pa rin yung data sa notebook",
        ],
    },
    "should_not": [
        "add a Preact island with a quantity stepper",
        "write a deno test for the slots API",
        "set up Tailwind in a Fresh project",
        "explain Deno KV atomic operations",
        "how do Fresh partials work",
        "add Bisaya labels to the order form",
        "pa-gawa ng bagong notebook para sa weekly trend",
        "merge two dataframes on branch_id",
        "what does nbval --nbval-lax do",
        "add a DVC stage that aggregates sales per week",
        "configure a DVC S3 remote with an AWS profile",
        "ano ang pagkakaiba ng loc at iloc sa pandas",
        "write a zsh alias for deno task start",
        "set up a Django project",
        "explain Python decorators",
        "paano mag-add ng dependency gamit ang uv",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. The Taglish
# markers are the ones Maricel uses for rules and lessons (lagi/palagi, wag/huwag, bawal, simula ngayon, desisyon,
# napagdesisyunan, natutunan) and the Bisaya "ayaw" (don't).
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|\bfor now\b|\bno push|"
    r"\b(?:pa)?lagi(?:ng)?\b|\b(?:huwag|wag)\b|\bbawal\b|simula ngayon|mula ngayon|\bdesisyon|napagdesisyunan|"
    r"natutunan|\bayaw\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_sugbo, scenarios_tanaw),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="tl",
    lang_of=lang_of,
    language_checks=standard_language_checks("Taglish", 7),
    share_check=share_between("Taglish", 35, 65),
    rules_range=(14, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
