#!/usr/bin/env python3
"""Generate the 33rd held-out learning corpus (Ingrid's `fjordvarsel`, a Kotlin Ktor + Exposed server for tide and
weather alerts, and `fjordvarsel-app`, a Kotlin Multiplatform Compose app for Android and iOS, on macOS in Bergen,
half in Norwegian Bokmål): Claude Code v2.1.22x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Norwegian ("no"), guessed by transcript_kit.lang_of (Norwegian function words, with
æ/ø/å or typed as ae/o/aa, and words carrying æ, ø or å, against English function words). The shared language
checks apply as they are (standard_language_checks), with a share of 35-65 % Norwegian messages; everything else
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

import scenarios_app  # noqa: E402
import scenarios_server  # noqa: E402
from fake_output import APP, FV  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"fjordvarsel": FV, "fjordvarsel-app": APP}
# said in one repository, meant for both: no force push, ask before dependencies, versions only in the catalog
GLOBAL_RULES = {"no-force-push", "ask-deps", "version-catalog"}
COMPATIBLE = [
    ("kotest", "testcontainers"),  # kotest, not JUnit; and database tests on a real Postgres in Testcontainers
    ("ask-deps", "version-catalog"),  # ask before a new dependency; and every version goes in libs.versions.toml
]

PROBLEMS = {
    "hikari-pool-starvation": {
        "project": "fjordvarsel",
        "description": "AlertService.publish runs one Exposed transaction {} and sends every FCM push inside it "
        "(PushClient.sendBlocking, one HTTP call per device token), so a storm alert to hundreds of subscribers "
        "holds a HikariCP connection for about a minute; a few alerts at once drain the pool and every other "
        "request, /health included, times out ('HikariPool-1 - Connection is not available, request timed out "
        "after 30000ms'). Seen as a failing kotest spec (AlertFanoutTest; raising the test pool refused), in "
        "Norwegian words only (the whole API stalled during a storm warning, no errors), as a pasted production "
        "log (readiness probe failing, pool at waiting=53), and as the renamed spec AlertPublishConcurrencyTest "
        "timing out.",
        "nouns": ["HikariPool", "connection pool", "Connection is not available"],
        "fix": ["newSuspendedTransaction(Dispatchers.IO)", "suspend fun send(token: String, body: String)"],
        "key_step": "newSuspendedTransaction(Dispatchers.IO)",
    },
    "sqldelight-missing-migration": {
        "project": "fjordvarsel-app",
        "description": "The mute feature added muted_until to the CREATE TABLE of station_subscription in "
        "StationSubscription.sq without a .sqm migration, so FjordDatabase.Schema.version stayed 1: fresh "
        "installs work, but an app updated from 1.0.0 keeps the old table and crashes ('no such column: "
        "muted_until'). Seen as a pasted Android logcat crash (worked around by a clean install), in Norwegian "
        "words only (a TestFlight tester's crash after the update), as a new instrumented test "
        "UpgradeFromV1Test ('table station_subscription has no column named muted_until'; recreating the "
        "database refused), and as an iOS crash report from TestFlight (SQLiteExceptionErrorCode).",
        "nouns": ["muted_until", "station_subscription"],
        "fix": ["ALTER TABLE station_subscription ADD COLUMN muted_until INTEGER", "verifyMigrations.set(true)"],
        "key_step": "ALTER TABLE station_subscription ADD COLUMN muted_until INTEGER",
    },
    "xcode-java-home": {
        "project": "fjordvarsel-app",
        "description": "Xcode's 'Compile Kotlin Framework' run script phase calls ./gradlew :composeApp:"
        "embedAndSignAppleFrameworkForXcode without the JAVA_HOME Ingrid's ~/.zshrc sets, so Gradle takes the "
        "first java in PATH: first none at all ('Unable to locate a Java Runtime', the same xcodebuild failing "
        "three times), later Homebrew's openjdk@11 ('Android Gradle plugin requires Java 17 to run. You are "
        "currently using Java 11.'), while ./gradlew in the terminal works. Seen as xcodebuild output, in "
        "Norwegian words only, as a pasted Xcode build log (pinning the JDK in the shared gradle.properties "
        "refused), and as Xcode's bare 'Command PhaseScriptExecution failed with a nonzero exit code'.",
        "nouns": ["JAVA_HOME", "Java Runtime", "embedAndSignAppleFrameworkForXcode"],
        "fix": ["export JAVA_HOME=$(/usr/libexec/java_home -v 17)", "CODE_SIGNING_ALLOWED=NO"],
        "key_step": "export JAVA_HOME=$(/usr/libexec/java_home -v 17)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "hikari-pool-starvation": [
            "HikariPool-1 - Connection is not available, request timed out after 30000ms when several alerts are "
            "published at once",
            "API-et henger i nesten et minutt hver gang et stormvarsel sendes ut til mange abonnenter",
            "the ktor /health check times out while push notifications go out inside an exposed transaction",
        ],
        "sqldelight-missing-migration": [
            "the app crashes after an update with SQLiteException no such column muted_until but a fresh install works",
            "appen krasjer etter oppdateringen, men funker hvis man sletter den og installerer på nytt",
            "sqldelight says table has no column named after I added a column to the .sq file",
        ],
        "xcode-java-home": [
            "xcodebuild fails in Compile Kotlin Framework with Unable to locate a Java Runtime but gradlew works in "
            "the terminal",
            "iOS-bygget i Xcode feiler på embedAndSignAppleFrameworkForXcode, men ./gradlew går fint i terminalen",
            "Xcode build log says Android Gradle plugin requires Java 17 to run, you are currently using Java 11",
        ],
    },
    "should_not": [
        "add a kotest spec for the distance calculation between two stations",
        "lag et endepunkt som gir de ti siste varslene for en stasjon",
        "write a flyway migration that adds a description column to stations",
        "how do I configure detekt to skip generated code",
        "explain the difference between the Exposed DSL and the DAO api",
        "sett opp ktlint som pre-commit hook",
        "add a dark theme to the compose app",
        "hvordan lager jeg en ny iOS 17-simulator med xcrun simctl",
        "write a github actions workflow that builds the android apk",
        "add pull-to-refresh to the station list",
        "oversett strings.xml til nynorsk",
        "what is the difference between single and factory in Koin",
        "skriv en README for fjordvarsel-app",
        "add a map with the stations and their tide levels",
        "how do I parse the tidalwater text from MET in kotlin",
        "add a unit test for the quiet hours logic",
        "bump Ktor to the latest 3.0 patch release",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|(?-i:\bTIL\b)|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\bi said\b|\btold you\b|"
    r"\bchange of plan\b|"
    r"\balltid\b|\baldri\b|\bfra n(?:å|aa) av\b|\bheretter\b|\bhusk\b|\bl(?:æ|ae)rte\b|\bgreit (?:å|aa) vite\b|"
    r"\bbestemt\b|\bvi g(?:å|aa)r for\b|\bvi bruker\b|\bvi holder oss til\b|\bforel(?:ø|o)pig\b|\bsom sagt\b|"
    r"\bikke r(?:ø|o)r\b|\bdet er lov\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_server, scenarios_app),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="no",
    lang_of=lang_of,
    language_checks=standard_language_checks("Norwegian", 5),
    share_check=share_between("Norwegian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
