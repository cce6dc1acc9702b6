#!/usr/bin/env python3
"""Generate the 61st held-out learning corpus (Thiha's `mohinga`, a Godot 4.3 .NET game in GDScript and C# with GUT
tests built on GitHub Actions, and `shwe-api`, a Rails 7.2 API with RSpec, Sidekiq, PostgreSQL and Kamal, on macOS
in Yangon, about half in Burmese): Claude Code v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Burmese ("my"), in Myanmar script or in Latin letters, guessed by
transcript_kit.lang_of. Everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_mohinga  # noqa: E402
import scenarios_shwe  # noqa: E402
from fake_output import API, GAME  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"mohinga": GAME, "shwe-api": API}
# said in one repository, meant for both: how branches are merged (and its reversal), commit message language
GLOBAL_RULES = {"squash", "no-squash", "commit-msg-en"}
COMPATIBLE = [
    (
        "build-stubbed",
        "request-specs",
    ),  # build_stubbed in model specs, request specs (not controller specs) for the API
    ("gd-static-types", "gd-signal-past"),  # typed GDScript, and signals named in the past tense
]

PROBLEMS = {
    "csharp-not-built": {
        "project": "mohinga",
        "description": "The GitHub Actions job runs GUT with a headless Godot that never compiles the C# project "
        "(the editor and Rider do it locally), so SaveManager.cs has no assembly on the runner. Seen as 'Cannot "
        "instance script because the associated class could not be found' for SaveManager.cs (a .godot cache "
        "wipe refused), in Thiha's words only (the save test passes in Rider and the editor but SaveManager is "
        "null on GitHub), as the renamed test test_save_and_load_keeps_coins failing with '.NET: Failed to load "
        "project assembly 'mohinga''; fixed by running `godot --headless --build-solutions --quit` before GUT "
        "(reproduced locally three times first).",
        "nouns": ["SaveManager", "C#", ".NET"],
        "fix": ["--build-solutions"],
        "key_step": "--build-solutions",
    },
    "android-keystore-ci": {
        "project": "mohinga",
        "description": "export_presets.cfg points the Android release keystore at /Users/thiha/keys/"
        "mohinga-release.keystore, a file only on Thiha's Mac, and the workflow gives Godot no keystore. Seen as "
        "'Could not find keystore, unable to export.', as a Play Console rejection of a debug-signed APK (copying "
        "the keystore into the repo was interrupted), in Thiha's words (CI green but the artifact is empty; the "
        "export was masked with || true), and in the renamed android-release job as 'Release keystore "
        "incorrectly configured in the export preset'. Fixed by emptying the preset path and passing the keystore "
        "from a base64 secret through GODOT_ANDROID_KEYSTORE_RELEASE_PATH/USER/PASSWORD.",
        "nouns": ["keystore"],
        "fix": ["GODOT_ANDROID_KEYSTORE_RELEASE_PATH", "base64 -d"],
        "key_step": "GODOT_ANDROID_KEYSTORE_RELEASE_PATH",
    },
    "utc-time-zone": {
        "project": "shwe-api",
        "description": "The Rails app runs in UTC (no config.time_zone) and uses Date.today / to_date, so 'today' "
        "is wrong between 00:00 and 06:30 in Yangon. Seen as the DailySalesReportJob at 00:30 UTC counting 0 "
        "orders (pasted Sidekiq log), as the Order.placed_today spec failing late at night (freezing time in the "
        "spec refused), in Thiha's words only (an early customer's receipt shows yesterday's date), and as the "
        "renamed spec 'Reports::DailySales counts orders of the local day'. Fixed with config.time_zone = "
        '"Asia/Yangon" and Time.zone dates.',
        "nouns": ["Date.today", "UTC", "today"],
        "fix": ['config.time_zone = "Asia/Yangon"', "Time.zone.today"],
        "key_step": 'config.time_zone = "Asia/Yangon"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "csharp-not-built": [
            "godot headless on github actions says cannot instance script, the C# class could not be found",
            "Rider ထဲမှာ pass တဲ့ GUT test က CI မှာ C# script null ဖြစ်နေတယ်",
            ".NET: Failed to load project assembly in a Godot CI job before running tests",
        ],
        "android-keystore-ci": [
            "godot android export in CI: Could not find keystore, unable to export",
            "play console says my apk from github actions is signed in debug mode",
            "CI က apk ကို release keystore နဲ့ sign မလုပ်ဘူး၊ export preset ထဲမှာ mac path ပဲ ရှိတယ်",
        ],
        "utc-time-zone": [
            "rails scope for today's orders returns nothing early in the morning",
            "receipt shows yesterday's date for orders placed before 6:30am in Yangon",
            "daily report job ka order 0 pya ne tal, ma nak 6 nar ye mha lote tal",
        ],
    },
    "should_not": [
        "add a double jump to the player in godot",
        "enemy ကို patrol state တစ်ခု ထပ်ထည့်ပေး",
        "how do I make a pause menu that ignores get_tree().paused",
        "write a GUT test for the coin counter",
        "add an endpoint for customer addresses with request specs",
        "sidekiq cron ko ba lo set lote ya lal",
        "explain what kamal-proxy does between deploys",
        "add a GIN index for product names",
        "rubocop rails config ထည့်ပေး",
        "how do I export a Godot project for the web",
        "write a migration that adds a phone number to customers",
        "make the orders index paginate with pagy",
        "add a particle effect when coins are picked up",
        "what is the difference between build and build_stubbed in factory_bot",
        "tilemap layer အသစ် ဘယ်လို ထည့်ရလဲ",
        "set up a postgres backup cron on the database VPS",
        "translate the game menu strings into Burmese with Godot's translation server",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bchange of plan\b|"
    r"\ba-mye\b|\bnout ko\b|\ba-twayt-a-kyone\b|\bpyaw pyi thar\b|အမြဲ|နောက်ဆို|သင်ခန်းစာ|ဆုံးဖြတ်|ဒုက္ခပဲ",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_mohinga, scenarios_shwe),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="my",
    lang_of=lang_of,
    language_checks=standard_language_checks("Burmese", 5),
    share_check=share_between("Burmese", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
