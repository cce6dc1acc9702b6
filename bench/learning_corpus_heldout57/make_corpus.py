#!/usr/bin/env python3
"""Generate the 57th held-out learning corpus (Armen's `lavash`, an Elixir 1.17 / Phoenix LiveView app with Ecto,
Oban and Kamal, and `ararat-cli`, a Kotlin 2.0 command-line tool built with Gradle, kotest and GraalVM
native-image, on macOS in Yerevan; about a third in Armenian, some Russian): Claude Code v2.1.15x-2.1.16x
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Armenian ("hy"), guessed by transcript_kit.lang_of (Armenian script or a few
transliterated words against Cyrillic and English function words); Russian texts come out "ru", neither Armenian
nor English. The shared language checks apply as they are (standard_language_checks), with a share of 25-50 %
Armenian messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_ararat  # noqa: E402
import scenarios_lavash  # noqa: E402
from fake_output import ARA, LAV  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"lavash": LAV, "ararat-cli": ARA}
# said in lavash, meant for every repository: commit messages in English, pull requests opened as drafts
GLOBAL_RULES = {"english-commits", "draft-prs"}
COMPATIBLE = [
    ("liveview-context", "ecto-multi"),  # LiveViews go through the context; the context writes with Ecto.Multi
    ("version-catalog", "no-reflect"),  # dependencies only through the catalog, and kotlin-reflect not among them
]

PROBLEMS = {
    "utc-business-day": {
        "project": "lavash",
        "description": "lavash takes the business day (delivery date, invoice day, the dashboard's 'today', the "
        "next delivery day) from Date.utc_today() and runs its Oban cron in UTC, while bakeries and restaurants "
        "live in Yerevan (UTC+4): between 00:00 and 04:00 local time everything is a day behind. Seen as the "
        "cutoff test failing late at night (the same mix test three times), an invoice for 8 March holding "
        "orders placed at 02:00 on 9 March (moving the cron refused), in Armenian words only (the dashboard's "
        "'today' shows yesterday's deliveries until 4 am), and as the renamed nightly-CI test "
        "'next_delivery_day/0 is tomorrow in Yerevan'.",
        "nouns": ["utc_today", "UTC", "Asia/Yerevan"],
        "fix": ['DateTime.now!("Asia/Yerevan")', 'timezone: "Asia/Yerevan"', "Tzdata.TimeZoneDatabase"],
        "key_step": 'DateTime.now!("Asia/Yerevan")',
    },
    "oban-runs-in-tests": {
        "project": "lavash",
        "description": "config/test.exs has no Oban section, so the test environment inherits config.exs: real "
        "queues and the cron plugin run during mix test, and jobs that tests insert execute in Oban's producers "
        "outside the test's SQL sandbox. Seen as an intermittent DBConnection.OwnershipError from the SMS worker "
        "in a LiveView test (async: false refused), an assert_enqueued that finds no invoice job (Process.sleep "
        "refused), in Russian words only (the team's Telegram bot sent a real message about a test fixture "
        "order), and as a deadlock (40P01) in the renamed invoice-run test.",
        "nouns": ["Oban", "OwnershipError", "testing: :manual"],
        "fix": ["testing: :manual", "perform_job"],
        "key_step": "testing: :manual",
    },
    "native-missing-resources": {
        "project": "ararat-cli",
        "description": "ararat-cli loads its transliteration and ArmSCII-8 tables and version.properties with "
        "getResource at run time, and nothing registers them for GraalVM native-image, so the native binary "
        "has none of them while the JVM build works. Seen as a NullPointerException in Tables.load from the "
        "first native binary (a rewrite interrupted), the release smoke step failing because --version prints "
        "'ararat unknown' (a generated BuildInfo refused), in Armenian words only (the Homebrew binary says "
        "'unknown charset armscii8' where the jar converts the file), and as the renamed kotest NativeSmokeSpec "
        "failing in nativeTest ('charset table armscii8.tsv not found on classpath').",
        "nouns": ["native-image", "native image", "getResource"],
        "fix": ['"pattern": "tables/.*"', "resource-config.json"],
        "key_step": '"pattern": "tables/.*"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "utc-business-day": [
            "orders placed just after midnight get yesterday's date, but only until 4 in the morning",
            "ExUnit test about today's date passes during the day and fails in the nightly CI run",
            "գիշերային հաշիվ-ապրանքագրի մեջ հաջորդ օրվա պատվերներ են ընկնում, Oban cron-ը ժամը 4-ին ա աշխատում",
        ],
        "oban-runs-in-tests": [
            "mix test sends real notifications from our bot to my phone",
            "DBConnection.OwnershipError from an Oban worker process in a LiveView test, only some runs",
            "assert_enqueued-ը job չի գտնում, թեև կոդը հաստատ insert ա անում",
        ],
        "native-missing-resources": [
            "graalvm native binary: getResource returns null but java -jar works",
            "native-image-ով հավաքած CLI-ն --version-ի վրա unknown ա տպում, jar-ը ճիշտ ա տպում",
            "kotlin cli cannot find its tsv file on the classpath only in the native build",
        ],
    },
    "should_not": [
        "add a LiveView page listing bakeries with their addresses",
        "ռեստորանների ցուցակին search դաշտ ավելացրու",
        "write an Ecto migration adding a notes column to orders",
        "how do I run only one ExUnit test by line number",
        "կամալով ինչպե՞ս ավելացնեմ երկրորդ սերվեր",
        "add a --json flag to ararat count",
        "напиши kotest для функции syllables с пустой строкой",
        "explain clikt's option groups",
        "add a GitHub Actions job that runs ./gradlew test on pull requests",
        "set up Credo in CI for lavash",
        "make the order form remember the last quantities per product",
        "generate a Homebrew formula for the ararat release asset",
        "как в Phoenix сделать rate limit на логин",
        "add dark mode to the dashboard",
        "write a mix task that exports yesterday's orders to CSV",
        "add ArmSCII-8 to UTF-8 conversion for whole directories",
        "translit-ում ավելացրու ISO 9985 ռեժիմ",
    ],
}

# What the person typed that looks like knowledge, in English, Armenian (script and transliteration) and Russian:
# every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bi said\b|\btold you\b|"
    r"\bforget\b|"
    r"միշտ|երբեք|այսուհետ|սրանից հետո|որոշեցինք|որոշել ենք|\bդաս\b|պարզվեց|ասել էի|ասել եմ|առայժմ|"
    r"\bmisht\b|\berbeq\b|\bsranic heto\b|\bvoroshecinq\b|\bparzvec\b|"
    r"всегда|никогда|впредь|отныне|с этого момента|забудь|решили|оказывается|\bурок\b|\bвывод\b|"
    r"как я говорил|больше не|пока что",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_lavash, scenarios_ararat),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="hy",
    lang_of=lang_of,
    language_checks=standard_language_checks("Armenian", 5),
    share_check=share_between("Armenian", 25, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
