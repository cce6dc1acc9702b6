#!/usr/bin/env python3
"""Generate the 42nd held-out learning corpus (Mikkel's `cykelkort`, a Kotlin/Ktor/Exposed backend on Fly.io,
and `vejr-etl`, an Elixir/Phoenix/Oban app pulling DMI weather data, on Fedora in Aarhus, mostly in Danish):
Claude Code v2.1.23x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Danish ("da"), guessed by transcript_kit.lang_of (Danish function words and
particles, and words with æ ø å, against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 50-85 % Danish messages; everything else is the shared builder's
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

import scenarios_cykelkort  # noqa: E402
import scenarios_vejr  # noqa: E402
from fake_output import CK, VE  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"cykelkort": CK, "vejr-etl": VE}
# said in one repository, meant for both: how much of the suite to run, and asking before new dependencies
GLOBAL_RULES = {"full-suite", "only-touched", "ask-deps"}
COMPATIBLE = [
    ("no-flyway-clean", "new-migration"),  # never flyway clean, and never edit an applied migration: both hold
    ("oban-unique", "oban-attempts"),  # every Oban worker unique per period, and five attempts for DMI jobs
]

PROBLEMS = {
    "tc-parallel-start": {
        "project": "cykelkort",
        "description": "Every repository spec starts its own Testcontainers PostgreSQLContainer (postgres:16-alpine) "
        "in beforeSpec and the Kotest ProjectConfig runs four specs in parallel, so in a full run four Postgres "
        "containers boot at once (rootless Podman on the laptop, the CI runner) and whichever is last exceeds the "
        "60 s startup timeout; each spec alone is green. Seen as a pasted local Gradle failure ('Timed out "
        "waiting for log output matching ...database system is ready to accept connections', a different spec "
        "each of three runs), as a CI failure in the renamed RuteRepositorySpec ('Timed out waiting for container "
        "port to open', a longer startup timeout only moved it to FavoritRepositorySpec), in Danish words only "
        "(the suite hangs a minute and loses a few repository specs), and in English when it was fixed.",
        "nouns": ["Testcontainers", "PostgreSQLContainer", "postgres:16-alpine"],
        "fix": ["val postgres: PostgreSQLContainer<*> by lazy", "TestDb.postgres.jdbcUrl", "for i in 1 2 3 4 5"],
        "key_step": "val postgres: PostgreSQLContainer<*> by lazy",
    },
    "oban-owner-exit": {
        "project": "vejr-etl",
        "description": "FetchObservations.perform/1 returns :ok right after Task.start(fn -> RawArchive.store(payload) "
        "end): the unlinked task writes to the database after the job, and in tests after the sandbox owner (the "
        "test process) has exited, so the worker test fails at random with 'DBConnection.ConnectionError owner "
        "#PID<...> exited' or 'DBConnection.OwnershipError cannot find ownership process'. Seen in a full mix test "
        "run (green on re-run), in the renamed FetchObservationsWorkerTest on CI (shared sandbox mode did not "
        "help), in Danish words only (CI red, green on re-run), and in English when it was fixed.",
        "nouns": ["owner #PID", "ownership", "RawArchive"],
        "fix": [":ok = RawArchive.store(payload)", "--repeat-until-failure 100"],
        "key_step": ":ok = RawArchive.store(payload)",
    },
    "dmi-pagination": {
        "project": "vejr-etl",
        "description": "Dmi.Client.fetch_day/2 asks DMI metObs for a whole day of all stations in one request and "
        "keeps body['features'], but DMI pages its answers (1000 features by default, numberMatched ~24000, the "
        "rest behind links[rel=next]), so most readings are silently lost. Seen as a failing client test (7 of 144 "
        "Aarhus readings; weakening the test refused), in Danish words only (yesterday's rain far too low, no "
        "error), as pasted production warnings (61 of 64 stations incomplete; a bigger page size rejected as a "
        "plaster), and in English when it was fixed.",
        "nouns": ["fetch_day", "numberReturned"],
        "fix": ['&(&1["rel"] == "next")', "fetch_all(next, acc ++ features)"],
        "key_step": '&(&1["rel"] == "next")',
    },
}

SKILL_PROMPTS = {
    "should": {
        "tc-parallel-start": [
            "kotest repository specs time out starting the postgres testcontainer, but only when I run the whole suite",
            "testcontainers postgres når ikke at starte når jeg kører alle specs, en enkelt spec er grøn",
            "ContainerLaunchException Timed out waiting for container port to open in CI for my Exposed repository "
            "tests",
        ],
        "oban-owner-exit": [
            "ExUnit test for my Oban worker fails randomly with DBConnection.ConnectionError owner exited",
            "oban job testen fejler tilfældigt med cannot find ownership process, og den er grøn når jeg kører den igen",
            "flaky Oban worker test: a Task started in perform crashes with an Ecto sandbox ownership error",
        ],
        "dmi-pagination": [
            "the DMI metObs API only gives me 1000 observations for a day even though numberMatched is much higher",
            "nedbøren fra DMI er alt for lav, det ser ud som om vi kun får de første 1000 målinger for døgnet",
            "my Req client for DMI open data ignores the next link and loses observations",
        ],
    },
    "should_not": [
        "add a GET endpoint that lists all routes with paging",
        "lav en flyway migration der tilføjer et index på ture.rute_id",
        "how do I configure ktlint to allow wildcard imports in tests",
        "explain the difference between Exposed DSL and DAO",
        "skriv en Dockerfile med multi-stage build til ktor appen",
        "set up a GitHub Actions job that caches the Gradle wrapper",
        "how do I read an environment variable in application.conf",
        "tilføj CORS til ktor så frontenden på localhost:5173 kan kalde api'et",
        "add a Phoenix LiveView page that shows today's temperature per station",
        "write an Ecto migration that adds a stations table with name and coordinates",
        "hvordan laver jeg en release med mix release til en systemd service",
        "what does Oban's unique option with keys do",
        "add a credo check that forbids IO.inspect in lib",
        "forklar forskellen på Task.async og Task.start_link",
        "write a mix task that imports a CSV of stations",
        "how do I pin Elixir and Erlang versions with asdf",
        "lav en fish funktion der åbner det seneste gradle test report",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
# "TIL" is left out on purpose: case-insensitively it is the Danish "til" (to), in nearly every Danish message.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|"
    r"\bavoid\b|\bfor now\b|\bno more\b|\blike i said\b|\bas i said\b|\btold you\b|\bchange of plan\b|"
    r"\baltid\b|\baldrig\b|\bfremover\b|\bfra nu af\b|\bhusk\b|\blært\b|\blektie|\bbeslut|\bvi går med\b|"
    r"\bvi bliver ved\b|\bindtil videre\b|\bsom sagt\b|\bjeg sagde jo\b|\bhold op med\b|\blad være med\b|"
    r"\bforbudt\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_cykelkort, scenarios_vejr),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="da",
    lang_of=lang_of,
    language_checks=standard_language_checks("Danish", 5),
    share_check=share_between("Danish", 50, 85),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
