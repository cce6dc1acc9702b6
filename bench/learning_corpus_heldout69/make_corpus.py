#!/usr/bin/env python3
"""Generate the 69th held-out learning corpus (Jordi's `celler`, an Elixir 1.17 / Phoenix 1.7 LiveView app with
Ecto, Oban and Wallaby on Fly.io, and `meteo-pirineu`, a Python 3.12 Dagster 1.8 + Polars + DuckDB pipeline on a
MinIO bucket, on Arch Linux in Girona, in Catalan and English): Claude Code v2.1.160-2.1.169 transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Catalan ("ca"), guessed by transcript_kit.lang_of (Catalan everyday words against
English function words). The shared language checks apply as they are (standard_language_checks), with a share of
35-60 % Catalan messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_celler  # noqa: E402
import scenarios_meteo  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import CELLER, METEO, lang_of  # noqa: E402

PROJECTS = {"celler": CELLER, "meteo-pirineu": METEO}
# said in one project, meant for both: tests before a commit (said in celler), nothing deployed without asking
# (said in meteo-pirineu, naming fly and terraform)
GLOBAL_RULES = {"tests-before-commit", "no-deploy-without-asking"}
COMPATIBLE = [
    ("cents", "format-in-view"),  # prices stored as integer cents, and euro formatting only in the view
    ("tests-before-commit", "credo-before-push"),  # tests before the commit, and credo --strict clean before a push
]

PROBLEMS = {
    "oban-double-confirm": {
        "project": "celler",
        "description": "Celler.Workers.ConfirmOrder (reserve stock, write delivery lines, send the confirmation "
        "email) has no Oban uniqueness, and Orders.confirm_order/1 is triggered from two LiveViews whose buttons "
        "do not disable themselves, so a double click or the admin confirming at the same time inserts a second "
        "job for the same order_id. Seen as two Postmark confirmation emails for one order (a sent_at guard did "
        "not help, reverted), as a check_violation on stock_non_negative in the job (an Explore agent finds the "
        "two call sites; the person leaves), and only in his Catalan words: the delivery report shows two lines "
        "of one order.",
        "nouns": ["ConfirmOrder", "order_id"],
        "fix": ["unique: [period: :infinity, keys: [:order_id]", "all_enqueued(worker: Celler.Workers.ConfirmOrder)"],
        "key_step": "unique: [period: :infinity, keys: [:order_id]",
    },
    "fly-migrate-timeout": {
        "project": "celler",
        "description": "The migration AddOrderLinesIndexes creates an index on the large, busy order_lines table "
        "inside the migration's transaction; the index build waits behind the running app's writes, so Fly's "
        "release_command (/app/bin/migrate) times out and the deploy aborts. Seen as fly deploy failing twice with "
        "'timeout reached waiting for machine's state to change', as ERROR 55P03 lock_not_available when running "
        "bin/migrate by hand over fly ssh (lock_timeout 5s), and only in his Catalan words: every attempt leaves "
        "the shop hanging for minutes and the deploy does not go through.",
        "nouns": ["order_lines", "release_command", "AddOrderLinesIndexes"],
        "fix": ["@disable_ddl_transaction true", "@disable_migration_lock true", "concurrently: true"],
        "key_step": "concurrently: true",
    },
    "dst-naive-timestamps": {
        "project": "meteo-pirineu",
        "description": "parse_readings turns the stations' timestamp_local (Europe/Madrid wall time, no offset) "
        "into a naive datetime that the rest of the pipeline treats as UTC. Seen as the no_future_readings asset "
        "check failing (readings two hours ahead; attaching Europe/Madrid broke on the March spring-forward "
        "fixture, reverted), as a DuckDB primary-key Constraint Error on the repeated 02:00 hour of 2029-10-28 "
        "after the clocks went back (dedupe refused), and only in his Catalan words: the Molina temperature graph "
        "zig-zags for an hour on Sunday and is shifted against the official series.",
        "nouns": ["timestamp_local", "Europe/Madrid"],
        "fix": ['"timestamp_utc"', 'time_zone="UTC"'],
        "key_step": 'time_zone="UTC"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "oban-double-confirm": [
            "a customer was charged stock twice for one order, there are two oban jobs with the same args",
            "el client diu que li han arribat dues factures de la mateixa comanda, amb un minut de diferència",
            "Oban worker runs twice when the user double clicks the confirm button in LiveView",
        ],
        "fly-migrate-timeout": [
            "fly deploy aborts: release command failed, timeout reached waiting for machine's state to change",
            "la migració nova es queda penjada al desplegar i la web no respon mentre dura",
            "ecto migration adding an index on a big table fails with lock_not_available in production",
        ],
        "dst-naive-timestamps": [
            "polars says datetime is ambiguous in time zone Europe/Madrid when parsing station data",
            "les dades de les estacions surten amb una hora de desfasament des del canvi d'hora",
            "duplicate rows for the same hour at the end of October in the weather readings",
        ],
    },
    "should_not": [
        "add a LiveView page listing the cooperative's members",
        "afegeix un filtre per data a la llista de comandes",
        "write an ExUnit test for Celler.Money.format/1 with negative amounts",
        "how do I make fish shell load asdf completions",
        "configure doom emacs to use elixir-ls with lsp-mode",
        "add a Credo check config that allows longer lines in tests",
        "explain the difference between Ecto.Multi and Repo.transaction",
        "fes un asset de dagster que calculi la temperatura mitjana setmanal",
        "add a ruff rule to ban print statements",
        "write a pytest fixture that starts a local MinIO with testcontainers",
        "how do I add a Hetzner firewall rule in terraform for port 3000",
        "posa un sensor de dagster que miri si hi ha fitxers nous al bucket",
        "convert this pandas groupby to polars",
        "set up a Grafana dashboard on the Hetzner box reading the parquet files",
        "quina diferència hi ha entre uv sync i uv pip install?",
        "add pagination to the deliveries LiveView with streams",
        "tradueix els textos de la interfície del celler al castellà amb gettext",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\bthat was before\b|"
    r"\bsempre\b|\bmai\b|\brecorda|\ba partir d'ara\b|\bdecidit\b|\bdecidim\b|\blliçó\b|\bhe après\b|"
    r"\bde moment\b|\bper ara\b|\baixò era abans\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_celler, scenarios_meteo),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="ca",
    lang_of=lang_of,
    language_checks=standard_language_checks("Catalan", 6),
    share_check=share_between("Catalan", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
