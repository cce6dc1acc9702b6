#!/usr/bin/env python3
"""Generate the 70th held-out learning corpus (Arben's `ferma-api`, a Kotlin 2.0 / Ktor 2.3 backend with Exposed,
Flyway and PostgreSQL 16 deployed to k3s with Helm, and `harta`, a SvelteKit 2 + MapLibre GL front-end on
Cloudflare Pages, on Fedora 40 in Tirana, in Albanian and English): Claude Code v2.1.160-2.1.175 transcripts +
truth.json, then validate them.

Usage:  python3 make_corpus.py            # (re)writes sessions/ and truth.json, then validates
        python3 make_corpus.py --check    # only validates what is on disk
        python3 make_corpus.py --index    # prints the session table used in README.md

The person's other language is Albanian ("sq"), guessed by transcript_kit.lang_of (Albanian everyday words and
words spelled with ë/ç against English function words). The shared language checks apply as they are
(standard_language_checks), with a share of 35-60 % Albanian messages; everything else is the shared builder's
(bench/heldout_corpus_builder.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the shared builders
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # keep the corpus folder free of __pycache__

import scenarios_ferma  # noqa: E402
import scenarios_harta  # noqa: E402
from heldout_corpus_builder import Corpus, main, share_between, standard_language_checks  # noqa: E402
from transcript_kit import FERMA, HARTA, lang_of  # noqa: E402

PROJECTS = {"ferma-api": FERMA, "harta": HARTA}
# said in ferma-api, meant for both repositories: commit messages, where secrets live
GLOBAL_RULES = {"commit-english", "secrets"}
COMPATIBLE = [
    ("lint-before-push", "ktlint-format"),  # detekt + ktlintCheck before a push, and formatting only via ktlintFormat
    ("pw-preview", "pw-chromium"),  # Playwright against pnpm preview, and only chromium in CI
]

PROBLEMS = {
    "testcontainers-podman": {
        "project": "ferma-api",
        "description": "Fedora 40 has rootless Podman and no Docker daemon; Testcontainers looks for a Docker socket "
        "and its Ryuk reaper container wants to mount it. Without the user's podman.socket running (and Ryuk "
        "disabled, since rootless Podman cannot hand it the socket) the integration tests cannot start Postgres. "
        "Seen as './gradlew test' failing with 'Could not find a valid Docker environment' (f02), only in his "
        "Albanian words (f05: the repository tests hang for two minutes and fail on the laptop, pass in CI), as "
        "Ryuk failing to start with a permission denied on /var/run/docker.sock, the same Gradle command failing "
        "three times (f08), and fixed in f11.",
        "nouns": ["Testcontainers", "testcontainers"],
        "fix": ["systemctl --user enable --now podman.socket", "ryuk.disabled=true"],
        "key_step": "systemctl --user enable --now podman.socket",
    },
    "k3s-probe-kills-jvm": {
        "project": "ferma-api",
        "description": "The Helm chart gives the ferma-api pod a livenessProbe on /health with initialDelaySeconds 10, "
        "but the JVM plus Flyway migrations needs 35-45 s before Ktor listens, so k3s kills the container before it "
        "has started. Seen as 'helm upgrade --atomic' failing with 'context deadline exceeded' and a rollback (f04), "
        "as kubectl describe showing 'Liveness probe failed: ... connection refused' and a restart while the "
        "assistant blamed memory (f07), only in his Albanian words (f10: every deploy the pod restarts 3-4 times "
        "before it stays up), and fixed in f13 with a startupProbe.",
        "nouns": ["liveness", "Liveness", "livenessProbe"],
        "fix": ["startupProbe:", "failureThreshold: 30"],
        "key_step": "startupProbe:",
    },
    "map-not-idle-in-tests": {
        "project": "harta",
        "description": "The Playwright specs act on the MapLibre map as soon as the page has loaded, before the style, "
        "the vector tiles and the route layer are there; locally the tiles are cached and fast, in CI not. Seen as "
        "a click on a route timing out waiting for .maplibregl-popup (h03), a toHaveScreenshot diff of a blank grey "
        "map in CI (h06), only in his Albanian words (h09: the map tests pass one run and fail the next), and fixed "
        "in h12 by setting window.__mapIdle on the map's first 'idle' event and waiting for it in the tests.",
        "nouns": ["maplibre", "MapLibre", "maplibregl"],
        "fix": ["map.once('idle'", "waitForFunction(() => window.__mapIdle === true)"],
        "key_step": "waitForFunction(() => window.__mapIdle === true)",
    },
}

SKILL_PROMPTS = {
    "should": {
        "testcontainers-podman": [
            "gradle integration tests fail with IllegalStateException: Could not find a valid Docker environment on Fedora",
            "testet me Testcontainers s'nisen në laptop, Postgres container nuk del fare",
            "ryuk container fails to start: permission denied mounting the docker socket with podman",
        ],
        "k3s-probe-kills-jvm": [
            "the Ktor pod keeps restarting right after helm upgrade, Liveness probe failed connection refused",
            "pod-i i ferma-api restartohet disa herë pas çdo deploy para se të rrijë",
            "helm upgrade --atomic times out and rolls back, the JVM pod never becomes ready",
        ],
        "map-not-idle-in-tests": [
            "Playwright click on a route times out waiting for the maplibregl popup in CI",
            "testet e hartës në Playwright herë kalojnë herë dështojnë, sidomos në CI",
            "toHaveScreenshot shows an empty grey map instead of the routes",
        ],
    },
    "should_not": [
        "add a GET /farms/{id}/deliveries endpoint with pagination",
        "shto një kolonë fat_percent te tabela deliveries",
        "write a JUnit test for the litres-to-kilograms converter",
        "how do I make zsh show the current git branch",
        "bump Ktor from 2.3.12 to 2.3.13",
        "explain the difference between Exposed DSL and DAO",
        "add a legend for the route colours on the map",
        "bëj një komponent Svelte për listën e fermave",
        "set up a GitHub Actions job that runs pnpm lint and vitest",
        "what does kotlinx.serialization do with default values",
        "ndrysho ngjyrën e rrugës së Fierit në blu",
        "add a Vitest test for the formatLitres helper",
        "write a Flyway migration that adds an index on deliveries(farm_id, collected_at)",
        "how do I set up a custom domain on Cloudflare Pages",
        "shto dark mode te harta",
        "configure IntelliJ to use the Gradle wrapper JDK 21",
        "add OpenAPI docs to the Ktor routes",
    ],
}

# What the person typed that looks like knowledge, in either language: every such sentence must be declared.
KNOWLEDGE_WORDS = re.compile(
    r"\b(?:always|never)\b|\bdecided?\b|\bdecision\b|\bwe go with\b|\bgoing with\b|\blesson|\blearn(?:ed|t)\b|"
    r"\bremember\b|\bfrom now on\b|\bgoing forward\b|\bturns out\b|\bfor now\b|\bno more\b|\blike i said\b|"
    r"\bthat was before\b|gjithmonë|\bkurrë\b|mos harro|tani e tutje|nga sot|\bmësim|\bvendos|\bvendim|\bkujto|"
    r"si thashë|jo më\b",
    re.IGNORECASE,
)


CORPUS = Corpus(
    here=HERE,
    scenario_modules=(scenarios_ferma, scenarios_harta),
    projects=PROJECTS,
    global_rules=GLOBAL_RULES,
    compatible=COMPATIBLE,
    problems=PROBLEMS,
    skill_prompts=SKILL_PROMPTS,
    knowledge_words=KNOWLEDGE_WORDS,
    lang="sq",
    lang_of=lang_of,
    language_checks=standard_language_checks("Albanian", 6),
    share_check=share_between("Albanian", 35, 60),
)

if __name__ == "__main__":
    sys.exit(main(CORPUS, sys.argv))
