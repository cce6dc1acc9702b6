#!/usr/bin/env python3
"""Generate the 25th held-out learning corpus (Bence's `mqttbridge` Elixir/Phoenix MQTT backend and `szenzor-fw`
Zephyr firmware for an nRF52840 sensor board, macOS, Hungarian and English mixed): Claude Code v2.1.x transcripts
+ truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The shared language checks fit this corpus (a second language, Hungarian, with its rules, lesson, decision,
reversal across languages, paraphrase and non-rule); what is its own is the language guess (transcript_kit.lang_of,
a count of Hungarian against English words, since both languages are Latin script) and the share: 30-40 % of what
Bence types is mostly Hungarian by that guess.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_mqttbridge  # noqa: E402
import scenarios_szenzor_fw  # noqa: E402
from fake_output import FW, MQ  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"mqttbridge": MQ, "szenzor-fw": FW}
GLOBAL_RULES = {"no-force-push", "commit-msg", "ask-deps"}  # said in one repository, meant for both
COMPATIBLE = [
    ("migration-immutable", "migration-no-schemas"),  # Ecto migrations: both hold
    ("ztest-per-driver", "native-sim-first"),  # firmware tests: both hold
]

PROBLEMS = {
    "sandbox-ingest-writer": {
        "project": "mqttbridge",
        "description": "Mqttbridge.Ingest.Writer, the GenServer that batches readings into Postgres, is started by "
        "the application supervisor in every environment, test included, and writes from its own process. With the "
        "Ecto SQL sandbox in :manual mode no test owns that process's connection (or one test lends it and exits), "
        "so tests that push readings through it fail at random: DBConnection.OwnershipError in a Writer flush test "
        "(a test run's output; async: false did not help, shared mode refused), only in Hungarian words (the full "
        "suite is sometimes red, a different test every time, each alone is green), a pasted log 'owner #PID<...> "
        "exited' after readings_test (Mox refused), and in CI a dashboard LiveView test with a Writer 'could not "
        "checkout the connection owned by' crash in the captured log.",
        "nouns": ["Ingest.Writer", "OwnershipError", "Sandbox"],
        "fix": ["Ecto.Adapters.SQL.Sandbox.allow(", "start_ingest: false"],
        "key_step": "Ecto.Adapters.SQL.Sandbox.allow(",
    },
    "mqtt-client-id-clash": {
        "project": "mqttbridge",
        "description": "Every mqttbridge instance connects to the MQTT broker with the fixed client_id "
        '"mqttbridge"; MQTT allows one session per client id, so whenever a second instance connects (dev server '
        "plus a script or the integration tests, two staging replicas, two CI partitions on one mosquitto) the "
        "broker closes the older connection, Tortoise reconnects and kicks the other, and readings are lost. Seen "
        "as a pasted dev log of Tortoise reconnecting every second (keep_alive raised, no help), in English words "
        "(staging dashboard quiet for minutes since two replicas, then a burst; an unclustered PubSub suspected), "
        "as an integration roundtrip test timing out in a test run (assert_receive timeout raised and reverted), "
        "and in CI output where mosquitto logs 'Client mqttbridge already connected, closing old connection.'",
        "nouns": ["Tortoise", "client_id", "already connected"],
        "fix": ['"mqttbridge-#{', '"$share/mqttbridge/sensors/+/reading"'],
        "key_step": '"mqttbridge-#{',
    },
    "framing-tx-count-race": {
        "project": "szenzor-fw",
        "description": "lib/framing/tx.c keeps its own TX ring buffer with a `volatile size_t tx_count` that the "
        "sending thread increments and the UART ISR decrements; ++/-- are not atomic, so an ISR between load and "
        "store loses an update, the count drifts, bytes are sent twice or skipped and a frame's CRC no longer "
        "matches (one frame in a few hundred). Seen in a twister run on native_sim (framing.stress fails, passes on "
        "rerun; a CI retry proposed and declined), in English words (the gateway shows nonsense values like 6553.5 "
        "C), as a pasted HIL pytest log 'frame 412: CRC mismatch', and after the fix in CI output on a branch cut "
        "before it.",
        "nouns": ["tx_count", "CRC mismatch", "framing.stress"],
        "fix": ["RING_BUF_DECLARE(tx_rb", "k_spin_lock(&tx_lock)"],
        "key_step": "RING_BUF_DECLARE(tx_rb",
    },
}

SKILL_PROMPTS = {
    "should": {
        "sandbox-ingest-writer": [
            "DBConnection.OwnershipError cannot find ownership process in a test that goes through a GenServer",
            "a mix test néha piros, mindig más teszt hal meg, egyenként minden zöld",
            "GenServer terminating with DBConnection.ConnectionError owner exited during ExUnit",
        ],
        "mqtt-client-id-clash": [
            "Tortoise keeps reconnecting every second, connection closed socket_closed",
            "két replikával a dashboard percekig nem kap adatot, aztán egyszerre jön minden",
            "mosquitto log says client already connected, closing old connection",
        ],
        "framing-tx-count-race": [
            "twister stress test with a timer ISR fails sometimes and passes on rerun",
            "a HIL teszt néha CRC mismatch-et dob egy frame-re, a többi jó",
            "gateway sometimes receives garbage sensor values like 6553.5 from the board over UART",
        ],
    },
    "should_not": [
        "add a LiveView page that lists alert rules with pagination",
        "write an Ecto migration that adds a location column to devices",
        "set up an Oban cron job that deletes readings older than 90 days",
        "írj egy ExUnit tesztet a Devices.get_device!/1-re",
        "add a GitHub Actions job that runs mix format --check-formatted",
        "what is the difference between Phoenix.PubSub and Registry",
        "hogyan működik a Phoenix LiveView stream?",
        "add a devicetree binding for an SHT40 humidity sensor",
        "write a Kconfig option to enable the watchdog",
        "csinálj egy west alias-t a prod buildhez",
        "explain how Zephyr's k_work_delayable differs from k_timer",
        "write a Python script that plots CSV readings with matplotlib",
        "how do I set up a Rust workspace with two crates",
        "translate this error message into Hungarian for the dashboard",
        "add a dark mode toggle to the dashboard with Tailwind",
        "what is the difference between QoS 1 and QoS 2 in MQTT",
    ],
}

# What Bence typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision\b|\bdecided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon'?t ever\b|\bavoid\b|\bwe don'?t\b|\bfor now\b|"
    r"\bno more\b|\blike i said\b|"
    r"\bmindig\b|\bsoha\b|\bsose\b|szabály|mostant[oó]l|ezent[uú]l|eld[oö]nt[oö]tt|d[oö]nt[oö]tt[uü]nk|"
    r"megbesz[eé]lt[uü]k|kider[uü]lt|tanuls[aá]g|jegyezd meg|ne felejtsd|t[oö]bb[eé]\b|ahogy mondtam|"
    r"n[aá]lunk nincs",
    re.IGNORECASE,
)

CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_mqttbridge, scenarios_szenzor_fw),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="hu",
    lang_of=lang_of,
    language_checks=standard_language_checks("Hungarian", 5),
    share_check=share_between("Hungarian", 30, 40),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
