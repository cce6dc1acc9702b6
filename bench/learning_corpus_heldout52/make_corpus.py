#!/usr/bin/env python3
"""Generate the 52nd held-out learning corpus (Marek's `kolaj`, a C# .NET 8 minimal API with EF Core on PostgreSQL,
xUnit and Testcontainers, and `kolaj-infra`, bash + systemd units + Caddy on two Hetzner VMs with a Makefile and
restic backups, on Fedora with fish in Košice, a little over half in Slovak): Claude Code v2.1.158-2.1.163
transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Slovak ("sk"), guessed by transcript_kit.lang_of (Slovak words with or without
diacritics and words with letters English does not use, against English function words). The shared language
checks apply as they are (standard_language_checks), with a share of 40-70 % Slovak messages; everything else is
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

import scenarios_app  # noqa: E402
import scenarios_infra  # noqa: E402
from fake_output import APP, INFRA  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"kolaj": APP, "kolaj-infra": INFRA}
# said in one repository, meant for both: how commit messages look (and its reversal), and fish syntax for commands
GLOBAL_RULES = {"conv-commits", "plain-commits", "fish-syntax"}
COMPATIBLE = [
    ("tc-postgres", "unit-no-db"),  # integration tests on a real Postgres, unit tests without any database
    ("caddy-reload", "caddyfile-repo"),  # Caddy is reloaded, not restarted, and its Caddyfile changes only in the repo
]

PROBLEMS = {
    "datetime-utc": {
        "project": "kolaj",
        "description": "DateTime values that are not Kind=Utc reach Npgsql 8, which writes `timestamp with time "
        "zone` only from UTC DateTimes: `DateTime.Now` (Kind=Local) in code, and values bound from requests or "
        "parsed (Kind=Unspecified). Seen as a 500 on POST /api/orders ('Cannot write DateTime with Kind=Local to "
        "PostgreSQL type 'timestamp with time zone''; the legacy timestamp switch refused), a CI integration test "
        "(InvoiceTests.Creates_invoice_with_due_date, Kind=Unspecified; changing the test's dates reverted), in "
        "Slovak words only (the admin CSV export 500s with a date range, works without one), and as the staging "
        "reminder BackgroundService stopping the host (journal, Kind=Local in ReminderWorker).",
        "nouns": ["DateTime", "Kind=", "timestamp with time zone"],
        "fix": [
            "configurationBuilder.Properties<DateTime>().HaveConversion<UtcDateTimeConverter>()",
            "clock.GetUtcNow().UtcDateTime",
        ],
        "key_step": "configurationBuilder.Properties<DateTime>().HaveConversion<UtcDateTimeConverter>()",
    },
    "podman-testcontainers": {
        "project": "kolaj",
        "description": "Marek's Fedora has rootless Podman, not Docker: Testcontainers for .NET finds no Docker "
        "endpoint unless the Podman socket is running and DOCKER_HOST points at it, and Ryuk (the resource "
        "reaper, which mounts the socket) is refused by SELinux unless it runs privileged. Seen as "
        "DockerUnavailableException in every integration test (the same `dotnet test` three times; the EF InMemory "
        "provider refused), as a one-minute hang ending in TimeoutException in ResourceReaper once DOCKER_HOST was "
        "set (disabling Ryuk refused), in Slovak words only (the first test class waits a minute, the whole run "
        "fails, a second run sometimes passes; CI green), and as the renamed PostgresFixture.InitializeAsync "
        "failing with 'statfs /var/run/docker.sock: permission denied' after a reboot.",
        "nouns": ["Testcontainers", "Ryuk", "podman"],
        "fix": [
            "ryuk.container.privileged=true",
            "systemctl --user enable --now podman.socket",
            "set -Ux DOCKER_HOST unix:///run/user/1000/podman/podman.sock",
        ],
        "key_step": "ryuk.container.privileged=true",
    },
    "dynamicuser-state": {
        "project": "kolaj-infra",
        "description": "units/kolaj.service runs the API with DynamicUser=yes, ProtectSystem=strict and "
        "PrivateTmp=yes but no StateDirectory, so the app has no persistent writable directory. Seen as every "
        "admin user logged out after each deploy (Data Protection keys in an ephemeral in-memory repository, "
        "'Unprotect ticket failed'; User=root refused), attachment uploads failing with "
        "UnauthorizedAccessException / Read-only file system under /opt/kolaj (chmod 777 refused), in Slovak "
        "words only (generated invoice PDFs gone after a reboot and missing from the backups: written to the "
        "private /tmp), and as the nightly restic run failing on 'lstat /var/lib/kolaj: no such file or "
        "directory'.",
        "nouns": ["DynamicUser", "StateDirectory", "kolaj.service"],
        "fix": ["StateDirectory=kolaj", "Storage__Root=/var/lib/kolaj/uploads"],
        "key_step": "StateDirectory=kolaj",
    },
}

SKILL_PROMPTS = {
    "should": {
        "datetime-utc": [
            "Cannot write DateTime with Kind=Local to PostgreSQL type 'timestamp with time zone' when saving an order",
            "endpoint s filtrom dátumu od-do padá na 500, bez filtra funguje, EF Core a Npgsql",
            "my BackgroundService stops the host with an InvalidCastException about DateTime Kind=Unspecified",
        ],
        "podman-testcontainers": [
            "Testcontainers DockerUnavailableException on Fedora, Docker is either not running or misconfigured",
            "integračné testy s Testcontainers lokálne visia minútu a potom spadnú, v CI prejdú",
            "ResourceReaper TimeoutException, the ryuk container exits with permission denied on docker.sock",
        ],
        "dynamicuser-state": [
            "after every deploy all users are logged out, log says Using an in-memory repository. Keys will not be persisted",
            "systemd service with DynamicUser gets Read-only file system when the app saves an upload",
            "po reštarte servera zmizli súbory čo appka uložila a v restic zálohe nie sú",
        ],
    },
    "should_not": [
        "add a GET /api/customers/{id} endpoint that returns 404 when the customer does not exist",
        "napíš xUnit test pre ReminderPolicy keď je splatnosť v nedeľu",
        "how do I add a GIN index on invoices.number with EF Core",
        "ako nastavím v fish shelli alias pre dotnet watch?",
        "add rate limiting to the minimal API with the built-in middleware",
        "explain what HasPrecision(12, 2) does in EF Core",
        "write a GitHub Actions job that publishes a self-contained linux-x64 build",
        "pridaj do Caddyfile presmerovanie z www.kolaj.sk na kolaj.sk",
        "configure Caddy to serve a maintenance page when the upstream is down",
        "make the restic backup send an e-mail when it fails",
        "ako zistím na Debiane, ktorý proces drží port 5432?",
        "add OpenAPI descriptions to the invoice endpoints",
        "write a systemd timer that runs the reminder cleanup every Sunday",
        "upgrade the project from .NET 8 to .NET 9",
        "prelož chybové hlášky API do slovenčiny",
        "what is the difference between AddScoped and AddTransient",
        "set up unattended-upgrades on the Hetzner VMs",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never|ever)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bgoing forward\b|"
    r"\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|\bagain:|"
    r"\bv[žz]dy\b|\bnikdy\b|\bodteraz\b|\brozhodnutie\b|\brozhodli\b|\brozhodol\b|\bpou[čc]enie\b|"
    r"\bukázalo sa\b|\bukazalo sa\b|\bzatia[ľl]\b|\bpovedal som\b|\bzapamätaj\b|\bu n[áa]s\b|\bneeditujeme\b|"
    r"\bu[žz] nechcem\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_app, scenarios_infra),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="sk",
    lang_of=lang_of,
    language_checks=standard_language_checks("Slovak", 5),
    share_check=share_between("Slovak", 40, 70),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
