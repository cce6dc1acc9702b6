#!/usr/bin/env python3
"""Generate the 54th held-out learning corpus (Anjali's `thattukada`, a Flutter 3.24 / Riverpod / Firebase app with
integration tests on an Android emulator and fastlane, and `thattukada-api`, a Laravel 11 / PHP 8.3 API on MySQL 8
with Pest, Sail, Horizon and Forge, on Windows 11 + WSL2 in Kochi, in Malayalam script, Manglish and English):
Claude Code v2.1.15x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Malayalam ("ml"), written in Malayalam script or in Latin letters (Manglish), guessed
by transcript_kit.lang_of. The shared language checks apply as they are (standard_language_checks), with a share
of 45-75 % Malayalam messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
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

PROJECTS = {"thattukada": APP, "thattukada-api": API}
# said in one repository, meant for both: how commits are written and that main is never force-pushed
GLOBAL_RULES = {"conventional-commits", "no-force-push"}
COMPATIBLE = [
    ("pest-only", "sail-only"),  # tests are Pest, and artisan (so the tests too) runs through Sail
    ("conventional-commits", "no-force-push"),  # commit subjects in conventional style, and main never force-pushed
]

PROBLEMS = {
    "emulator-localhost": {
        "project": "thattukada",
        "description": "The app's API base URL is hard-coded as http://localhost:8000 in lib/core/env.dart; on the "
        "Android emulator localhost is the emulator itself, so every API call is refused there (Chrome and curl "
        "from WSL work). Seen as the login integration test failing three times with 'SocketException: Connection "
        "refused ... address = localhost, port = 44312', a pasted flutter run log of the menu screen spinning "
        "forever ('DioException [connection error]'; a longer timeout refused), in Malayalam words only (the orders "
        "screen is blank on the emulator but fine in Chrome), and as the renamed 'order flow places an order' "
        "integration test refused on port 8000.",
        "nouns": ["localhost", "Connection refused", "emulator"],
        "fix": ["defaultValue: 'http://10.0.2.2:8000'", "--dart-define=API_BASE_URL=http://localhost:8000"],
        "key_step": "defaultValue: 'http://10.0.2.2:8000'",
    },
    "after-commit": {
        "project": "thattukada-api",
        "description": "Queued jobs (SendOrderReceipt, NotifyKitchen, UpdateStockLevels) are dispatched inside "
        "DB::transaction and the redis queue connection has after_commit false, so a Horizon worker can run a job "
        "before the order is committed and the job's model cannot be restored. Seen as a staging Horizon failure "
        "of SendOrderReceipt ('ModelNotFoundException: No query results for model [App\\Models\\Order] 1042'; "
        "retries refused), NotifyKitchen failing for some orders on the kitchen tablet (a delayed dispatch "
        "refused), in Malayalam words only (some receipt mails never arrive, a retry sends them), and the new "
        "UpdateStockLevels job failing the same way.",
        "nouns": ["ModelNotFoundException", "No query results for model", "Horizon"],
        "fix": ["'after_commit' => true", "dispatches order jobs only after commit"],
        "key_step": "'after_commit' => true",
    },
    "shop-timezone": {
        "project": "thattukada-api",
        "description": "The API runs on UTC (config/app.php) while the shop's hours and business days are Kochi "
        "times, and Shop::isOpenAt and the daily report compare and group in UTC. Seen as the Pest test 'it "
        "rejects orders after closing time' failing depending on the hour (freezing time in the test interrupted), "
        "in Malayalam words only (the app shows the shop open after 22:00 and closed in the morning), as the daily "
        "sales report counting late-night orders in the next day (a MySQL TZ change refused), and as the renamed "
        "test 'closes at 22:00 IST'.",
        "nouns": ["UTC", "IST", "timezone"],
        "fix": ["'shop_timezone' => 'Asia/Kolkata'", "setTimezone(config('app.shop_timezone'))"],
        "key_step": "'shop_timezone' => 'Asia/Kolkata'",
    },
}

SKILL_PROMPTS = {
    "should": {
        "emulator-localhost": [
            "flutter app on the android emulator gets Connection refused from my local API, works in chrome",
            "emulator-il app-il ninnu backend-lekku request pokunnilla, SocketException localhost port",
            "DioException connection error only on the Android emulator, the API is running on my laptop",
        ],
        "after-commit": [
            "laravel queued job fails with ModelNotFoundException for a model that exists in the database",
            "Horizon-ൽ job fail ആവുന്നു No query results for model, retry ചെയ്താൽ ശരിയാവും",
            "job dispatched in DB::transaction sometimes runs before the row is saved",
        ],
        "shop-timezone": [
            "laravel opening hours check says open after closing time, app timezone is UTC",
            "daily report-il rathri orders next day-il varunnu, timezone prashnam aano",
            "pest test about business hours passes in the morning and fails in the evening",
        ],
    },
    "should_not": [
        "add a Riverpod provider for the user's saved addresses",
        "menu card-il oru veg / non-veg icon venam",
        "how do I bump versionCode in fastlane before upload",
        "write a Pest test for the coupon validation endpoint",
        "Laravel 11-il rate limiting engane set cheyyum?",
        "add pagination to GET /api/menu-items",
        "explain the difference between ref.watch and ref.read",
        "PowerShell-il ninnu WSL folder engane open cheyyum",
        "create a Horizon supervisor for a separate mail queue",
        "add a splash screen with the thattukada logo",
        "Firestore security rules for the menu collection, read-only for customers",
        "ഓർഡർ status മാറുമ്പോൾ push notification അയക്കണം, FCM വെച്ച്",
        "write a migration to add a notes column to orders",
        "how do I run a single integration test file with fvm",
        "add a MySQL index on orders.user_id and created_at",
        "make the cart screen show a snackbar when an item is removed",
        "configure Forge to run the scheduler every minute",
    ],
}

# What the person typed that looks like knowledge, in any of her three ways of writing: every such sentence must
# be declared. Malayalam script has no reliable \b (its vowel signs are not word characters), so those are bare.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson\b|\bturns out\b|"
    r"\bnote to self\b|\bremember\b|\bfrom now\b|\bfrom today\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\bini muthal\b|\beppozhum\b|\borikkalum\b|\bparanjathalle\b|\borkkanam\b|\bforget the old way\b|"
    r"ഇനി മുതൽ|എപ്പോഴും|ഒരിക്കലും|തീരുമാന|പഠിച്ചത്|പറഞ്ഞതല്ലേ|ഓർക്കണം",
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
    lang="ml",
    lang_of=lang_of,
    language_checks=standard_language_checks("Malayalam", 5),
    share_check=share_between("Malayalam", 45, 75),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
