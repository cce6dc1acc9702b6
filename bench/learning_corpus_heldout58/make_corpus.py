#!/usr/bin/env python3
"""Generate the 58th held-out learning corpus (Bat-Erdene's `malchin`, a Go 1.23 gRPC service with sqlc on
PostgreSQL 16 deployed to k3s, and `tal-map`, a SvelteKit 2 / Svelte 5 + MapLibre frontend on Cloudflare Pages, on
Windows 11 + WSL2 in Ulaanbaatar, a bit under half in Mongolian): Claude Code v2.1.15x-2.1.16x transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Mongolian ("mn"), guessed by transcript_kit.lang_of (Cyrillic words and a short
list of transliterated Mongolian words against English function words). The shared language checks apply as they
are (standard_language_checks), with a share of 35-60 % Mongolian messages; everything else is the shared
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

import scenarios_malchin  # noqa: E402
import scenarios_talmap  # noqa: E402
from fake_output import MAL, TAL  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"malchin": MAL, "tal-map": TAL}
# said in malchin, meant for every repository: the commit message style (and its reversal)
GLOBAL_RULES = {"conventional-commits", "plain-commits"}
COMPATIBLE = [
    ("error-wrap", "grpc-status"),  # wrap with %w inside the service, a gRPC status at the boundary
    ("no-migration-edit", "migration-down"),  # applied migrations stay as they are, every new one has a down
]

PROBLEMS = {
    "pgx-rows-leak": {
        "project": "malchin",
        "description": "The hand-written PostGIS query in internal/store/pastures.go (ListNearby) calls "
        "s.pool.Query and returns early on a scan error and on the happy path without closing the rows, so each "
        "call keeps one pgxpool connection; after MaxConns calls every Acquire waits. Seen as the integration "
        "test TestListNearbyPastures hanging until 'panic: test timed out after 2m0s' with goroutines in "
        "pgxpool.(*Pool).Acquire (the same go test command three times), a pasted grpcurl 'DeadlineExceeded' on "
        "staging after a couple of dozen map requests (raising MaxConns refused), in Mongolian words only (the "
        "service stops answering after a while and a pod restart helps), and as the renamed test "
        "TestPastureSearch_ManyCalls failing on 'failed to acquire connection: context deadline exceeded'.",
        "nouns": ["rows.Close", "pgxpool", "connection pool"],
        "fix": ["defer rows.Close()", "rows.Err()"],
        "key_step": "defer rows.Close()",
    },
    "timestamp-no-tz": {
        "project": "malchin",
        "description": "herd_counts.recorded_at is a 'timestamp without time zone' column, so the wall clock of "
        "whoever writes is stored without its zone: Bat-Erdene's laptop and tests run in Asia/Ulaanbaatar (UTC+8), "
        "the k3s pods and CI in UTC, and every read is off by eight hours somewhere. Seen as TestDailyHerdReport "
        "failing locally only (day 2028-04-10 instead of 2028-04-11; TZ=UTC in the test refused), a pasted grpcurl "
        "response with recordedAt eight hours late (a handler-side .In() conversion made it worse, interrupted), "
        "in his own words only (counts entered in the evening land on the next day's report in staging), and as "
        "the renamed test TestDailySummary_AcrossMidnight.",
        "nouns": ["recorded_at", "timestamp without time zone", "Asia/Ulaanbaatar"],
        "fix": ["TYPE timestamptz", "AT TIME ZONE 'Asia/Ulaanbaatar'"],
        "key_step": "TYPE timestamptz",
    },
    "maplibre-ssr": {
        "project": "tal-map",
        "description": "src/lib/components/PastureMap.svelte imports maplibre-gl at the top of its script, so "
        "the module is evaluated during server-side rendering where there is no window. Seen as pnpm build "
        "failing while prerendering /pastures ('ReferenceError: window is not defined'; downgrading maplibre-gl "
        "refused), a pasted Cloudflare Pages function log ('ReferenceError: self is not defined' on /map/[id]; a "
        "typeof window guard did not help), in Mongolian words only (a shared pasture link shows a blank page, "
        "navigating from the home page works; prerender = false did not help), and as the renamed Playwright test "
        "'pasture deep link › opens the popup for a shared pasture' getting a 500.",
        "nouns": ["maplibre-gl", "window is not defined", "self is not defined"],
        "fix": ["await import('maplibre-gl')", "onMount(async"],
        "key_step": "await import('maplibre-gl')",
    },
}

SKILL_PROMPTS = {
    "should": {
        "pgx-rows-leak": [
            "go integration test hangs in pgxpool Acquire until the test timeout",
            "grpc service answers DeadlineExceeded after a few dozen requests, restart fixes it for a while",
            "сервис хэсэг хугацааны дараа хариу өгөхөө больдог, pgx pool-ийн connection дуусчихсан бололтой",
        ],
        "timestamp-no-tz": [
            "postgres times come back eight hours off between my laptop and the k3s pods",
            "тайлангийн тест локал дээр өдөр зөрж унадаг, CI дээр ногоон байдаг",
            "daily report puts evening records on the next day, the column is timestamp without time zone",
        ],
        "maplibre-ssr": [
            "sveltekit build fails with ReferenceError: window is not defined from maplibre-gl",
            "хуваалцсан холбоосоор map хуудсыг шууд нээхэд цагаан хуудас гарч 500 өгдөг",
            "Cloudflare Pages function log says self is not defined when opening the map route directly",
        ],
    },
    "should_not": [
        "add a gRPC method that lists soums of an aimag",
        "golangci-lint-д gofumpt нэмээд тохируулаад өгөөч",
        "write a sqlc query that counts herds per soum for one year",
        "how do I set resource limits for a deployment in k3s",
        "Dockerfile-ийг distroless image болгож өөрчилье",
        "explain what testcontainers-go Ryuk does",
        "add a health check endpoint to the grpc server",
        "pastures хуудсанд хайлтын талбар нэмээч",
        "add a Playwright test for the soum filter dropdown",
        "make the legend of the map collapsible on mobile",
        "Svelte 5 дээр snippet-ийг компонентод яаж дамжуулдаг вэ?",
        "set up a custom domain for the Cloudflare Pages project",
        "change the basemap style to a darker one at night",
        "write a vitest test for formatArea with hectares",
        "tal-map-ийн англи орчуулгыг шалгаад дутууг нөхөөрэй",
        "what is the difference between $derived and $derived.by",
        "configure the VS Code launch.json to debug go tests in WSL",
    ],
}

# What the person typed that looks like knowledge, in his three ways of writing: every such sentence is declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bfor now\b|\bno more\b|\bany ?more\b|\bfor good\b|\blike i said\b|\btold you\b|"
    r"\bүргэлж\b|хэзээ ч|шийдвэр|шийдсэн|шийдлээ|сургамж|санаарай|санаж ав|одооноос|цаашид|одоохондоо|"
    r"хэлсэн шүү|битгий|бүү |\burgelj\b|\bbitgii\b|\bhelsen shuu\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_malchin, scenarios_talmap),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="mn",
    lang_of=lang_of,
    language_checks=standard_language_checks("Mongolian", 6),
    share_check=share_between("Mongolian", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
