#!/usr/bin/env python3
"""Generate the fifth held-out learning corpus (Rafael's `quitanda` monorepo and `quitanda-pagamentos` service):
Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_api  # noqa: E402
import scenarios_web  # noqa: E402
from fake_output import API, WEB  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"quitanda": WEB, "quitanda-pagamentos": API}
GLOBAL_RULES = {"no-push-main", "no-prod-db"}  # said in one repository, meant for every repository Rafael works in
COMPATIBLE = [("tests-compose-postgres", "tests-rollback")]  # same subject (the test database), both hold

PROBLEMS = {
    "order-date-hydration": {
        "project": "quitanda",
        "description": "Dates are formatted with toLocaleDateString()/toLocaleTimeString() without a locale or time "
        "zone in components rendered on the server first: the server (Node, en-US, UTC on Vercel) and the browser "
        "(pt-BR, America/Sao_Paulo) produce different text, so React reports a hydration mismatch and the client "
        "shows another date. Seen as Next's 'Hydration failed because the server rendered text didn't match the "
        'client\' on /pedidos, as a Playwright toHaveText failure (expected "04/11/2026", received "11/4/2026"), '
        "as a customer report in Portuguese (the order date shows 10/11 and then changes to 09/11), and later on "
        'the delivery slots (webkit e2e: "11:00:00 AM" instead of "08:00", \'Text content did not match\').',
        "nouns": [
            "Hydration failed",
            "11/4/2026",
            "toLocaleDateString",
            "muda pra 09/11",
            "Text content did not match",
        ],
        "fix": ["formatOrderDate", 'timeZone: "America/Sao_Paulo"', 'Intl.DateTimeFormat("pt-BR"'],
        "key_step": 'timeZone: "America/Sao_Paulo"',
    },
    "turbo-stale-prisma-client": {
        "project": "quitanda",
        "description": "packages/db runs `prisma generate` inside its `build` task, but schema.prisma is not among "
        "that task's Turborepo inputs, so after a schema change the build (with the old generated client) is "
        "replayed from the Vercel remote cache. Seen as a CI typecheck error (TS2339 Property 'deliveryWindow' does "
        "not exist), as a Vercel preview build error (Module '\"@quitanda/db\"' has no exported member "
        "'DeliveryWindow'), and as a Vitest PrismaClientValidationError (Unknown argument `deliveryWindow`).",
        "nouns": ["deliveryWindow", "DeliveryWindow", "@quitanda/db:build: cache hit"],
        "fix": ["db:generate", '"inputs": ["prisma/schema.prisma"]', "^db:generate"],
        "key_step": '"inputs": ["prisma/schema.prisma"]',
    },
    "celery-double-charge": {
        "project": "quitanda-pagamentos",
        "description": "charge_order is a Celery task with autoretry_for=(httpx.ReadTimeout, ...) that calls the "
        "PagaFácil API without an idempotency key: when the provider is slow the client times out after the "
        "provider has already charged, the retry charges again, and inserting the second Payment fails on the "
        "unique order_id. Seen as an IntegrityError (duplicate key value violates unique constraint "
        '"payments_order_id_key") in the worker log, as a pytest assertion (assert 2 == 1 on the number of '
        "charges), and as a customer complaint in Portuguese (fui cobrado duas vezes).",
        "nouns": ["payments_order_id_key", "cobrança dupla", "cobrado duas vezes", "charge twice"],
        "fix": ['"Idempotency-Key": f"charge:{order_id}"', "on_conflict_do_nothing", "ON CONFLICT DO NOTHING"],
        "key_step": '"Idempotency-Key": f"charge:{order_id}"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "order-date-hydration": [
            "Next.js hydration failed because the server rendered date text didn't match the client",
            "Playwright sees the date as 11/4/2026 instead of 04/11/2026 on a server-rendered page",
            "a data do pedido aparece um dia e depois muda pra outro quando a página carrega",
        ],
        "turbo-stale-prisma-client": [
            "CI says a Prisma field does not exist although it is in schema.prisma, locally it works",
            "Turborepo replays an old build of the Prisma client package from the remote cache after a schema change",
            "o preview da vercel quebra dizendo que o enum do prisma não existe, mas tá no schema",
        ],
        "celery-double-charge": [
            "Celery task retry charges the customer twice after a timeout",
            "IntegrityError duplicate key on payments when a payment task is retried",
            "cliente foi cobrado duas vezes no mesmo pedido depois de um timeout do provedor",
        ],
    },
    "should_not": [
        "add a dark mode toggle to the web app",
        "write a Storybook story for the Button component",
        "translate the product pages into English",
        "add a sitemap.xml to the Next app",
        "add a CSV export of the payments",
        "write docstrings for the FastAPI routers",
        "set up Renovate for the monorepo",
        "add OpenTelemetry tracing to the FastAPI service",
        "faz uma página de perguntas frequentes",
        "escreve um script que gera QR code pros produtores",
        "how do I center a div in CSS",
        "explain what a Python dataclass is",
        "write a bash script that renames photos by date",
        "set up a Django project with PostgreSQL",
        "configure Kotlin coroutines in an Android app",
        "me explica a diferença entre let e const em JavaScript",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|"
    r"\bnote for next time\b|\bfor future reference\b|\bTIL\b|\bfrom now on\b|\bturns out\b|\bteam agreed\b|"
    r"\bsempre\b|\bnunca\b|\blembra\b|a partir de agora|daqui pra frente|\bregras?\b|\blição|\banota aí|"
    r"\bdecid|\bdecisão|mudei de ideia|\besquece\b|\baprendi\b|fica a dica",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_web, scenarios_api),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="pt",
    lang_of=lang_of,
    language_checks=standard_language_checks("Portuguese", 5),
    share_check=share_between("Portuguese", 38, 55),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
