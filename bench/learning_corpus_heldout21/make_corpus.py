#!/usr/bin/env python3
"""Generate the twenty-first held-out learning corpus (Sanne's `fietsplan` Phoenix app and `kademuur` Terraform/Helm
infrastructure on k3s, Fedora with fish, half her messages in Dutch): Claude Code v2.1.x transcripts + truth.json,
then validate them.

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

import scenarios_fietsplan  # noqa: E402
import scenarios_kademuur  # noqa: E402
from fake_output import FIETSPLAN, KADEMUUR  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"fietsplan": FIETSPLAN, "kademuur": KADEMUUR}
# The pasted team list (k08) says it holds for every repository; the secrets rule is said about a chart but meant
# for everything in git.
GLOBAL_RULES = {"commit-english", "no-push-main", "no-secrets-git"}
COMPATIBLE = [("plan-before-apply", "plan-out-file")]  # same subject (terraform apply), both hold

PROBLEMS = {
    "tz-database-dev-only": {
        "project": "fietsplan",
        "description": "`config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase` is only in config/dev.exs, so "
        "in test and in the release (staging and prod run MIX_ENV=prod) Elixir only knows UTC: "
        "DateTime.shift_zone/2 returns {:error, :utc_only_time_zone_database}, TimeHelpers.local/1 silently falls "
        "back to UTC, and shift_zone!/2 raises. Seen as a LiveView test that renders 08:00 instead of 09:00 (failing "
        "3x; formatting through the helper and starting :tzdata in test_helper did not help), as a Dutch report that "
        "reminder mails show the appointment an hour early (no error; abandoned), and as the DailyPlanningWorker "
        "crashing on staging with `cannot shift ... reason: :utc_only_time_zone_database` (a UTC fallback was "
        "refused and reverted).",
        "nouns": ["Europe/Amsterdam", "een uur te vroeg", "utc_only_time_zone_database", "time_zone_database"],
        "fix": ["config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase", "config/config.exs"],
        "key_step": "config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase",
    },
    "flannel-mtu-private-network": {
        "project": "kademuur",
        "description": "k3s on Hetzner Cloud: flannel sizes its VXLAN MTU from eth0 (1500 -> 1450) but the overlay "
        "runs over the private network interface enp7s0, whose MTU is 1450, so pod-to-pod packets over 1400 bytes "
        "between nodes are dropped while small ones pass. Seen as Grafana panels with long ranges failing with "
        "`context deadline exceeded` (raising the datasource timeout did not help), as the fietsplan pod on "
        "worker-2 in Init:CrashLoopBackOff with Postgrex `ssl connect: timeout` although pg_isready works (a longer "
        "connect timeout did not help; pinned to worker-1), and as a Dutch report that large photo uploads hang and "
        "end in a 504 while small ones work (Traefik's body limit ruled out).",
        "nouns": ["context deadline exceeded", "ssl connect: timeout", "grote foto", "flannel"],
        "fix": ["flannel-iface: enp7s0", "FLANNEL_MTU=1400"],
        "key_step": "flannel-iface: enp7s0",
    },
    "mutable-latest-image-tag": {
        "project": "kademuur",
        "description": "The fietsplan chart deploys registry.gitlab.com/spaak/fietsplan:latest with pullPolicy "
        "IfNotPresent, and CI pushes `latest` from every branch: an upgrade changes nothing in the pod spec, a node "
        "keeps whatever `latest` it pulled last, and a pod scheduled on a new node pulls whatever `latest` is now. "
        "Seen as helm reporting a new revision while prod keeps the old confirmation page (a rollout restart "
        "recreated the pods with the old code), as a Dutch report of old text on staging with no errors (cause "
        "named, left), and as half the prod requests failing with `column a0.bike_type does not exist` because one "
        "pod runs a branch image (running migrations on prod was refused).",
        "nouns": ["latest", "IfNotPresent", "bike_type"],
        "fix": ['required "image.tag must be set to a git sha"', "IMAGE_TAG"],
        "key_step": 'required "image.tag must be set to a git sha"',
    },
}

SKILL_PROMPTS = {
    "should": {
        "tz-database-dev-only": [
            "Phoenix LiveView shows appointment times one hour off in tests and on staging but right in dev",
            "DateTime.shift_zone! raises utc_only_time_zone_database in an Oban job on staging",
            "de herinneringsmail van fietsplan zet de tijd van de afspraak een uur te vroeg",
        ],
        "flannel-mtu-private-network": [
            "k3s on Hetzner Cloud: big responses between pods on different nodes hang, small requests work",
            "Postgrex ssl connect timeout only from pods on one k3s worker while pg_isready works",
            "grote uploads naar minio in het cluster blijven hangen en geven een 504, kleine bestanden gaan goed",
        ],
        "mutable-latest-image-tag": [
            "helm upgrade says deployed but the pods still run the old code",
            "after a pod moved to a new node, half of the requests hit a different version of the app",
            "na een deploy zie ik op staging nog steeds de oude tekst, nergens errors",
        ],
    },
    "should_not": [
        "add a LiveView page that lists today's appointments for the workshop",
        "write an ExUnit test for Bookings.cancel_appointment/2",
        "add an Ecto migration that adds a phone column to customers",
        "voeg een Oban job toe die oude afspraken archiveert",
        "fix the credo warning about a missing @moduledoc",
        "explain the difference between Ecto.Multi and Repo.transaction",
        "add an hcloud_volume for the MinIO data",
        "maak een Helm chart voor de nieuwe mailservice",
        "add a kubeconform step to the GitLab CI pipeline",
        "wat is het verschil tussen een Deployment en een StatefulSet?",
        "how do I rotate the hcloud API token",
        "schrijf een fish function die mijn kubectl context in de prompt laat zien",
        "rename the booking_live folder to appointment_live",
        "make the slot picker look better on mobile with Tailwind",
        "what does terraform state mv do",
        "set up a Django project with Celery",
        "leg uit hoe pattern matching in Elixir werkt",
    ],
}

# What the person typed that looks like knowledge: every such sentence must be declared in the truth. ("afspraak"
# is left out on purpose: in this project it mostly means an appointment, not an agreement.)
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\brule\b|\bdecision:|\bwe decided\b|\blesson|\bremember\b|\bnote to self\b|\bTIL\b|"
    r"\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bdon't ever\b|\bavoid\b|\bwe don't\b|\bfor now\b|"
    r"\baltijd\b|\bnooit\b|\bvoortaan\b|\bvanaf nu\b|\bvan nu af aan\b|\bonthoud|\bles\b|\bgeleerd\b|"
    r"\bbesloten\b|\bbesluit\b|\bafgesproken\b|\bbij ons\b|\blet op\b|\bregel\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_fietsplan, scenarios_kademuur),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="nl",
    lang_of=lang_of,
    language_checks=standard_language_checks("Dutch", 5),
    share_check=share_between("Dutch", 40, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
