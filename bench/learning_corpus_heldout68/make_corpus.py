#!/usr/bin/env python3
"""Generate the 68th held-out learning corpus (Desi's `gtfs-sofia`, a Rust 1.82 axum + sqlx service ingesting
Sofia's GTFS and GTFS-realtime feeds into Postgres/PostGIS and deployed with Kamal 2, and `kasa-admin`, a
SvelteKit 2 + Drizzle admin app for café cash registers on Neon and Cloudflare Pages, on Fedora 41 in Sofia, in
Bulgarian (Cyrillic and Latin transliteration) and English): Claude Code v2.1.160-2.1.171 transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Bulgarian ("bg"), guessed by transcript_kit.lang_of (Cyrillic words and
transliterated Bulgarian words against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-60 % Bulgarian messages; everything else is the shared builder's
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

import scenarios_gtfs  # noqa: E402
import scenarios_kasa  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import GTFS, KASA, lang_of  # noqa: E402

PROJECTS = {"gtfs-sofia": GTFS, "kasa-admin": KASA}
# said in gtfs-sofia, meant for both repositories: how changes reach main, how times are stored
GLOBAL_RULES = {"no-push-main", "utc-in-db"}
COMPATIBLE = [
    ("migrations-first", "clippy-before-commit"),  # migrations before the tests, and clippy -D warnings before a commit
    ("money-cents", "format-in-ui"),  # amounts as integer cents, and euro formatting only in the UI
]

PROBLEMS = {
    "sqlx-offline-cache": {
        "project": "gtfs-sofia",
        "description": "The Dockerfile and CI build with SQLX_OFFLINE=true, but the .sqlx/ query cache was only "
        "refreshed now and then with a bare `cargo sqlx prepare` (lib/bin targets only), so new queries and every "
        "query in tests/ had no cached data. Seen as the CI docker build failing ('SQLX_OFFLINE=true but there is no "
        "cached data for this query' in src/feeds/stops.rs; building against a live database refused), in Bulgarian "
        "words only (the Kamal deploy breaks on the build step while cargo build passes locally, after one new query "
        "in routes.rs), and clippy in GitHub Actions failing on the integration tests' queries ('relation "
        "_sqlx_migrations does not exist', then 'column route_color does not exist').",
        "nouns": ["SQLX_OFFLINE", ".sqlx"],
        "fix": ["cargo sqlx prepare --workspace -- --all-targets", "cargo sqlx prepare --check"],
        "key_step": "cargo sqlx prepare --workspace -- --all-targets",
    },
    "gtfs-service-day-tz": {
        "project": "gtfs-sofia",
        "description": "delay_secs built the scheduled instant as service date + GTFS time in UTC (and wrapped times "
        "past 24:00:00), while GTFS times are local Europe/Sofia times counted from noon minus 12h of the service "
        "day. Seen as a nextest failure (delay -10758 instead of 42, three runs), in Bulgarian words only (the "
        "Serdika board shows every tram about 2 hours late, 3 hours the week before the DST change), and the "
        "ingester stopping on night line N1 with a delay_within_6h check constraint violation (dropping the "
        "constraint refused).",
        "nouns": ["delay_secs", "Europe/Sofia", "delay_within_6h"],
        "fix": ["chrono_tz::Europe::Sofia", "noon_minus_12h"],
        "key_step": "chrono_tz::Europe::Sofia",
    },
    "drizzle-journal-drift": {
        "project": "kasa-admin",
        "description": "A colleague wrote drizzle/0007_tips.sql by hand, so drizzle/meta/_journal.json and the "
        "snapshots never knew about it: drizzle-kit migrate skips it and drizzle-kit generate re-adds its column. "
        "Seen as the receipts page failing with 'column tip_cents of relation receipts does not exist' although "
        "drizzle-kit migrate reported success (psql by hand refused), in transliterated Bulgarian words only "
        "(staging has no tip_cents, the cashiers in Lozenets see no tips), and the Playwright global setup failing "
        "with 'column tip_cents already exists' from a generated 0007_brave_voided_at.sql (editing the journal by "
        "hand refused).",
        "nouns": ["_journal.json", "drizzle-kit"],
        "fix": ["pnpm drizzle-kit generate --name tips_and_voids", "pnpm drizzle-kit check"],
        "key_step": "pnpm drizzle-kit generate --name tips_and_voids",
    },
}

SKILL_PROMPTS = {
    "should": {
        "sqlx-offline-cache": [
            "docker build fails with SQLX_OFFLINE=true but there is no cached data for this query",
            "сървърният build пак не минава след нова sqlx заявка, а на лаптопа ми всичко се компилира",
            "cargo clippy in GitHub Actions fails only on query_as! calls in the tests directory",
        ],
        "gtfs-service-day-tz": [
            "realtime delays are off by exactly one or two hours compared to the schedule",
            "след смяната на часа закъсненията на таблото се промениха с един час",
            "trips after midnight like 25:10:00 get a delay of almost a full day",
        ],
        "drizzle-journal-drift": [
            "drizzle-kit migrate says migrations applied successfully but the new column is missing",
            "drizzle-kit generate pravi migraciya za kolona, koyato veche ya ima v bazata",
            "a hand-written SQL migration file in drizzle/ is never applied to the Neon branch",
        ],
    },
    "should_not": [
        "add a GET /lines/:id/stops endpoint ordered by stop_sequence",
        "напиши тест за parse на calendar_dates.txt с изключенията за празници",
        "how do I make Helix format Rust files on save",
        "add tower-http compression to the axum router",
        "kamal accessory za redis, kak se pravi",
        "explain the difference between geography and geometry in PostGIS",
        "add a prometheus /metrics endpoint with the number of polled trip updates",
        "bump tokio to the latest 1.x and run the tests",
        "добави страница за смените с филтър по кафе и дата",
        "write a vitest test for the shift closing calculation",
        "how do I set a custom domain for a Cloudflare Pages project",
        "направи login формата да показва грешка при грешна парола",
        "add a Drizzle relation between receipts and cafes",
        "dark mode za admin-a s tailwind",
        "set up zsh completion for pnpm",
        "what is the difference between +page.server.ts and +page.ts in SvelteKit",
        "add rate limiting to the login action",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\bthat was before\b|\bnikoga\b|\bvinagi\b|\breshihme\b|\bzapomni|\botsega\b|"
    r"\bвинаги\b|\bникога\b|\bотсега\b|от днес нататък|\bпоука\b|\bурок\b|\bрешихме\b|\bрешението\b|\bзапомни|"
    r"това беше преди",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_gtfs, scenarios_kasa),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="bg",
    lang_of=lang_of,
    language_checks=standard_language_checks("Bulgarian", 6),
    share_check=share_between("Bulgarian", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
