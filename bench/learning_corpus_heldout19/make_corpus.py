#!/usr/bin/env python3
"""Generate the nineteenth held-out learning corpus (Dariush's `sahand` Haskell/servant service and `alborz` Ansible
repository, on Ubuntu; about half of what he types is Persian, in Persian script or in Finglish): Claude Code
v2.1.x transcripts + truth.json, then validate them.

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

import scenarios_alborz  # noqa: E402
import scenarios_sahand  # noqa: E402
from fake_output import ALBORZ, SAHAND  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"sahand": SAHAND, "alborz": ALBORZ}
GLOBAL_RULES = {"no-push-master", "commit-english"}  # said in one repository, meant for all of his
COMPATIBLE = [("vault-only", "vault-prefix")]  # same subject (Ansible Vault), both hold

PROBLEMS = {
    "hspec-shared-test-db": {
        "project": "sahand",
        "description": "Every hspec spec that touches PostgreSQL runs against the same sahand_test database and "
        "nothing cleans it between examples or between runs, so rows left by earlier examples (and earlier runs) "
        "leak into later ones and results depend on order. Seen as countByBranch returning 5 instead of 2 "
        "(rewriting the esqueleto count query did not help), as a duplicate key on unique_courier_phone when the "
        "suite runs twice (randomising the fixture phone numbers was rejected), as a Persian-only report that the "
        "suite passes example by example with --match but is red/green at random as a whole (no output), and as a "
        "QuickCheck property prop_listParcels_sorted falsified by rows it did not insert.",
        "nouns": ["countByBranch", "unique_courier_phone", "sahand_test", "prop_listParcels_sorted"],
        "fix": ["TRUNCATE parcel, courier, branch RESTART IDENTITY CASCADE", "around_ withCleanDb"],
        "key_step": "TRUNCATE parcel, courier, branch RESTART IDENTITY CASCADE",
    },
    "tehran-day-boundary": {
        "project": "sahand",
        "description": "Calendar days are taken with utctDay on UTC timestamps, but the business works in Tehran "
        "time (UTC+03:30, no daylight saving since 2022), so anything that happens between 00:00 and 03:30 Tehran "
        "time lands on the previous day. Seen as the daily report counting parcels registered after midnight under "
        "the day before (no error, only wrong numbers; a cache was suspected), as the sameDayDelivery hspec "
        "example failing 3x with expected True but got False (the test's timestamps were doubted), and as "
        "shiftsForDay missing a courier shift that starts at 02:00 (session abandoned).",
        "nouns": ["utctDay", "sameDayDelivery", "dailyReport", "shiftsForDay"],
        "fix": ["tehranTZ = minutesToTimeZone 210", "tehranDay"],
        "key_step": "tehranTZ = minutesToTimeZone 210",
    },
    "molecule-no-systemd": {
        "project": "alborz",
        "description": "The roles' Molecule scenarios run in the plain ubuntu:22.04 Docker image, which has no "
        "systemd as PID 1, so every service/systemd task and handler fails or never settles inside the test "
        "container (production hosts are fine). Seen as 'Service is in unknown state' for nginx (become: true did "
        "not help), as a restart handler failing with 'System has not been booted with systemd as init system' "
        "for postgresql (a when: condition skipping it in Docker was rejected), and as 'Idempotence test failed' "
        "on chrony in the common role (changed_when: false was rejected).",
        "nouns": ["Service is in unknown state", "System has not been booted with systemd", "Idempotence test failed"],
        "fix": ["cgroupns_mode: host", "geerlingguy/docker-ubuntu2204-ansible"],
        "key_step": "cgroupns_mode: host",
    },
}

SKILL_PROMPTS = {
    "should": {
        "hspec-shared-test-db": [
            "hspec tests pass one at a time with --match but the full suite fails in a different place each run",
            "duplicate key value violates unique constraint in an hspec spec on the second cabal test run",
            "تستای hspec تکی سبزن ولی کل suite رو که اجرا می‌کنم یه بار قرمزه یه بار سبز",
        ],
        "tehran-day-boundary": [
            "the daily report counts parcels registered after midnight under the previous day",
            "same-day delivery flag is False for a parcel registered at 01:30 and delivered the same afternoon",
            "شیفت‌هایی که ساعت ۲ شب شروع می‌شن توی لیست اون روز نمیان",
        ],
        "molecule-no-systemd": [
            "molecule converge fails with Service is in unknown state on the nginx role",
            "handler restart fails in molecule: System has not been booted with systemd as init system (PID 1)",
            "molecule idempotence chon service ha har bar changed mishan fail mishe",
        ],
    },
    "should_not": [
        "add a servant endpoint that returns a courier by id",
        "write an hspec test for the tracking code parser",
        "add a persistent field for the parcel weight",
        "explain the difference between esqueleto and persistent's selectList",
        "add an nginx vhost for the admin panel in the nginx role",
        "write a Jinja2 template for the logrotate config",
        "encrypt the new smtp password with ansible-vault",
        "یه role برای نصب redis بنویس",
        "یه endpoint برای لیست شعبه‌ها اضافه کن",
        "what does DerivingVia do in Haskell",
        "how do Ansible handlers work",
        "ye script bash benevis ke backup ha ro pak kone",
        "set up a React project with Vite",
        "explain monad transformers",
        "فرق ReaderT با StateT چیه؟",
        "write a Python script to rename photos by date",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. Persian in
# both scripts: همیشه/hamishe (always), هیچ‌وقت/hichvaght (never), از این به بعد/az in be bad (from now on), قانون
# (rule), درس (lesson), تصمیم/tasmim (decision), یادت باشه/yadet bashe (remember), فهمیدم (I found out), فعلا/felan
# (for now).
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|\bfor now\b|"
    r"همیشه|هیچ[\u200c ]?وقت|هرگز|از این به بعد|از الان به بعد|\bقانون|\bقوانین\b|\bدرس\b|\bتصمیم|یادت باشه|"
    r"\bفهمیدم\b|\bفعلا\b|\bفعلاً|\bhamishe\b|\bhichvaght\b|\baz in be bad\b|\byadet bashe\b|\btasmim\b|\bfelan\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_sahand, scenarios_alborz),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="fa",
    lang_of=lang_of,
    language_checks=standard_language_checks("Persian", 7),
    share_check=share_between("Persian", 40, 60),
    rules_range=(16, 18),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
