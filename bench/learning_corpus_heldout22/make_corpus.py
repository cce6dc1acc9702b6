#!/usr/bin/env python3
"""Generate the 22nd held-out learning corpus (Elin's `bokhylla` Rails 7 app and `sensorlogg` C++17 Raspberry Pi
daemon, on macOS, about half in Swedish): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_bokhylla  # noqa: E402
import scenarios_sensorlogg  # noqa: E402
from fake_output import BOK, SENS  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"bokhylla": BOK, "sensorlogg": SENS}
GLOBAL_RULES = {"no-force-push", "commit-english"}  # said in one repository, meant for both
COMPATIBLE = [("index-concurrently", "no-data-in-migrations")]  # same subject (migrations), both hold

PROBLEMS = {
    "due-date-timezone": {
        "project": "bokhylla",
        "description": "Loan dates are computed with Date.today, which follows the process time zone (UTC in GitHub "
        "Actions and in the Sidekiq container), while the app and the specs use config.time_zone = Stockholm; "
        "between 00:00 and 01:00 Stockholm time they disagree by a day. Seen as a service spec red only in CI "
        "(expected 24 Mar, got 23 Mar; re-running CI and moving travel_to to midday were tried/rejected), as a "
        "Swedish report from a branch library that an overdue reminder came a day early with no error, and as a "
        "renewal system spec that fails only in the nightly run ('Återlämnas senast 31 mars' vs '30 mars'; waiting "
        "for the Turbo frame did not help).",
        "nouns": ["due_on", "påminnelse", "Återlämnas senast", "Date.today"],
        "fix": ["Date.current", "Rails/Date"],
        "key_step": "Date.current",
    },
    "i2c-bus-race": {
        "project": "sensorlogg",
        "description": "The BME280 and SGP30 readers run in two threads that each open their own fd on /dev/i2c-1 "
        "and set the slave address with ioctl(I2C_SLAVE) before a transfer; with nothing serialising them, one "
        "thread's read can go to the other device. Seen as intermittent 'sgp30: CRC mismatch' lines in journalctl "
        "(read retries did not remove them), as a hardware test failing with 'unexpected chip id 0x58 (want 0x60)' "
        "(wiring suspected, fine), and as a Swedish report of temperature spikes to -142.7 in Grafana with nothing "
        "in the log.",
        "nouns": ["CRC mismatch", "chip id", "-142.7", "/dev/i2c-1"],
        "fix": ["std::lock_guard<std::mutex> lock(mutex_);", "I2cBus& bus"],
        "key_step": "std::lock_guard<std::mutex> lock(mutex_);",
    },
    "cross-host-libs": {
        "project": "sensorlogg",
        "description": "cmake/toolchain-rpi.cmake sets only the armhf compilers, no sysroot and no "
        "CMAKE_FIND_ROOT_PATH_MODE_*, so find_library/find_package in the arm64 build container pick the "
        "container's own /usr/lib/aarch64-linux-gnu libraries. Seen as 'skipping incompatible ... libpaho-mqtt3as.so' "
        "(installing an armhf package failed), as 'libssl.so: error adding symbols: file in wrong format' (a "
        "hard-coded OPENSSL_ROOT_DIR was rejected), and as the same for libz after a Swedish complaint.",
        "nouns": ["skipping incompatible", "file in wrong format", "aarch64-linux-gnu"],
        "fix": ["set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)", "set(CMAKE_SYSROOT /opt/rpi-sysroot)"],
        "key_step": "set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "due-date-timezone": [
            "an RSpec spec about a loan due date passes on my Mac but is off by one day in GitHub Actions",
            "a Sidekiq job that sends overdue reminders sends them one day too early, only for some loans",
            "systemspecen för förnyelse visar fel förfallodatum bara i nattkörningen i CI",
        ],
        "i2c-bus-race": [
            "SGP30 reads on a Raspberry Pi randomly fail with CRC mismatch even with short wires",
            "BME280 sometimes reports the wrong chip id 0x58 in the hardware tests",
            "temperaturen från sensorn hoppar till konstiga värden ibland men det finns inga fel i loggen",
        ],
        "cross-host-libs": [
            "cross-compiling for armhf: ld says skipping incompatible libpaho-mqtt3as.so when searching for -lpaho-mqtt3as",
            "arm-linux-gnueabihf link fails: libssl.so: error adding symbols: file in wrong format",
            "korsbygget för pi:n hittar fel bibliotek i containern, det länkar mot aarch64 istället för armhf",
        ],
    },
    "should_not": [
        "add a Reservation model with a FactoryBot factory",
        "write a request spec for the admin items controller",
        "add a Turbo Stream that updates the loan row after renewal",
        "translate the patron mailer templates to English",
        "add pagination to the librarians' loan list",
        "lägg till en kolumn för filial i låneexporten",
        "write a GoogleTest for the ring buffer",
        "add a --dry-run flag to sensorlogg's command line",
        "publish a heartbeat on the status topic every minute",
        "skriv en systemd-timer som roterar loggarna",
        "explain the difference between has_many through and has_and_belongs_to_many",
        "what does std::span give me over a pointer and a length",
        "vad är skillnaden mellan unique_ptr och shared_ptr?",
        "how do I set up a Grafana alert on humidity",
        "write a zsh alias that opens the latest CI run",
        "förklara hur Turbo Frames lazy loading funkar",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bremember\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bTIL\b|"
    r"\bwe decided\b|\bdecision\b|\blesson\b|\bdon't ever\b|\bnote to self\b|\bno raw\b|\balltid\b|\baldrig\b|"
    r"kom ihåg|från och med nu|hädanefter|framöver|\bbestämt\b|\bbestämde\b|\bbeslut\b|lärdom|\bregel\b|"
    r"visar sig|ändrat mig|inga (?:fixtures|hårdkodade|NOLINT|dataändringar)|rör inte|\bska vara\b|\bbara till\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_bokhylla, scenarios_sensorlogg),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="sv",
    lang_of=lang_of,
    language_checks=standard_language_checks("Swedish", 7),
    share_check=share_between("Swedish", 40, 62),
    rules_range=(15, 20),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
