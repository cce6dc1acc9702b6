#!/usr/bin/env python3
"""Generate the 66th held-out learning corpus (Elvin's `neft-telemetry`, a Go 1.23 service from NATS JetStream into
TimescaleDB with a Helm chart on k3s, and `bazar-app`, a Flutter 3.24 / Riverpod / Firebase app released with
fastlane, on macOS 15 in Baku, a little under half in Azerbaijani): Claude Code v2.1.15x transcripts + truth.json,
then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Azerbaijani ("az"), guessed by transcript_kit.lang_of (Azerbaijani words with or
without the special letters, and words with ə ı ğ ş ç ö ü, against English function words). The shared language
checks apply as they are (standard_language_checks), with a share of 35-60 % Azerbaijani messages; everything else
is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_bazar  # noqa: E402
import scenarios_neft  # noqa: E402
from fake_output import BAZAR, NEFT  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"neft-telemetry": NEFT, "bazar-app": BAZAR}
# said in bazar-app, meant for both repositories: how commits are written and how code reaches main
GLOBAL_RULES = {"conventional", "no-main-push"}
COMPATIBLE = [
    ("riverpod-only", "generator"),  # state only in Riverpod, and those providers written with riverpod_generator
    ("conventional", "no-main-push"),  # Conventional Commits in English, and changes reach main through a PR
]

PROBLEMS = {
    "tz-wallclock": {
        "project": "neft-telemetry",
        "description": "readings.ts is a `timestamp` (without time zone) column and the decoder builds reading "
        "times with time.Unix (local time); pgx stores the wall clock, so on Elvin's Mac and in the pods "
        "(TZ=Asia/Baku) every reading is stored 4 hours ahead. Seen as the integration test TestInsertReadings "
        "getting 14:00 instead of 10:00 UTC (the same go test command three times), a pasted psql/Grafana "
        "'Last reading: in 4 hours' (a dashboard timezone change interrupted, removing TZ from the chart "
        "refused), in Azerbaijani words only (the sensor offline alert arrives 4 hours late), and as the renamed "
        "CI test TestOfflineDetector/fires_after_10m.",
        "nouns": ["4 hours", "4 saat", "timestamp without time zone"],
        "fix": ["TYPE timestamptz", "time.Unix(r.TS, 0).UTC()"],
        "key_step": "TYPE timestamptz",
    },
    "cart-autodispose": {
        "project": "bazar-app",
        "description": "The cart notifier is declared with riverpod_generator's plain @riverpod, which generates "
        "an autoDispose provider; whenever no widget watches cartProvider (a product page, the Profile tab) the "
        "cart is disposed and rebuilt empty. Seen as the cart emptying after a product page (a setState "
        "workaround denied, SharedPreferences refused), in Azerbaijani words only (checkout total 0 ₼ after "
        "visiting the Profile tab), a pasted Analytics begin_checkout event with items: [] (a ref.read-before-"
        "await change did not help), and the renamed widget test 'CartBadge keeps count after navigating back'.",
        "nouns": ["cartProvider", "səbət", "autoDispose"],
        "fix": ["@Riverpod(keepAlive: true)", "dart run build_runner build --delete-conflicting-outputs"],
        "key_step": "@Riverpod(keepAlive: true)",
    },
    "golden-macos": {
        "project": "bazar-app",
        "description": "Golden PNGs are generated on Elvin's Mac while CI runs flutter test on ubuntu; text "
        "rasterizes differently, so goldens that pass locally fail on CI. Seen as a pasted CI failure of "
        "ProductCard golden ('Pixel test failed, 3.12%', regenerating locally refused), in Azerbaijani words only "
        "(goldens green locally, red on every PR), a fastlane beta run stopping on 'Image sizes do not match' "
        "for order_tile (goldens skipped for that release only), and the renamed goldens/checkout_summary.",
        "nouns": ["golden", "goldens"],
        "fix": [
            "ghcr.io/cirruslabs/flutter:3.24.5 flutter test --update-goldens --tags golden",
            "container: ghcr.io/cirruslabs/flutter:3.24.5",
        ],
        "key_step": "ghcr.io/cirruslabs/flutter:3.24.5 flutter test --update-goldens --tags golden",
    },
}

SKILL_PROMPTS = {
    "should": {
        "tz-wallclock": [
            "rows in my timescaledb table come back 4 hours in the future compared to now()",
            "go testində pgx ilə yazdığım vaxt geri oxuyanda 4 saat fərqlə gəlir",
            "offline alert fires hours late, max(ts) looks ahead of the database clock on pods with TZ set",
        ],
        "cart-autodispose": [
            "riverpod state resets to empty when I navigate to another screen and come back",
            "səbət tab dəyişəndə sıfırlanır, riverpod notifier yenidən build olur",
            "analytics event gets an empty list from a notifier provider after context.push returns",
        ],
        "golden-macos": [
            "flutter golden test passes on my mac but fails on github actions with a pixel diff",
            "goldenlər CI-da 'Image sizes do not match' verir, lokalda yaşıldır",
            "every PR that touches a widget breaks the golden files on the linux runner",
        ],
    },
    "should_not": [
        "add a pressure threshold alert for a single well to the alert package",
        "helm chart-a liveness probe əlavə et",
        "write a go benchmark for Decode",
        "explain what MaxAckPending does in a JetStream pull consumer",
        "bump nats.go to the latest minor version",
        "golangci-lint-də gocritic linterini aktiv et",
        "add a down migration for the retention policy",
        "məhsul kartına endirim nişanı əlavə et",
        "write a widget test for the login screen phone field",
        "how do I add a new locale to flutter gen-l10n",
        "fastlane-ə Slack bildirişi əlavə et release bitəndə",
        "add pull to refresh on the product list",
        "Firestore index lazımdır orders üçün createdAt desc, necə yaradım?",
        "set up crashlytics for the android build",
        "make the product grid two columns on phones and four on tablets",
        "k3s-də namespace üçün resource quota yaz",
        "configure dependabot for the go module",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bfor now\b|\bno more\b|\bagain:|\bevery time\b|\bdon't use\b|\bwe don't\b|"
    r"\bhəmişə\b|\bhemise\b|\bheç vaxt\b|\bhec vaxt\b|\bbundan sonra\b|\bqərar|\bqerar|\bdedim\b|"
    r"\byadda saxla\b|\bunutma\b|\bməlum oldu\b|\bmelum oldu\b|\bhələlik\b|\bhelelik\b|\bindi artıq\b|"
    r"\bdaha əl ilə\b|\blazım deyil\b|\bбольше не\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_neft, scenarios_bazar),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="az",
    lang_of=lang_of,
    language_checks=standard_language_checks("Azerbaijani", 6),
    share_check=share_between("Azerbaijani", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
