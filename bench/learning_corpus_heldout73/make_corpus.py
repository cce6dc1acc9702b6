#!/usr/bin/env python3
"""Generate the 73rd held-out learning corpus (Kristjan's `mullaandur`, Embassy firmware for an nRF52840 soil
sensor with an SX1262 LoRa radio, and `saagiandmed`, a Dagster + DuckDB + dbt-duckdb + Polars pipeline on a
Hetzner VM, on Fedora 41 in Tartu, in Estonian and English): Claude Code v2.1.160-2.1.170 transcripts + truth.json,
then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Estonian ("et"), guessed by transcript_kit.lang_of (words with õ/ä/ö/ü and everyday
Estonian words, with or without diacritics, against English function words). The shared language checks apply as
they are (standard_language_checks), with a share of 35-60 % Estonian messages; everything else is the shared
builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_mulla  # noqa: E402
import scenarios_saak  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import MULLA, SAAK, lang_of  # noqa: E402

PROJECTS = {"mullaandur": MULLA, "saagiandmed": SAAK}
# commit messages said in mullaandur, secrets said in saagiandmed; both meant for every repository
GLOBAL_RULES = {"g-commit", "g-secrets"}
COMPATIBLE = [
    ("m-clippy", "m-hil"),  # clippy -D warnings before every commit, and HIL tests before every PR
    ("s-pytest-push", "s-ruff"),  # pytest green before a push, and ruff clean before a commit
]

PROBLEMS = {
    "stack-overflow": {
        "project": "mullaandur",
        "description": "The radio task keeps a 4 KiB rx buffer on its stack; after the soil_sample task was added "
        "the main stack overflows into .bss (default cortex-m-rt layout), corrupting statics. Seen as a HardFault "
        "(precise data bus error at 0x2003fff8) at boot, in Estonian words only (unit 7 reboots silently every ~3 "
        "hours on the field, counter reset, no log), and defmt output stopping after 'lora: tx start'. Fixed with "
        "flip-link as the linker (overflow becomes an immediate HardFault naming radio_task) and the buffer moved "
        "into a StaticCell.",
        "nouns": ["HardFault", "rx_buf"],
        "fix": ['linker = "flip-link"', "StaticCell<[u8; 4096]>"],
        "key_step": 'linker = "flip-link"',
    },
    "late-file-duplicates": {
        "project": "saagiandmed",
        "description": "fct_harvest_daily is a dbt-duckdb incremental model with unique_key but no "
        "incremental_strategy, so the default append strategy adds a late-arriving re-export of a combine log "
        "(RO_2029-10-12_v2.csv) as new rows instead of replacing them. Seen as the dbt unique test failing with 37 "
        "results, in Estonian words only (Rõhu field's October yield almost double in the Dagster UI), and "
        "pytest test_season_totals failing (96402.5 vs 48210.0).",
        "nouns": ["fct_harvest_daily"],
        "fix": ["incremental_strategy='delete+insert'", "--full-refresh -s fct_harvest_daily+"],
        "key_step": "incremental_strategy='delete+insert'",
    },
    "duckdb-lock": {
        "project": "saagiandmed",
        "description": "SaakDB.connect() hands out DuckDB connections nobody closes, so a Dagster run process "
        "(or a pytest process) keeps saak.duckdb's file lock until it exits, and a hung run never exits. Seen as "
        "dbt run's 'Conflicting lock is held in /usr/local/bin/python3.12 (PID 2231)' on the VM, in Estonian words "
        "only (the nightly run stuck in STARTED all night), and CI pytest failing in the db fixture with an "
        "IOException. Fixed with dagster-duckdb's DuckDBResource used as 'with saak_db.get_connection() as conn' and "
        "run monitoring with max_runtime_seconds.",
        "nouns": ["saak.duckdb"],
        "fix": ["with saak_db.get_connection() as conn:", "max_runtime_seconds: 3600"],
        "key_step": "with saak_db.get_connection() as conn:",
    },
}

SKILL_PROMPTS = {
    "should": {
        "stack-overflow": [
            "nRF52840 firmware hits HardFault right after I spawned one more embassy task",
            "andur restardib vaikselt paar korda päevas ja logis pole midagi, RESETREAS näitab LOCKUP",
            "defmt output just stops mid-run after the radio starts sending, probe-rs shows no panic",
        ],
        "late-file-duplicates": [
            "dbt unique test on an incremental duckdb model fails after a corrected CSV was re-delivered",
            "saak on mõne päeva kohta kahekordne, vist tuli sama faili parandatud versioon uuesti",
            "yield totals in pytest are double for one field after a late combine export",
        ],
        "duckdb-lock": [
            "dbt run on the server fails with Could not set lock on file, Conflicting lock is held in python3.12",
            "öine Dagster run jääb STARTED olekusse ja hommikul ei liigu midagi",
            "pytest in CI fails in the duckdb fixture with IOException but passes locally",
        ],
    },
    "should_not": [
        "add a battery voltage reading to the soil_sample task",
        "lisa LoRa frame'i temperatuur, 1 bait piisab",
        "write a host unit test for moisture_percent edge values",
        "how do I configure Zellij so that Helix gets all the keybindings",
        "explain Embassy's Signal vs Channel for passing readings between tasks",
        "tee GitHub Actions workflow mis jooksutab cargo test hostil",
        "add a Dagster asset for field boundaries from a GeoJSON file",
        "kirjuta dbt model mis arvutab nädala sademed põllu kaupa",
        "add ruff rule for import sorting to pyproject",
        "how do I convert a Polars DataFrame to a DuckDB table without copying",
        "set up a Caddy reverse proxy for the Dagster UI on the Hetzner VM",
        "pytest fixture for a temporary DuckDB with the raw schema",
        "miks fish shell ei näe uv poolt paigaldatud käske",
        "write a defmt format impl for the Frame struct",
        "lisa README-sse kuidas HIL rig käima panna",
        "add a sensor to Dagster that triggers when a new CSV appears in data/inbox",
        "what does SF9 vs SF12 mean for LoRa range and battery",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bthat was before\b|"
    r"\balati\b|\bkunagi\b|pea meeles|õppetund|oppetund|õppisin|oppisin|\botsus|nüüdsest|nuudsest|"
    r"\bsee oli enne\b|nagu ma ütlesin",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_mulla, scenarios_saak),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="et",
    lang_of=lang_of,
    language_checks=standard_language_checks("Estonian", 6),
    share_check=share_between("Estonian", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
