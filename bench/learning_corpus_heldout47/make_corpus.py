#!/usr/bin/env python3
"""Generate the 47th held-out learning corpus (Rūta's `turgus-web`, a SvelteKit 2 / Svelte 5 + Supabase + Drizzle
app on Vercel, and `turgus-scraper`, a Scrapy + scrapy-playwright service on Fly.io, on Windows 11 in Vilnius, about
half in Lithuanian): Claude Code v2.1.15x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Lithuanian ("lt"), guessed by transcript_kit.lang_of (Lithuanian words with or
without diacritics and Lithuanian-only letters against English function words). The shared language checks apply
as they are (standard_language_checks), with a share of 35-65 % Lithuanian messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_scraper  # noqa: E402
import scenarios_web  # noqa: E402
from fake_output import SCR, WEB  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"turgus-web": WEB, "turgus-scraper": SCR}
# said in one repository, meant for both: how branches are merged (and its reversal)
GLOBAL_RULES = {"squash-merge", "no-squash"}
COMPATIBLE = [
    ("uv-only", "pin-deps"),  # uv for every dependency, and those dependencies pinned exactly
    ("vitest-colocated", "e2e-dir"),  # Vitest tests next to the code, Playwright specs in tests/e2e
]

PROBLEMS = {
    "crlf-windows": {
        "project": "turgus-scraper",
        "description": "Rūta's Windows checkout leaks Windows conventions into a service that runs on Linux: "
        "with core.autocrlf the working copy has CRLF line endings (the repository is LF and has no "
        ".gitattributes), and str(Path(...)) joins storage keys with backslashes. Seen as a golden-file CSV test "
        "failing only on Windows ('At index 32 diff: b'\\n' != b'\\r''; the same pytest command three times), a "
        "storage key test failing on the path separator ('raw\\\\kalvariju\\\\...' vs 'raw/kalvariju/...'; "
        "changing the test stopped), in Lithuanian words only (git status shows nearly every file modified with "
        "an empty diff), and as a pasted Fly.io docker build log ('$'\\r': command not found' in "
        "scripts/install_browsers.sh, which fly deploy uploads from the working copy).",
        "nouns": ["CRLF", "line endings", "backslash"],
        "fix": ["* text=auto eol=lf", "git add --renormalize .", "as_posix()"],
        "key_step": "* text=auto eol=lf",
    },
    "rls-missing-policy": {
        "project": "turgus-web",
        "description": "New user tables (favorites, price_alerts, shopping_lists) are created by migrations that "
        "enable row level security but add no policy, so for the authenticated role every select returns "
        "nothing and every insert is refused. Seen as an empty favorites list with no error (rows written by "
        "Drizzle as postgres are there), a pasted Vitest failure ('new row violates row-level security policy "
        'for table "price_alerts"\'; the service-role shortcut refused), a pasted PostgREST 403 (42501) on '
        "shopping_lists, and a renamed Playwright test timing out (price-alerts.spec.ts › user can create a "
        "price alert).",
        "nouns": ["row-level security", "RLS", "policy"],
        "fix": ["with check (auth.uid() = user_id)", "every public table with RLS has at least one policy"],
        "key_step": "with check (auth.uid() = user_id)",
    },
    "numeric-as-string": {
        "project": "turgus-web",
        "description": "prices.price_eur is a Postgres numeric(10,2) declared in Drizzle without a mode, so "
        "Drizzle/postgres-js return it as a string while components treat it as a number. Seen as a browser "
        "TypeError ('p.priceEur.toFixed is not a function'; a Number() patch refused), a Vitest basket total "
        "that concatenates ('00.890.60' instead of 1.49; decimal.js via npm refused), in Lithuanian words only "
        "(prices sort 10,50 before 9,99; a Number() sort refused), and as the renamed cart test ('cart total > "
        "adds up line totals', '01.780.60').",
        "nouns": ["numeric", "toFixed", "price_eur"],
        "fix": ["mode: 'number'", "a.priceEur - b.priceEur"],
        "key_step": "mode: 'number'",
    },
}

SKILL_PROMPTS = {
    "should": {
        "crlf-windows": [
            "docker build fails with $'\\r': command not found in a shell script I edited on Windows",
            "git status ant Windows rodo, kad pakeisti visi failai, nors diff tuščias",
            "pytest golden file test passes on linux CI but fails on windows: At index 32 diff b'\\n' != b'\\r'",
        ],
        "rls-missing-policy": [
            "supabase select returns an empty list although the rows are in the table, no error",
            "new row violates row-level security policy for table when inserting with supabase-js",
            "naujoje supabase lentelėje insert'as grąžina 403 iš PostgREST, code 42501",
        ],
        "numeric-as-string": [
            "TypeError: toFixed is not a function on a price loaded with drizzle from postgres",
            "kainos rikiuojasi kaip tekstas, 10,50 atsiranda prieš 9,99",
            "summing prices from a numeric column gives '00.890.60' instead of a number",
        ],
    },
    "should_not": [
        "add a spider for the Gariūnai market price list",
        "parašyk pytest testą normalise_unit funkcijai su '500 g'",
        "how do I set a cron schedule for a Fly.io machine",
        "kaip PowerShell'e nustatyti aplinkos kintamąjį visam laikui?",
        "add ruff rules for import sorting to pyproject.toml",
        "explain what AUTOTHROTTLE_TARGET_CONCURRENCY does in scrapy",
        "write a github actions workflow that runs ruff, mypy and pytest with uv",
        "pridėk paieškos lauką turgų sąraše",
        "add a Playwright test for the login page",
        "make the price table sortable by product name",
        "kaip Svelte 5 perduoti snippet'ą į komponentą?",
        "set up a custom domain for the Vercel project",
        "add an og:image to the market pages",
        "write a drizzle query that returns the cheapest price per product this week",
        "išversk turgaus puslapio tekstus į anglų kalbą",
        "what is the difference between $state.raw and $state in svelte 5",
        "configure tailwind typography for the about page",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bvisada\b|\bvisados\b|\bniekada\b|\bniekad\b|\bnuo [šs]iol\b|\bnenaudok\b|\bsprendimas\b|\bnusprend|"
    r"\bpamoka\b|\bpasirodo\b|\batsimink\b|\b[įi]simink\b|\bkol kas\b|\bkaip sakiau\b|\bsakiau gi\b|"
    r"\bdaugiau ne\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_scraper, scenarios_web),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="lt",
    lang_of=lang_of,
    language_checks=standard_language_checks("Lithuanian", 5),
    share_check=share_between("Lithuanian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
