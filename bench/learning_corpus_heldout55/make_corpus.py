#!/usr/bin/env python3
"""Generate the 55th held-out learning corpus (Gunnar's `hverfill`, an Embassy/RP2040 firmware in Rust with
probe-rs, defmt and a USB hardware-in-the-loop rig, and `vedurstofa`, an OCaml 5 / Dune web service with Dream and
Caqti on SQLite deployed as a NixOS module, on Arch Linux in Reykjavík, a little under half in Icelandic): Claude Code
v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Icelandic ("is"), guessed by transcript_kit.lang_of (Icelandic words with or
without þ/ð/æ/ö and accents, and words carrying those letters, against English function words). The shared language
checks apply as they are (standard_language_checks), with a share of 35-60 % Icelandic messages; everything else is
the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_hverfill  # noqa: E402
import scenarios_vedurstofa  # noqa: E402
from fake_output import HVE, VED  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"hverfill": HVE, "vedurstofa": VED}
# said in one repository, meant for both: how commit messages are written, and who pushes
GLOBAL_RULES = {"commit-style", "no-push"}
COMPATIBLE = [
    ("host-tests", "hil-after-host"),  # logic tested on the host, and the rig only after those tests are green
    ("no-alloc", "no-static-mut"),  # no heap, and the statics that replace it are not `static mut`
]

PROBLEMS = {
    "stack-into-bss": {
        "project": "hverfill",
        "description": "The firmware's stack overflows silently into .bss: a 160 KiB capture buffer and the "
        "executor's task arena leave about 24 KiB of RAM for the stack, large local arrays (the 2048-tap averaging "
        "window, a burst reply buffer) are built on it, and without flip-link cortex-m-rt lets the stack grow down "
        "over the statics. Seen as a HardFault with the PC in memcpy after the averaging window was added (a switch "
        "to DEFMT_LOG=debug refused), as the HIL test hil_adc_burst timing out while the board resets and the "
        "serial port disappears (a longer watchdog timeout refused), in Icelandic words only (the packet counter "
        "in the defmt log jumps to 3735928559 after hours), and as the board no longer enumerating on the rig "
        "('device descriptor read/64, error -71').",
        "nouns": ["stack", "HardFault", "flip-link"],
        "fix": ["static WINDOW: StaticCell<[i32; 2048]>", 'linker = "flip-link"'],
        "key_step": "static WINDOW: StaticCell<[i32; 2048]>",
    },
    "sqlite-locked": {
        "project": "vedurstofa",
        "description": "vedurstofa opens SQLite from several connections (Dream's Caqti pool, the hourly import "
        "service's sqlite3 CLI, the tests' concurrent requests) in rollback-journal mode with no busy timeout, so "
        "any overlap of a writer with another connection fails at once with 'database is locked'. Seen as an "
        "alcotest ingest test failing the same way three times (the retry), as 500s on POST /observations at the "
        "top of every hour in the production journal (a retry loop refused, moving the timer refused), in the "
        "person's words only (the station page erroring around the hour), and as the renamed test "
        "test_concurrent_writes failing with SQLITE_BUSY.",
        "nouns": ["database is locked", "SQLITE_BUSY", "busy_timeout"],
        "fix": ["PRAGMA busy_timeout = 5000", "PRAGMA journal_mode = WAL"],
        "key_step": "PRAGMA busy_timeout = 5000",
    },
    "timestamp-text-order": {
        "project": "vedurstofa",
        "description": "observations.observed_at is TEXT and SQLite compares it as text: rows posted through the "
        "API carry Caqti's ptime encoding ('2028-01-13T09:00:00Z') while the importer writes datetime('now') "
        "('2028-01-13 09:00:00'), and a space sorts before 'T', so on the boundary day comparisons go wrong. Seen "
        "as the 24-hour endpoint missing today's imported rows (a timezone guess refused: Iceland is UTC), as "
        "test_latest_per_station returning the older row (editing the merged migration refused, changing the test "
        "refused), as the retention job deleting 25 December's imported rows though they were inside 30 days "
        "(interrupted), and as the station chart ending an hour early.",
        "nouns": ["observed_at", "datetime('now')", "ptime"],
        "fix": [
            "strftime('%Y-%m-%dT%H:%M:%SZ', observed_at)",
            "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
        ],
        "key_step": "strftime('%Y-%m-%dT%H:%M:%SZ', observed_at)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "stack-into-bss": [
            "rp2040 embassy firmware hardfaults in memcpy right after I added a big local array to a task",
            "a static counter in my no_std firmware turns into garbage like 0xdeadbeef after running for hours",
            "borðið dettur af USB-inu (error -71) eftir að ég stækkaði biðminni í verkefni, RP2040 með Embassy",
        ],
        "sqlite-locked": [
            "Caqti sqlite3 request failed: database is locked when two requests write at once",
            "POST endpoint returns 500 every hour while a cron job imports into the same sqlite file",
            "alcotest prófið fellur á SQLITE_BUSY þegar tvær tengingar skrifa í gagnagrunninn",
        ],
        "timestamp-text-order": [
            "sqlite query with observed_at > ? misses rows inserted with datetime('now') on the same day",
            "tímastimplar í sqlite raðast vitlaust, sumir með bili og aðrir með T á milli dags og tíma",
            "retention DELETE WHERE ts < cutoff removes rows that are newer than the cutoff in sqlite",
        ],
    },
    "should_not": [
        "add a defmt::Format derive to the Command enum in hverfill-core",
        "skrifaðu cargo test fyrir hysteresis fallið í hverfill-core",
        "how do I change the embassy-time tick rate on rp2040",
        "bættu við GET /stations/:id endapunkti sem skilar nafni og staðsetningu",
        "write an alcotest case for the geojson encoder",
        "explain what probe-rs attach does compared to probe-rs run",
        "hvernig set ég upp nýjan opam switch fyrir OCaml 5.3?",
        "add a systemd hardening section to the NixOS module",
        "rename the adc channels in the calibration table",
        "what does dune build @fmt change in dune-project",
        "skrifaðu commit skilaboð fyrir þessa breytingu",
        "make the station map endpoint return a FeatureCollection with elevation",
        "add a USB command that reports the firmware version",
        "how do I read the RP2040 die temperature with embassy-rp",
        "uppfærðu flake.lock og byggðu aftur",
        "add a Dream route that serves static files from assets/",
        "set up tmux keybindings to run cargo xtask hil in a split",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|(?-i:\bTIL\b)|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\bas i said\b|\btold you\b|"
    r"\balltaf\b|\baldrei\b|h[ée]ðan [íi] fr[áa]|hedan i fra|\bframvegis\b|[áa]kv[öo]r[ðd]un|\b[áa]kva[ðd]|"
    r"\blex[íi]a|\bl[æa]rd[óo]m|[íi] lj[óo]s|\beins og [ée]g sag[ðd]i|\bsag[ðd]i [ée]g\b|\b[íi] bili\b|\bmundu\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_hverfill, scenarios_vedurstofa),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="is",
    lang_of=lang_of,
    language_checks=standard_language_checks("Icelandic", 6),
    share_check=share_between("Icelandic", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
