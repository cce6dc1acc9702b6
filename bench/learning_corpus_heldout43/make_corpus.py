#!/usr/bin/env python3
"""Generate the 43rd held-out learning corpus (Nusrat's `bazar-app`, a Flutter 3.24 grocery app, and `bazar-api`, a
NestJS 10 + Prisma API, on macOS in Dhaka, in Bangla script, romanised Bangla and English): Claude Code v2.1.22x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Bengali ("bn"), guessed by transcript_kit.lang_of (words in Bangla script and
romanised Bangla words against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 45-80 % Bengali messages; everything else is the shared builder's
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

import scenarios_api  # noqa: E402
import scenarios_app  # noqa: E402
from fake_output import API, APP  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"bazar-app": APP, "bazar-api": API}
# said in one repository, meant for both: never delete a lock file (pubspec.lock and pnpm-lock.yaml named
# together), never force push
GLOBAL_RULES = {"no-lock-delete", "no-force-push"}
COMPATIBLE = [
    ("analyze-before-commit", "no-ignore-lints"),  # dart analyze clean before a commit, and clean by fixing code
    ("dto-validate", "whitelist"),  # a DTO for every body, and the global pipe rejects what a DTO does not declare
]

PROBLEMS = {
    "golden-font-ci": {
        "project": "bazar-app",
        "description": "Golden images were generated on Nusrat's Mac, where text is drawn with macOS system fonts "
        "(including a Bangla fallback); the ubuntu GitHub Actions runner has other fonts and none with Bangla "
        "glyphs, and no font is bundled or loaded for tests, so the golden job fails on CI while it passes "
        "locally. Seen as a pasted CI log (ProductCard matches golden: 'Pixel test failed, 2.84%'; regenerating "
        "on the Mac refused), a renamed test ('ProductCard golden (dark)') whose failure image shows the Bangla "
        "text as empty boxes (a tolerant comparator stopped), in romanised Bangla words only (log expired), and a "
        "new cart_summary golden failing by 0.07%.",
        "nouns": ["golden", "goldens/"],
        "fix": ["FontLoader('HindSiliguri')", "ghcr.io/cirruslabs/flutter:3.24.3"],
        "key_step": "ghcr.io/cirruslabs/flutter:3.24.3",
    },
    "prisma-drift": {
        "project": "bazar-api",
        "description": "Order.deliverySlot (and its index) was added with prisma db push and never written as a "
        "migration, so the migration history and the schema disagree. Seen as 'Drift detected' from prisma "
        "migrate dev asking to reset the dev database (refused), as an e2e failure in CI ('The column "
        "`Order.deliverySlot` does not exist in the current database', P2022), in Bangla words only (staging "
        "order list 500 after a green deploy), and as an unexpected migration generated on a teammate's fresh "
        "clone.",
        "nouns": ["deliverySlot", "drift"],
        "fix": ["prisma migrate diff --from-migrations prisma/migrations", "prisma migrate resolve --applied"],
        "key_step": "prisma migrate diff --from-migrations prisma/migrations",
    },
    "jest-hang": {
        "project": "bazar-api",
        "description": "The Jest e2e specs never close the Nest app and PrismaService never disconnects, so "
        "connections (Prisma, later BullMQ's Redis) stay open: 'Jest did not exit one second after the test run "
        "has completed' locally, 'too many clients already' with a force-exited worker when suites run in "
        "parallel (the same command failing three times; raising max_connections refused), a CI e2e job that "
        "hangs until its 20-minute timeout (Bangla words only; --forceExit refused), and open handles (TCPWRAP "
        "from ioredis, PrismaService.$connect) under --detectOpenHandles.",
        "nouns": ["Jest did not exit", "force exited", "detectOpenHandles", "open handle"],
        "fix": ["await this.$disconnect();", "await app.close();"],
        "key_step": "await this.$disconnect();",
    },
}

SKILL_PROMPTS = {
    "should": {
        "golden-font-ci": [
            "flutter golden test passes on my Mac but fails on GitHub Actions with Pixel test failed",
            "CI তে golden test এর failure image এ বাংলা text সব box হয়ে যায়, local এ ঠিক আছে",
            "goldens/product_card.png has a pixel diff only on the ubuntu runner, how do I make goldens stable",
        ],
        "prisma-drift": [
            "prisma migrate dev says Drift detected and wants to reset my development database",
            "নতুন clone এ prisma migrate dev একটা অজানা migration বানায়, অথচ column টা schema তে আগে থেকেই আছে",
            "CI e2e fails with The column Order.deliverySlot does not exist in the current database but local works",
        ],
        "jest-hang": [
            "Jest did not exit one second after the test run has completed in my NestJS e2e tests",
            "NestJS e2e job GitHub Actions এ শেষ হয় না, সব test pass করার পরও আটকে থাকে",
            "A worker process has failed to exit gracefully and has been force exited with prisma and supertest",
        ],
    },
    "should_not": [
        "add a pull to refresh on the product list screen",
        "write a widget test for the quantity stepper",
        "product detail screen এ image carousel বানাও",
        "how do I read the build number from pubspec in dart",
        "add an integration_test for the checkout flow on android",
        "riverpod e family provider kivabe likhte hoy?",
        "explain the difference between context.go and context.push in go_router",
        "add a NestJS endpoint that returns a customer's saved addresses",
        "prisma schema te Customer er phone number unique koro",
        "write a seed script with 50 products for local development",
        "set up swagger docs for the orders controller",
        "GitHub Actions এ pnpm store cache কীভাবে করব?",
        "add rate limiting to the login endpoint with @nestjs/throttler",
        "what is the difference between a Prisma Decimal and a Float",
        "translate the README to Bangla",
        "docker compose e pgadmin add koro",
        "how do I profile jank in a flutter list with devtools",
    ],
}

# What the person typed that looks like knowledge, in English, Bangla script and romanised Bangla: every such
# sentence must be declared. Bangla script has no \b (its vowel signs are not word characters), so those are plain.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"কখনো|কখনও|সবসময়|সব সময়|এখন থেকে|সিদ্ধান্ত|শিখলাম|মনে রাখ|আপাতত|আগেও বলেছি|"
    r"\bkokhono\b|\bshob ?shomoy\b|\bekhon theke\b|\bsiddhanto\b|\bshikhlam\b|\bmone rakh|\bapatoto\b|"
    r"\bage o bolechi\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_api),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="bn",
    lang_of=lang_of,
    language_checks=standard_language_checks("Bengali", 5),
    share_check=share_between("Bengali", 45, 80),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
