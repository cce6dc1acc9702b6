#!/usr/bin/env python3
"""Generate the sixth held-out learning corpus (Dmitri's `pekara_app` Flutter app and `pekara-orders` Go gRPC
service): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_app  # noqa: E402
import scenarios_orders  # noqa: E402
from fake_output import APP, ORDERS  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"pekara_app": APP, "pekara-orders": ORDERS}
GLOBAL_RULES = {"no-push-main", "no-laptop-prod"}  # said in one repository, meant for every repository Dmitri has
COMPATIBLE = [("tc-postgres", "schema-per-test")]  # same subject (the integration-test database), both hold

PROBLEMS = {
    "golden-ci-fonts": {
        "project": "pekara_app",
        "description": "Golden tests pass on Dmitri's Mac and fail only on CI (ubuntu-latest): no test config loads "
        "the app's fonts, so text renders with the test font, which rasterises differently on macOS and Linux. Seen "
        "as a pasted CI log (Pixel test failed, 2.87% diff on goldens/checkout_button.png, melos run test:golden "
        "exited with code 1), as goldens regenerated on the Mac that still fail on CI with another diff "
        "(menu_card.png, reverted), and as a voice-dictated complaint in Russian (голдены на CI упали, локально "
        "всё зелёное).",
        "nouns": ["Pixel test failed", "goldens/checkout_button.png", "menu_card.png", "голдены"],
        "fix": ["flutter_test_config.dart", "await loadAppFonts();", "ghcr.io/cirruslabs/flutter:3.27.1"],
        "key_step": "await loadAppFonts();",
    },
    "build-runner-stale-outputs": {
        "project": "pekara_app",
        "description": "The freezed/json_serializable outputs are committed, so after a pull or a branch switch "
        "build_runner finds outputs it did not write and refuses to overwrite them; the melos `gen` script runs "
        "plain `build_runner build`. Seen as build_runner's 'Conflicting outputs were detected' (exit 78) after "
        "adding a field, and as dart analyze errors after a pull (The name '_$CartStateCopyWith' isn't a type, "
        "Missing concrete implementations) with build_runner failing three times.",
        "nouns": ["Conflicting outputs were detected", "_$CartStateCopyWith", "conflicting outputs"],
        "fix": ["dart run build_runner build --delete-conflicting-outputs", "melos run gen"],
        "key_step": "dart run build_runner build --delete-conflicting-outputs",
    },
    "orders-deadline-missing-index": {
        "project": "pekara-orders",
        "description": "ListOrders filters orders by customer_id and sorts by created_at, but orders has no index "
        "on customer_id, so on 1.8M rows the query is a 2.8 s sequential scan. Seen as a client DeadlineExceeded "
        "from grpcurl/the app (raising the gateway timeout does not help), as Postgres slow-query log lines "
        "(duration: 2841.112 ms) on staging, and as a flaky integration test (TestListOrders_Pagination: list "
        "orders: timeout: context deadline exceeded) on CI.",
        "nouns": ["DeadlineExceeded", "duration: 2841.112 ms", "TestListOrders_Pagination"],
        "fix": ["idx_orders_customer_created", "ON orders (customer_id, created_at DESC)", "Index Scan"],
        "key_step": "ON orders (customer_id, created_at DESC)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "golden-ci-fonts": [
            "Flutter golden tests pass on macOS but fail on the Linux CI runner with a small pixel diff",
            "matchesGoldenFile fails only in GitHub Actions, the text in the golden looks slightly different",
            "голдены падают только на CI, локально на маке всё зелёное",
        ],
        "build-runner-stale-outputs": [
            "build_runner says conflicting outputs were detected and exits with code 78",
            "after a git pull the freezed copyWith types are missing and the analyzer is red",
            "после пула build_runner ругается на conflicting outputs, сгенерённый код старый",
        ],
        "orders-deadline-missing-index": [
            "gRPC ListOrders returns DeadlineExceeded for customers with many orders",
            "Postgres slow query log shows the orders-by-customer query taking seconds",
            "интеграционный тест на пагинацию заказов иногда падает по дедлайну на CI",
        ],
    },
    "should_not": [
        "add a dark theme to the Flutter app",
        "write a widget test for the login form",
        "add Serbian translations to the arb files",
        "set up push notifications with Firebase Cloud Messaging",
        "add a health check endpoint to the gRPC service",
        "write a Makefile target for buf generate",
        "add Prometheus metrics to the order service",
        "configure Dependabot for the Go module",
        "сделай экран онбординга с тремя слайдами",
        "напиши скрипт, который чистит старые Docker образы",
        "explain the difference between StatelessWidget and StatefulWidget",
        "how do Go generics work",
        "write a bash script that resizes images",
        "set up a Kotlin Multiplatform project",
        "what is the difference between TCP and UDP",
        "объясни, что такое горутина",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule:|\bdecision:|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|"
    r"\bturns out\b|\bscrap\b|\bwe decided\b|\bвсегда\b|\bникогда\b|\bзапомни|\bправил[оа]\b|\bурок\b|\bрешили\b|"
    r"\bрешение\b|\bзабудь\b|\bпередумал|с этого момента|у нас так не делают|на будущее|\bтолько через\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_orders),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ru",
    lang_of=lang_of,
    language_checks=standard_language_checks("Russian", 5),
    share_check=share_between("Russian", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
