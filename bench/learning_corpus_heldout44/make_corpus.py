#!/usr/bin/env python3
"""Generate the 44th held-out learning corpus (Bilal's `dukaan-api`, a Laravel 11 API, and `dukaan-admin`, a
Vue 3 + Vite admin SPA, on Windows 11 with WSL2 Ubuntu in Lahore, in Urdu script, Roman Urdu and English):
Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Urdu ("ur"), in Nastaliq script or romanised, guessed by transcript_kit.lang_of
(Arabic-script words and Roman Urdu function words against English function words). The shared language checks
apply as they are (standard_language_checks), with a share of 45-80 % Urdu messages; everything else is the
shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_admin  # noqa: E402
import scenarios_api  # noqa: E402
from fake_output import ADM, API  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"dukaan-api": API, "dukaan-admin": ADM}
# said in one repository, meant for both: never delete a lock file, never force push
GLOBAL_RULES = {"no-lock-delete", "no-force-push"}
COMPATIBLE = [
    ("form-requests", "api-resources"),  # validation in Form Requests, responses through API Resources
    ("composition-api", "pinia-stores"),  # <script setup> components, API calls only in Pinia stores
]

PROBLEMS = {
    "export-worker-memory": {
        "project": "dukaan-api",
        "description": "The ExportOrdersCsv job loads every order of a shop with ->get() and builds the CSV in "
        "memory, on the Horizon supervisor that serves the exports queue with 'memory' => 64 and 'timeout' => 60: "
        "for a big shop the worker goes over its memory limit or its timeout and is killed mid-job, so the job "
        "times out (TimeoutExceededException), is released back onto the queue and run again, and finally fails "
        "with MaxAttemptsExceededException; locally the queue is sync, so nothing shows. Seen as a pasted Horizon "
        "failed job (timed out; raising $timeout refused), in Urdu words only (the worker dies and restarts, no "
        "file, no exception), as a pasted horizon.log with 'Released' lines, and as a MaxAttemptsExceededException.",
        "nouns": ["ExportOrdersCsv", "Horizon", "exports"],
        "fix": ["'memory' => 256", "->lazyById(1000)"],
        "key_step": "'memory' => 256",
    },
    "orders-lazy-loading": {
        "project": "dukaan-api",
        "description": "OrderController@index returns OrderResource::collection over paginated orders without "
        "eager loading, while OrderResource reads $order->customer and $order->items->product: an N+1 of about two "
        "queries per order. With Model::preventLazyLoading() on in tests it throws LazyLoadingViolationException; "
        "in production (lazy loading allowed) the admin's orders page takes 8-10 seconds. Seen as a failing Pest "
        "test (LazyLoadingViolationException; turning the check off refused), in Urdu words only (the page is "
        "slow in production), as a pasted Telescope request (403 queries, caching refused), and as a query-count "
        "Pest test.",
        "nouns": ["OrderController", "OrderResource", "lazy load", "queries"],
        "fix": ["->with(['customer', 'items.product'])", "toBeLessThan(10)"],
        "key_step": "->with(['customer', 'items.product'])",
    },
    "login-csrf-race": {
        "project": "dukaan-admin",
        "description": "The auth store's login() fires http.get('/sanctum/csrf-cookie') without awaiting it and "
        "posts /login at once; when the cookie request is slower than the POST (CI, cold API), the POST has no "
        "XSRF-TOKEN and Laravel answers 419 CSRF token mismatch, the login page stays, and the e2e login flakes. "
        "Seen as a Playwright selector timeout waiting for the Dashboard link (the same run failing three times), "
        "as a pasted trace with a 419 on POST /login in a renamed spec, in Roman Urdu words only (fails one CI "
        "run in three, never locally; retries refused), and as a toHaveURL failure in the checkout spec.",
        "nouns": ["csrf-cookie", "419", "login", "Playwright"],
        "fix": ["await http.get('/sanctum/csrf-cookie')", "--repeat-each=5"],
        "key_step": "await http.get('/sanctum/csrf-cookie')",
    },
}

SKILL_PROMPTS = {
    "should": {
        "export-worker-memory": [
            "ExportOrdersCsv fails in Horizon with MaxAttemptsExceededException has been attempted too many times",
            "Horizon ka worker export job ke beech mein restart ho jata hai aur job wapas queue mein chali jati hai",
            "a laravel queued export job times out for big shops, TimeoutExceededException in horizon failed jobs",
        ],
        "orders-lazy-loading": [
            "Pest test throws LazyLoadingViolationException Attempted to lazy load [customer] on model Order",
            "آرڈرز والا API endpoint production پر بہت slow ہے، Telescope میں سینکڑوں queries دکھ رہی ہیں",
            "GET /api/v1/orders runs 400 queries, the same select from customers repeated for every order",
        ],
        "login-csrf-race": [
            "playwright login test is flaky, sometimes 419 CSRF token mismatch on POST /login with sanctum",
            "login e2e test kabhi pass kabhi fail, CI par Dashboard link ka timeout aata hai",
            "sanctum SPA login returns 419 page expired on the first try right after the page loads",
        ],
    },
    "should_not": [
        "add a Pest test for the shop registration endpoint",
        "write a migration that adds a discount_paisa column to orders",
        "shop ke products ke liye soft deletes laga do",
        "explain what Laravel Octane would change for this API",
        "how do I schedule a command every night at 2am in laravel 11",
        "پروڈکٹس کی API میں search کا filter شامل کرو",
        "configure Envoyer health checks for the api",
        "add a Vue component for the product image gallery",
        "pinia store mein products ki pagination add karo",
        "set up prettier with the tailwind plugin",
        "dark mode ka toggle header mein daal do",
        "how do I type props with defineProps in vue 3 typescript",
        "ڈیش بورڈ پر آج کی سیلز کا کارڈ بنا دو",
        "what is the difference between ref and reactive",
        "write a bash alias for sail artisan in wsl",
        "rename the admin's orders route to /sales",
        "mysql mein orders table ka size kaise dekhte hain",
    ],
}

# What the person typed that looks like knowledge, in English, Roman Urdu and Urdu script: every such sentence
# must be declared (Urdu words only where no letter precedes them: "اب سے" sits inside "حساب سے"). The Urdu full stop "۔" does not split sentences in the shared splitter, so an Urdu message is
# often one "sentence"; it is declared when it holds a declared text.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\bstop using\b|"
    r"\bhamesha\b|\bkabhi bhi\b|\bkabhi mat\b|\bmat karna\b|\baage se\b|\bab se\b|\byaad rakh|\bsabak\b|"
    r"\bfaisla\b|\bfilhal\b|\babhi ke liye\b|\bmaine kaha\b|\bbataya tha\b|"
    r"(?<!\w)(?:ہمیشہ|کبھی|آئندہ|اب سے|فیصلہ|سبق|یاد رکھ|ابھی کے لیے|بتایا تھا)",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_admin),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ur",
    lang_of=lang_of,
    language_checks=standard_language_checks("Urdu", 5),
    share_check=share_between("Urdu", 45, 80),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
