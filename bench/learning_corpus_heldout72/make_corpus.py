#!/usr/bin/env python3
"""Generate the 72nd held-out learning corpus (Sayali's `oos-tolan`, a Django 5.1 + DRF + Celery service for a
cooperative sugar factory's cane weighbridge, deployed with Ansible, and `ghat-rakshak`, an Elixir/Phoenix
LiveView + Oban app for a trekking club's monsoon route alerts on Fly.io, on Ubuntu 24.04 in Pune, in Marathi
(Devanagari, some romanised) and English): Claude Code v2.1.160-2.1.167 transcripts + truth.json, then validate.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Marathi ("mr"), guessed by transcript_kit.lang_of (runs of Devanagari letters and
romanised Marathi words against English function words). The shared language checks apply as they are, with a
share of 35-60 % Marathi messages; everything else is the shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True

import scenarios_ghat  # noqa: E402
import scenarios_oos  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import GHAT, OOS, lang_of  # noqa: E402

PROJECTS = {"oos-tolan": OOS, "ghat-rakshak": GHAT}
# said in oos-tolan, meant for both repositories: secrets out of the repo, Conventional Commits
GLOBAL_RULES = {"secrets-repo", "conventional-commits"}
COMPATIBLE = [
    ("mypy-no-ignore", "ruff-clean"),  # mypy clean without new ignores, and ruff check/format clean before a push
    ("store-utc", "show-ist"),  # timestamps stored in UTC, shown to trekkers in IST
]

PROBLEMS = {
    "celery-before-commit": {
        "project": "oos-tolan",
        "description": "WeighSlipViewSet.perform_create runs under @transaction.atomic and calls "
        "generate_slip_pdf.delay() inside the transaction, so a Celery worker can pick the task up before the INSERT "
        "commits and finds no row. Seen as a pasted worker log (WeighSlip.DoesNotExist in generate_slip_pdf; a "
        "retry patch was reverted), in Marathi words only (farmers get blank receipt PDFs at rush hour, a reprint "
        "works), and a new pytest with django_capture_on_commit_callbacks seeing 0 callbacks.",
        "nouns": ["generate_slip_pdf", "WeighSlip.DoesNotExist"],
        "fix": ["transaction.on_commit(", "django_capture_on_commit_callbacks"],
        "key_step": "transaction.on_commit(",
    },
    "migration-leaf-conflict": {
        "project": "oos-tolan",
        "description": "Two feature branches each add a migration with the same number to one Django app; after "
        "they merge the migration graph has two leaf nodes. Seen as CI's makemigrations --check failing "
        "('Conflicting migrations detected; multiple leaf nodes', a --merge migration then broke the dev DB), in "
        "Marathi words only (two 0017 migrations in farmers after merging develop), and the Ansible migrate task "
        "failing on staging with two 0019 in slips. Fixed by django-linear-migrations (max_migration.txt per app "
        "makes the clash a git merge conflict).",
        "nouns": ["leaf nodes", "leaf migrations"],
        "fix": ["django-linear-migrations", "max_migration.txt"],
        "key_step": "django-linear-migrations",
    },
    "dialyzer-stale-plt": {
        "project": "ghat-rakshak",
        "description": "Dialyzer's PLT is not rebuilt after dependencies change: the CI cache key for priv/plts "
        "does not include mix.lock and the local PLT dates from before a deps update, so Dialyzer reports "
        "against old dependency code. Seen as CI-only unknown_function warnings for Req 0.5.8 (an ignore was "
        "refused), in Marathi words only (dialyzer red in CI, green locally, after an oban/LiveView update), and a "
        "local 'breaks the contract' warning on Phoenix.LiveView.stream/4 that a colleague doesn't get.",
        "nouns": ["dialyzer", "PLT"],
        "fix": ["hashFiles('**/mix.lock')", "mix dialyzer --plt"],
        "key_step": "hashFiles('**/mix.lock')",
    },
}

SKILL_PROMPTS = {
    "should": {
        "celery-before-commit": [
            "celery task says WeighSlip matching query does not exist but the row is there when I check",
            "काही पावत्यांची PDF रिकामी येते, पुन्हा print केल्यावर बरोबर येते",
            "task fired from a DRF create view sometimes can't find the object it was given",
        ],
        "migration-leaf-conflict": [
            "Conflicting migrations detected; multiple leaf nodes in the migration graph after merging develop",
            "merge नंतर एकाच app मध्ये दोन 0021 migrations झाले, deploy वर migrate fail",
            "ansible migrate task fails on staging with two migrations of the same number",
        ],
        "dialyzer-stale-plt": [
            "dialyzer in github actions says Function Jason.encode_to_iodata!/2 does not exist but locally it's fine",
            "deps update केल्यावर dialyzer विचित्र warnings देतो, code बदलला नाही",
            "mix dialyzer says the call breaks the contract for a function whose spec is correct in the new version",
        ],
    },
    "should_not": [
        "add a filter by village to the farmers list endpoint",
        "शेतकऱ्यांच्या यादीला village नुसार filter लावा",
        "write a pytest for net weight when tare is missing",
        "add a Celery beat task that emails the daily crushing summary",
        "how do I make tmux copy mode work with the system clipboard",
        "ansible role साठी logrotate config टाका",
        "explain select_related vs prefetch_related for slips with farmers",
        "add a LiveView page listing forts with their routes",
        "route list ला pagination लावा, 20 per page",
        "write an ExUnit test for the IST time formatter",
        "how do I attach to a running Fly machine with iex",
        "add credo check for pipe chain start",
        "Phoenix मध्ये dark mode toggle कसा करायचा?",
        "set up a GitHub Actions job that runs mix format --check-formatted",
        "add an Oban worker that archives closed routes after 30 days",
        "neovim मध्ये elixir-ls कसं लावायचं?",
        "upgrade gunicorn to 23 and check the systemd unit",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bturns out\b|\bfor now\b|\bthat was before\b|"
    r"नेहमी|कधीच|लक्षात ठेवा|धडा|ठरवलं|आधीचं|यापुढे|कळलं|फक्त आजसाठी",
    re.IGNORECASE,
)

CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_oos, scenarios_ghat),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="mr",
    lang_of=lang_of,
    language_checks=standard_language_checks("Marathi", 6),
    share_check=share_between("Marathi", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
