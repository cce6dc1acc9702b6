#!/usr/bin/env python3
"""Generate the tenth held-out learning corpus (Mehmet's `rota-api` Laravel 11 API and `rota-firmware` ESP32 GPS
tracker firmware, on Linux, in Izmir): Claude Code v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_api  # noqa: E402
import scenarios_fw  # noqa: E402
from fake_output import API, FW  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"rota-api": API, "rota-firmware": FW}
GLOBAL_RULES = {"no-push-main", "commit-english-jira"}  # said in one repository, meant for both
COMPATIBLE = [("no-edit-ran-migrations", "migrations-down")]  # same subject (migrations), both hold

PROBLEMS = {
    "planned-at-no-cast": {
        "project": "rota-api",
        "description": "The Shipment model's casts() does not cast planned_at, so Eloquent hands it out as a "
        "string, not a Carbon instance. Seen as a Pest failure (Error: Call to a member function diffInMinutes() "
        "on string in EtaCalculator; a Carbon::parse() patch made the test green and was rejected and reverted), "
        "as a PHPStan level 8 error (Cannot call method isPast() on string. in DeliveryWindowPolicy; an "
        "@phpstan-ignore was denied, an is_string() guard called another patch), and as a Turkish-only report "
        "that the driver app shows 'Invalid Date' for the ETA of some shipments, no error anywhere.",
        "nouns": ["planned_at"],
        "fix": ["'planned_at' => 'immutable_datetime',", "planned_at_is_a_carbon_instance"],
        "key_step": "'planned_at' => 'immutable_datetime',",
    },
    "queue-retry-after-short": {
        "project": "rota-api",
        "description": "config/queue.php keeps the redis connection's retry_after at the default 90 s while the "
        "Horizon supervisor's timeout is 300 s, so a long ImportCarrierManifest (or any slow job) is handed to a "
        "second worker while the first still runs. Seen as Horizon failed jobs with MaxAttemptsExceededException "
        "for ImportCarrierManifest (raising $tries did not help), as an SQLSTATE 1062 Duplicate entry for "
        "manifests_code_unique in laravel.log (updateOrCreate hid the error but duplicated the lines), and as a "
        "Turkish-only report that customers sometimes get the delivery SMS twice (iki kere).",
        "nouns": ["ImportCarrierManifest", "retry_after", "iki kere"],
        "fix": ["'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 330),", "'timeout' => 300,"],
        "key_step": "'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 330),",
    },
    "nmea-strtok-empty-fields": {
        "project": "rota-firmware",
        "description": "nmea_parse_rmc() splits the sentence with strtok(), which folds consecutive commas, so an "
        "RMC sentence without a fix (empty fields, ',,') shifts every field index and a NULL field pointer is "
        "dereferenced. Seen as a Guru Meditation LoadProhibited with the decoded backtrace in nmea_parse_rmc (a "
        "NULL check made the host tests green but the device still rebooted), as the host Unity test "
        "test_rmc_without_fix failing three times under ctest (Expected 'V' Was '0'), and as a Turkish-only "
        "report that the tracker resets in the covered car park (kapali otoparkta) and is fine outside.",
        "nouns": ["nmea_parse_rmc", "$GPRMC", "otoparkta"],
        "fix": ['strsep(&cursor, ",")', "test_rmc_keeps_empty_fields"],
        "key_step": 'strsep(&cursor, ",")',
    },
}

SKILL_PROMPTS = {
    "should": {
        "planned-at-no-cast": [
            "Call to a member function diffInMinutes() on string on an Eloquent date column in a Pest test",
            "PHPStan says Cannot call method isPast() on string for a model datetime attribute",
            "sofor uygulamasinda ETA bazen Invalid Date geliyor, tarih alani string donuyor galiba",
        ],
        "queue-retry-after-short": [
            "Horizon shows MaxAttemptsExceededException for a long job even though tries is high",
            "a queued Laravel job runs twice and inserts duplicate rows with Duplicate entry 1062",
            "musterilere SMS bazen iki kere gidiyor, job iki kere mi calisiyor?",
        ],
        "nmea-strtok-empty-fields": [
            "ESP32 Guru Meditation LoadProhibited in the NMEA RMC parser when the GPS has no fix",
            "host Unity test for an RMC sentence with empty fields fails, fields are shifted",
            "cihaz uydu yokken resetleniyor, kapali otoparkta hep reboot oluyor, disarida sorun yok",
        ],
    },
    "should_not": [
        "add a Pest test for the MoneyFormatter",
        "add an endpoint that lists depots with pagination",
        "write a FormRequest for updating a vehicle",
        "create a migration that adds a notes column to shipments",
        "set up Laravel Pint in the GitHub Actions workflow",
        "explain what Horizon's balance strategy auto does",
        "add a Blink LED pattern when the modem registers to the network",
        "write a host unit test for the haversine distance function",
        "configure the ESP32 light sleep between GPS fixes",
        "surucu listesine arama ekle",
        "depo tablosuna plaka kolonu ekle",
        "explain the difference between xTaskCreate and xTaskCreatePinnedToCore",
        "what is a Laravel service provider",
        "write a bash script that backs up the MySQL database every night",
        "set up a React Native project",
        "FreeRTOS queue ile semaphore farki ne?",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|\bfor now\b|"
    r"\bno push|\bhep\b|her zaman|\basla\b|hi[cç]bir zaman|bundan sonra|\bart[iı]k\b|\bunutma|\bkural|"
    r"\bders\b|\bdersi\b|\bkarar\b|karar verdik|\bbizde\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_api, scenarios_fw),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="tr",
    lang_of=lang_of,
    language_checks=standard_language_checks("Turkish", 6),
    share_check=share_between("Turkish", 30, 50),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
