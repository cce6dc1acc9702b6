#!/usr/bin/env python3
"""Generate the 46th held-out learning corpus (Karthik's `kaasu-pay`, a Java 21 / Spring Boot payments service,
and `kaasu-infra`, Terraform for AWS, on Ubuntu in Chennai, in Tamil, Tanglish and English): Claude Code v2.1.22x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Tamil ("ta"), written both in Tamil script and in Latin letters (Tanglish), guessed
by transcript_kit.lang_of (Tamil-script words and Tanglish words against English function words). The shared
language checks apply as they are (standard_language_checks), with a share of 45-80 % Tamil messages; everything
else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_infra  # noqa: E402
import scenarios_pay  # noqa: E402
from fake_output import KI, KP  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kaasu-pay": KP, "kaasu-infra": KI}
# said in one repository, meant for both: no force push, ask before dependencies, the commit message style
GLOBAL_RULES = {"no-force-push", "ask-deps", "commit-conventional", "commit-jira"}
COMPATIBLE = [
    ("bigdecimal", "numeric-19-2"),  # money is BigDecimal in Java and numeric(19,2) in Postgres
    ("module-tag", "pin-provider"),  # our modules pinned to a git tag, the AWS provider pinned with ~>
]

PROBLEMS = {
    "callback-idempotency-race": {
        "project": "kaasu-pay",
        "description": "CallbackService.handle checks findByProviderAndProviderRef and then saves the payment "
        "callback and credits the ledger, so two concurrent deliveries of the same Razorpay webhook both pass the "
        "check: one fails on the unique constraint uk_payment_callback_provider_ref (duplicate key value, a 500 to "
        "the provider) or both credit the wallet. Seen as a pasted duplicate key error from staging, in Tamil words "
        "only (customers get the 'payment received' SMS twice), as a double-credited ledger_entry row found with "
        "psql, and as a flaky CallbackConcurrencyTest (expected: <1> but was: <2>).",
        "nouns": ["callback", "provider_ref", "ledger"],
        "fix": ["ON CONFLICT (provider, provider_ref) DO NOTHING", "for i in $(seq 1 10)"],
        "key_step": "ON CONFLICT (provider, provider_ref) DO NOTHING",
    },
    "flyway-checksum-spotless": {
        "project": "kaasu-pay",
        "description": "Applied Flyway migrations change on disk, mostly because Spotless's SQL step (dbeaver() on "
        "src/**/*.sql) reformats them on spotlessApply (once by a comment edit by hand), so Flyway validation "
        "fails with a checksum mismatch against databases that already applied them. Seen as bootRun failing on "
        "the local database (flywayInitializer, version 7), in Tamil words only (staging's ECS task stops right "
        "after a deploy that only fixed a comment in V8), as integration tests failing to load the "
        "ApplicationContext on a reused Testcontainers database (version 3), and as spotlessSqlCheck failing in CI "
        "on a new migration.",
        "nouns": ["migration", "Flyway", "checksum"],
        "fix": [
            'targetExclude("src/main/resources/db/migration/**")',
            "git checkout v1.4.0 -- src/main/resources/db/migration/",
        ],
        "key_step": 'targetExclude("src/main/resources/db/migration/**")',
    },
    "tf-state-lock": {
        "project": "kaasu-infra",
        "description": "The terraform-plan and terraform-apply GitHub Actions workflows take the same S3 state's "
        "DynamoDB lock with nothing ordering them, so runs collide: a PR plan fails with 'Error acquiring the "
        "state lock' behind a long apply, an apply fails with 'Saved plan is stale' after an overlapping apply, a "
        "cancelled apply leaves its lock behind and every later plan waits (told in Tanglish words only), and a "
        "plan waits on the lock until the 360-minute job limit.",
        "nouns": ["state lock", "lock"],
        "fix": ["group: terraform-state-prod", "-lock-timeout=5m"],
        "key_step": "group: terraform-state-prod",
    },
}

SKILL_PROMPTS = {
    "should": {
        "callback-idempotency-race": [
            "razorpay webhook gives duplicate key value violates unique constraint on payment_callback and returns 500",
            "ore payment-ku wallet-la rendu thadava credit aagudhu, callback rendu vaati vandhirukku",
            "my concurrency test for payment callbacks is flaky: expected 1 ledger entry but was 2",
        ],
        "flyway-checksum-spotless": [
            "spring boot fails to start: Validate failed: Migration checksum mismatch for migration version 7",
            "spotlessApply-க்கு அப்புறம் Flyway migration checksum mismatch வருது, app start ஆகல",
            "integration tests fail to load ApplicationContext because flywayInitializer validation failed",
        ],
        "tf-state-lock": [
            "terraform plan in github actions fails with Error acquiring the state lock ConditionalCheckFailedException",
            "apply job-la Saved plan is stale nu varudhu, rendu PR merge aana apram",
            "a cancelled terraform apply left the dynamodb lock and now every plan hangs on Acquiring state lock",
        ],
    },
    "should_not": [
        "add a REST endpoint that lists a wallet's ledger entries with paging",
        "write a JPA entity for payout requests with a Flyway migration",
        "Resilience4j bulkhead-ஐ PspClient-க்கு எப்படி configure பண்றது?",
        "explain the difference between @Transactional REQUIRED and REQUIRES_NEW",
        "how do I read a gradle build scan",
        "MockRestServiceServer-la oru 503 response epdi simulate panradhu?",
        "generate an OpenAPI spec for the refund API",
        "add an ECS service autoscaling policy on CPU for kaasu-pay",
        "terraform-la S3 bucket lifecycle rule ezhudhunga, 90 naal apram glacier",
        "write a CloudWatch alarm for 5xx on the ALB",
        "explain what a NAT gateway costs in ap-south-1",
        "புது ECR repository-க்கு lifecycle policy எழுதுங்க",
        "how do I format terraform files in vim on save",
        "convert this bash script to a Makefile target",
        "what does checkov CKV_AWS_145 mean",
        "IntelliJ-la Gradle JVM 21 epdi set panradhu?",
        "write a bash one-liner that finds the biggest files in a directory",
    ],
}

# What the person typed that looks like knowledge, in English, Tanglish or Tamil script: every such sentence must be
# declared. Tamil script has no \b (vowel signs are not word characters), so those alternatives stand alone.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\beppovume?\b|\beppavume?\b|\borubodhum\b|\borupodhum\b|\binime[yl]?\b|\bpaadam\b|\bdecide pannitten\b|"
    r"\bsonnen\b|\bippodhaikku\b|"
    r"எப்பவும்|எப்போதும்|ஒருபோதும்|இனிமே|இனிமேல்|முடிவு|பாடம்|இப்போதைக்கு|சொன்னேன்",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_pay, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ta",
    lang_of=lang_of,
    language_checks=standard_language_checks("Tamil", 5),
    share_check=share_between("Tamil", 45, 80),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
