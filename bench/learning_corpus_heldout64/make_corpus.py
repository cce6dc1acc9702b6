#!/usr/bin/env python3
"""Generate the 64th held-out learning corpus (Miloš's `naplata-api`, a Java 21 / Quarkus 3 billing service on Maven
with PostgreSQL/Liquibase, Redis, Kubernetes and Helm, and `kasa-admin`, a SvelteKit 2 / TypeScript admin UI with
npm, Vitest, Playwright and Tailwind, on macOS 15 in Novi Sad, about half in Serbian in both scripts): Claude Code
v2.1.15x-2.1.16x transcripts + truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Serbian ("sr"), guessed by transcript_kit.lang_of (Serbian words with or without
diacritics, Serbian-only letters and Cyrillic words against English function words). The shared language checks
apply as they are (standard_language_checks), with a share of 35-65 % Serbian messages; everything else is the
shared builder's (bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_kasa  # noqa: E402
import scenarios_naplata  # noqa: E402
from fake_output import KASA, NAP  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import lang_of  # noqa: E402

PROJECTS = {"naplata-api": NAP, "kasa-admin": KASA}
# said in one repository, meant for both: where CI checks go (and its replacement when Jelena moved CI), and the
# team's no-force-push line from the wiki checklist
GLOBAL_RULES = {"ci-gitlab-job", "ci-github-actions", "no-force-push"}
COMPATIBLE = [
    ("quarkustest-restassured", "plain-junit-units"),  # resource tests as @QuarkusTest, unit tests plain JUnit
    ("tailwind-no-apply", "theme-colors"),  # utilities in the markup, colours only from the theme
]

PROBLEMS = {
    "jvm-timezone": {
        "project": "naplata-api",
        "description": "Invoice times and business dates lean on the JVM default time zone: LocalDateTime fields "
        "mapped to timestamp without time zone, ZoneId.systemDefault() and LocalDate.now(). Miloš's Mac runs in "
        "Europe/Belgrade (UTC+2 in June), CI and the Kubernetes pods in UTC. Seen as InvoiceResourceTest."
        "dueDateIsEndOfMonth failing only on his Mac (dueAt 21:59:59Z vs 23:59:59Z; changing the test "
        "interrupted), a pasted reconcile CronJob log that reconciled Saturday again instead of Sunday (moving "
        "the cron refused), in Serbian words only (invoices issued between midnight and 2 a.m. carry yesterday's "
        "date on the PDF), and as the renamed InvoiceDueDateTest.dueAtIsLastSecondOfMonth failing on GitHub "
        "Actions only (the opposite direction).",
        "nouns": ["time zone", "UTC", "ZoneId"],
        "fix": [
            "quarkus.hibernate-orm.jdbc.timezone=UTC",
            "timestamp with time zone",
            'ZoneId.of("Europe/Belgrade")',
        ],
        "key_step": "quarkus.hibernate-orm.jdbc.timezone=UTC",
    },
    "colima-testcontainers": {
        "project": "naplata-api",
        "description": "Miloš runs Docker through Colima, not Docker Desktop: the socket is "
        "~/.colima/default/docker.sock and only DOCKER_HOST exported in ~/.zshrc points at it, so Testcontainers "
        "(and Quarkus Dev Services, which use it) fail in anything not started from zsh, and Ryuk cannot mount "
        "the host socket path inside the Colima VM. Seen as a pasted IntelliJ run ('Could not find a valid Docker "
        "environment', /var/run/docker.sock missing; a sudo symlink refused), RefundResourceIT failing three "
        "times on Ryuk ('error while creating mount source path ... docker.sock: operation not supported'; "
        "disabling Ryuk refused), in Serbian words only (quarkus dev from IntelliJ hangs on Dev Services for "
        "Postgres, from iTerm it works), and a pre-push hook started by IntelliJ failing ('Previous attempts to "
        "find a Docker environment failed').",
        "nouns": ["Colima", "docker.sock", "Docker environment"],
        "fix": [
            "docker.host=unix:///Users/milos/.colima/default/docker.sock",
            "docker.socket.override=/var/run/docker.sock",
        ],
        "key_step": "docker.host=unix:///Users/milos/.colima/default/docker.sock",
    },
    "ssr-cookie": {
        "project": "kasa-admin",
        "description": "kasa-admin (admin.kasa.test) loads its pages in +page.server.ts and fetches naplata-api "
        "at api.kasa.test; SvelteKit's server-side fetch forwards the browser's cookies only to the app's own "
        "host and its subdomains, so the session cookie never reaches the API on a server render: 401 and a "
        "redirect to /login, while client-side navigation works. Seen in Serbian words only (reloading /fakture "
        "throws him out to login; a maxAge change reverted), a Playwright test going straight to /fakture "
        "ending on /login (waitForTimeout refused), a pasted dev-server 401 from /terminali's load (moving it to "
        "a client-only +page.ts reverted), and the renamed 'auth.spec.ts › deep link to /povrati keeps the "
        "session'.",
        "nouns": ["handleFetch", "cookie", "401"],
        "fix": ["export const handleFetch: HandleFetch", "request.headers.set('cookie', cookie)"],
        "key_step": "export const handleFetch: HandleFetch",
    },
}

SKILL_PROMPTS = {
    "should": {
        "jvm-timezone": [
            "invoice due date comes back two hours off on my Mac but correct on the CI runner",
            "fakture posle ponoći dobiju jučerašnji datum kad ih pravi pod u klasteru",
            "nightly job in kubernetes processes the wrong day, it uses LocalDate.now() in the pod",
        ],
        "colima-testcontainers": [
            "Testcontainers says Could not find a valid Docker environment when I run the test from IntelliJ",
            "ryuk container fails with error while creating mount source path docker.sock operation not supported",
            "quarkus dev visi na Dev Services kad ga pokrenem iz IDE-a, a iz terminala radi",
        ],
        "ssr-cookie": [
            "SvelteKit page server load gets 401 from the API but the same call works in the browser",
            "kad osvežim stranicu u admin panelu vrati me na login, a kroz meni sve radi",
            "session cookie is not sent when the SvelteKit server fetches from api subdomain",
        ],
    },
    "should_not": [
        "add a GET /v1/customers/{id} endpoint with a RestAssured test",
        "napiši Liquibase changeset za novu tabelu terminals",
        "how do I set resource limits for the naplata-api pod in the Helm chart",
        "kako da podesim HPA za naplata-api na 3 replike?",
        "add a Redis cache for the customer lookup with a 5 minute TTL",
        "explain the difference between @QuarkusTest and @QuarkusIntegrationTest",
        "write a GitHub Actions workflow that runs npm ci, vitest and playwright",
        "dodaj pretragu po broju fakture na /fakture",
        "add a Playwright test for the logout button",
        "make the invoices table sortable by amount",
        "kako da u Svelte 5 prosledim snippet komponenti?",
        "add a Tailwind color for the refunded status to the theme",
        "format dates on the dashboard as dd.MM.yyyy.",
        "write a Panache query for the top ten customers by turnover this month",
        "преведи поруке о грешкама на енглески",
        "how do I run a single JUnit test method from the Maven command line",
        "set up Dependabot for the kasa-admin repository",
    ],
}

# What the person typed that looks like knowledge, in every way he writes: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecision\b|\bdecided\b|\bwe go with\b|\bgoing with\b|\bstick with\b|"
    r"\blesson|\blearn(?:ed|t)\b|\bremember\b|\bnote to self\b|\bTIL\b|\bfrom now on\b|\bfrom here on\b|"
    r"\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|\btold you\b|"
    r"\buvek\b|\bnikad(?:a)?\b|\bod sad(?:a)?\b|\bubudu[cć]e\b|\bpravilo\b|\bodluk|\bodlu[čc]i|"
    r"\blekcij|\bispostavilo se\b|\bzapamti\b|\bza sad(?:a)?\b|\bzasad\b|\brekao sam\b|\brekoh\b|"
    r"\bvi[sš]e ne va[zž]i\b|\bzaboravi ono\b|\bprebacil|"
    r"\bувек\b|\bникад(?:а)?\b|\bод сад(?:а)?\b|\bправил|\bодлук|\bлекциј|\bиспоставило\b|\bзапамти\b|"
    r"\bза сад(?:а)?\b|\bрекао сам\b|\bвише не важи\b|\bзаборави оно\b|\bнема\b|\bсамо уз\b|\bсваки\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_naplata, scenarios_kasa),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="sr",
    lang_of=lang_of,
    language_checks=standard_language_checks("Serbian", 6),
    share_check=share_between("Serbian", 35, 65),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
